"""Black Flower on Discord: the public table, the hand panel, narration and round summaries.

Only ``public_view`` reaches public embeds. The banker's face-down card is ``None`` in it and
is drawn as 🂠 until ``banker_reveal``. Every card a player holds is face up, so a hand panel
shows the same cards as the table plus the player's choices and the best arrangement.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.ui import AmountSpec, ButtonSpec, relative_time
from games import hanafuda
from games.base import Event
from games.blackflower import hands as H

COLOUR = discord.Colour.from_rgb(40, 40, 48)
FACE_DOWN = "🂠"
RESULT_ICON = {"win": "✅ win", "loss": "❌ loss", "push": "➖ push"}
PHASE_TEXT = {
    "betting": "bets", "niko": "to claim Ni-Ko or play on", "play": "to play their hand",
    "banker_niko": "(banker) to claim Ni-Ko or play on", "banker": "(banker) to hit or stand",
    "offer": "to take or decline the bank",
}


def card(code: str | None) -> str:
    if code is None:
        return f"{FACE_DOWN} face down"
    return f"{hanafuda.MONTH_EMOJI[hanafuda.card(code).month]}{code}"


def long_card(code: str) -> str:
    return hanafuda.emoji_label(code)


def cards(codes: list[str | None]) -> str:
    return " ".join(card(c) for c in codes) if codes else "—"


def chips(n: int) -> str:
    return f"{n:,}".replace(",", " ") if n >= 0 else f"−{-n:,}".replace(",", " ")


def holding(balance: int, stake: int = 0) -> str:
    """A seat's chips with what it has at stake shown apart: "980 chips, 20 at stake (1 000 in all)"."""
    return f"{chips(balance)} chips" + (f", {chips(stake)} at stake ({chips(balance + stake)} in all)" if stake else "")


def _stakes(pv: dict[str, Any]) -> list[int]:
    return pv.get("at_stake") or [0] * len(pv["chips"])


def hand_status(h: dict[str, Any], npa: bool = False) -> str:
    """One line for a hand as everyone sees it."""
    visible = [c for c in h["cards"] if c is not None]
    if h.get("special"):
        state = f"**{H.title(h['special'])}**"
    elif h["status"] == "bust":
        state = f"**bust** (hard {H.hard(visible, npa)})"
    elif h["status"] == "stood":
        state = f"stands on **{H.standing(visible, npa)}**"
    elif "range" in h:
        lo, hi = h["range"]
        hidden = None in h["cards"]
        span = str(lo) if lo == hi else f"{lo}–{hi}"
        state = f"{'showing' if hidden else 'totals'} {span}"
        if not hidden and h.get("best") is not None:
            state += f" (best {h['best']})"
    else:
        state = ""
    extra = []
    if h.get("doubled"):
        extra.append("doubled")
    if h.get("split"):
        extra.append("split")
    if h.get("result"):
        extra.append(RESULT_ICON[h["result"]])
    tail = f" · {', '.join(extra)}" if extra else ""
    stake = f" · stake {chips(h['stake'])}" if h.get("stake") else ""
    return f"{cards(h['cards'])} — {state}{stake}{tail}"


def _waiting(pv: dict[str, Any], names: list[str]) -> str:
    who = ", ".join(names[s] for s in pv["to_act"]) or "nobody"
    return who


def table_embed(pv: dict[str, Any], names: list[str], deadline: float | None) -> discord.Embed:
    over = pv["phase"] == "over"
    rounds = pv["rounds"] or "∞"
    embed = discord.Embed(title=f"Black Flower · round {pv['round']} of {rounds}", colour=COLOUR)
    b = pv["banker"]
    npa = pv["options"]["no_pair_advantage"]
    lines = []
    if over:
        lines.append(f"**Game over** — {pv.get('end_reason') or 'finished'}.")
    elif pv["phase"] == "betting":
        lines.append(f"**Betting** ({pv['options']['min_bet']}–{pv['options']['max_bet']} chips): "
                     f"waiting for {_waiting(pv, names)}")
    elif pv["phase"] == "offer":
        lines.append(f"**{names[pv['offer']]}** is offered the bank.")
    else:
        lines.append(f"**{names[pv['turn']]}** {PHASE_TEXT.get(pv['phase'], 'to act')}")
    if deadline and not over:
        lines[-1] += f" · deadline {relative_time(deadline)}"
    bh = pv.get("banker_hand")
    if bh is not None and pv["phase"] != "betting":
        lines.append(f"🏦 **Banker {names[b]}**: {hand_status(bh, npa)}")
    else:
        lines.append(f"🏦 **Banker {names[b]}**")
    if pv["phase"] != "betting" and pv["deck_count"]:
        lines.append(f"Deck: {pv['deck_count']} cards")
    embed.description = "\n".join(lines)[:4096]
    stakes = _stakes(pv)
    for s, name in enumerate(names):
        if s == b:
            continue
        hands = pv["hands"][s]
        if hands:
            value = "\n".join(hand_status(h, npa) for h in hands)
        elif pv["phase"] == "betting" and pv["bets"][s]:
            value = f"bets **{chips(pv['bets'][s])}**"
        elif pv["phase"] == "betting" and s in pv["decided"]:
            value = "sits out"
        elif pv["phase"] == "betting" and s in pv["eligible"]:
            value = "deciding…"
        else:
            value = "sits out"
        turn = "▶ " if s == pv.get("turn") and pv["phase"] in ("niko", "play") else ""
        embed.add_field(name=f"{turn}{name} · {holding(pv['chips'][s], stakes[s])}"[:256], value=value[:1024],
                        inline=False)
    totals = " · ".join(f"{names[s]} {holding(pv['chips'][s], stakes[s])}" for s in range(len(names)))
    embed.add_field(name="Chips", value=totals[:1024], inline=False)
    if pv.get("round_hash"):
        embed.set_footer(text=f"Deal hash (SHA-256 of this round's seed, revealed when the round ends): "
                              f"{pv['round_hash']}")
    return embed


# ---------------------------------------------------------------- the hand panel


def bet_amounts(minimum: int, maximum: int, limit: int) -> list[int]:
    """Common amounts offered as buttons: the minimum, its multiples and the maximum you can bet."""
    picks = [minimum, 2 * minimum, 5 * minimum, 10 * minimum, maximum, limit]
    return sorted({a for a in picks if minimum <= a <= min(maximum, limit)})


def action_label(action: str) -> str:
    if action.startswith("bet:"):
        return f"Bet {action[4:]}"
    return {
        "sit": "Sit out", "deal": "Deal the round", "end": "End the game", "niko": "Claim Ni-Ko",
        "playon": "Play on", "hit": "Hit", "stand": "Stand", "double": "Double down", "split": "Split",
        "accept": "Take the bank", "decline": "Decline",
    }.get(action, action)


STYLE = {
    "niko": discord.ButtonStyle.success, "playon": discord.ButtonStyle.secondary,
    "hit": discord.ButtonStyle.primary, "stand": discord.ButtonStyle.success,
    "double": discord.ButtonStyle.danger, "split": discord.ButtonStyle.danger,
    "accept": discord.ButtonStyle.success, "end": discord.ButtonStyle.danger,
    "deal": discord.ButtonStyle.primary,
}


def _my_hand_lines(view: dict[str, Any], seat: int) -> list[str]:
    npa = view["options"]["no_pair_advantage"]
    lines = []
    mine = view["hands"][seat] if seat != view["banker"] else ([view["banker_hand"]] if view["banker_hand"] else [])
    for i, h in enumerate(mine):
        visible = [c for c in h["cards"] if c is not None]
        label = f"Hand {i + 1}" if len(mine) > 1 else "Your hand"
        current = " ◀" if len(mine) > 1 and i == view["hand_index"] and view["turn"] == seat else ""
        lines.append(f"**{label}**{current}: {' · '.join(long_card(c) if c else card(c) for c in h['cards'])}")
        if None in h["cards"]:
            lines.append(f"Face-down card still hidden; showing {hand_status(h, npa).split(' — ', 1)[1]}")
            continue
        if not visible:
            continue
        best = H.standing(visible, npa)
        lines.append(f"Totals: {', '.join(map(str, H.totals(visible, npa)))} · hard {H.hard(visible, npa)}"
                     + (f" · stake {chips(h['stake'])}" if h.get("stake") else ""))
        if h.get("special"):
            lines.append(f"Special hand: **{H.title(h['special'])}**")
        elif h["status"] == "bust":
            lines.append("**Bust** — this hand has lost.")
        elif best is not None:
            lines.append(f"Best arrangement: {H.arrangement_text(visible, best, npa)}")
        if h.get("result"):
            lines.append(f"Result: {RESULT_ICON[h['result']]}")
    return lines


def panel(view: dict[str, Any], legal: list[str], names: list[str], deadline: float | None
          ) -> tuple[discord.Embed, list[ButtonSpec | AmountSpec]]:
    seat = view["seat"]
    b = view["banker"]
    embed = discord.Embed(title=f"Black Flower · {names[seat]}" + (" (banker)" if seat == b else ""), colour=COLOUR)
    lines = [f"**You have** {holding(view['chips'][seat], _stakes(view)[seat])}"]
    if view["phase"] != "betting" and seat != b and view.get("banker_hand"):
        lines.append(f"🏦 Banker {names[b]}: {hand_status(view['banker_hand'], view['options']['no_pair_advantage'])}")
    lines += _my_hand_lines(view, seat)
    buttons: list[ButtonSpec | AmountSpec] = []
    o = view["options"]
    if legal:
        phase = view["phase"]
        if phase == "betting":
            if any(a.startswith("bet:") for a in legal):
                limit = view["max_bet_now"]
                lines.append(f"\n**Place your bet** ({o['min_bet']}–{min(o['max_bet'], limit)} chips) or sit out.")
                for amount in bet_amounts(o["min_bet"], o["max_bet"], limit):
                    buttons.append(ButtonSpec(f"a:bet:{amount}", f"Bet {amount}", discord.ButtonStyle.primary))
                buttons.append(AmountSpec("bet:{}", o["min_bet"], min(o["max_bet"], limit), label="Other amount…"))
                buttons.append(ButtonSpec("a:sit", "Sit out"))
            if "deal" in legal:
                lines.append("\nYou are the banker: deal the round once the players have bet, or end the game.")
                buttons.append(ButtonSpec("a:deal", "Deal the round", STYLE["deal"]))
            if "end" in legal:
                buttons.append(ButtonSpec("a:end", "End the game", STYLE["end"]))
        else:
            if phase in ("niko", "banker_niko"):
                lines.append("\n**Two Brights!** Claim **Ni-Ko** (a special hand; you stand at once) or play on "
                             "as a numeric hand.")
            elif phase == "offer":
                lines.append("\n**The bank is offered to you.** As banker you play every bet at the table.")
            elif phase == "banker":
                lines.append("\n**Your turn as banker:** hit or stand.")
            else:
                lines.append("\n**Your turn:** " + ", ".join(action_label(a) for a in legal) + ".")
            for a in legal:
                buttons.append(ButtonSpec(f"a:{a}", action_label(a), STYLE.get(a, discord.ButtonStyle.secondary)))
        if deadline:
            lines.append(f"Deadline {relative_time(deadline)}; then you stand (or sit out, claim Ni-Ko, decline).")
    elif view["phase"] != "over":
        lines.append(f"\nWaiting for **{_waiting(view, names)}**.")
    embed.description = "\n".join(lines)[:4096]
    return embed, buttons


# ---------------------------------------------------------------- narration


def narrate(event: Event, names: list[str]) -> str | None:
    d = event.data
    who = names[d["seat"]] if d.get("seat") is not None else ""
    hand = f" (hand {d['hand'] + 1})" if d.get("hand") else ""
    match event.type:
        case "banker_draw":
            if d.get("draws"):
                drawn = ", ".join(f"{names[x['seat']]} {card(x['card'])}" for x in d["draws"][-len(names):])
                return f"🎴 Drawing for the bank: … {drawn} — **{names[d['banker']]}** drew a Bright and banks first."
            return f"🏦 {names[d['banker']]} banks first."
        case "round_start":
            return f"🌸 Round {d['round']} — banker **{names[d['banker']]}**. Place your bets!"
        case "bet":
            return f"💰 {who} bets {chips(d['amount'])}."
        case "sit":
            return f"{who} sits out this round."
        case "no_bets":
            return "Nobody bet: no deal this round."
        case "deal":
            dealt = "; ".join(f"{names[h['seat']]} {cards(h['cards'])}" for h in d["hands"])
            return f"🃏 Dealt: {dealt}; banker {FACE_DOWN} + {card(d['banker_up'])}"
        case "niko":
            return f"✨ {'Banker ' if d.get('banker') else ''}{who} claims **Ni-Ko** with {cards(d['cards'])}!"
        case "play_on":
            return f"{'Banker ' if d.get('banker') else ''}{who} plays on with two Brights."
        case "split":
            return f"✂️ {who} splits {cards(d['cards'])} (second stake {chips(d['stake'])})."
        case "double":
            return f"⏫ {who} doubles down{hand} (stake {chips(d['stake'])})."
        case "card":
            how = "receives" if d.get("why") == "split" else "hits:"
            return f"{who}{hand} {how} {card(d['card'])} → {_span(d)}"
        case "stand":
            if d.get("special"):
                return f"🌟 {who}{hand} stands with **{H.title(d['special'])}**."
            why = f" ({d['auto']})" if d.get("auto") else ""
            return f"✋ {who}{hand} stands on **{d['value']}**{why}."
        case "bust":
            return f"💥 {who}{hand} **busts** (hard {d['hard']})."
        case "banker_reveal":
            return f"🏦 Banker {who} turns up {card(d['card'])}: {cards(d['cards'])} → {_span(d)}"
        case "banker_no_draw":
            return "Every player hand is bust: the banker does not draw."
        case "banker_card":
            return f"🏦 Banker {who} hits: {card(d['card'])} → {_span(d)}"
        case "banker_stand":
            if d.get("special"):
                return f"🏦 Banker {who} stands with **{H.title(d['special'])}**."
            return f"🏦 Banker {who} stands on **{d['value']}**."
        case "banker_bust":
            return f"🏦💥 Banker {who} **busts** (hard {d['hard']})."
        case "settle":
            amount = f"{d['net']:+d}" if d["net"] else "±0"
            return f"{RESULT_ICON[d['result']].split()[0]} {who}{hand}: {d['result']} {amount}"
        case "bank_offer":
            return f"🏦 The bank is offered to {who}."
        case "bank_decline":
            return f"{who} declines the bank."
        case "bank_accept":
            return f"🏦 {who} takes the bank."
        case "bank_kept":
            return f"Everyone declined: {names[d['banker']]} keeps the bank."
        case "banker_change":
            return f"🏦 {names[d['banker']]} is the new banker ({d['why']})."
        case "end_requested":
            return f"{who} ends the game."
    return None


def _span(d: dict[str, Any]) -> str:
    if d["low"] == d["high"]:
        return f"{d['low']}" + (" (bust)" if d["low"] > H.LIMIT else "")
    return f"{d['low']}–{d['high']}" + (f", best {d['best']}" if d.get("best") is not None else ", bust")


def movement_line(m: dict[str, Any], names: list[str], banker: int) -> str:
    """One chip movement of a round (a ledger line): "Bea: **−20** stake 20"."""
    bank = " (bank)" if m["seat"] == banker else ""
    return f"{names[m['seat']]}{bank}: **{m['amount']:+d}** {m['memo']}"


def add_line_fields(embed: discord.Embed, name: str, lines: list[str]) -> None:
    """Lines in as many fields as Discord's 1024 characters per field need: none is cut off."""
    chunks: list[list[str]] = []
    for line in lines:
        if not chunks or len("\n".join(chunks[-1] + [line])) > 1024:
            chunks.append([])
        chunks[-1].append(line[:1024])
    for k, chunk in enumerate(chunks):
        embed.add_field(name=name if k == 0 else f"{name} (continued)", value="\n".join(chunk), inline=False)


def summary(event: Event, names: list[str]) -> discord.Embed | None:
    d = event.data
    if event.type == "round_end":
        b = d["banker"]
        embed = discord.Embed(title=f"Round {d['round']} settled · banker {names[b]}", colour=COLOUR)
        if not d.get("dealt"):
            embed.description = "No cards were dealt this round; no chips moved."
        else:
            bh = d["banker_hand"]
            bank = (H.title(bh["special"]) if bh["special"] else ("bust" if bh["bust"] else str(bh["value"])))
            embed.description = f"🏦 Banker: {cards(bh['cards'])} → **{bank}**"
            lines = []
            for h in d["hands"]:
                val = H.title(h["special"]) if h["special"] else ("bust" if h["bust"] else str(h["value"]))
                split = f" (hand {h['hand'] + 1})" if h["hand"] or sum(x["seat"] == h["seat"] for x in d["hands"]) > 1 else ""
                lines.append(f"{names[h['seat']]}{split}: {cards(h['cards'])} → {val} · stake {h['stake']} · "
                             f"{RESULT_ICON[h['result']]} {h['net']:+d}")
            add_line_fields(embed, "Hands", lines)
            add_line_fields(embed, "Chips moved", [movement_line(m, names, b) for m in d.get("movements", [])])
        nets = " · ".join(f"{names[s]} {n:+d}" for s, n in enumerate(d["nets"]) if n) or "nobody won or lost"
        embed.add_field(name="This round", value=nets[:1024], inline=False)
        embed.add_field(name="Chips", value=" · ".join(f"{names[s]} {chips(c)}" for s, c in enumerate(d["chips"]))[:1024],
                        inline=False)
        embed.set_footer(text=f"Fair shuffle: this round's seed was {d['seed']}; its SHA-256 {d['hash']} was shown "
                              "when the round began. Deck = seeded_shuffle(seed, 0, deck) (games/shuffle.py).")
        return embed
    if event.type == "game_end":
        order = sorted(range(len(names)), key=lambda s: d["placings"][s])
        lines = [f"**{d['placings'][s]}.** {names[s]} {d['scores'][s]:+d} (now {chips(d['chips'][s])} chips)"
                 for s in order]
        return discord.Embed(title="🏁 Black Flower — final result", description="\n".join(lines)[:4096],
                             colour=COLOUR).set_footer(text=f"Ended: {d['reason']}. Chips carry over through "
                                                            "the season: /balance, /debts.")
    return None

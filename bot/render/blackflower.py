"""Black Flower on Discord: the public table, the hand panel, narration and round summaries.

Only ``public_view`` reaches public embeds. The banker's face-down card is ``None`` in it and
is drawn as 🂠 until ``banker_reveal``. Every card a player holds is face up, so a hand panel
shows the same cards as the table plus the player's choices and the best arrangement.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import discord

from bot.emoji import face, fit
from bot.render import Presentation
from bot.render.hanafuda_cards import card as long_card
from bot.render.hanafuda_cards import name as card_name
from bot.ui import AmountSpec, ButtonSpec, relative_time
from faces import panel as panel_pictures
from faces import results as result_pictures
from faces import table as table_pictures
from games import hanafuda
from games.blackflower import events as E
from games.blackflower import hands as H
from games.blackflower.actions import Bet, Move, parse

COLOUR = discord.Colour.from_rgb(40, 40, 48)
FACE_DOWN = "🂠"
BACK = "back"
RESULT_ICON = {"win": "✅ win", "loss": "❌ loss", "push": "➖ push"}
PHASE_TEXT = {
    "betting": "bets", "niko": "to claim Ni-Ko or play on", "play": "to play their hand",
    "banker_niko": "(banker) to claim Ni-Ko or play on", "banker": "(banker) to hit or stand",
    "offer": "to take or decline the bank",
}


def card(code: str | None) -> str:
    if code is None:
        return f"{face('hanafuda', BACK) or FACE_DOWN} face down"
    return long_card(code)


def cards(codes: list[str | None]) -> str:
    return " · ".join(card(c) for c in codes) if codes else "—"


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
    stakes = _stakes(pv)
    bh = pv.get("banker_hand")
    banker = f"🏦 **Banker {names[b]}** · {holding(pv['chips'][b], stakes[b])}"
    lines.append(f"{banker}: {hand_status(bh, npa)}" if bh is not None and pv["phase"] != "betting" else banker)
    if pv["phase"] != "betting" and pv["deck_count"]:
        lines.append(f"Deck: {pv['deck_count']} cards")
    embed.description = fit("\n".join(lines), 4096)
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
        embed.add_field(name=f"{turn}{name} · {holding(pv['chips'][s], stakes[s])}"[:256], value=fit(value, 1024),
                        inline=False)
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
    return parse(action).text


def button(action: Bet | Move) -> ButtonSpec:
    style = discord.ButtonStyle.primary if isinstance(action, Bet) else STYLE.get(action, discord.ButtonStyle.secondary)
    return ButtonSpec(f"a:{action}", action.text, style)


STYLE = {
    Move.NIKO: discord.ButtonStyle.success, Move.PLAYON: discord.ButtonStyle.secondary,
    Move.HIT: discord.ButtonStyle.primary, Move.STAND: discord.ButtonStyle.success,
    Move.DOUBLE: discord.ButtonStyle.danger, Move.SPLIT: discord.ButtonStyle.danger,
    Move.ACCEPT: discord.ButtonStyle.success, Move.END: discord.ButtonStyle.danger,
    Move.DEAL: discord.ButtonStyle.primary,
}


def arrangement_text(cards: list[str], total: int, no_pair_advantage: bool) -> str:
    """The best arrangement in words, each card by its name: "Pine Crane sideways 2 · [Plum chaff 1 over Plum
    chaff 2] 6 = 8"."""
    parts = []
    for top, value, below in H.arrangement(cards, total, no_pair_advantage):
        if below:
            parts.append(f"[{card_name(top)} over {', '.join(card_name(c) for c in below)}] {value + len(below)}")
        elif hanafuda.KIND[top] == hanafuda.BRIGHT:
            parts.append(f"{card_name(top)} {'longways' if value == 6 else 'sideways'} {value}")
        else:
            parts.append(f"{card_name(top)} {value}")
    return " · ".join(parts) + f" = {total}"


def _my_hand_lines(view: dict[str, Any], seat: int) -> list[str]:
    npa = view["options"]["no_pair_advantage"]
    lines = []
    mine = view["hands"][seat] if seat != view["banker"] else ([view["banker_hand"]] if view["banker_hand"] else [])
    for i, h in enumerate(mine):
        visible = [c for c in h["cards"] if c is not None]
        label = f"Hand {i + 1}" if len(mine) > 1 else "Your hand"
        current = " ◀" if len(mine) > 1 and i == view["hand_index"] and view["turn"] == seat else ""
        lines.append(f"**{label}**{current}: {cards(h['cards'])}")
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
            lines.append(f"Best arrangement: {arrangement_text(visible, best, npa)}")
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
            if Move.SIT in legal:
                limit = view["max_bet_now"]
                lines.append(f"\n**Place your bet** ({o['min_bet']}–{min(o['max_bet'], limit)} chips) or sit out.")
                buttons += [button(Bet(amount)) for amount in bet_amounts(o["min_bet"], o["max_bet"], limit)]
                buttons.append(AmountSpec(Bet.PREFIX + "{}", o["min_bet"], min(o["max_bet"], limit),
                                          label="Other amount…"))
                buttons.append(button(Move.SIT))
            if Move.DEAL in legal:
                lines.append("\nYou are the banker: deal the round once the players have bet, or end the game.")
                buttons.append(button(Move.DEAL))
            if Move.END in legal:
                buttons.append(button(Move.END))
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
            buttons += [button(parse(a)) for a in legal]
        if deadline:
            lines.append(f"Deadline {relative_time(deadline)}; then you stand (or sit out, claim Ni-Ko, decline).")
    elif view["phase"] != "over":
        lines.append(f"\nWaiting for **{_waiting(view, names)}**.")
    embed.description = fit("\n".join(lines), 4096)
    return embed, buttons


# ---------------------------------------------------------------- narration


def narrate(event: E.BlackFlowerEvent, names: list[str]) -> str | None:
    who = names[event.player] if hasattr(event, "player") else ""
    hand = f" (hand {event.hand + 1})" if getattr(event, "hand", 0) else ""
    match event:
        case E.BankerDraw(draws=[_, *_]):
            drawn = ", ".join(f"{names[x['seat']]} {card(x['card'])}" for x in event.draws[-len(names):])
            return f"🎴 Drawing for the bank: … {drawn} — **{names[event.banker]}** drew a Bright and banks first."
        case E.BankerDraw():
            return f"🏦 {names[event.banker]} banks first."
        case E.RoundStart():
            return f"🌸 Round {event.round} — banker **{names[event.banker]}**. Place your bets!"
        case E.Bet():
            return f"💰 {who} bets {chips(event.amount)}."
        case E.Sit():
            return f"{who} sits out this round."
        case E.NoBets():
            return "Nobody bet: no deal this round."
        case E.Deal():
            dealt = "; ".join(f"{names[h['seat']]} {cards(h['cards'])}" for h in event.hands)
            return f"🃏 Dealt: {dealt}; banker {FACE_DOWN} + {card(event.banker_up)}"
        case E.NiKo():
            return f"✨ {'Banker ' if event.banker else ''}{who} claims **Ni-Ko** with {cards(event.cards)}!"
        case E.PlayOn():
            return f"{'Banker ' if event.banker else ''}{who} plays on with two Brights."
        case E.Split():
            return f"✂️ {who} splits {cards(event.cards)} (second stake {chips(event.stake)})."
        case E.Double():
            return f"⏫ {who} doubles down{hand} (stake {chips(event.stake)})."
        case E.CardDrawn():
            how = "receives" if event.why == "split" else "hits:"
            return f"{who}{hand} {how} {card(event.card)} → {_span(event)}"
        case E.Stand(special=str(special)):
            return f"🌟 {who}{hand} stands with **{H.title(special)}**."
        case E.Stand():
            why = f" ({event.auto})" if event.auto else ""
            return f"✋ {who}{hand} stands on **{event.value}**{why}."
        case E.Bust():
            return f"💥 {who}{hand} **busts** (hard {event.hard})."
        case E.BankerReveal():
            return f"🏦 Banker {who} turns up {card(event.card)}: {cards(event.cards)} → {_span(event)}"
        case E.BankerNoDraw():
            return "Every player hand is bust: the banker does not draw."
        case E.BankerCard():
            return f"🏦 Banker {who} hits: {card(event.card)} → {_span(event)}"
        case E.BankerStand(special=str(special)):
            return f"🏦 Banker {who} stands with **{H.title(special)}**."
        case E.BankerStand():
            return f"🏦 Banker {who} stands on **{event.value}**."
        case E.BankerBust():
            return f"🏦💥 Banker {who} **busts** (hard {event.hard})."
        case E.Settle():
            amount = f"{event.net:+d}" if event.net else "±0"
            return f"{RESULT_ICON[event.result].split()[0]} {who}{hand}: {event.result} {amount}"
        case E.BankOffer():
            return f"🏦 The bank is offered to {who}."
        case E.BankDecline():
            return f"{who} declines the bank."
        case E.BankAccept():
            return f"🏦 {who} takes the bank."
        case E.BankKept():
            return f"Everyone declined: {names[event.banker]} keeps the bank."
        case E.BankerChange():
            return f"🏦 {names[event.banker]} is the new banker ({event.why})."
        case E.EndRequested():
            return f"{who} ends the game."
    return None


def _span(shown: E.CardShown) -> str:
    if shown.low == shown.high:
        return f"{shown.low}" + (" (bust)" if shown.low > H.LIMIT else "")
    return f"{shown.low}–{shown.high}" + (f", best {shown.best}" if shown.best is not None else ", bust")


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
        chunks[-1].append(fit(line, 1024))
    for k, chunk in enumerate(chunks):
        embed.add_field(name=name if k == 0 else f"{name} (continued)", value="\n".join(chunk), inline=False)


def summary(event: E.BlackFlowerEvent, names: list[str]) -> discord.Embed | None:
    if isinstance(event, E.RoundEnd):
        b = event.banker
        embed = discord.Embed(title=f"Round {event.round} settled · banker {names[b]}", colour=COLOUR)
        if not event.dealt:
            embed.description = "No cards were dealt this round; no chips moved."
        else:
            bh = event.banker_hand
            bank = (H.title(bh["special"]) if bh["special"] else ("bust" if bh["bust"] else str(bh["value"])))
            embed.description = f"🏦 Banker: {cards(bh['cards'])} → **{bank}**"
            lines = []
            for h in event.hands:
                val = H.title(h["special"]) if h["special"] else ("bust" if h["bust"] else str(h["value"]))
                split = f" (hand {h['hand'] + 1})" if h["hand"] or sum(x["seat"] == h["seat"] for x in event.hands) > 1 else ""
                lines.append(f"{names[h['seat']]}{split}: {cards(h['cards'])} → {val} · stake {h['stake']} · "
                             f"{RESULT_ICON[h['result']]} {h['net']:+d}")
            add_line_fields(embed, "Hands", lines)
            add_line_fields(embed, "Chips moved", [movement_line(m, names, b) for m in event.movements])
        nets = " · ".join(f"{names[s]} {n:+d}" for s, n in enumerate(event.nets) if n) or "nobody won or lost"
        embed.add_field(name="This round", value=nets[:1024], inline=False)
        embed.add_field(name="Chips", value=" · ".join(f"{names[s]} {chips(c)}" for s, c in enumerate(event.chips))[:1024],
                        inline=False)
        embed.set_footer(text=f"Fair shuffle: this round's seed was {event.seed}; its SHA-256 {event.hash} was shown "
                              "when the round began. Deck = seeded_shuffle(seed, 0, deck) (games/shuffle.py).")
        return embed
    if isinstance(event, E.GameEnd):
        order = sorted(range(len(names)), key=lambda s: event.placings[s])
        lines = [f"**{event.placings[s]}.** {names[s]} {event.scores[s]:+d} (now {chips(event.chips[s])} chips)"
                 for s in order]
        return discord.Embed(title="🏁 Black Flower — final result", description=fit("\n".join(lines), 4096),
                             colour=COLOUR).set_footer(text=f"Ended: {event.reason}. Chips carry over through "
                                                            "the season: /balance, /debts.")
    return None


RULES = """\
A hanafuda banking game for 2 to 10 players: bet season chips against the banker, take up to three \
extra cards and get as close to **13** as you can without going over.

## Values and arrangement
Chaff **5**, Ribbon **4**, Animal **3**, Bright **6** or **2** (you choose; the engine picks the best).
Cards of the same month may be stacked: a pile is worth its top card **+1** for each card beneath it \
(Sake cup + Chrysanthemum chaff = 8, 6 or 4). The table shows each hand's possible totals; your panel shows \
the best arrangement. A hand whose *smallest* total is above 13 is **bust** and loses at once.

## A round
1. Each player bets (min–max of the table, never more than their chips) or sits out; the banker never bets.
2. Two cards each, dealt counter-clockwise from the banker's right; the banker's first card is **face down**.
3. Players in turn: **Hit** (one card at a time, at most 5 cards) or **Stand**.
4. The banker turns the hidden card up and plays last (a bot banker hits on 10 or less, or on 12 or less when no card can bust it).
5. Higher hand wins 1:1, a tie is a push (stake returned); a bust player loses even if the banker busts.

## Special hands (best first)
**San-Ko** — 3 Brights (even if the third would bust you)
**Ni-Ko** — two Brights dealt: claim it and stand at once, or play on (a banker Ni-Ko beats yours)
**Shi-Tan** — exactly 4 Ribbons · **Tane** — exactly 5 Animals
They beat every numeric hand; equal special hands push.

## Chips and the bank
Your chips are your season balance for Black Flower (`/balance`); the banker's can go below zero (`/debts`). \
After a round the bank is offered clockwise (`rotate`), stays (`fixed`) or goes to the round's biggest winner \
(`winner`). If you do not answer in time you stand (claim Ni-Ko, sit out, decline the bank).

"""

PRESENTATION = Presentation(
    table_embed=table_embed, panel=panel, narrate=narrate, summary=summary, action_label=action_label,
    rules=RULES, faces="hanafuda",
    table_picture=partial(table_pictures.compose, "blackflower"),
    panel_picture=partial(panel_pictures.compose, "blackflower"),
    panel_shows=partial(panel_pictures.has_picture, "blackflower"),
    panel_drawn_from=partial(panel_pictures.drawn_from, "blackflower"),
    result_picture=partial(result_pictures.compose_result, "blackflower"),
)

"""Black Christmas Poker on Discord: the public table, the hand panel, narration and summaries.

Only ``public_view`` goes into public embeds; a player's ``view`` (with their hand) goes only
into that player's ephemeral panel. Public narration names only public cards: discards, the
card taken from the pile, and the hands that won (shown when the round ends).
"""

from __future__ import annotations

from functools import partial
from typing import Any

import discord

from bot.emoji import face, fit
from bot.render import Presentation
from bot.ui import ButtonSpec, relative_time
from faces import panel as panel_pictures
from faces import results as result_pictures
from faces import table as table_pictures
from games.base import Event
from games.bcpoker import events as ev
from games.bcpoker.actions import KIND_NAMES, Discard, Under, Word, label, parse
from games.bcpoker.cards import EMOJI, KX, sort_codes
from games.bcpoker.cards import name as card_name
from games.bcpoker.hands import evaluate, pattern_name, waits

COLOUR = discord.Colour.from_rgb(20, 90, 50)
PILE_SHOWN = 10
PHASE_TEXT = {
    "draw": "to draw (deck or top discard)",
    "discard": "to discard",
    "hit_draw": "to draw — hit by Black Christmas",
    "hit_riichi": "to answer the hit (Riichi)",
    "hit_decide": "to chain or exchange",
    "exchange": "to put cards under the deck",
    "ron": "to decide on Ron",
}


def card(code: str, named: int | None = None) -> str:
    """The card's face (its emoji, or its colour's square as text) and its one name, the name its button shows:
    ``🟥Red 3``, ``⬛Black A/7 as 7``."""
    return f"{face('bcpoker', code) or EMOJI[code[0]]}{card_name(code, named)}"


def button(action: str, view: dict[str, Any]) -> ButtonSpec:
    """A move's button: a card it moves shows that card's face."""
    act = parse(action)
    emoji = face("bcpoker", act.card) if isinstance(act, Discard | Under) else None
    return ButtonSpec(f"a:{action}", action_label(action, view), _style(action), emoji=emoji)


def cards(codes: list[str], empty: str = "—") -> str:
    return " · ".join(card(c) for c in sort_codes(codes)) if codes else empty


def _pile_text(pv: dict[str, Any]) -> str:
    pile = pv["pile"]
    if not pile:
        return "empty"
    shown = pile[-PILE_SHOWN:]
    parts = [card(p["card"], p["named"]) for p in shown]
    parts[-1] = f"**{parts[-1]}** (top)"
    more = f"… {len(pile) - len(shown)} more · " if len(pile) > len(shown) else ""
    return more + " · ".join(parts)


def _player_line(pv: dict[str, Any], names: list[str], s: int) -> str:
    marks = []
    if s == pv["lead"]:
        marks.append("★ lead")
    if pv["riichi"][s]:
        marks.append("🀄 Riichi")
    if pv.get("hit") and pv["turn"] == s and pv["phase"] in ("hit_draw", "hit_riichi", "hit_decide", "exchange"):
        marks.append("⚡ hit")
    led = f"led {pv['lead_counts'][s]}/{pv['lead_rounds']}"
    extra = f" · {' · '.join(marks)}" if marks else ""
    return f"**{names[s]}** {pv['scores'][s]:+d} · {led} · {pv['hand_counts'][s]} cards{extra}"


def table_embed(pv: dict[str, Any], names: list[str], deadline: float | None) -> discord.Embed:
    over = pv["phase"] == "over"
    embed = discord.Embed(title=f"Black Christmas Poker · round {pv['round']}", colour=COLOUR)
    lines = []
    if over:
        lines.append("**Game over.**")
    elif pv["phase"] == "ron":
        ron = pv["ron"]  # who may Ron stays secret
        lines.append(f"Waiting for Ron decisions on {names[ron['discarder']]}'s {card(ron['card'], ron['named'])}…"
                     + (f" · deadline {relative_time(deadline)}" if deadline else ""))
    elif pv["turn"] is not None:
        lines.append(f"**{names[pv['turn']]}** {PHASE_TEXT.get(pv['phase'], 'to act')}"
                     + (f" · deadline {relative_time(deadline)}" if deadline else ""))
    hit = pv.get("hit")
    if hit and not over:
        lines.append(f"⚡ **Black Christmas!** {names[hit['by']]}'s {card(hit['card'], hit['number'] if hit['card'] == KX else None)}"
                     f" hits **{names[pv['turn']]}** (N = {hit['number']}).")
    if pv.get("exchange"):
        ex = pv["exchange"]
        lines.append(f"🔁 Exchange: {ex['placed']} of {ex['of']} cards put under the deck.")
    lines.append(f"**Pile:** {_pile_text(pv)}")
    limit = pv["max_reshuffles"]
    lines.append(f"**Deck:** {pv['deck_count']} cards · rebuilds {pv['reshuffles']}/{limit if limit else '∞'}"
                 f" · {pv['decks']} deck{'s' if pv['decks'] > 1 else ''}")
    embed.description = fit("\n".join(lines), 4096)
    players = "\n".join(_player_line(pv, names, s) for s in range(pv["players"]))
    embed.add_field(name="Players (scores · lead count)", value=fit(players, 1024), inline=False)
    if pv.get("round_hash"):
        embed.set_footer(text=f"Deal hash (SHA-256 of this round's seed, revealed when the round ends): {pv['round_hash']}")
    return embed


def action_label(action: str, view: dict[str, Any] | None = None) -> str:
    return label(action, view)


def _style(action: str) -> discord.ButtonStyle:
    act = parse(action)
    if act in (Word.WIN, Word.RON):
        return discord.ButtonStyle.success
    if isinstance(act, Discard) and (act.riichi or act.chain):
        return discord.ButtonStyle.danger
    if act in (Word.DRAW, Word.TAKE, Word.EXCHANGE):
        return discord.ButtonStyle.primary
    return discord.ButtonStyle.secondary


def _first(action: str) -> tuple[bool, bool]:
    """Buttons order: wins first, Riichi declarations last (otherwise as the engine lists them)."""
    act = parse(action)
    return act not in (Word.WIN, Word.RON), isinstance(act, Discard) and act.riichi


def _hand_text(view: dict[str, Any]) -> str:
    hand = list(view["hand"])
    drawn = view.get("drawn")
    if drawn and drawn in hand:
        rest = list(hand)
        rest.remove(drawn)
        return f"{cards(rest)}  + drawn {card(drawn)}"
    return cards(hand, "empty")


def _value_text(hand: list[str], decks: int, special: bool) -> str | None:
    if len(hand) == 8:
        hv = evaluate(hand, decks, special)
        if hv.winning:
            names = " + ".join(f"{pattern_name(p)} ({p})" for p in hv.counted)
            return f"✨ Your 8 cards win: {names} = **{hv.value}**"
        return None
    if len(hand) == 7:
        w = waits(hand, decks, special)
        if w:
            return "🀄 Tenpai — waiting on " + ", ".join(f"{card_name(c)} ({hv.value})" for c, hv in w.items())
    return None


def panel(view: dict[str, Any], legal: list[str], names: list[str], deadline: float | None
          ) -> tuple[discord.Embed, list[ButtonSpec]]:
    seat = view["seat"]
    embed = discord.Embed(title=f"Your hand · {names[seat]}", colour=COLOUR)
    special = view["options"].get("special_hands", True)
    lines = [f"**Hand:** {_hand_text(view)}"]
    if view["riichi"][seat]:
        lines.append("🀄 You are in **Riichi**: your 7 cards are locked.")
    value = _value_text(view["hand"], view["decks"], special)
    if value:
        lines.append(value)
    lines.append(f"**Pile:** {_pile_text(view)}")
    hit = view.get("hit")
    phase = view["phase"]
    if legal:
        if phase == "ron":
            ron = view["ron"]
            lines.append(f"\n**{names[ron['discarder']]}** discarded {card(ron['card'], ron['named'])}: it completes"
                         " your hand. Declare **Ron** or pass.")
        elif hit and phase in ("hit_draw", "hit_riichi", "hit_decide"):
            lines.append(f"\n⚡ **Black Christmas!** You are hit by "
                         f"{card(hit['card'], hit['number'] if hit['card'] == KX else None)} (N = {hit['number']}).")
            if phase == "hit_draw":
                lines.append("Draw one card from the deck (the hitting card cannot be taken).")
            elif phase == "hit_riichi":
                lines.append("In Riichi: win if the card completes your hand, chain with it if it is a higher black"
                             " card (you keep Riichi), or give up Riichi and chain from your hand or exchange.")
            else:
                lines.append(f"**Chain** with a black card above {hit['number']} (a black 1 beats a black 7) to pass"
                             f" the hit on, or **exchange** {hit['number']} cards: put them under the deck one at a"
                             f" time, then draw as many.")
        elif phase == "exchange":
            left = view["exchange"]["of"] - view["exchange"]["placed"]
            placed = view.get("exchanged") or []
            lines.append(f"\n🔁 Put **{left}** more card{'s' if left != 1 else ''} under the deck, one at a time "
                         f"(the first lies highest)." + (f" Placed: {cards(placed)}" if placed else ""))
        elif phase == "draw":
            lines.append("\n**Your turn:** draw from the deck or take the top discard.")
        elif phase == "discard":
            lines.append("\n**Your turn:** discard one card"
                         + (" (a card taken from the pile cannot go back this turn)" if view.get("taken") else "")
                         + ". A Black A/7 is discarded as 1 or 7.")
        if deadline:
            lines.append(f"Deadline {relative_time(deadline)}; then a bot plays for you.")
    elif phase == "ron":
        lines.append("\nWaiting for Ron decisions.")
    elif phase != "over":
        waiting = ", ".join(names[s] for s in view.get("to_act", []))
        lines.append(f"\nWaiting for **{waiting}**." if waiting else "")
    embed.description = fit("\n".join(lines), 4096)
    embed.add_field(name="Scores", value=fit(" · ".join(f"{names[i]} {s:+d}" for i, s in enumerate(view["scores"])), 1024),
                    inline=False)  # a field, not the footer: footers show a name's escapes as typed
    ordered = sorted(legal, key=_first)  # stable
    buttons = [button(a, view) for a in ordered]
    return embed, buttons


def narrate(event: Event, names: list[str]) -> str | None:
    if event.seat is not None:
        return None
    match event:
        case ev.RoundStart():
            return f"🎄 Round {event.round} begins; lead: **{names[event.lead]}**."
        case ev.Draw(source="pile"):
            return f"{names[event.player]} takes {card(event.card, event.named)} from the pile."
        case ev.Draw():
            return f"{names[event.player]} draws from the deck{' (Black Christmas)' if event.hit else ''}."
        case ev.Discarded():
            what = card(event.card, event.named)
            if event.chain:
                text = f"⛓️ {names[event.player]} chains with {what}" + (" and keeps Riichi" if event.kept_riichi else "")
            else:
                text = f"{names[event.player]} discards {what}"
            if event.riichi:
                return text + " and declares **Riichi**! 🀄"
            return text + "."
        case ev.BlackChristmas():
            return (f"⚡ **Black Christmas!** {card(event.card, event.number if event.card == KX else None)} on "
                    f"{card(event.under, event.under_number if event.under == KX else None)}: "
                    f"**{names[event.target]}** is hit (N = {event.number}).")
        case ev.RiichiCancelled():
            return f"{names[event.player]}'s Riichi is cancelled by the hit."
        case ev.ExchangeChosen():
            return f"🔁 {names[event.player]} exchanges {event.n} card{'s' if event.n != 1 else ''}."
        case ev.ExchangeDraw():
            return f"{names[event.player]} put {event.n} card{'s' if event.n != 1 else ''} under the deck and drew {event.n}."
        case ev.RonDeclared():
            return f"🀄 {names[event.player]} declares **Ron**!"
        case ev.Rebuild():
            limit = event.limit or "∞"
            return f"🔀 The deck is empty: the pile is shuffled into a new deck (rebuild {event.count}/{limit})."
        case ev.Exhausted():
            return "The deck is empty and may not be rebuilt again: nobody wins this round."
        case ev.Win():
            return (f"🏆 **{names[event.winner]}** wins by {KIND_NAMES[event.kind]}: {event.total} from "
                    f"{names[event.payer]}.")
    return None


def _win_field(w: ev.ScoredWin, names: list[str]) -> tuple[str, str]:
    title = f"{names[w.winner]} — {KIND_NAMES[w.kind]}, paid by {names[w.payer]}"
    pats = " + ".join(f"{p.name} ({p.id}) {p.points}" for p in w.patterns)
    lines = [f"**Hand:** {cards(w.hand)}", f"**Pattern:** {pats} = {w.value}"]
    if w.kx:
        lines.append(f"Black A/7 counted as {', '.join(str(k) for k in w.kx)}")
    maths = f"{w.value}"
    if w.dora_count:
        maths = f"({w.value} + {w.dora_count} dora × 100)"
        lines.append(f"**Dora:** {w.dora_count}")
    if w.lead_double:
        maths += " × 2 (lead)"
    if w.bonus:
        maths += f" + {w.bonus} ({KIND_NAMES[w.kind]})"
    lines.append(f"**Paid:** {maths} = **{w.total}**")
    return title[:256], fit("\n".join(lines), 1024)


def summary(event: Event, names: list[str]) -> discord.Embed | None:
    if isinstance(event, ev.RoundEnd):
        return _round_embed(event, names)
    if isinstance(event, ev.GameEnd):
        order = sorted(range(len(names)), key=lambda s: event.placings[s])
        lines = [f"**{event.placings[s]}.** {names[s]} {event.scores[s]:+d}" for s in order]
        return discord.Embed(title="🏁 Black Christmas Poker — final result", description="\n".join(lines), colour=COLOUR)
    return None


def _round_embed(end: ev.RoundEnd, names: list[str]) -> discord.Embed:
    embed = discord.Embed(colour=COLOUR)
    wins = end.wins
    if not wins:
        embed.title = f"Round {end.round} · no winner"
        embed.description = "The deck ran out; nobody pays."
    else:
        who = " and ".join(names[w.winner] for w in wins)
        embed.title = f"Round {end.round} · {who} win{'s' if len(wins) == 1 else ''}"
        dora = ", ".join(card_name(c) for c in end.dora)
        embed.description = (f"Dora indicator {card(end.indicator)} → dora {dora}" if end.indicator
                             else "No dora (the deck was empty).")
        for w in wins:
            name, value = _win_field(w, names)
            embed.add_field(name=name, value=value, inline=False)
        if end.lapsed:
            embed.add_field(name="Lapsed", value=", ".join(names[s] for s in end.lapsed) +
                            " also declared Ron, but only the two nearest win.", inline=False)
    pay = " · ".join(f"{names[i]} {p:+d}" for i, p in enumerate(end.payments) if p)
    embed.add_field(name="Payments", value=pay or "none", inline=False)
    embed.add_field(name="Scores", value=" · ".join(f"{names[i]} {s:+d}" for i, s in enumerate(end.scores)),
                    inline=False)
    nxt = names[end.next_lead]
    embed.add_field(name="Next lead", value=f"{nxt} (lead counts: "
                    f"{', '.join(f'{names[i]} {c}' for i, c in enumerate(end.lead_counts))})", inline=False)
    if end.seed:
        embed.set_footer(text=(f"Fair shuffle: this round's seed was {end.seed}; its SHA-256 {end.hash} "
                               "was shown when the round began. Check the deal with: python -m games verify "
                               f"bcpoker --seed <seed> --hash <hash> --players {len(names)} "
                               f"--lead {end.lead + 1}"))
    return embed


RULES = """\
A poker-and-mahjong card game for 2 to 7 players with red, green and black cards numbered 1-7 \
(one deck of 36 for 2-3 players, two decks for 4-7). Make an 8-card winning hand; dodge \
**Black Christmas** hits.

## Turns
7 cards each; the lead starts, play goes to the next seat. On your turn **draw** from the deck or \
**take** the top discard (you may not throw that card back this turn), then **discard**. A discarded \
**KX** (black 1 *or* 7) is named 1 or 7. An empty deck is rebuilt from the pile (3 times per round, \
then the round ends with no winner).

## Winning
A hand wins only with a pattern from the table. Declare **Riichi** with a discard that leaves you one \
card from a win: your 7 cards are then locked. In Riichi win by **Tsumo** (your draw; the previous seat \
pays) or **Ron** (someone's discard; the discarder pays; two players may Ron together). Without \
Riichi: **Surprise Gift** (your very first draw wins, +1000) or **Black Gift** (after an exchange, +500).

## Black Christmas
A black discard higher than the card beneath it (or a black 1 on a black 7) hits the next player: they \
draw, then either **chain** with a higher black card (the hit moves on) or **exchange** N cards (N = the \
hitting number): put N under the deck in an order they choose and draw N. A hit Riichi player keeps \
Riichi only by winning or chaining with the card drawn.

## Hands (best single pattern counts)
100: connected runs · connected triplets
200: mirror runs 123+567+44 · twin runs · triplet ladder
400: full ladder 1-7 · double quads · flush
500: identical runs · five and three
600: six and pair · eight black (with flush: **1000**)
800: eight of a kind (two decks; eight 7s: **1500**)
Special: pairs 2-4-5-6, animals 1-4-7, hats 2-3-7, White Christmas 1-3-6 (300) · Christmas Eve 11222245 (700)

## Scoring
Value + 100 per **dora** (turned up after the win: same colour, next number), ×2 for the lead, then the \
bonus. The lead stays after winning, otherwise the next player leads. The game ends when everyone has \
led twice; the highest score wins.

"""

PRESENTATION = Presentation(
    table_embed=table_embed, panel=panel, narrate=narrate, summary=summary, action_label=action_label,
    rules=RULES, faces="bcpoker",
    table_picture=partial(table_pictures.compose, "bcpoker"),
    panel_picture=partial(panel_pictures.compose, "bcpoker"),
    panel_shows=partial(panel_pictures.has_picture, "bcpoker"),
    panel_drawn_from=partial(panel_pictures.drawn_from, "bcpoker"),
    result_picture=partial(result_pictures.compose_result, "bcpoker"),
)

"""Black Christmas Poker's table embed and hand panel with its buttons.

Only the public view goes into the table's embed; a seat's own view (with its hand) goes only into that
player's ephemeral panel.
"""

from __future__ import annotations

from collections.abc import Callable

import discord

from bot.emoji import face, fit
from bot.render.bcpoker.words import PHASE_TEXT, card, cards
from bot.ui import ButtonSpec, relative_time
from games.bcpoker.actions import Discard, Under, Word, label, parse
from games.bcpoker.cards import KX
from games.bcpoker.cards import name as card_name
from games.bcpoker.hands import evaluate, pattern_name, waits
from games.bcpoker.views import HitView, PublicView, SeatView

COLOUR = discord.Colour.from_rgb(20, 90, 50)
PILE_SHOWN = 10


def button(action: str, view: SeatView) -> ButtonSpec:
    """A move's button: a card it moves shows that card's face."""
    act = parse(action)
    emoji = face("bcpoker", act.card) if isinstance(act, Discard | Under) else None
    return ButtonSpec(f"a:{action}", action_label(action, view), _style(action), emoji=emoji)


def _pile_text(pv: PublicView) -> str:
    pile = pv.pile
    if not pile:
        return "empty"
    shown = pile[-PILE_SHOWN:]
    parts = [card(p.card, p.named) for p in shown]
    parts[-1] = f"**{parts[-1]}** (top)"
    more = f"… {len(pile) - len(shown)} more · " if len(pile) > len(shown) else ""
    return more + " · ".join(parts)


def _player_line(pv: PublicView, names: list[str], s: int) -> str:
    marks = []
    if s == pv.lead:
        marks.append("★ lead")
    if pv.riichi[s]:
        marks.append("🀄 Riichi")
    if pv.hit and pv.turn == s and pv.phase in ("hit_draw", "hit_riichi", "hit_decide", "exchange"):
        marks.append("⚡ hit")
    led = f"led {pv.lead_counts[s]}/{pv.lead_rounds}"
    extra = f" · {' · '.join(marks)}" if marks else ""
    return f"**{names[s]}** {pv.scores[s]:+d} · {led} · {pv.hand_counts[s]} cards{extra}"


def table_embed(pv: PublicView, names: list[str], deadline: float | None) -> discord.Embed:
    over = pv.phase == "over"
    embed = discord.Embed(title=f"Black Christmas Poker · round {pv.round}", colour=COLOUR)
    lines = []
    if over:
        lines.append("**Game over.**")
    elif pv.phase == "ron" and (ron := pv.ron) is not None:  # who may Ron stays secret
        lines.append(
            f"Waiting for Ron decisions on {names[ron.discarder]}'s {card(ron.card, ron.named)}…"
            + (f" · deadline {relative_time(deadline)}" if deadline else "")
        )
    elif pv.turn is not None:
        lines.append(
            f"**{names[pv.turn]}** {PHASE_TEXT.get(pv.phase, 'to act')}"
            + (f" · deadline {relative_time(deadline)}" if deadline else "")
        )
    hit = pv.hit
    if hit and not over and pv.turn is not None:
        lines.append(
            f"⚡ **Black Christmas!** {names[hit.by]}'s {card(hit.card, hit.number if hit.card == KX else None)}"
            f" hits **{names[pv.turn]}** (N = {hit.number})."
        )
    if pv.exchange:
        ex = pv.exchange
        lines.append(f"🔁 Exchange: {ex.placed} of {ex.of} cards put under the deck.")
    lines.append(f"**Pile:** {_pile_text(pv)}")
    limit = pv.max_reshuffles
    lines.append(
        f"**Deck:** {pv.deck_count} cards · rebuilds {pv.reshuffles}/{limit if limit else '∞'}"
        f" · {pv.decks} deck{'s' if pv.decks > 1 else ''}"
    )
    embed.description = fit("\n".join(lines), 4096)
    players = "\n".join(_player_line(pv, names, s) for s in range(pv.players))
    embed.add_field(name="Players (scores · lead count)", value=fit(players, 1024), inline=False)
    if pv.round_hash:
        embed.set_footer(
            text=f"Deal hash (SHA-256 of this round's seed, revealed when the round ends): {pv.round_hash}"
        )
    return embed


def action_label(action: str, view: SeatView | None = None) -> str:
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


def _hand_text(view: SeatView) -> str:
    hand = list(view.hand)
    drawn = view.drawn
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


def panel(
    view: SeatView, legal: list[str], names: list[str], deadline: float | None
) -> tuple[discord.Embed, list[ButtonSpec]]:
    seat = view.seat
    embed = discord.Embed(title=f"Your hand · {names[seat]}", colour=COLOUR)
    lines = [f"**Hand:** {_hand_text(view)}"]
    if view.riichi[seat]:
        lines.append("🀄 You are in **Riichi**: your 7 cards are locked.")
    value = _value_text(view.hand, view.decks, view.options.special_hands)
    if value:
        lines.append(value)
    lines.append(f"**Pile:** {_pile_text(view)}")
    if legal:
        lines += _your_move(view, names)
        if deadline:
            lines.append(f"Deadline {relative_time(deadline)}; then a bot plays for you.")
    elif view.phase == "ron":
        lines.append("\nWaiting for Ron decisions.")
    elif view.phase != "over":
        waiting = ", ".join(names[s] for s in view.to_act)
        lines.append(f"\nWaiting for **{waiting}**." if waiting else "")
    embed.description = fit("\n".join(lines), 4096)
    embed.add_field(
        name="Scores",
        value=fit(" · ".join(f"{names[i]} {s:+d}" for i, s in enumerate(view.scores)), 1024),
        inline=False,
    )  # a field, not the footer: footers show a name's escapes as typed
    ordered = sorted(legal, key=_first)  # stable
    buttons = [button(a, view) for a in ordered]
    return embed, buttons


def _your_move(view: SeatView, names: list[str]) -> list[str]:
    """What the seat to act is asked, in the panel's words."""
    hit, phase = view.hit, view.phase
    if phase == "ron" and (ron := view.ron) is not None:
        return [
            f"\n**{names[ron.discarder]}** discarded {card(ron.card, ron.named)}: it completes"
            " your hand. Declare **Ron** or pass."
        ]
    if hit and phase in ("hit_draw", "hit_riichi", "hit_decide"):
        return [
            f"\n⚡ **Black Christmas!** You are hit by "
            f"{card(hit.card, hit.number if hit.card == KX else None)} (N = {hit.number}).",
            HIT_ASKS[phase](hit),
        ]
    if phase == "exchange" and (exchange := view.exchange) is not None:
        left = exchange.of - exchange.placed
        placed = view.exchanged
        return [
            f"\n🔁 Put **{left}** more card{'s' if left != 1 else ''} under the deck, one at a time "
            f"(the first lies highest)." + (f" Placed: {cards(placed)}" if placed else "")
        ]
    if phase == "draw":
        return ["\n**Your turn:** draw from the deck or take the top discard."]
    if phase == "discard":
        return [
            "\n**Your turn:** discard one card"
            + (" (a card taken from the pile cannot go back this turn)" if view.taken else "")
            + ". A Black A/7 is discarded as 1 or 7."
        ]
    return []


# what a hit seat is asked, by phase
HIT_ASKS: dict[str, Callable[[HitView], str]] = {
    "hit_draw": lambda hit: "Draw one card from the deck (the hitting card cannot be taken).",
    "hit_riichi": lambda hit: (
        "In Riichi: win if the card completes your hand, chain with it if it is a higher black"
        " card (you keep Riichi), or give up Riichi and chain from your hand or exchange."
    ),
    "hit_decide": lambda hit: (
        f"**Chain** with a black card above {hit.number} (a black 1 beats a black 7) to pass"
        f" the hit on, or **exchange** {hit.number} cards: put them under the deck one at a"
        f" time, then draw as many."
    ),
}

"""Koi-Koi on Discord: the public table, the hand panel and the round summaries.

Only ``public_view`` goes into public embeds; a player's ``view`` (with their hand) goes
only into that player's ephemeral panel.
"""

from __future__ import annotations

import discord

from bot.emoji import fit
from bot.render.fishing import capture_emoji, capture_lines, card, cards, flipped_line, narrate_move
from bot.render.hanafuda_cards import pile
from bot.render.koikoi.words import PHASE_TEXT
from bot.ui import ButtonSpec, relative_time
from games.fishing import Flipped, Played, Taken
from games.koikoi import actions
from games.koikoi import events as E
from games.koikoi.actions import Decision
from games.koikoi.views import PublicView, SeatView, SideView, YakuScore

COLOUR = discord.Colour.from_rgb(196, 30, 58)


def yaku_text(yaku: list[YakuScore]) -> str:
    return ", ".join(f"{y.name} {y.points}" for y in yaku) if yaku else "no yaku yet"


def scored(yaku: list[E.YakuScore]) -> list[YakuScore]:
    """An event's yaku as a view's (an event stored without the yaku's name shows its id)."""
    return [YakuScore(id=str(y["id"]), name=str(y.get("name", y["id"])), points=int(y["points"])) for y in yaku]


def side_name(side: SideView, names: list[str]) -> str:
    return " & ".join(names[s] for s in side.seats)


def table_embed(pv: PublicView, names: list[str], deadline: float | None) -> discord.Embed:
    """The table in short: who is to act, the field, and per side its score, points and captures (the
    picture shows the rest)."""
    over = pv.phase == "over"
    title = f"Koi-Koi · {pv.variant.replace('_', ' ')} · month {pv.month} of {pv.months}"
    embed = discord.Embed(title=title, colour=COLOUR)
    lines = []
    if not over and pv.turn is not None:
        who = names[pv.turn]
        lines.append(
            f"**{who}** {PHASE_TEXT.get(pv.phase, 'to act')}"
            + (f" · deadline {relative_time(deadline)}" if deadline else "")
        )
    elif over:
        lines.append("**Game over.**")
    lines.append(f"**Field:** {cards(pv.field)}")
    if pv.pending:
        lines.append(f"**Flipped:** {card(pv.pending.card)} — matches {cards(pv.pending.choices)}")
    lines.append(f"Pile: {pv.pile_count} cards · Oya: {names[pv.oya]}")
    embed.description = "\n".join(lines)
    for side in pv.sides:
        title = " & ".join(f"{names[s]} {pv.scores[s]:+d}" for s in side.seats)
        calls = [c for c in pv.calls if c.seat in side.seats]
        called = f" · 📣 Koi-Koi ×{len(calls)}" if calls else ""
        held = sum(pv.hand_counts[s] for s in side.seats)
        value = (
            f"**{side.points}** pts: {yaku_text(side.yaku)}{called} · {held} in hand\n"
            f"{pile(side.captures, 'no captures')}"
        )
        embed.add_field(name=title, value=fit(value, 1024), inline=False)
    if pv.round_hash:
        embed.set_footer(
            text=f"Deal hash (SHA-256 of this month's seed, revealed when the month ends): {pv.round_hash}"
        )
    return embed


def action_label(action: str, field: list[str] | None = None) -> str:
    """Button text; with the field known, a play shows what it will take."""
    return actions.label(action, field)


STYLE = {Decision.KOIKOI: discord.ButtonStyle.danger, Decision.STOP: discord.ButtonStyle.success}


def button(action: str, field: list[str]) -> ButtonSpec:
    move = actions.parse(action)
    style = STYLE[move] if isinstance(move, Decision) else discord.ButtonStyle.secondary
    return ButtonSpec(f"a:{action}", move.label(field), style, emoji=capture_emoji(move))


def panel(
    view: SeatView, legal: list[str], names: list[str], deadline: float | None
) -> tuple[discord.Embed, list[ButtonSpec]]:
    seat = view.seat
    embed = discord.Embed(title=f"Your hand · {names[seat]}", colour=COLOUR)
    lines = [f"**Hand:** {cards(view.hand, 'empty')}", f"**Field:** {cards(view.field)}"]
    if view.hand and view.phase != "over":
        lines += ["**Each card takes:**", *capture_lines(view.hand, view.field)]
    if view.pending:
        chooser = None if legal or view.turn is None else names[view.turn]
        lines.append(flipped_line(view.pending.card, chooser))
    mine = next((s for s in view.sides if seat in s.seats), None)
    if mine:
        lines.append(f"**Your captures:** {pile(mine.captures, 'none')}")
        lines.append(f"**Your yaku:** {yaku_text(mine.yaku)} ({mine.points} pts)")
    if legal:
        if view.phase == "decide":
            lines.append(
                "\n**You made a yaku!** Stop to score now, or call Koi-Koi to play on for more"
                " (if someone else stops first, your yaku are lost and you pay double)."
            )
        else:
            lines.append(f"\n**Your turn** {PHASE_TEXT.get(view.phase, '')}.")
        if deadline:
            lines.append(f"Deadline {relative_time(deadline)}; then a bot plays for you.")
    elif view.phase != "over" and view.turn is not None:
        lines.append(f"\nWaiting for **{names[view.turn]}**.")
    embed.description = fit("\n".join(lines), 4096)
    buttons = [button(a, view.field) for a in legal]
    return embed, buttons


def narrate(event: E.KoiKoiEvent, names: list[str]) -> str | None:
    match event:
        case E.RoundStart():
            return f"🌙 Month {event.month} begins; Oya: {names[event.oya]}."
        case E.Redeal():
            return "🔁 Four cards of one month on the field: the cards are dealt again."
        case Played() | Flipped() | Taken():
            return narrate_move(event, names)
        case E.Yaku():
            return f"✨ {names[event.player]}: {yaku_text(scored(event.yaku))} ({event.points} pts)"
        case E.KoiKoiCalled():
            return f"📣 **{names[event.player]} calls Koi-Koi!** (at {event.points} pts)"
        case E.Stopped():
            return f"✋ {names[event.player]} stops with {event.points} pts."
        case E.HandCombo():
            return f"🎴 {names[event.player]} holds {event.combo}: {cards(event.hand)}"
    return None


def summary(event: E.KoiKoiEvent, names: list[str]) -> discord.Embed | None:
    if isinstance(event, E.RoundEnd):
        embed = discord.Embed(colour=COLOUR)
        if event.kind == "ryukyoku":
            embed.title = f"Month {event.round} · Ryu-kyoku — nobody scores"
        else:
            assert event.winner is not None  # a round not drawn has its winner
            how = "hand combo" if event.kind == "hand_combo" else "Stop"
            embed.title = f"Month {event.round} · {names[event.winner]} wins by {how}"
            maths = f"Base {event.base}"
            if event.value != event.base:
                maths += f" → {event.value} (doubled at 7+)"
            if event.factor != 1:
                maths += f" × {event.factor} (opponent called Koi-Koi)"
            embed.add_field(name="Yaku", value=yaku_text(scored(event.yaku)), inline=False)
            embed.add_field(name="Value", value=maths, inline=False)
        if event.transfers:
            embed.add_field(
                name="Payments",
                value="\n".join(f"{names[t['from']]} → {names[t['to']]}: {t['amount']}" for t in event.transfers),
                inline=False,
            )
        if event.seed:
            embed.set_footer(
                text=(
                    f"Fair shuffle: this month's seed was {event.seed}; its SHA-256 {event.hash} "
                    f"was shown when the month began. Check the deal with: python -m games verify "
                    f"koikoi --seed <seed> --hash <hash> --players {len(names)}"
                )
            )
        return embed
    if isinstance(event, E.GameEnd):
        order = sorted(range(len(names)), key=lambda s: event.placings[s])
        lines = [f"**{event.placings[s]}.** {names[s]} {event.scores[s]:+d}" for s in order]
        return discord.Embed(title="🏁 Koi-Koi — final result", description="\n".join(lines), colour=COLOUR)
    return None

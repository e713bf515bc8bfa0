"""Black Christmas Poker's public narration and its round and game results, as lines and embeds.

Narration names only public cards: discards, the card taken from the pile, the hitting cards, and the hands
that won (shown by the rules when the round ends). Events private to a seat are never narrated.
"""

from __future__ import annotations

import discord

from bot.emoji import fit
from bot.render.bcpoker.embeds import COLOUR
from bot.render.bcpoker.words import card, cards
from games.base import Event
from games.bcpoker import events as ev
from games.bcpoker.actions import KIND_NAMES
from games.bcpoker.cards import KX
from games.bcpoker.cards import name as card_name


def narrate(event: Event, names: list[str]) -> str | None:
    if event.seat is not None:
        return None
    match event:
        case ev.RoundStart():
            return f"🎄 Round {event.round} begins; lead: **{names[event.lead]}**."
        case ev.Draw(source="pile", card=str(taken)):
            return f"{names[event.player]} takes {card(taken, event.named)} from the pile."
        case ev.Draw():
            return f"{names[event.player]} draws from the deck{' (Black Christmas)' if event.hit else ''}."
        case ev.Discarded():
            what = card(event.card, event.named)
            if event.chain:
                text = f"⛓️ {names[event.player]} chains with {what}" + (
                    " and keeps Riichi" if event.kept_riichi else ""
                )
            else:
                text = f"{names[event.player]} discards {what}"
            if event.riichi:
                return text + " and declares **Riichi**! 🀄"
            return text + "."
        case ev.BlackChristmas():
            return (
                f"⚡ **Black Christmas!** {card(event.card, event.number if event.card == KX else None)} on "
                f"{card(event.under, event.under_number if event.under == KX else None)}: "
                f"**{names[event.target]}** is hit (N = {event.number})."
            )
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
            return (
                f"🏆 **{names[event.winner]}** wins by {KIND_NAMES[event.kind]}: {event.total} from "
                f"{names[event.payer]}."
            )
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
        return discord.Embed(
            title="🏁 Black Christmas Poker — final result", description="\n".join(lines), colour=COLOUR
        )
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
        embed.description = (
            f"Dora indicator {card(end.indicator)} → dora {dora}" if end.indicator else "No dora (the deck was empty)."
        )
        for w in wins:
            name, value = _win_field(w, names)
            embed.add_field(name=name, value=value, inline=False)
        if end.lapsed:
            embed.add_field(
                name="Lapsed",
                value=", ".join(names[s] for s in end.lapsed) + " also declared Ron, but only the two nearest win.",
                inline=False,
            )
    pay = " · ".join(f"{names[i]} {p:+d}" for i, p in enumerate(end.payments) if p)
    embed.add_field(name="Payments", value=pay or "none", inline=False)
    embed.add_field(
        name="Scores", value=" · ".join(f"{names[i]} {s:+d}" for i, s in enumerate(end.scores)), inline=False
    )
    nxt = names[end.next_lead]
    embed.add_field(
        name="Next lead",
        value=f"{nxt} (lead counts: {', '.join(f'{names[i]} {c}' for i, c in enumerate(end.lead_counts))})",
        inline=False,
    )
    if end.seed:
        embed.set_footer(
            text=(
                f"Fair shuffle: this round's seed was {end.seed}; its SHA-256 {end.hash} "
                "was shown when the round began. Check the deal with: python -m games verify "
                f"bcpoker --seed <seed> --hash <hash> --players {len(names)} "
                f"--lead {end.lead + 1}"
            )
        )
    return embed

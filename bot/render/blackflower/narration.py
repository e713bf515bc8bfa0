"""Black Flower's narration on Discord: a line per public event, and the summary of a settled round or of the
game."""

from __future__ import annotations

from typing import Any

import discord

from bot.emoji import fit
from bot.render.blackflower.embeds import COLOUR
from bot.render.blackflower.words import FACE_DOWN, RESULT_ICON, card, cards, chips
from games.blackflower import events as E
from games.blackflower import hands as H


def narrate(event: E.BlackFlowerEvent, names: list[str]) -> str | None:
    player: int | None = getattr(event, "player", None)
    who = names[player] if player is not None else ""
    hand_index: int = getattr(event, "hand", 0)
    hand = f" (hand {hand_index + 1})" if hand_index else ""
    return _table_line(event, names, who) or _hand_line(event, who, hand) or _bank_line(event, names, who)


def _table_line(event: E.BlackFlowerEvent, names: list[str], who: str) -> str | None:
    """The first bank, a round's start, the bets and the deal."""
    match event:
        case E.BankerDraw(draws=[_, *_]):
            drawn = ", ".join(f"{names[int(x['seat'])]} {card(str(x['card']))}" for x in event.draws[-len(names) :])
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
        case E.EndRequested():
            return f"{who} ends the game."
    return None


def _hand_line(event: E.BlackFlowerEvent, who: str, hand: str) -> str | None:
    """A player's hand in play, and its settlement."""
    match event:
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
        case E.Settle():
            amount = f"{event.net:+d}" if event.net else "±0"
            return f"{RESULT_ICON[event.result].split()[0]} {who}{hand}: {event.result} {amount}"
    return None


def _bank_line(event: E.BlackFlowerEvent, names: list[str], who: str) -> str | None:
    """The banker's hand, and the bank passing on."""
    match event:
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
        bh = event.banker_hand
        if not event.dealt or bh is None:  # a dealt round's end has the banker's hand
            embed.description = "No cards were dealt this round; no chips moved."
        else:
            bank = H.title(bh["special"]) if bh["special"] else ("bust" if bh["bust"] else str(bh["value"]))
            embed.description = f"🏦 Banker: {cards(bh['cards'])} → **{bank}**"
            lines = []
            for h in event.hands:
                val = H.title(h["special"]) if h["special"] else ("bust" if h["bust"] else str(h["value"]))
                split = (
                    f" (hand {h['hand'] + 1})"
                    if h["hand"] or sum(x["seat"] == h["seat"] for x in event.hands) > 1
                    else ""
                )
                lines.append(
                    f"{names[h['seat']]}{split}: {cards(h['cards'])} → {val} · stake {h['stake']} · "
                    f"{RESULT_ICON[h['result']]} {h['net']:+d}"
                )
            add_line_fields(embed, "Hands", lines)
            add_line_fields(embed, "Chips moved", [movement_line(m, names, b) for m in event.movements])
        nets = " · ".join(f"{names[s]} {n:+d}" for s, n in enumerate(event.nets) if n) or "nobody won or lost"
        embed.add_field(name="This round", value=nets[:1024], inline=False)
        embed.add_field(
            name="Chips",
            value=" · ".join(f"{names[s]} {chips(c)}" for s, c in enumerate(event.chips))[:1024],
            inline=False,
        )
        embed.set_footer(
            text=f"Fair shuffle: this round's seed was {event.seed}; its SHA-256 {event.hash} was shown "
            "when the round began. Deck = seeded_shuffle(seed, 0, deck) (games/shuffle.py)."
        )
        return embed
    if isinstance(event, E.GameEnd):
        order = sorted(range(len(names)), key=lambda s: event.placings[s])
        lines = [
            f"**{event.placings[s]}.** {names[s]} {event.scores[s]:+d} (now {chips(event.chips[s])} chips)"
            for s in order
        ]
        return discord.Embed(
            title="🏁 Black Flower — final result", description=fit("\n".join(lines), 4096), colour=COLOUR
        ).set_footer(text=f"Ended: {event.reason}. Chips carry over through the season: /balance, /debts.")
    return None

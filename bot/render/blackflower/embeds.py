"""Black Flower's table and hand panel on Discord.

Only ``public_view`` reaches the table's embed. The banker's face-down card is ``None`` in it and
is drawn as 🂠 until ``banker_reveal``. Every card a player holds is face up, so a hand panel
shows the same cards as the table plus the player's choices and the best arrangement.
"""

from __future__ import annotations

import discord

from bot.emoji import fit
from bot.render.blackflower.words import PHASE_TEXT, RESULT_ICON, arrangement_text, cards, chips, holding
from bot.ui import AmountSpec, ButtonSpec, relative_time
from games.blackflower import hands as H
from games.blackflower.actions import Bet, Move, parse
from games.blackflower.views import HandView, PublicView, SeatView

COLOUR = discord.Colour.from_rgb(40, 40, 48)


def _stakes(pv: PublicView) -> list[int]:
    return pv.at_stake or [0] * len(pv.chips)


def hand_status(h: HandView) -> str:
    """One line for a hand as everyone sees it (a hand that stood or busted shows all its cards and figures)."""
    if h.special:
        state = f"**{H.title(h.special)}**"
    elif h.status == "bust":
        state = f"**bust** (hard {h.hard})"
    elif h.status == "stood":
        state = f"stands on **{h.best}**"
    elif h.range is not None:
        lo, hi = h.range
        hidden = None in h.cards
        span = str(lo) if lo == hi else f"{lo}–{hi}"
        state = f"{'showing' if hidden else 'totals'} {span}"
        if not hidden and h.best is not None:
            state += f" (best {h.best})"
    else:
        state = ""
    extra = []
    if h.doubled:
        extra.append("doubled")
    if h.split:
        extra.append("split")
    if h.result:
        extra.append(RESULT_ICON[h.result])
    tail = f" · {', '.join(extra)}" if extra else ""
    stake = f" · stake {chips(h.stake)}" if h.stake else ""
    return f"{cards(h.cards)} — {state}{stake}{tail}"


def _waiting(pv: PublicView, names: list[str]) -> str:
    return ", ".join(names[s] for s in pv.to_act) or "nobody"


def table_embed(pv: PublicView, names: list[str], deadline: float | None) -> discord.Embed:
    rounds = pv.rounds or "∞"
    embed = discord.Embed(title=f"Black Flower · round {pv.round} of {rounds}", colour=COLOUR)
    b = pv.banker
    lines = [_table_status(pv, names)]
    if deadline and pv.phase != "over":
        lines[-1] += f" · deadline {relative_time(deadline)}"
    stakes = _stakes(pv)
    bh = pv.banker_hand
    banker = f"🏦 **Banker {names[b]}** · {holding(pv.chips[b], stakes[b])}"
    lines.append(f"{banker}: {hand_status(bh)}" if bh is not None and pv.phase != "betting" else banker)
    if pv.phase != "betting" and pv.deck_count:
        lines.append(f"Deck: {pv.deck_count} cards")
    embed.description = fit("\n".join(lines), 4096)
    for s, name in enumerate(names):
        if s == b:
            continue
        turn = "▶ " if s == pv.turn and pv.phase in ("niko", "play") else ""
        embed.add_field(
            name=f"{turn}{name} · {holding(pv.chips[s], stakes[s])}"[:256],
            value=fit(_seat_value(pv, s), 1024),
            inline=False,
        )
    if pv.round_hash:
        embed.set_footer(
            text=f"Deal hash (SHA-256 of this round's seed, revealed when the round ends): {pv.round_hash}"
        )
    return embed


def _table_status(pv: PublicView, names: list[str]) -> str:
    """The table's first line: what the table waits for."""
    if pv.phase == "over":
        return f"**Game over** — {pv.end_reason or 'finished'}."
    if pv.phase == "betting":
        return f"**Betting** ({pv.options.min_bet}–{pv.options.max_bet} chips): waiting for {_waiting(pv, names)}"
    if pv.phase == "offer":
        assert pv.offer is not None  # the offer phase names the seat offered the bank
        return f"**{names[pv.offer]}** is offered the bank."
    assert pv.turn is not None  # every other phase is one seat's turn
    return f"**{names[pv.turn]}** {PHASE_TEXT.get(pv.phase, 'to act')}"


def _seat_value(pv: PublicView, s: int) -> str:
    """A player's field: its hands, or what it did in the betting."""
    if pv.hands[s]:
        return "\n".join(hand_status(h) for h in pv.hands[s])
    if pv.phase == "betting" and pv.bets[s]:
        return f"bets **{chips(pv.bets[s])}**"
    if pv.phase == "betting" and s in pv.eligible and s not in pv.decided:
        return "deciding…"
    return "sits out"


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
    Move.NIKO: discord.ButtonStyle.success,
    Move.PLAYON: discord.ButtonStyle.secondary,
    Move.HIT: discord.ButtonStyle.primary,
    Move.STAND: discord.ButtonStyle.success,
    Move.DOUBLE: discord.ButtonStyle.danger,
    Move.SPLIT: discord.ButtonStyle.danger,
    Move.ACCEPT: discord.ButtonStyle.success,
    Move.END: discord.ButtonStyle.danger,
    Move.DEAL: discord.ButtonStyle.primary,
}


def _my_hand_lines(view: SeatView) -> list[str]:
    lines = []
    mine = view.own_hands()
    for i, (h, piles) in enumerate(zip(mine, view.arrangements)):
        label = f"Hand {i + 1}" if len(mine) > 1 else "Your hand"
        current = " ◀" if len(mine) > 1 and i == view.hand_index and view.turn == view.seat else ""
        lines.append(f"**{label}**{current}: {cards(h.cards)}")
        if None in h.cards:
            lines.append(f"Face-down card still hidden; showing {hand_status(h).split(' — ', 1)[1]}")
            continue
        if h.totals is None:  # no card yet
            continue
        lines.append(
            f"Totals: {', '.join(map(str, h.totals))} · hard {h.hard}"
            + (f" · stake {chips(h.stake)}" if h.stake else "")
        )
        if h.special:
            lines.append(f"Special hand: **{H.title(h.special)}**")
        elif h.status == "bust":
            lines.append("**Bust** — this hand has lost.")
        elif piles is not None and h.best is not None:
            lines.append(f"Best arrangement: {arrangement_text(piles, h.best)}")
        if h.result:
            lines.append(f"Result: {RESULT_ICON[h.result]}")
    return lines


def panel(
    view: SeatView, legal: list[str], names: list[str], deadline: float | None
) -> tuple[discord.Embed, list[ButtonSpec | AmountSpec]]:
    seat, b = view.seat, view.banker
    embed = discord.Embed(title=f"Black Flower · {names[seat]}" + (" (banker)" if seat == b else ""), colour=COLOUR)
    lines = [f"**You have** {holding(view.chips[seat], _stakes(view)[seat])}"]
    if view.phase != "betting" and seat != b and view.banker_hand:
        lines.append(f"🏦 Banker {names[b]}: {hand_status(view.banker_hand)}")
    lines += _my_hand_lines(view)
    buttons: list[ButtonSpec | AmountSpec] = []
    if legal:
        asked, buttons = _betting_choices(view, legal) if view.phase == "betting" else _play_choices(view, legal)
        lines += asked
        if deadline:
            lines.append(f"Deadline {relative_time(deadline)}; then you stand (or sit out, claim Ni-Ko, decline).")
    elif view.phase != "over":
        lines.append(f"\nWaiting for **{_waiting(view, names)}**.")
    embed.description = fit("\n".join(lines), 4096)
    return embed, buttons


def _betting_choices(view: SeatView, legal: list[str]) -> tuple[list[str], list[ButtonSpec | AmountSpec]]:
    """What the panel asks in the betting, and its buttons."""
    o = view.options
    lines: list[str] = []
    buttons: list[ButtonSpec | AmountSpec] = []
    if Move.SIT in legal:
        limit = view.max_bet_now
        lines.append(f"\n**Place your bet** ({o.min_bet}–{min(o.max_bet, limit)} chips) or sit out.")
        buttons += [button(Bet(amount)) for amount in bet_amounts(o.min_bet, o.max_bet, limit)]
        buttons.append(AmountSpec(Bet.form(), o.min_bet, min(o.max_bet, limit), label="Other amount…"))
        buttons.append(button(Move.SIT))
    if Move.DEAL in legal:
        lines.append("\nYou are the banker: deal the round once the players have bet, or end the game.")
        buttons.append(button(Move.DEAL))
    if Move.END in legal:
        buttons.append(button(Move.END))
    return lines, buttons


PLAY_ASKS = {
    "niko": "\n**Two Brights!** Claim **Ni-Ko** (a special hand; you stand at once) or play on as a numeric hand.",
    "offer": "\n**The bank is offered to you.** As banker you play every bet at the table.",
    "banker": "\n**Your turn as banker:** hit or stand.",
}
PLAY_ASKS["banker_niko"] = PLAY_ASKS["niko"]


def _play_choices(view: SeatView, legal: list[str]) -> tuple[list[str], list[ButtonSpec | AmountSpec]]:
    """What the panel asks after the betting (Ni-Ko, the bank, a turn), and a button per legal action."""
    asked = PLAY_ASKS.get(view.phase) or "\n**Your turn:** " + ", ".join(action_label(a) for a in legal) + "."
    buttons: list[ButtonSpec | AmountSpec] = [button(parse(a)) for a in legal]
    return [asked], buttons

"""Sanma's embeds: the public table, the hand panel (tiles as discard buttons), the narration and hand results.

Only ``public_view`` goes into public embeds: rivers (the riichi tile marked ↪), melds, kita,
dora indicators, points, honba, sticks, wall count, whose turn. A player's concealed tiles go
only into their own ephemeral panel. During a call window the table says only that calls are
being decided, never who may call.
"""

from __future__ import annotations

import discord

from bot.emoji import face, faces_stamp, fit
from bot.render.sanma.words import ABORT_REASONS, GAME_END_REASONS, MELD_NAMES, OFFER_NAMES, tile, tiles
from bot.ui import ButtonSpec, SelectSpec, relative_time
from games.base import Event
from games.memo import flat_cache
from games.sanma import events as ev
from games.sanma.actions import Action, Discard, OwnKan, Pon, Word, describe, parse, tile_name
from games.sanma.views import Meld, PublicView, RiverTile, SeatView

COLOUR = discord.Colour.from_rgb(20, 120, 80)


def _river(river: list[RiverTile]) -> str:
    """A river's tiles (the riichi tile marked ↪, a called one struck through); kept per river and faces shown, as
    every panel and the table show every river and a move adds to one river at most."""
    return _river_text(tuple((r.tile, r.riichi, r.called) for r in river), faces_stamp())


@flat_cache(4096)
def _river_text(river: tuple[tuple[str, bool, bool], ...], stamp: int) -> str:
    if not river:
        return "—"
    out = []
    for code, riichi, called in river:
        t = tile(code)
        if riichi:
            t = "↪" + t
        if called:
            t = f"~~{t}~~"
        out.append(t)
    return " ".join(out)


def _meld(m: Meld, names: list[str]) -> str:
    src = f" from {names[m.from_seat]}" if m.from_seat is not None else ""
    return f"{MELD_NAMES[m.type]} {tiles(m.tiles)}{src}"


def _seat_fields(embed: discord.Embed, pv: PublicView, names: list[str]) -> None:
    """A field per seat, from the public part of a view: points, riichi, kita, river, melds, hand size."""
    for s in range(3):
        flags = []
        if pv.riichi[s]:
            flags.append("🀄 riichi")
        if pv.kita[s]:
            flags.append(f"kita ×{pv.kita[s]}")
        head = f"{pv.winds[s]} · {names[s]} · {pv.scores[s]}" + (f" · {' · '.join(flags)}" if flags else "")
        body = [f"River: {_river(pv.rivers[s])}"]
        if pv.melds[s]:
            body.append("Melds: " + "; ".join(_meld(m, names) for m in pv.melds[s]))
        body.append(f"Hand: {pv.hand_counts[s]} tiles")
        embed.add_field(name=head[:256], value=fit("\n".join(body), 1024), inline=False)


def table_embed(pv: PublicView, names: list[str], deadline: float | None) -> discord.Embed:
    over = pv.phase == "over"
    title = f"Sanma · {pv.round} · {pv.honba} honba · {pv.sticks} riichi stick{'s' if pv.sticks != 1 else ''}"
    embed = discord.Embed(title=title, colour=COLOUR)
    lines = []
    dl = f" · deadline {relative_time(deadline)}" if deadline else ""
    if over:
        lines.append("**Game over.**")
    elif pv.waiting_calls and pv.window is not None:
        w = pv.window
        lines.append(f"⏳ Calls on {names[w.from_seat]}'s {OFFER_NAMES[w.kind]} {tile(w.tile)} are being decided{dl}")
    elif pv.turn is not None:
        lines.append(f"**{names[pv.turn]}** to play{dl}")
    lines.append(f"Dora indicators: **{tiles(pv.dora_indicators)}** · Wall: **{pv.live}** tiles left")
    lines.append(f"Dealer: {names[pv.dealer]}")
    embed.description = "\n".join(lines)
    _seat_fields(embed, pv, names)
    embed.set_footer(
        text=f"Fair shuffle: SHA-256 of this hand's seed is {pv.hash}; the seed is revealed when the hand ends."
    )
    return embed


def action_label(action: str) -> str:
    return describe(action)


def _style(act: Action) -> discord.ButtonStyle:
    if act in (Word.TSUMO, Word.RON):
        return discord.ButtonStyle.success
    if isinstance(act, (Pon, OwnKan)) or act in (Word.KAN, Word.KITA) or (isinstance(act, Discard) and act.riichi):
        return discord.ButtonStyle.primary
    if act == Word.KYUUSHU:
        return discord.ButtonStyle.danger
    return discord.ButtonStyle.secondary


def panel(
    view: SeatView, legal: list[str], names: list[str], deadline: float | None
) -> tuple[discord.Embed, list[ButtonSpec | SelectSpec]]:
    seat = view.seat
    embed = discord.Embed(title=f"Your hand · {names[seat]} ({view.winds[seat]})", colour=COLOUR)
    hand = list(view.hand)
    drawn = view.drawn
    if drawn and drawn in hand:
        hand.remove(drawn)
        hand_text = f"{tiles(hand)}  ➕ **{tile(drawn)}**"
    else:
        hand_text = tiles(hand)
    lines = [f"**Hand:** {hand_text}"]  # melds and kita: in the seat's field, with everyone's
    lines.append(f"Dora indicators: {tiles(view.dora_indicators)} · Wall: {view.live}")
    if view.waits:
        lines.append(f"Waiting on: {tiles(view.waits)}" + (" · ⚠️ furiten" if view.furiten else ""))
    if view.kuikae:
        lines.append(f"(After your pon you may not discard {tile(view.kuikae)}.)")
    buttons: list[ButtonSpec | SelectSpec] = []
    if legal:
        w = view.window
        if w and view.phase == "respond":
            lines.append(f"\n**{names[w.from_seat]}** offers {tile(w.tile)}: call it or pass.")
        else:
            lines.append("\n**Your turn:** click a tile to discard it, or choose an action.")
        if deadline:
            lines.append(f"Deadline {relative_time(deadline)}; then a bot plays for you.")
        buttons = _buttons(legal)
    elif view.phase != "over":
        if view.phase == "respond":
            lines.append("\nCalls are being decided.")
        elif view.turn is not None:
            lines.append(f"\nWaiting for **{names[view.turn]}**.")
    embed.description = fit("\n".join(lines), 4096)
    _seat_fields(embed, view, names)  # the others' rivers, riichi and melds, for the decision at hand
    return embed, buttons


def _buttons(legal: list[str]) -> list[ButtonSpec | SelectSpec]:
    """A button per plain discard (its tile's face and name), one per other action, and the riichi discards in a
    menu."""
    parsed = {a: parse(a) for a in legal}  # each action read once: its label and style come from the move read
    discards = [(a, act) for a, act in parsed.items() if isinstance(act, Discard) and not act.riichi]
    riichi = [(a, act) for a, act in parsed.items() if isinstance(act, Discard) and act.riichi]
    others = [a for a, act in parsed.items() if not isinstance(act, Discard)]
    buttons: list[ButtonSpec | SelectSpec] = [
        ButtonSpec(
            f"a:{a}", tile_name(act.tile), _style(act), emoji=face("sanma", act.tile) or None, row=min(i // 5, 2)
        )
        for i, (a, act) in enumerate(discards)
    ]
    for a in others:  # all of them: when they do not fit in one row, build_view puts every action in menus
        act = parsed[a]
        buttons.append(ButtonSpec(f"a:{a}", act.text, _style(act), emoji=_action_face(act), row=3))
    if riichi:
        buttons.append(
            SelectSpec(
                [(a, act.text) for a, act in riichi],
                placeholder="Riichi: choose the discard…",
                emojis={a: f for a, act in riichi if (f := face("sanma", act.tile))},
                row=4,
            )
        )
    return buttons


def _action_face(action: Action) -> str | None:
    """The tile an action names, as its button's emoji (a kan's tile, kita's North), when uploaded."""
    if isinstance(action, OwnKan):
        return face("sanma", action.kind)
    if action == Word.KITA:
        return face("sanma", "4z")
    return None


def narrate(event: Event, names: list[str]) -> str | None:
    match event:
        case ev.RoundStart():
            return (
                f"🀄 **{event.round}**, {event.honba} honba: {names[event.dealer]} deals. Dora indicator "
                f"{tiles(event.dora_indicators)}."
            )
        case ev.Discarded():
            return f"{names[event.player]} discards {tile(event.tile)}" + (" — **riichi!**" if event.riichi else "")
        case ev.RiichiAccepted():
            return f"🀄 {names[event.player]}'s riichi stands (stick on the table)."
        case ev.Called():
            return f"📣 {names[event.player]}: **{MELD_NAMES[event.meld]}** {tiles(event.tiles)}"
        case ev.Kita():
            return f"{tile('4z')} {names[event.player]} declares **kita** ({event.count})"
        case ev.Dora():
            return f"New dora indicator: {tile(event.indicator)}"
    return None


def _win_text(w: ev.WinEntry, names: list[str]) -> str:
    how = "Tsumo" if w.kind == "tsumo" or w.from_seat is None else f"Ron from {names[w.from_seat]}"
    if w.robbed == "kakan":
        how += " (robbing a kan)"
    elif w.robbed == "kita":
        how += " (on a kita)"
    yaku = ", ".join(f"{y.name} {y.han}" for y in w.yaku)
    limit = f" — {w.limit.replace('_', ' ')}" if w.limit else ""
    melds = "; ".join(f"{m.type} {tiles(m.tiles)}" for m in w.melds)
    lines = [
        f"**{how}** on {tile(w.win_tile)}",
        f"Hand: {tiles(w.revealed)} + {tile(w.win_tile)}"
        + (f" · {melds}" if melds else "")
        + (f" · kita ×{w.kita}" if w.kita else ""),
        f"{yaku}",
        f"**{w.han} han {w.fu} fu**{limit}",
    ]
    if w.pao is not None:
        lines.append(f"Pao: {names[w.pao]} is responsible.")
    return "\n".join(lines)


def summary(event: Event, names: list[str]) -> discord.Embed | None:
    if isinstance(event, ev.HandEnd):
        return _hand_embed(event.outcome, names)
    if isinstance(event, ev.GameEnd):
        order = sorted(range(3), key=lambda s: event.ranks[s])
        reason = GAME_END_REASONS[event.reason]
        lines = [f"**{event.ranks[s]}.** {names[s]} — {event.points[s]} points ({event.scores[s]:+.1f})" for s in order]
        return discord.Embed(
            title="🏁 Sanma — final result",
            description="\n".join(lines) + f"\n\nThe game ended: {reason}.",
            colour=COLOUR,
        )
    return None


def _payment(t: ev.Transfer, names: list[str]) -> str:
    """A payment of a hand's end in words: the sticks taken, a noten payment, or one seat paying another."""
    payer = "" if t.payer is None else names[t.payer]
    payee = "" if t.payee is None else names[t.payee]
    if t.reason == "sticks":
        return f"{payee} takes the riichi sticks: {t.amount}"
    if t.payee is None:
        return f"{payer} pays {t.amount} (noten)"
    return f"{payer} → {payee}: {t.amount}" + (" (pao)" if t.reason == "pao" else "")


def _hand_name(d: ev.HandRecord) -> str:
    """ "East 1" or "East 1, 2 honba": a dealer's repeat reads apart from the hand before it."""
    return f"{d.round}, {d.honba} honba" if d.honba else d.round


def _hand_embed(d: ev.HandOutcome, names: list[str]) -> discord.Embed:
    embed = discord.Embed(colour=COLOUR)
    match d:
        case ev.WinOutcome():
            winners = " & ".join(names[w.winner] for w in d.wins)
            embed.title = f"{_hand_name(d)} · {winners} win{'s' if len(d.wins) == 1 else ''}"
            for w in d.wins:
                embed.add_field(name=names[w.winner], value=fit(_win_text(w, names), 1024), inline=False)
            ind = f"Dora indicators {tiles(d.dora_indicators)}"
            if d.ura_indicators:
                ind += f" · ura {tiles(d.ura_indicators)}"
            embed.description = ind
        case ev.ExhaustiveOutcome():
            embed.title = f"{_hand_name(d)} · Exhaustive draw"
            tenpai = ", ".join(names[s] for s in d.tenpai) or "nobody"
            lines = [f"Tenpai: {tenpai}"]
            for s, hand in d.tenpai_hands.items():
                lines.append(f"{names[int(s)]}: {tiles(hand)}")
            if d.nagashi:
                lines.append("Nagashi mangan: " + ", ".join(names[s] for s in d.nagashi))
            embed.description = "\n".join(lines)
        case ev.AbortOutcome():
            reason = ABORT_REASONS[d.reason]
            embed.title = f"{_hand_name(d)} · Abortive draw ({reason})"
            if d.revealed and d.seat is not None:
                embed.description = f"{names[d.seat]} showed {tiles(d.revealed)}"
    pays = [_payment(t, names) for t in d.transfers]
    deltas = " · ".join(f"{names[s]} {d.deltas[s]:+d}" for s in range(3))
    embed.add_field(name="Payments", value=("\n".join(pays) + "\n" if pays else "") + deltas, inline=False)
    embed.add_field(name="Points", value=" · ".join(f"{names[s]} {d.scores[s]}" for s in range(3)), inline=False)
    embed.set_footer(text=f"Fair shuffle: this hand's seed was {d.seed} (SHA-256 {d.hash}).")
    return embed

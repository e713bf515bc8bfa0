"""Settling sanma: a hand's end (a win, an exhaustive draw, an abortive draw) paid and recorded, the next hand or the
game's end, and the final scores with uma and oka (docs/rules/sanma.md §6-§8)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from games.base import GameError, Result
from games.sanma.deal import start_hand
from games.sanma.events import (
    AbortOutcome,
    ExhaustiveOutcome,
    GameEnd,
    HandEnd,
    HandOutcome,
    SanmaEvent,
    ShownMeld,
    Transfer,
    WinEntry,
    WinOutcome,
    YakuHan,
)
from games.sanma.hands import is_tenpai
from games.sanma.options import Options
from games.sanma.scoring import Score, nagashi_score, ron_payment, tsumo_payments
from games.sanma.state import ROUND_NAMES, SanmaState, code, codes, dora_indicators, ura_tiles
from games.sanma.tiles import TERMINAL_HONOR
from games.sanma.wins import ron_score, tsumo_score

DAISANGEN_IDS = {103}  # the yaku ids (in the ``mahjong`` package) a pao can be for
DAISUUSHII_IDS = {111, 110}
NOTEN_PAYMENTS = 2000  # shared among the noten seats, paid to the tenpai ones
WinKind = Literal["tsumo", "discard", "kakan", "ankan", "kita"]  # a tsumo, or a ron on what the window offered


@dataclass
class Payments:
    """A hand's payments: each seat's change of points, and each transfer as the hand's end tells it."""

    deltas: list[int] = field(default_factory=lambda: [0, 0, 0])
    transfers: list[Transfer] = field(default_factory=list)

    def pay(self, payer: int, payee: int, amount: int, reason: str) -> None:
        if amount:
            self.deltas[payer] -= amount
            self.deltas[payee] += amount
            self.transfers.append(Transfer(payer=payer, payee=payee, amount=amount, reason=reason))


def _pao(state: SanmaState, seat: int, score: Score) -> int | None:
    """The seat liable (pao) for this winning hand's daisangen or daisuushii, if any."""
    p = state.pao[seat]
    if not p:
        return None
    ids = {y["id"] for y in score.yaku}
    wanted = DAISANGEN_IDS if p["yakuman"] == "daisangen" else DAISUUSHII_IDS
    return int(p["from"]) if ids & wanted else None


def win(
    state: SanmaState, events: list[SanmaEvent], winners: list[int], from_seat: int | None, tile: int, kind: WinKind
) -> None:
    """The hand won by ``winners`` (a tsumo, or the rons of one discard, kan or kita), paid, and the next hand."""
    if kind == "kita" and from_seat is not None:
        state.kita[from_seat].remove(tile)  # the robbed North is the winning tile, not a kita
    payments = Payments()
    sticks_before = state.sticks
    entries = [
        _paid_win(state, payments, w, first=i == 0, from_seat=from_seat, tile=tile, kind=kind)
        for i, w in enumerate(winners)
    ]
    state.sticks = 0
    for s in range(3):
        state.scores[s] += payments.deltas[s]
    dealer_won = state.dealer in winners
    ura = [code(state, t) for t in ura_tiles(state)] if any(state.riichi[w] == 2 for w in winners) else []
    outcome = WinOutcome(
        **_record(state, payments, renchan=dealer_won, sticks=sticks_before), wins=entries, ura_indicators=ura
    )
    _end_hand(state, events, outcome, honba_up=dealer_won, yame_ok=dealer_won)


def _paid_win(
    state: SanmaState, payments: Payments, w: int, *, first: bool, from_seat: int | None, tile: int, kind: WinKind
) -> WinEntry:
    """One winner's hand scored and paid (the honba and the sticks go to the first winner only)."""
    if kind == "tsumo":
        score, hand = tsumo_score(state, w), state.hands[w]
    else:
        score = ron_score(state, w, tile, kind, honba=state.honba if first else 0, sticks=state.sticks if first else 0)
        hand = state.hands[w] + [tile]
    assert score is not None and score.ok, (kind, score)
    pao = _pao(state, w, score)
    if from_seat is None:
        points = _pay_tsumo(state, payments, w, score, pao)
    else:
        points = _pay_ron(payments, w, from_seat, score, pao)
    if bonus := score.cost.get("kyoutaku_bonus"):
        payments.deltas[w] += bonus
        payments.transfers.append(Transfer(payer=None, payee=w, amount=bonus, reason="sticks"))
    return WinEntry(
        winner=w,
        from_seat=from_seat,
        kind="tsumo" if kind == "tsumo" else "ron",
        robbed=kind if kind in ("kakan", "ankan", "kita") else None,
        revealed=codes(state, [t for t in hand if t != tile]),
        win_tile=code(state, tile),
        melds=[ShownMeld(type=m.type, tiles=codes(state, m.tiles)) for m in state.melds[w]],
        kita=len(state.kita[w]),
        han=score.han,
        fu=score.fu,
        limit=score.limit,
        yaku=[YakuHan(name=y["name"], han=y["han"]) for y in score.yaku],
        points=points,
        pao=pao,
        riichi=state.riichi[w] == 2,
    )


def _pay_tsumo(state: SanmaState, payments: Payments, w: int, score: Score, pao: int | None) -> int:
    """A tsumo paid by each other seat, or all of it by the seat liable; returns the points it is worth."""
    pays = tsumo_payments(score.cost, w, state.dealer)
    if pao is not None:
        payments.pay(pao, w, sum(pays.values()), "pao")
    else:
        for s, amount in pays.items():
            payments.pay(s, w, amount, "tsumo")
    return sum(pays.values())


def _pay_ron(payments: Payments, w: int, from_seat: int, score: Score, pao: int | None) -> int:
    """A ron paid by the discarder, or half of its base by the discarder and the rest by the seat liable."""
    value = ron_payment(score.cost)
    if pao is not None and pao != from_seat:
        base = score.cost["main"]
        payments.pay(from_seat, w, base // 2, "ron")
        payments.pay(pao, w, value - base // 2, "pao")
    else:
        payments.pay(from_seat, w, value, "ron")
    return value


def exhaustive_draw(state: SanmaState, events: list[SanmaEvent]) -> None:
    """The live wall is empty: nagashi mangan, or the noten seats pay the tenpai ones; the dealer repeats if tenpai."""
    d = state.dealer
    tenpai = [is_tenpai(state, s) for s in range(3)]
    nagashi = [s for s in range(3) if state.options.nagashi_mangan and _nagashi(state, s)]
    payments = Payments()
    if nagashi:
        for s in nagashi:
            for p, amount in tsumo_payments(nagashi_score(s == d).cost, s, d).items():
                payments.pay(p, s, amount, "nagashi")
    else:
        _pay_noten(payments, tenpai)
    for s in range(3):
        state.scores[s] += payments.deltas[s]
    outcome = ExhaustiveOutcome(
        **_record(state, payments, renchan=tenpai[d]),
        tenpai=[s for s in range(3) if tenpai[s]],
        tenpai_hands={str(s): codes(state, state.hands[s]) for s in range(3) if tenpai[s]},
        nagashi=nagashi,
        draws=state.normal_draws + state.replacement_draws,
    )
    _end_hand(state, events, outcome, honba_up=True, yame_ok=tenpai[d])


def _nagashi(state: SanmaState, seat: int) -> bool:
    """Every discard of the seat a terminal or an honour, none of them called."""
    river = state.rivers[seat]
    return bool(river) and all(r.tile // 4 in TERMINAL_HONOR and not r.called for r in river)


def _pay_noten(payments: Payments, tenpai: list[bool]) -> None:
    n = sum(tenpai)
    if n not in (1, 2):
        return
    for s in range(3):
        payments.deltas[s] += NOTEN_PAYMENTS // n if tenpai[s] else -(NOTEN_PAYMENTS // (3 - n))
    for s in range(3):
        if not tenpai[s]:
            payments.transfers.append(Transfer(payer=s, payee=None, amount=NOTEN_PAYMENTS // (3 - n), reason="noten"))


def abortive_draw(
    state: SanmaState,
    events: list[SanmaEvent],
    reason: Literal["kyuushu_kyuuhai", "suukaikan"],
    seat: int | None,
    revealed: list[str] | None = None,
) -> None:
    outcome = AbortOutcome(**_record(state, Payments(), renchan=True), reason=reason, seat=seat, revealed=revealed)
    _end_hand(state, events, outcome, honba_up=True, yame_ok=False)


def _ranking(state: SanmaState) -> list[int]:
    """Seats from first to last; ties by seat order."""
    return sorted(range(3), key=lambda s: (-state.scores[s], s))


def _record(state: SanmaState, payments: Payments, *, renchan: bool, sticks: int | None = None) -> dict[str, Any]:
    """What every hand's end tells (:class:`games.sanma.events.HandRecord`), once its points are paid."""
    return {
        "round": ROUND_NAMES[state.round_index],
        "hand_no": state.hand_no,
        "honba": state.honba,
        "sticks": state.sticks if sticks is None else sticks,
        "deltas": payments.deltas,
        "transfers": payments.transfers,
        "scores": list(state.scores),
        "dora_indicators": dora_indicators(state),
        "seed": state.hand_seed,
        "hash": state.hand_hash,
        "dealer": state.dealer,
        "renchan": renchan,
    }


def _end_hand(
    state: SanmaState, events: list[SanmaEvent], outcome: HandOutcome, *, honba_up: bool, yame_ok: bool
) -> None:
    state.phase = "turn"
    state.window = None
    state.last_hand = outcome.record()
    state.hands_log.append(state.last_hand)
    events.append(HandEnd(outcome=outcome))
    end_reason = _game_end(state, outcome.renchan, yame_ok)
    state.honba = state.honba + 1 if honba_up else 0
    if not outcome.renchan:
        state.round_index += 1
    if end_reason:
        finish(state, events, end_reason)
    else:
        start_hand(state, events)


def _game_end(state: SanmaState, renchan: bool, yame_ok: bool) -> Literal["bust", "last_hand", "agari_yame"] | None:
    """Why the game ends with this hand, if it does: a seat below zero, the last hand passed, or the last dealer
    stopping in first place."""
    last = state.round_index >= state.options.last_round
    if state.options.tobi and any(s < 0 for s in state.scores):
        return "bust"
    if last and not renchan:
        return "last_hand"
    if last and yame_ok and state.options.agari_yame and _ranking(state)[0] == state.dealer:
        return "agari_yame"
    return None


def final_scores(points: list[int], options: Options) -> list[float]:
    """Ranking scores in thousands with return, uma and oka; unrounded (one decimal) by default,
    Tenhou's older rounding with ``final_rounding="tenhou"``."""
    order = sorted(range(3), key=lambda s: (-points[s], s))
    oka = 3 * (options.return_points - options.start_points) / 1000
    out = [0.0, 0.0, 0.0]
    if options.final_rounding == "tenhou":
        for r in (1, 2):
            s = order[r]
            out[s] = float((points[s] - options.return_points + 400) // 1000 + options.uma[r])
        out[order[0]] = -(out[order[1]] + out[order[2]])
    else:
        for r in range(3):
            s = order[r]
            out[s] = round((points[s] - options.return_points) / 1000 + options.uma[r] + (oka if r == 0 else 0), 1)
    return out


def finish(state: SanmaState, events: list[SanmaEvent], reason: Literal["bust", "last_hand", "agari_yame"]) -> None:
    """The game's end: the sticks left go to the first seat, then the final scores."""
    order = _ranking(state)
    if state.sticks:
        state.scores[order[0]] += 1000 * state.sticks
        state.sticks = 0
    order = _ranking(state)
    ranks = [0, 0, 0]
    for r, s in enumerate(order):
        ranks[s] = r + 1
    final = final_scores(state.scores, state.options)
    state.final = {"reason": reason, "points": list(state.scores), "ranks": ranks, "scores": final}
    state.phase = "over"
    state.drawn = None
    events.append(GameEnd(**state.final))


def result(state: SanmaState) -> Result:
    if state.phase != "over" or state.final is None:
        raise GameError("The game is not over yet.")
    final = state.final["scores"]
    # In tenths of a point (the game's points_scale): exactly the final scores shown, which have one
    # decimal (points are multiples of 100), so the season ledger books what the players saw.
    tenths = [round(x * 10) for x in final]
    return Result(
        scores=tenths,
        placings=list(state.final["ranks"]),
        summary={
            "points": state.final["points"],
            "final": final,
            "reason": state.final["reason"],
            "hands": len(state.hands_log),
        },
    )

"""A round's end: the wins scored and paid, the dora, the next lead, the game's end (docs/rules/bcpoker.md §9-§11).

A win is worth its hand's value plus 100 a dora, doubled for the lead, plus the Surprise or Black Gift bonus;
the payer pays it to the winner. Every payment is in the ``round_end`` event and the state's ``rounds``.
"""

from __future__ import annotations

from games.base import GameError, Result, placings
from games.bcpoker.cards import BLACK, KX, NUMBER, sort_codes
from games.bcpoker.events import BCPokerEvent, GameEnd, Pattern, RoundEnd, ScoredWin, Win
from games.bcpoker.hands import POINTS, pattern_name
from games.bcpoker.rounds import reset_turn, start_round
from games.bcpoker.state import BCState, hand_value, next_seat

BONUS = {"surprise_gift": 1000, "black_gift": 500, "tsumo": 0, "ron": 0}

# a win: (winner, payer, kind, the eight cards)
Claim = tuple[int, int, str, list[str]]


def dora_cards(indicator: str | None) -> list[str]:
    """Dora of an indicator (§10): next number, same colour (7 → 1); a KX reads as black 7."""
    if indicator is None:
        return []
    colour = indicator[0]
    number = 7 if indicator == KX else NUMBER[indicator]
    nxt = number % 7 + 1
    out = [f"{colour}{nxt}"]
    if colour == BLACK and nxt in (1, 7):
        out.append(KX)
    return out


def score_win(
    state: BCState, winner: int, payer: int, kind: str, hand8: list[str], dora: list[str], lead: int
) -> ScoredWin:
    hv = hand_value(state, hand8)
    dora_count = sum(1 for c in hand8 if c in dora)
    base = hv.value + 100 * dora_count
    doubled = winner == lead
    if doubled:
        base *= 2
    bonus = BONUS[kind]
    total = base + bonus
    return ScoredWin(
        winner=winner,
        payer=payer,
        kind=kind,
        hand=sort_codes(hand8),
        value=hv.value,
        patterns=[Pattern(id=p, name=pattern_name(p), points=POINTS[p]) for p in hv.counted],
        met=list(hv.met),
        kx=list(hv.kx),
        dora_count=dora_count,
        lead_double=doubled,
        bonus=bonus,
        total=total,
    )


def end_round(state: BCState, wins: list[Claim], events: list[BCPokerEvent], lapsed: list[int] | None = None) -> None:
    """The round ends with ``wins`` (none: nobody wins); the next round starts unless everyone has led enough."""
    lead = state.lead
    indicator = state.deck[0] if (wins and state.deck) else None
    dora = dora_cards(indicator)
    scored = [score_win(state, w, p, k, h, dora, lead) for (w, p, k, h) in wins]
    payments = _pay(state, scored, events)
    state.lead_counts[lead] += 1
    next_lead = lead if lead in [w.winner for w in scored] else next_seat(state, lead)
    end = RoundEnd(
        round=state.round,
        lead=lead,
        wins=scored,
        lapsed=list(lapsed or []),
        indicator=indicator,
        dora=dora,
        payments=payments,
        scores=list(state.scores),
        next_lead=next_lead,
        lead_counts=list(state.lead_counts),
        reshuffles=state.reshuffles,
        seed=state.round_seed,
        hash=state.round_hash,
    )
    events.append(end)
    state.last_round = end.fields()
    state.rounds.append(end.fields())
    state.lead = next_lead
    state.window = None
    state.hit = None
    reset_turn(state)
    if all(c >= state.options.lead_rounds for c in state.lead_counts):
        state.phase = "over"
        state.turn = None
        events.append(GameEnd(scores=list(state.scores), placings=placings(state.scores), rounds=state.round))
        return
    start_round(state, events)


def _pay(state: BCState, scored: list[ScoredWin], events: list[BCPokerEvent]) -> list[int]:
    """Each win paid by its payer (a ``win`` event each); the payments per seat, added to the scores."""
    payments = [0] * state.players
    for win in scored:
        payments[win.winner] += win.total
        payments[win.payer] -= win.total
        events.append(
            Win(winner=win.winner, payer=win.payer, kind=win.kind, hand=win.hand, value=win.value, total=win.total)
        )
    for s in range(state.players):
        state.scores[s] += payments[s]
    return payments


def result(state: BCState) -> Result:
    if state.phase != "over":
        raise GameError("The game is not over yet.")
    return Result(
        scores=list(state.scores),
        placings=placings(state.scores),
        summary={
            "rounds": [
                {k: r[k] for k in ("round", "lead", "payments")}
                | {"wins": [{k: w[k] for k in ("winner", "payer", "kind", "value", "total")} for w in r["wins"]]}
                for r in state.rounds
            ],
            "lead_counts": list(state.lead_counts),
        },
    )

"""A Koi-Koi round's start and end: the Oya draw, the deal (redealt when the field holds a whole month), the hand
combos checked at the deal, and the round's end, which pays the winner and deals the next round or ends the game
(the seeds and decks are described in games/koikoi/engine.py)."""

from __future__ import annotations

from typing import Any

from games.base import placings
from games.hanafuda import DECK, MONTH, four_of_a_month
from games.hanafuda import sort_codes as _sort
from games.koikoi import events as E
from games.koikoi.events import KoiKoiEvent
from games.koikoi.settlement import payments_for
from games.koikoi.state import DEAL_PASSES, KoiKoiState, next_seat, roles, seat_count, seats_from_oya, yaku_list
from games.koikoi.yaku import HAND_COMBO_POINTS, hand_combo, yaku_name
from games.shuffle import seeded_shuffle, sha256_hex


def oya_draw(seed: str, n: int) -> tuple[list[int], list[dict[str, Any]]]:
    """Turn order from the Oya draw (§2) and the draws made (one entry per attempt)."""
    draw_seed = sha256_hex(f"{seed}:oya")
    attempts = []
    a = 0
    while True:
        deck = seeded_shuffle(draw_seed, a, DECK)
        cards = deck[:n]
        months = [MONTH[c] for c in cards]
        redraw = len(set(months)) < n
        attempts.append({"attempt": a, "draws": [{"seat": i, "card": cards[i]} for i in range(n)], "redraw": redraw})
        if not redraw:
            return sorted(range(n), key=lambda s: months[s]), attempts
        a += 1


def _next_deck(state: KoiKoiState) -> list[str]:
    if state.decks is not None and state.deck_pos < len(state.decks):
        deck = list(state.decks[state.deck_pos])
        state.deck_pos += 1
        return deck
    return seeded_shuffle(state.round_seed, state.attempt, DECK)


def deal(deck: list[str], variant: str, order_from_oya: list[int]) -> tuple[dict[int, list[str]], list[str], list[str]]:
    """Deal a deck (§3): ``({seat: hand}, table, pile)``; ``order_from_oya[0]`` is the Oya."""
    serve = order_from_oya[1:] + order_from_oya[:1]  # the Oya is served last
    hands: dict[int, list[str]] = {s: [] for s in serve}
    table: list[str] = []
    pos = 0
    for hand_n, table_n in DEAL_PASSES[variant]:
        for s in serve:
            hands[s].extend(deck[pos : pos + hand_n])
            pos += hand_n
        table.extend(deck[pos : pos + table_n])
        pos += table_n
    return hands, table, list(deck[pos:])


def redeal_reason(table: list[str]) -> str | None:
    month = four_of_a_month(table)
    return None if month is None else f"the table holds all 4 cards of month {month}"


def start_round(state: KoiKoiState, events: list[KoiKoiEvent]) -> None:
    """Start a round: deal (redealing as needed), then check hand combos (§3, §5).

    A hand combo ends the round at once; ``end_round`` then starts the next one.
    """
    state.round += 1
    state.attempt = 0
    state.round_seed = sha256_hex(f"{state.seed}:{state.round}")
    state.round_hash = sha256_hex(state.round_seed)
    for side in state.sides:
        side.captures = []
        side.points = 0
        side.yaku = []
        side.sake_cup = None
        side.called = False
        side.reference = 0
    state.calls = []
    state.pending = None
    state.pending_choices = []
    events.append(
        E.RoundStart(
            round=state.round,
            month=state.months_done + 1,
            months=state.options.months,
            oya=state.oya,
            roles=roles(state),
            hash=state.round_hash,
        )
    )
    from_oya = seats_from_oya(state)
    while True:
        deck = _next_deck(state)
        hands, table, pile = deal(deck, state.options.variant, from_oya)
        reason = redeal_reason(table)
        if reason is None:
            break
        events.append(E.Redeal(round=state.round, attempt=state.attempt, reason=reason, field=list(table)))
        state.attempt += 1
    state.hands = [_sort(hands[s]) for s in range(seat_count(state))]
    state.field = list(table)
    state.pile = pile
    events.append(E.Deal(round=state.round, attempt=state.attempt, field=list(table), oya=state.oya))
    for s in from_oya:
        combo = hand_combo(state.hands[s], seat_count(state))
        if combo is not None:
            events.append(E.HandCombo(player=s, combo=combo, name=yaku_name(combo), hand=list(state.hands[s])))
            # ends the round; end_round starts the next one (or ends the game)
            end_round(state, events, "hand_combo", s, HAND_COMBO_POINTS, [(combo, HAND_COMBO_POINTS)], None)
            return
    state.phase = "play"
    state.turn = state.oya


def end_round(
    state: KoiKoiState,
    events: list[KoiKoiEvent],
    kind: str,
    winner: int | None,
    base: int,
    yaku: list[tuple[str, int]],
    sake_cup: str | None,
) -> None:
    n = seat_count(state)
    old_oya = state.oya
    transfers: list[dict[str, int]]
    if winner is None:
        value, factor, pay, transfers = 0, 1, [0] * n, []
        next_oya = next_seat(state, old_oya)
    else:
        value = base * 2 if (state.options.double_over_7 and base >= 7) else base
        pay, transfers, factor = payments_for(state, winner, value, use_calls=(kind == "stop"))
        next_oya = winner
    for s in range(n):
        state.scores[s] += pay[s]
    state.months_done += 1
    data = {
        "round": state.round,
        "month": state.months_done,
        "months": state.options.months,
        "kind": kind,
        "winner": winner,
        "winner_side": None if winner is None else state.side_of[winner],
        "winner_seats": [] if winner is None else list(state.sides[state.side_of[winner]].seats),
        "oya": old_oya,
        "roles": roles(state),
        "base": base,
        "value": value,
        "factor": factor,
        "yaku": yaku_list(yaku),
        "sake_cup": sake_cup,
        "calls": [c.model_dump() for c in state.calls],
        "payments": pay,
        "transfers": transfers,
        "scores": list(state.scores),
        "next_oya": next_oya,
        "seed": state.round_seed,
        "hash": state.round_hash,
    }
    captured = [] if winner is None else list(state.sides[state.side_of[winner]].captures)
    events.append(E.RoundEnd(**data, captured=captured))
    state.last_round = data
    state.rounds.append(data)
    state.oya = next_oya
    state.pending = None
    state.pending_choices = []
    if state.months_done >= state.options.months:
        state.phase = "over"
        state.turn = None
        # the round is over: nothing stays hidden
        events.append(E.GameEnd(scores=list(state.scores), placings=placings(state.scores)))
        return
    start_round(state, events)

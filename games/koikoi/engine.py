"""Koi-Koi state machine (docs/rules/koikoi.md §1-§10).

It names every hook and model ``GAME`` binds (:meth:`games.base.GameBase.from_engine`), defined here or passed on
from the module of its concern.

Seeds and fair shuffles (docs/design.md §3)
-----------------------------------
``new_game(options, seats, seed)`` takes a master seed (a hex string, kept secret).

* **Oya draw** (§2): ``draw_seed = sha256_hex(f"{master}:oya")``. Draw attempt ``a``
  (0, 1, … until all months differ) shuffles the canonical deck with
  ``seeded_shuffle(draw_seed, a, DECK)`` and seat ``i`` (in the order given to ``new_game``)
  draws card ``deck[i]``. Turn order is the seats sorted by the month drawn; the first
  is the first Oya.
* **Round seed**: round ``r`` (1-based counter of rounds started; a redeal does not
  start a new round) uses ``round_seed = sha256_hex(f"{master}:{r}")`` — 64 hex digits.
* **Public commitment**: the ``round_start`` event carries
  ``hash = sha256_hex(round_seed)``, i.e. SHA-256 of the 64 ASCII hex characters of the
  round seed (not of the raw bytes). ``round_end`` reveals ``seed = round_seed``.
* **Deck of deal attempt k** (0 for the first deal of the round, 1, 2 … after redeals):
  ``seeded_shuffle(round_seed, k, DECK)`` from :mod:`games.shuffle`: a Fisher-Yates over the
  canonical deck driven by the byte stream ``SHA-256(f"{round_seed}:{k}:0") ||
  SHA-256(f"{round_seed}:{k}:1") || …``; for ``i`` from 47 down to 1 the next 8 bytes,
  read as a big-endian integer ``r``, give ``j = r mod (i+1)`` and ``d[i]``, ``d[j]`` are
  swapped. The top of the deck is ``d[0]``; deal slices follow docs/rules/koikoi.md §3.

``sha256_hex(s)`` is the hex SHA-256 of the UTF-8 bytes of ``s``.

Deck source for tests (§2): ``new_game(..., decks=[deck1, deck2, ...])`` injects
explicit 48-card decks; every deal attempt (first deal or redeal) takes the next one.
When the source is exhausted the seeded shuffle above is used. ``order=[...]`` skips
the Oya draw and fixes the turn order (its first seat is the first Oya).

Events (all public, ``seat=None``) are the models of :mod:`games.koikoi.events`:
``oya_draw``, ``round_start``, ``deal``, ``redeal``, ``hand_combo``, ``play``, ``flip``,
``take``, ``yaku``, ``koikoi``, ``stop``, ``ryukyoku``, ``round_end``, ``game_end``. Events produced by
``new_game`` itself (the Oya draw and the first round's start, possibly a hand combo)
are kept in ``state.opening_events`` (see :func:`opening_events`).
"""

from __future__ import annotations

from typing import Any

from games.base import GameError, Result, SeatInfo, placings
from games.fishing import check_over
from games.koikoi import events as E
from games.koikoi.actions import describe
from games.koikoi.deals import deal_number as deal_number
from games.koikoi.early_end import end_early as end_early
from games.koikoi.events import KoiKoiEvent
from games.koikoi.moves import apply as apply
from games.koikoi.moves import legal_actions as legal_actions
from games.koikoi.options import Options, parse_options
from games.koikoi.policy import bot_choose as bot_choose
from games.koikoi.rounds import oya_draw, start_round
from games.koikoi.state import KoiKoiState, Side, check_deck, seat_count
from games.koikoi.views import public_view as public_view
from games.koikoi.views import view as view
from games.table_state import opening

State = KoiKoiState
describe_action = describe


def new_game(
    options: Options | dict[str, Any] | None,
    seats: list[SeatInfo] | list[str],
    seed: str,
    decks: list[list[str]] | None = None,
    order: list[int] | None = None,
) -> KoiKoiState:
    """A fresh game: Oya draw, then the first round is dealt (see the module doc)."""
    options, infos = opening(options, seats, seed, parse_options)
    n = options.players
    events: list[KoiKoiEvent] = []
    if order is None:
        order, attempts = oya_draw(seed, n)
        for att in attempts:
            events.append(E.OyaDraw(**att, order=order if not att["redraw"] else None))
    else:
        if sorted(order) != list(range(n)):
            raise GameError(f"The turn order must list each of the {n} seats once.")
        order = list(order)
    if decks is not None:
        decks = [check_deck(list(d)) for d in decks]
    if n == 4:
        teams = [sorted([order[0], order[2]]), sorted([order[1], order[3]])]
        side_of = [0 if s in teams[0] else 1 for s in range(4)]
        sides = [Side(seats=t) for t in teams]
    else:
        side_of = list(range(n))
        sides = [Side(seats=[s]) for s in range(n)]
    state = KoiKoiState(
        options=options,
        seats=infos,
        seed=seed,
        order=order,
        side_of=side_of,
        sides=sides,
        oya=order[0],
        decks=decks,
        hands=[[] for _ in range(n)],
        scores=[0] * n,
    )
    start_round(state, events)
    state.opening_events = events
    return state


def opening_events(state: KoiKoiState) -> list[KoiKoiEvent]:
    """Events produced by ``new_game`` (Oya draw, first round start, …)."""
    return list(state.opening_events)


def to_act(state: KoiKoiState) -> list[int]:
    if state.phase == "over" or state.turn is None:
        return []
    return [state.turn]


def is_over(state: KoiKoiState) -> bool:
    return state.phase == "over"


def decision_continues(state: KoiKoiState, seat: int) -> bool:
    """A turn is one decision: after the card played the same player goes on with the flipped card's
    capture choice and the Koi-Koi or stop call."""
    return state.turn == seat and state.phase in ("choose_take", "decide")


def hidden_cards(state: KoiKoiState) -> dict[int, list[str]]:
    return {s: list(h) for s, h in enumerate(state.hands)}


def result(state: KoiKoiState) -> Result:
    check_over(state.phase)
    return Result(
        scores=list(state.scores),
        placings=placings(state.scores),
        summary={
            "variant": state.options.variant,
            "months": state.months_done,
            "rounds": [
                {k: r[k] for k in ("round", "kind", "winner", "base", "value", "factor", "payments")}
                for r in state.rounds
            ],
            "teams": [list(s.seats) for s in state.sides] if seat_count(state) == 4 else None,
        },
    )


def load(snapshot: str) -> KoiKoiState:
    return KoiKoiState.model_validate_json(snapshot)

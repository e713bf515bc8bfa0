"""Hachi-Hachi state machine (docs/rules/hachihachi.md §2-§12).

It names every hook and model ``GAME`` binds (:meth:`games.base.GameBase.from_engine`), defined here or passed on
from the module of its concern.

Seeds and fair shuffles (docs/design.md §3)
-----------------------------------
``new_game(options, seats, seed)`` takes a secret master seed. Month ``m`` of game ``g``
(campaigns play several games) uses ``month_seed = sha256_hex(f"{master}:{g}:{m}")``;
the ``round_start`` event (the month begins) shows ``hash = sha256_hex(month_seed)`` and ``month_end``
reveals the month seed. Deal attempt ``k`` (0, then 1, 2 … after redeals) uses
``seeded_shuffle(month_seed, k, DECK)`` of :mod:`games.shuffle` over the canonical deck (with
7 players the deck is the canonical one followed by the blank card ``BLANK``: 49 cards).
The stock (§4 phase 6) is the list "undealt cards in deck order, then the hands of the
passers and the Chassés in bidding order" shuffled with
``seeded_shuffle(sha256_hex(month_seed + ":stock"), 0, that list)``.

Tests may inject ``decks=[…]`` (each deal attempt takes the next one) and
``stocks=[…]`` (each formed stock is replaced by the next one, which must hold the same
cards). Seat ``order`` is the order given; seat 0 deals month 1 (game g of a campaign:
seat (g-1) mod N).

Money is kept in points (§1). Every payment goes through :func:`games.hachihachi.payments.pay`, one call per
*step* (§10): amounts are netted per player first; a payer short of cash takes the
minimum number of 120-point loans. ``games.hachihachi.state.check_invariant`` verifies §1.

Events with ``seat=None`` are public and never name a hidden card; the few private ones
(``your_hand``) carry a seat.
"""

from __future__ import annotations

from games.base import SeatInfo
from games.hachihachi import month
from games.hachihachi.actions import describe
from games.hachihachi.deals import deal_number as deal_number
from games.hachihachi.events import HachiHachiEvent
from games.hachihachi.ledger import ledger_entries as ledger_entries
from games.hachihachi.ledger import result as result
from games.hachihachi.moves import apply as apply
from games.hachihachi.moves import legal_actions as legal_actions
from games.hachihachi.options import Options, parse_options
from games.hachihachi.policy import bot_choose as bot_choose
from games.hachihachi.state import (
    LOAN,
    START_CASH,
    HHState,
    check_deck,
    check_invariant,
    seat_count,
)
from games.hachihachi.views import public_view as public_view
from games.hachihachi.views import view as view
from games.table_state import opening

State = HHState
describe_action = describe


def new_game(
    options: Options | dict | None,
    seats: list[SeatInfo] | list[str],
    seed: str,
    decks: list[list[str]] | None = None,
    stocks: list[list[str]] | None = None,
) -> HHState:
    options, infos = opening(options, seats, seed, parse_options)
    n = len(infos)
    if decks is not None:
        decks = [check_deck(list(d), n) for d in decks]
    state = HHState(
        options=options,
        seats=infos,
        seed=seed,
        decks=decks,
        stocks=[list(s) for s in stocks] if stocks else None,
        games_total=n if options.campaign else 1,
        cash=[START_CASH] * n,
        debt=[0] * n,
        loans=[0] * n,
        repaid=[0] * n,
        track=[0] * options.months,
        track_fields=[0] * options.months,
        hands=[[] for _ in range(n)],
        dealt=[[] for _ in range(n)],
        bids=[None] * n,
        declared=[None] * n,
        captures=[[] for _ in range(n)],
        held=[[] for _ in range(n)],
        tobikomi=[[] for _ in range(n)],
        nukeyaku=[False] * n,
        totals=[0] * n,
    )
    events: list[HachiHachiEvent] = []
    month.start_game(state, events)
    state.opening_events = events
    check_invariant(state)
    return state


def opening_events(state: HHState) -> list[HachiHachiEvent]:
    return list(state.opening_events)


def to_act(state: HHState) -> list[int]:
    if state.phase == "over":
        return []
    return list(state.acting)


def is_over(state: HHState) -> bool:
    return state.phase == "over"


def decision_continues(state: HHState, seat: int) -> bool:
    """A turn is one decision (§4): after the card played the same player goes on with the flipped
    card's capture choice and the Yoshi or Sa-gé call."""
    return state.turn == seat and state.phase in ("take", "decide")


def hidden_cards(state: HHState) -> dict[int, list[str]]:
    """Every seat's concealed cards: the hand minus what a declaration shows face up."""
    out = {}
    for s, h in enumerate(state.hands):
        d = state.declared[s]
        up = set(d["up"]) if d else set()
        out[s] = [c for c in h if c not in up]
    return out


def load(snapshot: str) -> HHState:
    state = HHState.model_validate_json(snapshot)
    if not state.account:  # a table saved before the accounts existed: book its year so far
        state.account = [
            {
                "start": START_CASH,
                "loan": LOAN * state.loans[s],
                "repay": -state.repaid[s],
                "months": state.cash[s] - START_CASH - LOAN * state.loans[s] + state.repaid[s],
            }
            for s in range(seat_count(state))
        ]
    return state

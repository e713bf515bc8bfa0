"""Black Flower's game and its rounds: the first banker, a round's start and seed, its end
(docs/rules/blackflower.md §2–§3).

Seeds and fair shuffles (docs/design.md §3)
-------------------------------------------
``new_game(options, seats, seed)`` takes a master seed (kept secret).

* **First banker** (§2): ``draw_seed = sha256_hex(f"{master}:banker")``; the deck
  ``seeded_shuffle(draw_seed, 0, DECK)`` is drawn card by card, card ``k`` going to seat ``k mod n``,
  until a Bright appears; that seat is the first banker. The draw is public (``banker_draw``).
* **Round seed**: round ``r`` (1-based) uses ``round_seed = sha256_hex(f"{master}:{r}")``.
  ``round_start`` shows ``hash = sha256_hex(round_seed)``; ``round_end`` reveals the seed.
* **Deck of round r**: ``seeded_shuffle(round_seed, 0, DECK)`` (see :mod:`games.shuffle`); the top
  of the deck is dealt first. Tests may inject decks (``decks=[...]``, one per dealt round).
"""

from __future__ import annotations

from typing import Any

from games.base import GameError, SeatInfo, placings
from games.blackflower import events as E
from games.blackflower.events import BlackFlowerEvent
from games.blackflower.options import Options, parse_options
from games.blackflower.state import DEFAULT_BALANCE, BlackFlowerState, Phase, scores, seat_count
from games.hanafuda import BRIGHT, DECK, KIND
from games.shuffle import seeded_shuffle, sha256_hex
from games.table_state import opening


def banker_draw(seed: str, n: int) -> tuple[int, list[dict[str, Any]]]:
    """First banker (§2): draws in seat order until a Bright. Returns (banker, draws)."""
    deck = seeded_shuffle(sha256_hex(f"{seed}:banker"), 0, DECK)
    draws = []
    for k, code in enumerate(deck):
        seat = k % n
        draws.append({"seat": seat, "card": code})
        if KIND[code] == BRIGHT:
            return seat, draws
    raise AssertionError("a deck always holds a Bright")  # pragma: no cover


def _check_deck(deck: list[str]) -> list[str]:
    if len(deck) != 48 or set(deck) != set(DECK):
        raise GameError("An injected deck must hold each of the 48 cards exactly once.")
    return list(deck)


def new_game(
    options: Options | dict | None,
    seats: list[SeatInfo] | list[str],
    seed: str,
    decks: list[list[str]] | None = None,
    first_banker: int | None = None,
) -> BlackFlowerState:
    options, infos = opening(options, seats, seed, parse_options)
    n = len(infos)
    events: list[BlackFlowerEvent] = []
    if first_banker is None:
        banker, draws = banker_draw(seed, n)
        events.append(E.BankerDraw(draws=draws, banker=banker))
    else:
        if not 0 <= first_banker < n:
            raise GameError(f"There is no seat {first_banker}.")
        banker = first_banker
        events.append(E.BankerDraw(draws=[], banker=banker))
    chips = [DEFAULT_BALANCE if s.balance is None else int(s.balance) for s in infos]
    state = BlackFlowerState(
        options=options,
        seats=infos,
        seed=seed,
        host=next((i for i, s in enumerate(infos) if not s.bot), None),  # the first human seat
        chips=chips,
        start_chips=list(chips),
        banker=banker,
        rounds_target=options.rounds_for(n),
        decks=[_check_deck(d) for d in decks] if decks is not None else None,
    )
    start_round(state, events)
    state.opening_events = events
    return state


def opening_events(state: BlackFlowerState) -> list[BlackFlowerEvent]:
    return list(state.opening_events)


def load(snapshot: str) -> BlackFlowerState:
    return BlackFlowerState.model_validate_json(snapshot)


def game_over(state: BlackFlowerState, events: list[BlackFlowerEvent], reason: str) -> None:
    state.phase = Phase.OVER
    state.turn = None
    state.offer = None
    state.end_reason = reason
    won = scores(state)
    events.append(E.GameEnd(reason=reason, scores=won, placings=placings(won), chips=list(state.chips)))


def start_round(state: BlackFlowerState, events: list[BlackFlowerEvent]) -> None:
    n = seat_count(state)
    eligible = [s for s in range(n) if s != state.banker and state.chips[s] >= state.options.min_bet]
    if not eligible:  # §3: no non-banker can cover the minimum bet
        game_over(state, events, "nobody but the banker can cover the minimum bet")
        return
    state.round += 1
    state.round_seed = sha256_hex(f"{state.seed}:{state.round}")
    state.round_hash = sha256_hex(state.round_seed)
    state.phase = Phase.BETTING
    state.eligible = eligible
    state.decided = []
    state.bets = [0] * n
    state.order = []
    state.hands = [[] for _ in range(n)]
    state.banker_hand = None
    state.revealed = False
    state.deck = []
    state.turn = None
    state.hand_index = 0
    state.offer = None
    state.host_ready = not (state.rounds_target == 0 and state.host == state.banker)
    events.append(
        E.RoundStart(
            round=state.round,
            rounds=state.rounds_target,
            banker=state.banker,
            hash=state.round_hash,
            eligible=list(eligible),
        )
    )


def close_round(
    state: BlackFlowerState,
    events: list[BlackFlowerEvent],
    entry: dict[str, Any],
    movements: list[dict[str, Any]],
    next_banker: int | None,
) -> None:
    """The round ends: its ``history`` entry kept, the bets cleared, ``round_end`` told (its seed revealed)."""
    state.history.append(entry)
    state.bets = [0] * seat_count(state)
    state.last_round = {
        **entry,
        "movements": movements,
        "chips": list(state.chips),
        "seed": state.round_seed,
        "hash": state.round_hash,
        "next_banker": next_banker,
    }
    events.append(E.RoundEnd(**state.last_round))


def ended_after_last_round(state: BlackFlowerState, events: list[BlackFlowerEvent]) -> bool:
    """Ends the game when the round just closed was its last; whether it did."""
    if state.rounds_target and state.round >= state.rounds_target:
        game_over(state, events, "all rounds played")
        return True
    return False

"""Starting a game and each round: the first lead, the round's seed and deck, the deal (docs/rules/bcpoker.md §2).

The round seed, the deck and the deal follow the protocol :mod:`games.bcpoker.engine` describes, so a round's
revealed seed lets anyone deal it again (``python -m games verify bcpoker``).
"""

from __future__ import annotations

from games.base import GameError, SeatInfo
from games.bcpoker.cards import make_deck, sort_codes
from games.bcpoker.events import BCPokerEvent, Deal, RoundStart
from games.bcpoker.options import Options, decks_for, parse_options
from games.bcpoker.state import HAND_SIZE, BCState
from games.shuffle import seeded_shuffle, sha256_hex
from games.table_state import opening


def first_lead(seed: str, n: int) -> int:
    return int(sha256_hex(f"{seed}:lead"), 16) % n


def round_deck(round_seed: str, decks: int) -> list[str]:
    return seeded_shuffle(round_seed, 0, make_deck(decks))


def deal(deck: list[str], lead: int, n: int) -> tuple[list[list[str]], list[str]]:
    """Hands per seat and the rest of the deck: seat (lead + k) % n gets cards 7k .. 7k+6."""
    hands: list[list[str]] = [[] for _ in range(n)]
    for k in range(n):
        hands[(lead + k) % n] = list(deck[HAND_SIZE * k : HAND_SIZE * (k + 1)])
    return hands, list(deck[HAND_SIZE * n :])


def new_game(
    options: Options | dict | None,
    seats: list[SeatInfo] | list[str],
    seed: str,
    decks: list[list[str]] | None = None,
    lead: int | None = None,
) -> BCState:
    options, infos = opening(options, seats, seed, parse_options)
    n = len(infos)
    n_decks = decks_for(n)
    deck_source = _injected(decks, n_decks)
    state = BCState(
        options=options,
        seats=infos,
        seed=seed,
        players=n,
        decks=n_decks,
        lead=_first(seed, n, lead),
        lead_counts=[0] * n,
        scores=[0] * n,
        deck_source=deck_source,
        hands=[[] for _ in range(n)],
        riichi=[False] * n,
        draws=[0] * n,
        discards=[0] * n,
    )
    events: list[BCPokerEvent] = []
    start_round(state, events)
    state.opening = events
    return state


def _injected(decks: list[list[str]] | None, n_decks: int) -> list[list[str]] | None:
    """The decks a test deals from, each checked to hold exactly the cards of the game's decks."""
    if decks is None:
        return None
    canonical = sorted(make_deck(n_decks))
    for d in decks:
        if sorted(d) != canonical:
            raise GameError(f"An injected deck must hold exactly the {len(canonical)} cards of {n_decks} deck(s).")
    return [list(d) for d in decks]


def _first(seed: str, n: int, lead: int | None) -> int:
    """The first lead: drawn from the seed, or the seat a test names."""
    if lead is None:
        return first_lead(seed, n)
    if not 0 <= lead < n:
        raise GameError(f"There is no seat {lead} to lead.")
    return lead


def opening_events(state: BCState) -> list[BCPokerEvent]:
    return list(state.opening)


def start_round(state: BCState, events: list[BCPokerEvent]) -> None:
    n = state.players
    state.round += 1
    state.round_seed = sha256_hex(f"{state.seed}:{state.round}")
    state.round_hash = sha256_hex(state.round_seed)
    if state.deck_source and len(state.deck_source) >= state.round:
        deck = list(state.deck_source[state.round - 1])
    else:
        deck = round_deck(state.round_seed, state.decks)
    state.hands, state.deck = deal(deck, state.lead, n)
    state.pile, state.pile_named = [], []
    state.riichi = [False] * n
    state.draws = [0] * n
    state.discards = [0] * n
    state.reshuffles = 0
    state.window = None
    state.hit = None
    reset_turn(state)
    state.phase = "draw"
    state.turn = state.lead
    events.append(
        RoundStart(
            round=state.round,
            lead=state.lead,
            hash=state.round_hash,
            deck_size=len(state.deck),
            decks=state.decks,
            lead_counts=list(state.lead_counts),
        )
    )
    for s in range(n):
        events.append(Deal(hand=sort_codes(state.hands[s]), seat=s))


def reset_turn(state: BCState) -> None:
    state.drawn = None
    state.drawn_from = None
    state.taken = None
    state.exchange_left = 0
    state.exchanged = []
    state.after_exchange = False

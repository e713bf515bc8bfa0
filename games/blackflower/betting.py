"""The end of Black Flower's betting: the deal, or a round without one (nobody bet, or the host ended the game),
docs/rules/blackflower.md §4."""

from __future__ import annotations

from games.blackflower import events as E
from games.blackflower.events import BlackFlowerEvent
from games.blackflower.rounds import close_round, ended_after_last_round, game_over, start_round
from games.blackflower.state import BlackFlowerState, Hand, seat_count
from games.blackflower.turns import begin_hand
from games.hanafuda import DECK
from games.shuffle import seeded_shuffle


def betting_done(state: BlackFlowerState) -> bool:
    return state.host_ready and all(s in state.decided for s in state.eligible)


def after_betting(state: BlackFlowerState, events: list[BlackFlowerEvent]) -> None:
    if state.end_requested:
        end_round_no_deal(state, events, ended=True)
        return
    if not any(state.bets):
        events.append(E.NoBets(round=state.round, banker=state.banker))
        end_round_no_deal(state, events, ended=False)
        return
    _deal(state, events)


def end_round_no_deal(state: BlackFlowerState, events: list[BlackFlowerEvent], ended: bool) -> None:
    """A round without cards: the bets placed are returned (the host ended the game, or nobody bet)."""
    for s, b in enumerate(state.bets):
        state.chips[s] += b
    n = seat_count(state)
    entry = {
        "round": state.round,
        "banker": state.banker,
        "stakes": [0] * n,
        "returned": [0] * n,
        "nets": [0] * n,
        "hands": [],
        "dealt": False,
    }
    close_round(state, events, entry, [], state.banker)
    if ended:
        game_over(state, events, "the host ended the game")
    elif not ended_after_last_round(state, events):
        start_round(state, events)


def round_deal(
    deck: list[str], n: int, banker: int, betting: list[bool]
) -> tuple[list[int], dict[int, list[str]], list[str], list[str]]:
    """The deal of a round: one card at a time to each seat that bet, in play order (the seats
    before the banker's, counting down), then to the banker, twice round. Returns the seats in play
    order, their two cards, the banker's two cards (the first face down) and the rest of the deck."""
    order = [(banker - k) % n for k in range(1, n) if betting[(banker - k) % n]]
    hands: dict[int, list[str]] = {s: [] for s in order}
    banker_cards: list[str] = []
    pos = 0
    for _ in range(2):
        for s in order:
            hands[s].append(deck[pos])
            pos += 1
        banker_cards.append(deck[pos])
        pos += 1
    return order, hands, banker_cards, list(deck[pos:])


def _deal(state: BlackFlowerState, events: list[BlackFlowerEvent]) -> None:
    n, b = seat_count(state), state.banker
    if state.decks is not None and state.deck_pos < len(state.decks):
        deck = list(state.decks[state.deck_pos])
        state.deck_pos += 1
    else:
        deck = seeded_shuffle(state.round_seed, 0, DECK)
    order, dealt, banker_cards, state.deck = round_deal(deck, n, b, [bet > 0 for bet in state.bets])
    state.order = order
    for s in order:
        state.hands[s] = [Hand(stake=state.bets[s], cards=dealt[s])]
    state.banker_hand = Hand(cards=banker_cards)
    events.append(
        E.Deal(
            round=state.round,
            order=list(order),
            hands=[{"seat": s, "cards": list(state.hands[s][0].cards)} for s in order],
            banker=b,
            banker_up=state.banker_hand.cards[1],
        )
    )
    state.turn = order[0]
    state.hand_index = 0
    begin_hand(state, events)

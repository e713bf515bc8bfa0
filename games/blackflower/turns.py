"""Black Flower's turns: each player's hands in deal order, then the banker's; a hand stands, busts or waits for
the next choice after every card (docs/rules/blackflower.md §5–§8, §11)."""

from __future__ import annotations

from typing import Any

from games.blackflower import events as E
from games.blackflower import hands as H
from games.blackflower.actions import Move
from games.blackflower.events import BlackFlowerEvent
from games.blackflower.moves import legal_actions
from games.blackflower.settlement import settle
from games.blackflower.state import BlackFlowerState, Hand, Phase, dealt_banker_hand, draw, no_pairs, turn_seat


def take_card(state: BlackFlowerState, hand: Hand) -> str:
    """The top card of the deck, into ``hand``."""
    card = draw(state)
    hand.cards.append(card)
    return card


def begin_hand(state: BlackFlowerState, events: list[BlackFlowerEvent]) -> None:
    """The current seat's current hand starts (a split hand first receives its second card)."""
    seat, idx = turn_seat(state), state.hand_index
    hand = state.hands[seat][idx]
    if hand.split and len(hand.cards) == 1:
        if not state.deck:  # cannot happen: a split needs two cards left (§11)
            stand(state, events, seat, idx, auto="no cards left")
            return
        card = take_card(state, hand)
        events.append(E.CardDrawn(player=seat, hand=idx, card=card, why="split", **hand_info(state, hand)))
    if not hand.split and not hand.played_on and H.is_niko_deal(hand.cards):
        state.phase = Phase.NIKO
        return
    state.phase = Phase.PLAY
    maybe_auto_stand(state, events)


def maybe_auto_stand(state: BlackFlowerState, events: list[BlackFlowerEvent]) -> None:
    """A hand that can take no card and has no other choice stands by itself (§11)."""
    seat, idx = turn_seat(state), state.hand_index
    if state.phase == Phase.PLAY and legal_actions(state, seat) == [Move.STAND]:
        stand(state, events, seat, idx, auto="no more cards can be drawn")


def hand_info(state: BlackFlowerState, hand: Hand) -> dict[str, Any]:
    t = H.totals(hand.cards, no_pairs(state))
    return {"cards": list(hand.cards), "low": t[0], "high": t[-1], "best": H.standing(hand.cards, no_pairs(state))}


def stand(
    state: BlackFlowerState, events: list[BlackFlowerEvent], seat: int, idx: int, auto: str | None = None
) -> None:
    hand = state.hands[seat][idx]
    hand.status = "stood"
    hand.special = H.special(hand.cards, hand.niko)
    value = H.standing(hand.cards, no_pairs(state))
    events.append(E.Stand(player=seat, hand=idx, value=value, special=hand.special, auto=auto, cards=list(hand.cards)))
    next_hand(state, events)


def after_card(state: BlackFlowerState, events: list[BlackFlowerEvent], seat: int, idx: int) -> None:
    """§5 step 4: special hand → stand; hard > 13 → bust; 5 cards (or a doubled hand's card) → stand."""
    hand = state.hands[seat][idx]
    sp = H.special(hand.cards)
    if sp is not None:
        stand(state, events, seat, idx, auto=H.title(sp))
    elif H.is_bust(hand.cards, no_pairs(state)):
        hand.status = "bust"
        events.append(E.Bust(player=seat, hand=idx, hard=H.hard(hand.cards, no_pairs(state)), cards=list(hand.cards)))
        next_hand(state, events)
    elif len(hand.cards) >= H.MAX_CARDS:
        stand(state, events, seat, idx, auto="five cards")
    elif hand.doubled:
        stand(state, events, seat, idx, auto="doubled down")
    else:
        maybe_auto_stand(state, events)


def next_hand(state: BlackFlowerState, events: list[BlackFlowerEvent]) -> None:
    seat = turn_seat(state)
    if state.hand_index + 1 < len(state.hands[seat]):
        state.hand_index += 1
        begin_hand(state, events)
        return
    pos = state.order.index(seat)
    if pos + 1 < len(state.order):
        state.turn = state.order[pos + 1]
        state.hand_index = 0
        begin_hand(state, events)
        return
    banker_turn(state, events)


def banker_turn(state: BlackFlowerState, events: list[BlackFlowerEvent]) -> None:
    state.turn = state.banker
    state.hand_index = 0
    state.revealed = True
    bh = dealt_banker_hand(state)
    events.append(E.BankerReveal(player=state.banker, card=bh.cards[0], **hand_info(state, bh)))
    if H.is_niko_deal(bh.cards):
        state.phase = Phase.BANKER_NIKO
        return
    banker_continue(state, events)


def _all_players_bust(state: BlackFlowerState) -> bool:
    return all(h.status == "bust" for s in state.order for h in state.hands[s])


def banker_continue(state: BlackFlowerState, events: list[BlackFlowerEvent]) -> None:
    bh = dealt_banker_hand(state)
    if _all_players_bust(state):  # §8
        events.append(E.BankerNoDraw(player=state.banker))
        banker_stand(state, events, auto="every player hand is bust")
        return
    state.phase = Phase.BANKER
    if not state.deck:
        banker_stand(state, events, auto="no more cards can be drawn")
    elif len(bh.cards) >= H.MAX_CARDS:
        banker_stand(state, events, auto="five cards")


def banker_stand(state: BlackFlowerState, events: list[BlackFlowerEvent], auto: str | None = None) -> None:
    bh = dealt_banker_hand(state)
    bh.status = "stood"
    bh.special = H.special(bh.cards, bh.niko)
    events.append(
        E.BankerStand(
            player=state.banker,
            value=H.standing(bh.cards, no_pairs(state)),
            special=bh.special,
            auto=auto,
            cards=list(bh.cards),
        )
    )
    settle(state, events)


def banker_after_card(state: BlackFlowerState, events: list[BlackFlowerEvent]) -> None:
    bh = dealt_banker_hand(state)
    sp = H.special(bh.cards)
    if sp is not None:
        banker_stand(state, events, auto=H.title(sp))
    elif H.is_bust(bh.cards, no_pairs(state)):
        bh.status = "bust"
        events.append(E.BankerBust(player=state.banker, hard=H.hard(bh.cards, no_pairs(state)), cards=list(bh.cards)))
        settle(state, events)
    elif len(bh.cards) >= H.MAX_CARDS or not state.deck:
        banker_stand(state, events, auto="five cards" if state.deck else "no more cards can be drawn")

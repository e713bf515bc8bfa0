"""Applying one Black Flower action: checked against the legal actions, then done by the phase's step
(docs/rules/blackflower.md §2–§8). A refused action raises :class:`games.base.GameError` and changes nothing."""

from __future__ import annotations

from collections.abc import Callable

from games.base import GameError
from games.blackflower import events as E
from games.blackflower.actions import Action, Bet, Move, parse
from games.blackflower.betting import after_betting, betting_done, end_round_no_deal
from games.blackflower.events import BlackFlowerEvent
from games.blackflower.moves import illegal_reason, legal_actions
from games.blackflower.settlement import change_banker, offer_from
from games.blackflower.state import BlackFlowerState, Hand, Phase, dealt_banker_hand, seat_count
from games.blackflower.turns import (
    after_card,
    banker_after_card,
    banker_continue,
    banker_stand,
    begin_hand,
    hand_info,
    maybe_auto_stand,
    stand,
    take_card,
)

Step = Callable[[BlackFlowerState, int, Action, list[BlackFlowerEvent]], None]


def apply(state: BlackFlowerState, seat: int, action: str) -> list[BlackFlowerEvent]:
    """Validate and apply one action; raise GameError (state unchanged) if illegal."""
    if state.phase == Phase.OVER:
        raise GameError("The game is over.")
    legal = legal_actions(state, seat) if isinstance(seat, int) and 0 <= seat < seat_count(state) else []
    if action not in legal:
        raise GameError(illegal_reason(state, seat, action))
    events: list[BlackFlowerEvent] = []
    state.actions += 1
    STEPS[state.phase](state, seat, parse(action), events)
    return events


def _betting(state: BlackFlowerState, seat: int, action: Action, events: list[BlackFlowerEvent]) -> None:
    if action is Move.END:
        state.end_requested = True
        events.append(E.EndRequested(player=seat))
        end_round_no_deal(state, events, ended=True)
        return
    if action is Move.DEAL:
        state.host_ready = True
    elif action is Move.SIT:
        state.decided.append(seat)
        events.append(E.Sit(player=seat))
    elif isinstance(action, Bet):
        state.decided.append(seat)
        state.bets[seat] = action.amount
        state.chips[seat] -= action.amount
        events.append(E.Bet(player=seat, amount=action.amount, chips=state.chips[seat]))
    if betting_done(state):
        after_betting(state, events)


def _niko(state: BlackFlowerState, seat: int, action: Action, events: list[BlackFlowerEvent]) -> None:
    hand = state.hands[seat][state.hand_index]
    if action is Move.NIKO:
        hand.niko = True
        events.append(E.NiKo(player=seat, hand=state.hand_index, cards=list(hand.cards)))
        stand(state, events, seat, state.hand_index, auto="Ni-Ko")
        return
    hand.played_on = True
    events.append(E.PlayOn(player=seat, hand=state.hand_index, cards=list(hand.cards)))
    state.phase = Phase.PLAY
    maybe_auto_stand(state, events)


def _play(state: BlackFlowerState, seat: int, action: Action, events: list[BlackFlowerEvent]) -> None:
    idx = state.hand_index
    hand = state.hands[seat][idx]
    if action is Move.STAND:
        stand(state, events, seat, idx)
    elif action is Move.HIT:
        card = take_card(state, hand)
        hand.hits += 1
        events.append(E.CardDrawn(player=seat, hand=idx, card=card, why="hit", **hand_info(state, hand)))
        after_card(state, events, seat, idx)
    elif action is Move.DOUBLE:
        state.chips[seat] -= hand.stake
        hand.stake *= 2
        hand.doubled = True
        events.append(E.Double(player=seat, hand=idx, stake=hand.stake, chips=state.chips[seat]))
        maybe_auto_stand(state, events)
    elif action is Move.SPLIT:
        _split(state, seat, hand, events)


def _split(state: BlackFlowerState, seat: int, hand: Hand, events: list[BlackFlowerEvent]) -> None:
    """Two dealt cards become two hands of one card each and the same stake (each gets its second card in turn)."""
    stake = hand.stake
    state.chips[seat] -= stake
    first, second = hand.cards
    state.hands[seat] = [
        Hand(cards=[first], stake=stake, split=True, played_on=hand.played_on),
        Hand(cards=[second], stake=stake, split=True, played_on=hand.played_on),
    ]
    events.append(E.Split(player=seat, cards=[first, second], stake=stake, chips=state.chips[seat]))
    state.hand_index = 0
    begin_hand(state, events)


def _banker_niko(state: BlackFlowerState, seat: int, action: Action, events: list[BlackFlowerEvent]) -> None:
    bh = dealt_banker_hand(state)
    if action is Move.NIKO:
        bh.niko = True
        events.append(E.NiKo(player=seat, hand=0, cards=list(bh.cards), banker=True))
        banker_stand(state, events, auto="Ni-Ko")
        return
    bh.played_on = True
    events.append(E.PlayOn(player=seat, hand=0, cards=list(bh.cards), banker=True))
    banker_continue(state, events)


def _banker(state: BlackFlowerState, seat: int, action: Action, events: list[BlackFlowerEvent]) -> None:
    if action is Move.STAND:
        banker_stand(state, events)
        return
    bh = dealt_banker_hand(state)
    card = take_card(state, bh)
    bh.hits += 1
    events.append(E.BankerCard(player=seat, card=card, **hand_info(state, bh)))
    banker_after_card(state, events)


def _offer(state: BlackFlowerState, seat: int, action: Action, events: list[BlackFlowerEvent]) -> None:
    if action is Move.ACCEPT:
        events.append(E.BankAccept(player=seat))
        state.offer = None
        change_banker(state, events, seat, "accepted the bank")
        return
    events.append(E.BankDecline(player=seat))
    offer_from(state, events, (seat + 1) % seat_count(state))


STEPS: dict[str, Step] = {
    Phase.BETTING: _betting,
    Phase.NIKO: _niko,
    Phase.PLAY: _play,
    Phase.BANKER_NIKO: _banker_niko,
    Phase.BANKER: _banker,
    Phase.OFFER: _offer,
}

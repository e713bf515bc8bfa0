"""Who acts in Black Flower and what they may do: the seats to act, each one's legal actions, and a sentence for
an action that is not allowed (docs/rules/blackflower.md §2–§8)."""

from __future__ import annotations

from games.base import GameError
from games.blackflower import hands as H
from games.blackflower.actions import Action, Bet, Move, parse
from games.blackflower.state import BlackFlowerState, Hand, Phase, dealt_banker_hand, seat_count, turn_seat
from games.hanafuda import KIND, MONTH


def to_act(state: BlackFlowerState) -> list[int]:
    if state.phase == Phase.BETTING:
        out = [s for s in state.eligible if s not in state.decided]
        if not state.host_ready and state.host is not None:
            out.append(state.host)
        return sorted(out)
    if state.phase in (Phase.NIKO, Phase.PLAY, Phase.BANKER_NIKO, Phase.BANKER):
        return [turn_seat(state)]
    if state.phase == Phase.OFFER:
        return [] if state.offer is None else [state.offer]
    return []


def is_over(state: BlackFlowerState) -> bool:
    return state.phase == Phase.OVER


def at_stake(state: BlackFlowerState) -> list[int]:
    """Chips each seat has at stake and not yet settled: the bets, then the stakes of unsettled hands.
    They are out of ``chips`` (the balance) but not lost: a push returns them, a win doubles them."""
    if state.phase == Phase.BETTING:
        return list(state.bets)
    return [sum(h.stake for h in seat_hands if h.result is None) for seat_hands in state.hands] or [0] * seat_count(
        state
    )


def max_bet_for(state: BlackFlowerState, seat: int) -> int:
    return min(state.options.max_bet, state.chips[seat])


def _can_split(state: BlackFlowerState, seat: int, hand: Hand) -> bool:
    o = state.options
    if hand.split or hand.hits or hand.doubled or len(hand.cards) != 2 or len(state.hands[seat]) != 1:
        return False
    if state.chips[seat] < hand.stake or len(state.deck) < 2:
        return False
    a, b = hand.cards
    return (o.split_by_month and MONTH[a] == MONTH[b]) or (o.split_by_kind and KIND[a] == KIND[b])


def _can_double(state: BlackFlowerState, seat: int, hand: Hand) -> bool:
    return (
        state.options.double_down
        and not hand.split
        and not hand.doubled
        and hand.hits == 0
        and len(hand.cards) == 2
        and state.chips[seat] >= hand.stake
        and len(state.deck) >= 1
    )


def legal_actions(state: BlackFlowerState, seat: int) -> list[str]:
    if seat not in to_act(state):
        return []
    phase = state.phase
    if phase == Phase.BETTING:
        return _betting_actions(state, seat)
    if phase in (Phase.NIKO, Phase.BANKER_NIKO):
        return [str(Move.NIKO), str(Move.PLAYON)]
    if phase == Phase.PLAY:
        hand = state.hands[seat][state.hand_index]
        out: list[Move] = []
        if _can_split(state, seat, hand):
            out.append(Move.SPLIT)
        if _can_double(state, seat, hand):
            out.append(Move.DOUBLE)
        if state.deck and len(hand.cards) < H.MAX_CARDS and not (hand.doubled and hand.hits):
            out.append(Move.HIT)
        out.append(Move.STAND)
        return [str(a) for a in out]
    if phase == Phase.BANKER:
        can_hit = state.deck and len(dealt_banker_hand(state).cards) < H.MAX_CARDS
        return [str(a) for a in ([Move.HIT] if can_hit else []) + [Move.STAND]]
    if phase == Phase.OFFER:
        return [str(Move.ACCEPT), str(Move.DECLINE)]
    return []


def _betting_actions(state: BlackFlowerState, seat: int) -> list[str]:
    out: list[Bet | Move] = []
    if seat in state.eligible and seat not in state.decided:
        out += [Bet(a) for a in range(state.options.min_bet, max_bet_for(state, seat) + 1)]
        out.append(Move.SIT)
    elif seat == state.host and not state.host_ready:
        out.append(Move.DEAL)
    if state.rounds_target == 0 and seat == state.host:
        out.append(Move.END)
    return [str(a) for a in out]


def illegal_reason(state: BlackFlowerState, seat: int, action: str) -> str:
    """A clear sentence saying why ``action`` is not allowed now (the action is not applied)."""
    if state.phase == Phase.OVER:
        return "The game is over."
    if not isinstance(seat, int) or not 0 <= seat < seat_count(state):
        return f"There is no seat {seat} at this table."
    if seat not in to_act(state):
        return _not_asked(state, seat)
    try:
        parsed = parse(action)
    except GameError as error:
        return str(error)
    reason = None
    if state.phase == Phase.BETTING and isinstance(parsed, Bet):
        reason = _bet_refused(state, seat, parsed.amount)
    elif state.phase == Phase.PLAY:
        reason = _play_refused(state, seat, parsed)
    elif state.phase in (Phase.NIKO, Phase.BANKER_NIKO):
        reason = "First choose: claim Ni-Ko or play on."
    if reason is not None:
        return reason
    legal = legal_actions(state, seat)
    shown = ", ".join(legal[:3]) + (", …" if len(legal) > 3 else "")
    return f"That is not possible now; you may: {shown}."


def _not_asked(state: BlackFlowerState, seat: int) -> str:
    """Why a seat not asked to act cannot act."""
    if state.phase == Phase.BETTING and seat == state.banker:
        return "You are the banker: the banker does not bet."
    if state.phase == Phase.BETTING and seat in state.decided:
        return "You have already answered for this round."
    if state.phase == Phase.BETTING and state.chips[seat] < state.options.min_bet:
        return (
            f"You have {state.chips[seat]} chips, less than the minimum bet of {state.options.min_bet}, "
            "so you sit out this round."
        )
    names = ", ".join(state.seats[s].name for s in to_act(state)) or "nobody"
    return f"It is not your turn; waiting for {names}."


def _bet_refused(state: BlackFlowerState, seat: int, amount: int) -> str | None:
    o = state.options
    if amount < o.min_bet:
        return f"The minimum bet is {o.min_bet} chips."
    if amount > o.max_bet:
        return f"The maximum bet is {o.max_bet} chips."
    if amount > state.chips[seat]:
        return f"You have only {state.chips[seat]} chips, so you can bet at most {state.chips[seat]}."
    return None


def _play_refused(state: BlackFlowerState, seat: int, action: Action) -> str | None:
    hand = state.hands[seat][state.hand_index]
    if action is Move.SPLIT:
        return _split_refused(state, seat, hand)
    if action is Move.DOUBLE:
        return _double_refused(state, seat, hand)
    if action is Move.HIT:
        if hand.doubled and hand.hits:
            return "After doubling down you may take only one card."
        if len(hand.cards) >= H.MAX_CARDS:
            return "A hand holds at most 5 cards."
        return "The deck is empty: no more cards can be drawn."
    return None


def _split_refused(state: BlackFlowerState, seat: int, hand: Hand) -> str:
    if not state.options.may_split:
        return "Splitting is not enabled at this table."
    if hand.split or len(state.hands[seat]) > 1:
        return "A split hand cannot be split again."
    if hand.hits or hand.doubled:
        return "You can split only before taking any extra card."
    if state.chips[seat] < hand.stake:
        return f"A split needs a second stake of {hand.stake} chips; you have {state.chips[seat]}."
    if len(state.deck) < 2:
        return "Not enough cards are left in the deck to split."
    return "These two cards cannot be split under this table's options."


def _double_refused(state: BlackFlowerState, seat: int, hand: Hand) -> str:
    if not state.options.double_down:
        return "Doubling down is not enabled at this table."
    if hand.split:
        return "A split hand cannot double down."
    if hand.hits or hand.doubled:
        return "You can double down only before taking any extra card."
    if state.chips[seat] < hand.stake:
        return f"Doubling needs another {hand.stake} chips; you have {state.chips[seat]}."
    return "No card is left in the deck, so you cannot double down."

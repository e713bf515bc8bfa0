"""Applying one action to the state (docs/rules/bcpoker.md §3-§7, §11): a draw, a take, a discard or chain and
the Ron window it may open, a Black Christmas hit, an exchange, a win. An action not legal now is refused with
a sentence (:mod:`games.bcpoker.refusals`) and changes nothing."""

from __future__ import annotations

from games.base import GameError
from games.bcpoker.actions import Discard, Under, Word, parse, win_kind
from games.bcpoker.cards import KX, beats, is_black, names_for, trigger_number
from games.bcpoker.events import (
    BCPokerEvent,
    BlackChristmas,
    Discarded,
    Draw,
    Drawn,
    ExchangeCards,
    ExchangeChosen,
    ExchangeDraw,
    ExchangeStep,
    Exhausted,
    Placed,
    Rebuild,
    RiichiCancelled,
    RonDeclared,
)
from games.bcpoker.legal import legal_actions
from games.bcpoker.refusals import refusal
from games.bcpoker.rounds import reset_turn
from games.bcpoker.scoring import end_round
from games.bcpoker.state import BCState, Hit, RonWindow, next_seat, prev_seat, to_act, wins
from games.bcpoker.views import view
from games.shuffle import seeded_shuffle


def apply(state: BCState, seat: int, action: str) -> list[BCPokerEvent]:
    """Validate and apply one action; raise GameError (state unchanged) if illegal."""
    _check(state, seat, action)
    events: list[BCPokerEvent] = []
    state.actions += 1
    match parse(action):
        case Word.RON | Word.PASS as word:
            _ron_decision(state, seat, word == Word.RON, events)
        case Word.DRAW:
            _draw(state, seat, events)
        case Word.TAKE:
            _take(state, seat, events)
        case Word.WIN:
            kind = win_kind(view(state, seat))
            end_round(state, [(seat, prev_seat(state, seat), kind, list(state.hands[seat]))], events)
        case Discard() as discard:
            _discard(state, seat, discard, events)
        case Word.GIVEUP:
            _cancel_riichi(state, seat, events, passed=True)
        case Word.EXCHANGE:
            _exchange(state, seat, events)
        case Under(code):
            _under(state, seat, code, events)
    return events


def _check(state: BCState, seat: int, action: str) -> None:
    """Refuse, with its sentence, an action that is not ``seat``'s to play now."""
    if state.phase == "over":
        raise GameError("The game is over.")
    if not isinstance(seat, int) or not 0 <= seat < state.players:
        raise GameError(f"There is no seat {seat} at this table.")
    acting = to_act(state)
    if seat not in acting:
        if state.phase == "ron":  # who may Ron stays secret
            raise GameError("It is not your turn: waiting for Ron decisions on the last discard.")
        waiting = ", ".join(state.seats[s].name for s in acting)
        raise GameError(f"It is not your turn: waiting for {waiting}.")
    if not isinstance(action, str) or action not in legal_actions(state, seat):
        raise refusal(state, seat, action if isinstance(action, str) else "")


def _the_hit(state: BCState) -> Hit:
    """The hit being answered (there is one in every phase that answers a hit)."""
    if state.hit is None:
        raise GameError("There is no Black Christmas hit to answer.")
    return state.hit


def _draw_card(state: BCState, events: list[BCPokerEvent]) -> str | None:
    """Top card of the deck, rebuilding an empty deck first (§11); None ends the round."""
    if not state.deck:
        limit = state.options.max_reshuffles
        if (limit and state.reshuffles >= limit) or len(state.pile) <= 1:
            events.append(Exhausted(reshuffles=state.reshuffles, limit=limit))
            end_round(state, [], events)
            return None
        state.reshuffles += 1
        cards = state.pile[:-1]
        state.deck = seeded_shuffle(state.round_seed, state.reshuffles, cards)
        state.pile, state.pile_named = state.pile[-1:], state.pile_named[-1:]
        events.append(
            Rebuild(
                count=state.reshuffles,
                limit=state.options.max_reshuffles,
                deck_size=len(state.deck),
                top=state.pile[-1],
            )
        )
    return state.deck.pop(0)


def _draw(state: BCState, seat: int, events: list[BCPokerEvent]) -> None:
    hit_turn = state.phase == "hit_draw"
    hit = _the_hit(state) if hit_turn else None
    card = _draw_card(state, events)
    if card is None:
        return
    state.hands[seat].append(card)
    state.draws[seat] += 1
    state.drawn, state.drawn_from = card, "deck"
    events.append(Draw(player=seat, source="deck", deck_size=len(state.deck), hit=hit_turn))
    events.append(Drawn(card=card, seat=seat))
    if hit is None:
        state.phase = "discard"
        return
    if state.riichi[seat]:
        can_win = wins(state, state.hands[seat])
        can_chain = is_black(card) and any(
            beats(trigger_number(card, nm), hit.card, hit.number) for nm in names_for(card)
        )
        if can_win or can_chain:
            state.phase = "hit_riichi"
            return
        _cancel_riichi(state, seat, events, passed=False)
        return
    state.phase = "hit_decide"


def _cancel_riichi(state: BCState, seat: int, events: list[BCPokerEvent], passed: bool) -> None:
    state.riichi[seat] = False
    state.phase = "hit_decide"
    events.append(RiichiCancelled(player=seat, by_choice=passed))


def _take(state: BCState, seat: int, events: list[BCPokerEvent]) -> None:
    card = state.pile.pop()
    named = state.pile_named.pop()
    state.hands[seat].append(card)
    state.draws[seat] += 1
    state.drawn, state.drawn_from, state.taken = None, "pile", card
    events.append(
        Draw(
            player=seat,
            source="pile",
            card=card,
            named=named if card == KX else None,
            deck_size=len(state.deck),
            hit=False,
        )
    )
    if state.riichi[seat]:  # taking the top discard is the tsumo declaration (§4)
        end_round(state, [(seat, prev_seat(state, seat), "tsumo", list(state.hands[seat]))], events)
        return
    state.phase = "discard"


def _discard(state: BCState, seat: int, discard: Discard, events: list[BCPokerEvent]) -> None:
    code, named, riichi = discard.card, discard.named, discard.riichi
    kept_riichi = discard.chain and state.phase == "hit_riichi"  # a Riichi player's chain with the drawn card
    state.hands[seat].remove(code)
    state.pile.append(code)
    state.pile_named.append(trigger_number(code, named))
    state.discards[seat] += 1
    if riichi:
        state.riichi[seat] = True
    forced = state.riichi[seat] and not riichi and state.phase == "discard"
    events.append(
        Discarded(
            player=seat,
            card=code,
            named=named,
            riichi=riichi,
            chain=discard.chain,
            kept_riichi=kept_riichi,
            after_exchange=state.after_exchange,
            forced=forced,
        )
    )
    reset_turn(state)
    state.hit = None
    eligible = _may_ron(state, seat, code)
    if eligible:  # the Ron window (§5)
        state.phase = "ron"
        state.turn = seat
        state.window = RonWindow(discarder=seat, card=code, named=named, eligible=eligible)
        return
    _after_discard(state, seat, events)


def _may_ron(state: BCState, discarder: int, code: str) -> list[int]:
    """The seats whose hand ``code`` completes and who may Ron with it, nearest to the discarder first."""
    eligible = []
    s = next_seat(state, discarder)
    while s != discarder:
        if (state.riichi[s] or not state.options.riichi_required) and wins(state, state.hands[s] + [code]):
            eligible.append(s)
        s = next_seat(state, s)
    return eligible


def _ron_decision(state: BCState, seat: int, declared: bool, events: list[BCPokerEvent]) -> None:
    w = state.window
    if w is None:
        raise GameError("There is no discard to declare Ron on.")
    w.decided.append(seat)
    if declared:
        w.declared.append(seat)
        events.append(RonDeclared(player=seat))
    if len(w.decided) < len(w.eligible):
        return
    winners = [s for s in w.eligible if s in w.declared][:2]
    lapsed = [s for s in w.eligible if s in w.declared][2:]
    discarder = w.discarder
    state.window = None
    if winners:
        end_round(state, [(s, discarder, "ron", state.hands[s] + [w.card]) for s in winners], events, lapsed=lapsed)
        return
    _after_discard(state, discarder, events)


def _after_discard(state: BCState, seat: int, events: list[BCPokerEvent]) -> None:
    """No Ron: test for Black Christmas (§6), then the next turn."""
    nxt = next_seat(state, seat)
    state.turn = nxt
    if state.options.black_christmas and len(state.pile) >= 2 and is_black(state.pile[-1]):
        d, dn = state.pile[-1], state.pile_named[-1]
        t, tn = state.pile[-2], state.pile_named[-2]
        if beats(dn, t, tn):
            state.hit = Hit(by=seat, card=d, number=dn)
            state.phase = "hit_draw"
            events.append(BlackChristmas(by=seat, target=nxt, card=d, number=dn, under=t, under_number=tn))
            return
    state.phase = "draw"


def _exchange(state: BCState, seat: int, events: list[BCPokerEvent]) -> None:
    n = _the_hit(state).number
    state.phase = "exchange"
    state.exchange_left = n
    state.exchanged = []
    events.append(ExchangeChosen(player=seat, n=n))


def _under(state: BCState, seat: int, code: str, events: list[BCPokerEvent]) -> None:
    n = _the_hit(state).number
    state.hands[seat].remove(code)
    state.deck.append(code)
    state.exchanged.append(code)
    state.exchange_left -= 1
    placed = n - state.exchange_left
    events.append(Placed(card=code, position=placed, of=n, seat=seat))
    events.append(ExchangeStep(player=seat, placed=placed, of=n, deck_size=len(state.deck)))
    if state.exchange_left:
        return
    drawn = [state.deck.pop(0) for _ in range(n)]
    state.hands[seat].extend(drawn)
    events.append(ExchangeDraw(player=seat, n=n, deck_size=len(state.deck)))
    events.append(ExchangeCards(returned=list(state.exchanged), drawn=drawn, seat=seat))
    state.phase = "discard"
    state.after_exchange = True
    state.drawn = None
    state.drawn_from = None

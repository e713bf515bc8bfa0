"""Black Christmas Poker state machine (docs/rules/bcpoker.md §2-§11).

Seeds and fair shuffles
-----------------------
``new_game(options, seats, seed)`` takes a secret master seed.

* **First lead** (§2): ``int(sha256_hex(f"{master}:lead"), 16) % players``.
* **Round seed**: round ``r`` (1, 2, …) uses ``round_seed = sha256_hex(f"{master}:{r}")``.
  The public ``round_start`` event carries ``hash = sha256_hex(round_seed)``; ``round_end``
  reveals ``seed = round_seed``.
* **Deck of round r**: ``seeded_shuffle(round_seed, 0, make_deck(decks))`` (the Fisher-Yates of
  :mod:`games.hanafuda`, over the canonical Black Christmas deck of :mod:`games.bcpoker.cards`);
  index 0 is the top. Seat ``(lead + k) % n`` is dealt cards ``7k .. 7k+6``; the rest is the deck.
* **Rebuild k** (1, 2, … within the round): the pile except its top card, in pile order (bottom
  first, all public), shuffled with ``seeded_shuffle(round_seed, k, cards)``.

Tests inject decks with ``new_game(..., decks=[deck1, …], lead=seat)``: round ``r`` deals from
``decks[r-1]`` while it exists.

Actions: :mod:`games.bcpoker.actions`. Events: :mod:`games.bcpoker.events` (public unless ``seat`` is set:
``deal``, ``drawn``, ``placed`` and ``exchange_cards`` are private).
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from games.base import GameError, Result, SeatInfo, placings
from games.bcpoker.actions import Discard, Under, Word, describe, parse, token, win_kind
from games.bcpoker.cards import BLACK, KX, NUMBER, is_black, make_deck, sort_codes
from games.bcpoker.events import (
    BCPokerEvent,
    BlackChristmas,
    Deal,
    Discarded,
    Draw,
    Drawn,
    ExchangeCards,
    ExchangeChosen,
    ExchangeDraw,
    ExchangeStep,
    Exhausted,
    GameEnd,
    Pattern,
    Placed,
    Rebuild,
    RiichiCancelled,
    RonDeclared,
    RoundEnd,
    RoundStart,
    ScoredWin,
    Win,
)
from games.bcpoker.hands import POINTS, evaluate, is_tenpai, pattern_name
from games.bcpoker.options import Options, decks_for, parse_options
from games.bcpoker.views import (
    ExchangeProgress,
    HitView,
    PileCard,
    PublicView,
    RonOffer,
    SeatView,
    round_outcome,
)
from games.shuffle import seeded_shuffle, sha256_hex

HAND_SIZE = 7
BONUS = {"surprise_gift": 1000, "black_gift": 500, "tsumo": 0, "ron": 0}


class Hit(BaseModel):
    by: int  # the seat whose discard hit
    card: str  # the hitting card
    number: int  # N (a KX as named)


class RonWindow(BaseModel):
    discarder: int
    card: str
    named: int | None = None
    eligible: list[int]  # seats that may Ron, nearest to the discarder first
    declared: list[int] = Field(default_factory=list)
    decided: list[int] = Field(default_factory=list)


class BCState(BaseModel):
    model_config = ConfigDict(hide_input_in_errors=True)  # an unloadable snapshot: errors (logs) show no cards, no seed
    game: str = "bcpoker"
    options: Options
    seats: list[SeatInfo]
    seed: str  # master seed: secret
    players: int
    decks: int
    lead: int
    lead_counts: list[int]
    scores: list[int]
    round: int = 0
    round_seed: str = ""  # secret until round_end
    round_hash: str = ""
    deck_source: list[list[str]] | None = None  # injected decks (tests)
    deck: list[str] = Field(default_factory=list)  # index 0 is the top
    pile: list[str] = Field(default_factory=list)  # bottom first; pile[-1] is the top
    pile_named: list[int] = Field(default_factory=list)  # trigger number of each pile card (KX: as named)
    hands: list[list[str]]
    riichi: list[bool]
    draws: list[int]  # draws made this round, per seat
    discards: list[int]  # discards made this round, per seat
    reshuffles: int = 0
    phase: str = "draw"  # draw | discard | hit_draw | hit_riichi | hit_decide | exchange | ron | over
    turn: int | None = None
    drawn: str | None = None  # the card drawn from the deck this turn
    drawn_from: str | None = None  # deck | pile
    taken: str | None = None  # code taken from the pile this turn (may not be discarded)
    hit: Hit | None = None
    exchange_left: int = 0
    exchanged: list[str] = Field(default_factory=list)  # cards put under the deck this exchange (private)
    after_exchange: bool = False
    window: RonWindow | None = None
    last_round: dict[str, Any] | None = None
    rounds: list[dict[str, Any]] = Field(default_factory=list)
    opening: list[BCPokerEvent] = Field(default_factory=list)
    actions: int = 0


# ---------------------------------------------------------------------------
# small helpers
# ---------------------------------------------------------------------------


def next_seat(state: BCState, seat: int) -> int:
    return (seat + 1) % state.players


def prev_seat(state: BCState, seat: int) -> int:
    return (seat - 1) % state.players


def _value(state: BCState, hand8: list[str]):
    return evaluate(hand8, state.decks, state.options.special_hands)


def _wins(state: BCState, hand8: list[str]) -> bool:
    return _value(state, hand8).value > 0


def trigger_number(code: str, named: int | None) -> int:
    return named if code == KX else NUMBER[code]


def beats(number: int, top_code: str, top_number: int) -> bool:
    """Whether a black card of ``number`` triggers against the card ``top_code`` (§6)."""
    return number > top_number or (number == 1 and is_black(top_code) and top_number == 7)


def _names_for(code: str) -> list[int | None]:
    return [1, 7] if code == KX else [None]


def tenpai(state: BCState, hand7: list[str]) -> bool:
    return is_tenpai(hand7, state.decks, state.options.special_hands)


def _remove(hand: list[str], code: str) -> list[str]:
    out = list(hand)
    out.remove(code)
    return out


def dora_cards(indicator: str | None) -> list[str]:
    """Dora of an indicator (§10): next number, same colour (7 → 1); a KX reads as black 7."""
    if indicator is None:
        return []
    colour = indicator[0]
    number = 7 if indicator == KX else NUMBER[indicator]
    nxt = number % 7 + 1
    out = [f"{colour}{nxt}"]
    if colour == BLACK and nxt in (1, 7):
        out.append(KX)
    return out


# ---------------------------------------------------------------------------
# set-up
# ---------------------------------------------------------------------------


def first_lead(seed: str, n: int) -> int:
    return int(sha256_hex(f"{seed}:lead"), 16) % n


def round_deck(round_seed: str, decks: int) -> list[str]:
    return seeded_shuffle(round_seed, 0, make_deck(decks))


def deal(deck: list[str], lead: int, n: int) -> tuple[list[list[str]], list[str]]:
    """Hands per seat and the rest of the deck: seat (lead + k) % n gets cards 7k .. 7k+6."""
    hands: list[list[str]] = [[] for _ in range(n)]
    for k in range(n):
        hands[(lead + k) % n] = list(deck[HAND_SIZE * k: HAND_SIZE * (k + 1)])
    return hands, list(deck[HAND_SIZE * n:])


def new_game(
    options: Options | dict | None,
    seats: list[SeatInfo] | list[str],
    seed: str,
    decks: list[list[str]] | None = None,
    lead: int | None = None,
) -> BCState:
    n = len(seats)
    if options is None or isinstance(options, dict):
        options = parse_options(options or {}, n)
    options.check(n)
    if not isinstance(seed, str) or not seed:
        raise GameError("The seed must be a non-empty string.")
    seat_infos = [s if isinstance(s, SeatInfo) else SeatInfo(name=str(s)) for s in seats]
    n_decks = decks_for(n)
    if decks is not None:
        canonical = sorted(make_deck(n_decks))
        for d in decks:
            if sorted(d) != canonical:
                raise GameError(f"An injected deck must hold exactly the {len(canonical)} cards of {n_decks} deck(s).")
        decks = [list(d) for d in decks]
    if lead is None:
        lead = first_lead(seed, n)
    elif not 0 <= lead < n:
        raise GameError(f"There is no seat {lead} to lead.")
    state = BCState(
        options=options,
        seats=seat_infos,
        seed=seed,
        players=n,
        decks=n_decks,
        lead=lead,
        lead_counts=[0] * n,
        scores=[0] * n,
        deck_source=decks,
        hands=[[] for _ in range(n)],
        riichi=[False] * n,
        draws=[0] * n,
        discards=[0] * n,
    )
    events: list[BCPokerEvent] = []
    _start_round(state, events)
    state.opening = events
    return state


def opening_events(state: BCState) -> list[BCPokerEvent]:
    return list(state.opening)


def _start_round(state: BCState, events: list[BCPokerEvent]) -> None:
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
    _reset_turn(state)
    state.phase = "draw"
    state.turn = state.lead
    events.append(RoundStart(round=state.round, lead=state.lead, hash=state.round_hash, deck_size=len(state.deck),
                             decks=state.decks, lead_counts=list(state.lead_counts)))
    for s in range(n):
        events.append(Deal(hand=sort_codes(state.hands[s]), seat=s))


def _reset_turn(state: BCState) -> None:
    state.drawn = None
    state.drawn_from = None
    state.taken = None
    state.exchange_left = 0
    state.exchanged = []
    state.after_exchange = False


# ---------------------------------------------------------------------------
# queries
# ---------------------------------------------------------------------------


def to_act(state: BCState) -> list[int]:
    if state.phase == "over" or state.turn is None:
        return []
    if state.phase == "ron":
        w = state.window
        return [s for s in w.eligible if s not in w.decided]
    return [state.turn]


def public_to_act(state: BCState) -> list[int]:
    """Seats that may be named in public: nobody during a Ron window (who can Ron is secret)."""
    return [] if state.phase == "ron" else to_act(state)


def is_over(state: BCState) -> bool:
    return state.phase == "over"


def _discard_actions(state: BCState, seat: int, codes: list[str], riichi_ok: bool, chain: bool = False,
                     hit: Hit | None = None) -> list[str]:
    """A discard (or chain) of each code, and its Riichi declaration where the rest is tenpai."""
    hand = state.hands[seat]
    out = []
    seen = set()
    for code in sort_codes(codes):
        if code in seen:
            continue
        seen.add(code)
        for named in _names_for(code):
            if hit is not None and not beats(trigger_number(code, named), hit.card, hit.number):
                continue
            out.append(str(Discard(code, named, chain=chain)))
            if riichi_ok and tenpai(state, _remove(hand, code)):
                out.append(str(Discard(code, named, riichi=True, chain=chain)))
    return out


def _may_declare_riichi(state: BCState, seat: int) -> bool:
    return state.options.riichi_required and not state.riichi[seat]


def _can_self_win(state: BCState, seat: int) -> bool:
    """May the seat (holding 8 cards, not locked) declare a win now? (§5)"""
    hand = state.hands[seat]
    if len(hand) != HAND_SIZE + 1 or not _wins(state, hand):
        return False
    if state.after_exchange:
        return True  # Black Gift
    if state.drawn_from == "deck" and state.draws[seat] == 1 and state.discards[seat] == 0:
        return True  # Surprise Gift
    if state.riichi[seat]:
        return state.drawn_from == "deck"
    return not state.options.riichi_required


def legal_actions(state: BCState, seat: int) -> list[str]:
    if state.phase == "over" or seat not in to_act(state):
        return []
    phase = state.phase
    hand = state.hands[seat]
    if phase == "ron":
        return [str(Word.RON), str(Word.PASS)]
    if phase == "draw":
        out = [str(Word.DRAW)]
        if state.pile:
            top = state.pile[-1]
            if state.riichi[seat]:
                if _wins(state, hand + [top]):
                    out.append(str(Word.TAKE))
            else:
                out.append(str(Word.TAKE))
        return out
    if phase == "hit_draw":
        return [str(Word.DRAW)]
    if phase == "discard":
        out = [str(Word.WIN)] if _can_self_win(state, seat) else []
        if state.riichi[seat]:
            return out + _discard_actions(state, seat, [state.drawn], False)
        codes = [c for c in hand if c != state.taken]
        return out + _discard_actions(state, seat, codes, _may_declare_riichi(state, seat))
    if phase == "hit_riichi":
        out = []
        if _wins(state, hand):
            out.append(str(Word.WIN))
        out += _discard_actions(state, seat, [state.drawn], False, chain=True, hit=state.hit) if is_black(state.drawn) else []
        return out + [str(Word.GIVEUP)]
    if phase == "hit_decide":
        out = [str(Word.WIN)] if _can_self_win(state, seat) else []
        blacks = [c for c in hand if is_black(c)]
        out += _discard_actions(state, seat, blacks, _may_declare_riichi(state, seat), chain=True, hit=state.hit)
        return out + [str(Word.EXCHANGE)]
    if phase == "exchange":
        return [str(Under(c)) for c in sort_codes(set(hand))]
    return []


# ---------------------------------------------------------------------------
# apply
# ---------------------------------------------------------------------------


def _refusal(state: BCState, seat: int, action: str) -> GameError:
    phase = state.phase
    if phase == "ron":
        return GameError("Declare Ron or pass on this discard.")
    try:
        act = parse(action)
    except GameError as e:
        return e
    if isinstance(act, Discard):
        code = act.card
        if code not in state.hands[seat]:
            return GameError(f"You do not hold {code}.")
        if act.chain and phase not in ("hit_decide", "hit_riichi"):
            return GameError("A chain is only possible when Black Christmas hits you.")
        if act.chain and state.hit is not None:
            if not is_black(code):
                return GameError(f"Only a black card can chain, and {code} is not black.")
            return GameError(f"{token(code, act.named)} does not beat the hitting {token(state.hit.card, state.hit.number)}.")
        if phase == "discard" and state.riichi[seat]:
            return GameError(f"Your hand is locked by Riichi: you must discard the card you drew ({state.drawn}).")
        if phase == "discard" and code == state.taken:
            return GameError(f"You took {code} from the discard pile this turn, so you cannot discard it again.")
        if act.riichi:
            if not state.options.riichi_required:
                return GameError("Riichi is not part of this game (riichi_required is off).")
            if state.riichi[seat]:
                return GameError("You are already in Riichi.")
            return GameError("You can declare Riichi only when the 7 cards you keep are one card from a winning hand.")
        if phase in ("draw", "hit_draw"):
            return GameError("Draw a card first.")
    if act == Word.WIN:
        return GameError("Your 8 cards cannot win right now." if len(state.hands[seat]) == 8 else "Draw a card first.")
    if act == Word.TAKE:
        if not state.pile:
            return GameError("The discard pile is empty: draw from the deck.")
        if phase == "hit_draw":
            return GameError("Black Christmas: you must draw from the deck, not take the hitting card.")
        if state.riichi[seat]:
            return GameError("In Riichi you may take the top discard only to win with it.")
    if isinstance(act, Under):
        if phase != "exchange":
            return GameError("Choose the exchange first.")
        return GameError(f"You do not hold {act.card}.")
    if phase in ("draw", "hit_draw"):
        return GameError("Draw a card first.")
    if phase == "exchange":
        return GameError(f"Put {state.exchange_left} more card{'s' if state.exchange_left != 1 else ''} under the deck.")
    if phase == "hit_decide":
        return GameError("Black Christmas: chain with a higher black card or exchange cards.")
    if phase == "hit_riichi":
        return GameError("Win, chain with the card you drew, or give up Riichi.")
    return GameError("That move is not possible now.")


def apply(state: BCState, seat: int, action: str) -> list[BCPokerEvent]:
    """Validate and apply one action; raise GameError (state unchanged) if illegal."""
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
        raise _refusal(state, seat, action if isinstance(action, str) else "")
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
            _end_round_with_wins(state, [(seat, prev_seat(state, seat), kind, list(state.hands[seat]))], events)
        case Discard(code, named, riichi, chain):
            keep = chain and state.phase == "hit_riichi"
            _discard(state, seat, code, named, events, riichi=riichi, chain=chain, kept_riichi=keep)
        case Word.GIVEUP:
            _cancel_riichi(state, seat, events, passed=True)
        case Word.EXCHANGE:
            state.phase = "exchange"
            state.exchange_left = state.hit.number
            state.exchanged = []
            events.append(ExchangeChosen(player=seat, n=state.hit.number))
        case Under(code):
            _under(state, seat, code, events)
    return events


def _draw_card(state: BCState, events: list[BCPokerEvent]) -> str | None:
    """Top card of the deck, rebuilding an empty deck first (§11); None ends the round."""
    if not state.deck:
        limit = state.options.max_reshuffles
        if (limit and state.reshuffles >= limit) or len(state.pile) <= 1:
            events.append(Exhausted(reshuffles=state.reshuffles, limit=limit))
            _end_round_with_wins(state, [], events)
            return None
        state.reshuffles += 1
        cards = state.pile[:-1]
        state.deck = seeded_shuffle(state.round_seed, state.reshuffles, cards)
        state.pile, state.pile_named = state.pile[-1:], state.pile_named[-1:]
        events.append(Rebuild(count=state.reshuffles, limit=state.options.max_reshuffles, deck_size=len(state.deck),
                              top=state.pile[-1]))
    return state.deck.pop(0)


def _draw(state: BCState, seat: int, events: list[BCPokerEvent]) -> None:
    hit_turn = state.phase == "hit_draw"
    card = _draw_card(state, events)
    if card is None:
        return
    state.hands[seat].append(card)
    state.draws[seat] += 1
    state.drawn, state.drawn_from = card, "deck"
    events.append(Draw(player=seat, source="deck", deck_size=len(state.deck), hit=hit_turn))
    events.append(Drawn(card=card, seat=seat))
    if not hit_turn:
        state.phase = "discard"
        return
    if state.riichi[seat]:
        can_win = _wins(state, state.hands[seat])
        can_chain = is_black(card) and any(
            beats(trigger_number(card, nm), state.hit.card, state.hit.number) for nm in _names_for(card))
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
    events.append(Draw(player=seat, source="pile", card=card, named=named if card == KX else None,
                       deck_size=len(state.deck), hit=False))
    if state.riichi[seat]:  # taking the top discard is the tsumo declaration (§4)
        _end_round_with_wins(state, [(seat, prev_seat(state, seat), "tsumo", list(state.hands[seat]))], events)
        return
    state.phase = "discard"


def _discard(state: BCState, seat: int, code: str, named: int | None, events: list[BCPokerEvent], *,
             riichi: bool, chain: bool, kept_riichi: bool) -> None:
    state.hands[seat].remove(code)
    number = trigger_number(code, named)
    state.pile.append(code)
    state.pile_named.append(number)
    state.discards[seat] += 1
    if riichi:
        state.riichi[seat] = True
    forced = state.riichi[seat] and not riichi and state.phase == "discard"
    events.append(Discarded(player=seat, card=code, named=named, riichi=riichi, chain=chain, kept_riichi=kept_riichi,
                            after_exchange=state.after_exchange, forced=forced))
    _reset_turn(state)
    state.hit = None
    # the Ron window (§5)
    eligible = []
    s = next_seat(state, seat)
    while s != seat:
        if (state.riichi[s] or not state.options.riichi_required) and _wins(state, state.hands[s] + [code]):
            eligible.append(s)
        s = next_seat(state, s)
    if eligible:
        state.phase = "ron"
        state.turn = seat
        state.window = RonWindow(discarder=seat, card=code, named=named, eligible=eligible)
        return
    _after_discard(state, seat, events)


def _ron_decision(state: BCState, seat: int, declared: bool, events: list[BCPokerEvent]) -> None:
    w = state.window
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
        wins = [(s, discarder, "ron", state.hands[s] + [w.card]) for s in winners]
        _end_round_with_wins(state, wins, events, lapsed=lapsed)
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


def _under(state: BCState, seat: int, code: str, events: list[BCPokerEvent]) -> None:
    state.hands[seat].remove(code)
    state.deck.append(code)
    state.exchanged.append(code)
    state.exchange_left -= 1
    n = state.hit.number
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


# ---------------------------------------------------------------------------
# round end
# ---------------------------------------------------------------------------


def score_win(state: BCState, winner: int, payer: int, kind: str, hand8: list[str], dora: list[str],
              lead: int) -> ScoredWin:
    hv = _value(state, hand8)
    dora_count = sum(1 for c in hand8 if c in dora)
    base = hv.value + 100 * dora_count
    doubled = winner == lead
    if doubled:
        base *= 2
    bonus = BONUS[kind]
    total = base + bonus
    return ScoredWin(
        winner=winner, payer=payer, kind=kind, hand=sort_codes(hand8), value=hv.value,
        patterns=[Pattern(id=p, name=pattern_name(p), points=POINTS[p]) for p in hv.counted],
        met=list(hv.met), kx=list(hv.kx), dora_count=dora_count, lead_double=doubled, bonus=bonus, total=total,
    )


def _end_round_with_wins(state: BCState, wins: list[tuple[int, int, str, list[str]]], events: list[BCPokerEvent],
                         lapsed: list[int] | None = None) -> None:
    n = state.players
    lead = state.lead
    indicator = state.deck[0] if (wins and state.deck) else None
    dora = dora_cards(indicator)
    scored = [score_win(state, w, p, k, h, dora, lead) for (w, p, k, h) in wins]
    payments = [0] * n
    for win in scored:
        payments[win.winner] += win.total
        payments[win.payer] -= win.total
        events.append(Win(winner=win.winner, payer=win.payer, kind=win.kind, hand=win.hand, value=win.value,
                          total=win.total))
    for s in range(n):
        state.scores[s] += payments[s]
    state.lead_counts[lead] += 1
    winners = [w.winner for w in scored]
    next_lead = lead if lead in winners else next_seat(state, lead)
    end = RoundEnd(
        round=state.round, lead=lead, wins=scored, lapsed=list(lapsed or []), indicator=indicator, dora=dora,
        payments=payments, scores=list(state.scores), next_lead=next_lead, lead_counts=list(state.lead_counts),
        reshuffles=state.reshuffles, seed=state.round_seed, hash=state.round_hash,
    )
    events.append(end)
    state.last_round = end.fields()
    state.rounds.append(end.fields())
    state.lead = next_lead
    state.window = None
    state.hit = None
    _reset_turn(state)
    if all(c >= state.options.lead_rounds for c in state.lead_counts):
        state.phase = "over"
        state.turn = None
        events.append(GameEnd(scores=list(state.scores), placings=placings(state.scores), rounds=state.round))
        return
    _start_round(state, events)


# ---------------------------------------------------------------------------
# views
# ---------------------------------------------------------------------------


def public_view(state: BCState) -> PublicView:
    w = state.window
    hit = state.hit
    pile = [PileCard(card=c, named=nm if c == KX else None) for c, nm in zip(state.pile, state.pile_named)]
    return PublicView(
        players=state.players,
        decks=state.decks,
        options=state.options.model_copy(),
        seats=[s.name for s in state.seats],
        bots=[s.bot for s in state.seats],
        round=state.round,
        lead=state.lead,
        lead_counts=list(state.lead_counts),
        lead_rounds=state.options.lead_rounds,
        scores=list(state.scores),
        phase=state.phase,
        turn=state.turn,
        to_act=public_to_act(state),
        pile=pile,
        pile_top=pile[-1].model_copy() if pile else None,
        deck_count=len(state.deck),
        reshuffles=state.reshuffles,
        max_reshuffles=state.options.max_reshuffles,
        hand_counts=[len(h) for h in state.hands],
        riichi=list(state.riichi),
        draws=list(state.draws),
        discards=list(state.discards),
        hit=HitView(by=hit.by, card=hit.card, number=hit.number) if hit else None,
        drawn_from=state.drawn_from,
        taken=state.taken,
        after_exchange=state.after_exchange,
        exchange=(ExchangeProgress(placed=len(state.exchanged), of=hit.number)
                  if state.phase == "exchange" and hit else None),
        ron=RonOffer(discarder=w.discarder, card=w.card, named=w.named) if w else None,
        round_hash=state.round_hash,
        last_round=round_outcome(state.last_round),
    )


def view(state: BCState, seat: int) -> SeatView:
    mine = seat == state.turn and state.phase != "ron"
    return SeatView(
        **dict(public_view(state)),
        seat=seat,
        hand=sort_codes(state.hands[seat]),
        drawn=state.drawn if mine else None,
        exchanged=list(state.exchanged) if mine else [],
    )


def hidden_cards(state: BCState) -> dict[int, list[str]]:
    return {s: sort_codes(h) for s, h in enumerate(state.hands)}


def result(state: BCState) -> Result:
    if state.phase != "over":
        raise GameError("The game is not over yet.")
    return Result(
        scores=list(state.scores),
        placings=placings(state.scores),
        summary={
            "rounds": [{k: r[k] for k in ("round", "lead", "payments")} | {"wins": [
                {k: w[k] for k in ("winner", "payer", "kind", "value", "total")} for w in r["wins"]]}
                for r in state.rounds],
            "lead_counts": list(state.lead_counts),
        },
    )


def load(snapshot: str) -> BCState:
    return BCState.model_validate_json(snapshot)


def describe_action(action: str) -> str:
    return describe(action)

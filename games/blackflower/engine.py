"""Black Flower state machine (docs/rules/blackflower.md §2–§11).

Seeds and fair shuffles (docs/design.md §3)
-----------------------------------
``new_game(options, seats, seed)`` takes a master seed (kept secret).

* **First banker** (§2): ``draw_seed = sha256_hex(f"{master}:banker")``; the deck
  ``seeded_shuffle(draw_seed, 0, DECK)`` is drawn card by card, card ``k`` going to seat ``k mod n``,
  until a Bright appears; that seat is the first banker. The draw is public (``banker_draw``).
* **Round seed**: round ``r`` (1-based) uses ``round_seed = sha256_hex(f"{master}:{r}")``.
  ``round_start`` shows ``hash = sha256_hex(round_seed)``; ``round_end`` reveals the seed.
* **Deck of round r**: ``seeded_shuffle(round_seed, 0, DECK)`` (see :mod:`games.shuffle`); the top
  of the deck is dealt first. Tests may inject decks (``decks=[...]``, one per dealt round).

Chips (§3)
----------
Each seat starts with ``SeatInfo.balance`` (the season chips; 1000 when unset). A bet is taken
from the balance when placed (``chips`` in the state); settlement returns stakes and wins. The
banker's chips may go below zero. Until the round is settled the views show the stakes apart
(``at_stake``): out of the balance, not lost. :func:`ledger_entries` turns each round into ledger lines:
``bet`` (−stakes placed), ``win`` (+chips returned: stake and winnings, or the stake of a push),
``bank`` (the banker's net), exactly the lines the round summary shows (``round_end``'s
``movements``, :func:`round_movements`). All lines of a game sum to zero.

Every event is public (``seat=None``): the only hidden card, the banker's face-down card,
appears in an event only when it is turned up (``banker_reveal``).
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from games.base import GameError, Result, SeatInfo, placings
from games.blackflower import events as E
from games.blackflower import hands as H
from games.blackflower.actions import Bet, Move, parse
from games.blackflower.events import BlackFlowerEvent
from games.blackflower.options import Options
from games.blackflower.views import HandResult, HandView, LastRound, PileView, PublicView, SeatView
from games.hanafuda import BRIGHT, DECK, KIND, MONTH
from games.shuffle import seeded_shuffle, sha256_hex

DEFAULT_BALANCE = 1000
# phases
BETTING, NIKO, PLAY, BANKER_NIKO, BANKER, OFFER, OVER = (
    "betting", "niko", "play", "banker_niko", "banker", "offer", "over")


class Hand(BaseModel):
    cards: list[str] = Field(default_factory=list)
    stake: int = 0
    split: bool = False  # one of the two hands of a split
    doubled: bool = False
    played_on: bool = False  # two dealt Brights, Ni-Ko declined
    niko: bool = False  # Ni-Ko claimed
    hits: int = 0  # cards taken after the deal (or after the split card)
    status: str = "open"  # open | stood | bust
    special: str | None = None
    result: str | None = None  # win | loss | push
    payout: int = 0  # chips returned to the player at settlement


class BlackFlowerState(BaseModel):
    model_config = ConfigDict(hide_input_in_errors=True)  # an unloadable snapshot: errors (logs) show no cards, no seed
    game: str = "blackflower"
    options: Options
    seats: list[SeatInfo]
    seed: str
    host: int | None = None  # the first human seat: may end a `rounds = 0` game
    chips: list[int]
    start_chips: list[int]
    banker: int
    round: int = 0
    rounds_target: int = 0  # 0: until the host stops
    round_seed: str = ""
    round_hash: str = ""
    decks: list[list[str]] | None = None
    deck_pos: int = 0
    deck: list[str] = Field(default_factory=list)  # the rest of this round's deck (secret)
    phase: str = BETTING
    eligible: list[int] = Field(default_factory=list)  # seats that may bet this round
    decided: list[int] = Field(default_factory=list)  # seats that answered the betting
    bets: list[int] = Field(default_factory=list)  # 0: no bet
    host_ready: bool = True
    end_requested: bool = False
    order: list[int] = Field(default_factory=list)  # deal order of this round's players
    hands: list[list[Hand]] = Field(default_factory=list)
    banker_hand: Hand | None = None  # cards[0] is face down until revealed
    revealed: bool = False
    turn: int | None = None
    hand_index: int = 0
    offer: int | None = None
    history: list[dict[str, Any]] = Field(default_factory=list)  # one entry per round
    last_round: dict[str, Any] | None = None
    end_reason: str | None = None
    opening_events: list[BlackFlowerEvent] = Field(default_factory=list)
    actions: int = 0


def _n(state: BlackFlowerState) -> int:
    return len(state.seats)


def _npa(state: BlackFlowerState) -> bool:
    return state.options.no_pair_advantage


# ---------------------------------------------------------------------------
# set-up
# ---------------------------------------------------------------------------


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
    if options is None:
        options = Options()
    elif isinstance(options, dict):
        from games.blackflower.options import parse_options

        options = parse_options(options)
    infos = [s if isinstance(s, SeatInfo) else SeatInfo(name=str(s)) for s in seats]
    n = len(infos)
    if not 2 <= n <= 10:
        raise GameError(f"Black Flower is played by 2 to 10 players, not {n}.")
    if not isinstance(seed, str) or not seed:
        raise GameError("The seed must be a non-empty string.")
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
    host = next((i for i, s in enumerate(infos) if not s.bot), None)
    state = BlackFlowerState(
        options=options, seats=infos, seed=seed, host=host, chips=chips, start_chips=list(chips),
        banker=banker, rounds_target=options.rounds_for(n),
        decks=[_check_deck(d) for d in decks] if decks is not None else None,
    )
    _start_round(state, events)
    state.opening_events = events
    return state


def opening_events(state: BlackFlowerState) -> list[BlackFlowerEvent]:
    return list(state.opening_events)


def load(snapshot: str) -> BlackFlowerState:
    return BlackFlowerState.model_validate_json(snapshot)


# ---------------------------------------------------------------------------
# rounds
# ---------------------------------------------------------------------------


def _game_over(state: BlackFlowerState, events: list[BlackFlowerEvent], reason: str) -> None:
    state.phase = OVER
    state.turn = None
    state.offer = None
    state.end_reason = reason
    scores = [c - s for c, s in zip(state.chips, state.start_chips)]
    events.append(E.GameEnd(reason=reason, scores=scores, placings=placings(scores), chips=list(state.chips)))


def _start_round(state: BlackFlowerState, events: list[BlackFlowerEvent]) -> None:
    n = _n(state)
    eligible = [s for s in range(n) if s != state.banker and state.chips[s] >= state.options.min_bet]
    if not eligible:  # §3: no non-banker can cover the minimum bet
        _game_over(state, events, "nobody but the banker can cover the minimum bet")
        return
    state.round += 1
    state.round_seed = sha256_hex(f"{state.seed}:{state.round}")
    state.round_hash = sha256_hex(state.round_seed)
    state.phase = BETTING
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
    events.append(E.RoundStart(round=state.round, rounds=state.rounds_target, banker=state.banker,
                      hash=state.round_hash, eligible=list(eligible)))


def _betting_done(state: BlackFlowerState) -> bool:
    return state.host_ready and all(s in state.decided for s in state.eligible)


def _after_betting(state: BlackFlowerState, events: list[BlackFlowerEvent]) -> None:
    if state.end_requested:
        _end_round_no_deal(state, events, ended=True)
        return
    if not any(state.bets):
        events.append(E.NoBets(round=state.round, banker=state.banker))
        _end_round_no_deal(state, events, ended=False)
        return
    _deal(state, events)


def _end_round_no_deal(state: BlackFlowerState, events: list[BlackFlowerEvent], ended: bool) -> None:
    # bets placed before the host ended the game are returned
    for s, b in enumerate(state.bets):
        state.chips[s] += b
    n = _n(state)
    entry = {"round": state.round, "banker": state.banker, "stakes": [0] * n, "returned": [0] * n,
             "nets": [0] * n, "hands": [], "dealt": False}
    state.history.append(entry)
    data = {**entry, "movements": [], "chips": list(state.chips), "seed": state.round_seed,
            "hash": state.round_hash, "next_banker": state.banker}
    state.bets = [0] * n
    state.last_round = data
    events.append(E.RoundEnd(**data))
    if ended:
        _game_over(state, events, "the host ended the game")
        return
    if state.rounds_target and state.round >= state.rounds_target:
        _game_over(state, events, "all rounds played")
        return
    _start_round(state, events)


def _draw(state: BlackFlowerState) -> str:
    return state.deck.pop(0)


def round_deal(deck: list[str], n: int, banker: int,
               betting: list[bool]) -> tuple[list[int], dict[int, list[str]], list[str], list[str]]:
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
    n, b = _n(state), state.banker
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
    events.append(E.Deal(round=state.round, order=list(order),
                      hands=[{"seat": s, "cards": list(state.hands[s][0].cards)} for s in order],
                      banker=b, banker_up=state.banker_hand.cards[1]))
    state.turn = order[0]
    state.hand_index = 0
    _begin_hand(state, events)


# ---------------------------------------------------------------------------
# player turns
# ---------------------------------------------------------------------------


def current_hand(state: BlackFlowerState) -> Hand | None:
    if state.phase in (NIKO, PLAY) and state.turn is not None:
        return state.hands[state.turn][state.hand_index]
    if state.phase in (BANKER_NIKO, BANKER):
        return state.banker_hand
    return None


def _begin_hand(state: BlackFlowerState, events: list[BlackFlowerEvent]) -> None:
    """The current seat's current hand starts (a split hand first receives its second card)."""
    seat, idx = state.turn, state.hand_index
    hand = state.hands[seat][idx]
    if hand.split and len(hand.cards) == 1:
        if not state.deck:  # cannot happen: a split needs two cards left (§11)
            _stand(state, events, seat, idx, auto="no cards left")
            return
        card = _draw(state)
        hand.cards.append(card)
        events.append(E.CardDrawn(player=seat, hand=idx, card=card, why="split", **_hand_info(state, hand)))
    if not hand.split and not hand.played_on and H.is_niko_deal(hand.cards):
        state.phase = NIKO
        return
    state.phase = PLAY
    _maybe_auto_stand(state, events)


def _maybe_auto_stand(state: BlackFlowerState, events: list[BlackFlowerEvent]) -> None:
    """A hand that can take no card and has no other choice stands by itself (§11)."""
    seat, idx = state.turn, state.hand_index
    if state.phase == PLAY and legal_actions(state, seat) == [Move.STAND]:
        _stand(state, events, seat, idx, auto="no more cards can be drawn")


def _hand_info(state: BlackFlowerState, hand: Hand) -> dict[str, Any]:
    t = H.totals(hand.cards, _npa(state))
    return {"cards": list(hand.cards), "low": t[0], "high": t[-1], "best": H.standing(hand.cards, _npa(state))}


def _stand(state: BlackFlowerState, events: list[BlackFlowerEvent], seat: int, idx: int, auto: str | None = None) -> None:
    hand = state.hands[seat][idx]
    hand.status = "stood"
    hand.special = H.special(hand.cards, hand.niko)
    value = H.standing(hand.cards, _npa(state))
    events.append(E.Stand(player=seat, hand=idx, value=value, special=hand.special, auto=auto,
                      cards=list(hand.cards)))
    _next_hand(state, events)


def _after_card(state: BlackFlowerState, events: list[BlackFlowerEvent], seat: int, idx: int) -> None:
    """§5 step 4: special hand → stand; hard > 13 → bust; 5 cards (or a doubled hand's card) → stand."""
    hand = state.hands[seat][idx]
    sp = H.special(hand.cards)
    if sp is not None:
        _stand(state, events, seat, idx, auto=H.title(sp))
    elif H.is_bust(hand.cards, _npa(state)):
        hand.status = "bust"
        events.append(E.Bust(player=seat, hand=idx, hard=H.hard(hand.cards, _npa(state)), cards=list(hand.cards)))
        _next_hand(state, events)
    elif len(hand.cards) >= H.MAX_CARDS:
        _stand(state, events, seat, idx, auto="five cards")
    elif hand.doubled:
        _stand(state, events, seat, idx, auto="doubled down")
    else:
        _maybe_auto_stand(state, events)


def _next_hand(state: BlackFlowerState, events: list[BlackFlowerEvent]) -> None:
    seat = state.turn
    if state.hand_index + 1 < len(state.hands[seat]):
        state.hand_index += 1
        _begin_hand(state, events)
        return
    pos = state.order.index(seat)
    if pos + 1 < len(state.order):
        state.turn = state.order[pos + 1]
        state.hand_index = 0
        _begin_hand(state, events)
        return
    _banker_turn(state, events)


# ---------------------------------------------------------------------------
# banker
# ---------------------------------------------------------------------------


def _banker_turn(state: BlackFlowerState, events: list[BlackFlowerEvent]) -> None:
    state.turn = state.banker
    state.hand_index = 0
    state.revealed = True
    bh = state.banker_hand
    events.append(E.BankerReveal(player=state.banker, card=bh.cards[0], **_hand_info(state, bh)))
    if H.is_niko_deal(bh.cards):
        state.phase = BANKER_NIKO
        return
    _banker_continue(state, events)


def _all_players_bust(state: BlackFlowerState) -> bool:
    return all(h.status == "bust" for s in state.order for h in state.hands[s])


def _banker_continue(state: BlackFlowerState, events: list[BlackFlowerEvent]) -> None:
    bh = state.banker_hand
    if _all_players_bust(state):  # §8
        events.append(E.BankerNoDraw(player=state.banker))
        _banker_stand(state, events, auto="every player hand is bust")
        return
    state.phase = BANKER
    if not state.deck:
        _banker_stand(state, events, auto="no more cards can be drawn")
    elif len(bh.cards) >= H.MAX_CARDS:
        _banker_stand(state, events, auto="five cards")


def _banker_stand(state: BlackFlowerState, events: list[BlackFlowerEvent], auto: str | None = None) -> None:
    bh = state.banker_hand
    bh.status = "stood"
    bh.special = H.special(bh.cards, bh.niko)
    events.append(E.BankerStand(player=state.banker, value=H.standing(bh.cards, _npa(state)),
                      special=bh.special, auto=auto, cards=list(bh.cards)))
    _settle(state, events)


def _banker_after_card(state: BlackFlowerState, events: list[BlackFlowerEvent]) -> None:
    bh = state.banker_hand
    sp = H.special(bh.cards)
    if sp is not None:
        _banker_stand(state, events, auto=H.title(sp))
    elif H.is_bust(bh.cards, _npa(state)):
        bh.status = "bust"
        events.append(E.BankerBust(player=state.banker, hard=H.hard(bh.cards, _npa(state)), cards=list(bh.cards)))
        _settle(state, events)
    elif len(bh.cards) >= H.MAX_CARDS or not state.deck:
        _banker_stand(state, events, auto="five cards" if state.deck else "no more cards can be drawn")


# ---------------------------------------------------------------------------
# settlement
# ---------------------------------------------------------------------------


def compare(player: Hand, banker: Hand, banker_advantage: bool = False, no_pair_advantage: bool = False) -> str:
    """Result of one player hand against the banker's final hand (§9): win | loss | push."""
    if player.status == "bust":
        return "loss"
    if banker.status == "bust":
        return "win"
    rp, rb = H.rank(player.special), H.rank(banker.special)
    if rp != rb:
        return "win" if rp > rb else "loss"
    if player.special == H.NI_KO and banker.special == H.NI_KO:
        return "loss"
    if rp == 0:
        vp = H.standing(player.cards, no_pair_advantage)
        vb = H.standing(banker.cards, no_pair_advantage)
        if vp != vb:
            return "win" if vp > vb else "loss"
    return "loss" if banker_advantage else "push"


def _settle(state: BlackFlowerState, events: list[BlackFlowerEvent]) -> None:
    n, b = _n(state), state.banker
    bh = state.banker_hand
    stakes, returned, nets = [0] * n, [0] * n, [0] * n
    hands_out = []
    for s in state.order:
        for idx, hand in enumerate(state.hands[s]):
            res = compare(hand, bh, state.options.banker_advantage, _npa(state))
            hand.result = res
            hand.payout = {"win": 2 * hand.stake, "push": hand.stake, "loss": 0}[res]
            net = hand.payout - hand.stake
            stakes[s] += hand.stake
            returned[s] += hand.payout
            nets[s] += net
            nets[b] -= net
            state.chips[s] += hand.payout
            state.chips[b] -= net
            info = {"seat": s, "hand": idx, "result": res, "stake": hand.stake, "doubled": hand.doubled, "net": net,
                    "cards": list(hand.cards), "special": hand.special, "bust": hand.status == "bust",
                    "value": None if hand.status == "bust" else H.standing(hand.cards, _npa(state))}
            hands_out.append(info)
            events.append(E.Settle(player=s, **{k: v for k, v in info.items() if k != "seat"}))
    entry = {"round": state.round, "banker": b, "stakes": stakes, "returned": returned, "nets": nets,
             "hands": hands_out, "dealt": True,
             "banker_hand": {"cards": list(bh.cards), "special": bh.special, "bust": bh.status == "bust",
                             "value": None if bh.status == "bust" else H.standing(bh.cards, _npa(state))}}
    state.history.append(entry)
    state.bets = [0] * n
    state.turn = None
    nxt = _next_banker_fixed(state, nets)
    data = {**entry, "movements": round_movements(entry), "chips": list(state.chips), "seed": state.round_seed,
            "hash": state.round_hash, "next_banker": nxt}
    state.last_round = data
    events.append(E.RoundEnd(**data))
    if state.rounds_target and state.round >= state.rounds_target:
        _game_over(state, events, "all rounds played")
        return
    if state.options.banker == "rotate":
        _offer_from(state, events, (b + 1) % n)
        return
    _change_banker(state, events, nxt, "winner" if state.options.banker == "winner" else "fixed")


def _next_banker_fixed(state: BlackFlowerState, nets: list[int]) -> int | None:
    """The next banker for `fixed` and `winner` (None for `rotate`: decided by offers)."""
    b, n = state.banker, _n(state)
    if state.options.banker == "fixed":
        return b
    if state.options.banker == "winner":
        best = max(nets)
        if nets[b] == best:
            return b
        for k in range(1, n):
            s = (b + k) % n
            if nets[s] == best:
                return s
    return None


def _change_banker(state: BlackFlowerState, events: list[BlackFlowerEvent], new: int, why: str) -> None:
    if new != state.banker:
        events.append(E.BankerChange(banker=new, previous=state.banker, why=why))
        state.banker = new
    _start_round(state, events)


def _offer_from(state: BlackFlowerState, events: list[BlackFlowerEvent], seat: int) -> None:
    if seat == state.banker:  # everyone declined: the banker keeps the bank (§2)
        events.append(E.BankKept(banker=state.banker))
        state.offer = None
        _start_round(state, events)
        return
    state.phase = OFFER
    state.offer = seat
    events.append(E.BankOffer(player=seat, banker=state.banker))


# ---------------------------------------------------------------------------
# public interface
# ---------------------------------------------------------------------------


def to_act(state: BlackFlowerState) -> list[int]:
    if state.phase == BETTING:
        out = [s for s in state.eligible if s not in state.decided]
        if not state.host_ready and state.host is not None:
            out.append(state.host)
        return sorted(out)
    if state.phase in (NIKO, PLAY, BANKER_NIKO, BANKER):
        return [state.turn]
    if state.phase == OFFER:
        return [state.offer]
    return []


def is_over(state: BlackFlowerState) -> bool:
    return state.phase == OVER


def at_stake(state: BlackFlowerState) -> list[int]:
    """Chips each seat has at stake and not yet settled: the bets, then the stakes of unsettled hands.
    They are out of ``chips`` (the balance) but not lost: a push returns them, a win doubles them."""
    if state.phase == BETTING:
        return list(state.bets)
    return [sum(h.stake for h in seat_hands if h.result is None) for seat_hands in state.hands] or [0] * _n(state)


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
    return (state.options.double_down and not hand.split and not hand.doubled and hand.hits == 0
            and len(hand.cards) == 2 and state.chips[seat] >= hand.stake and len(state.deck) >= 1)


def legal_actions(state: BlackFlowerState, seat: int) -> list[str]:
    if seat not in to_act(state):
        return []
    phase = state.phase
    if phase == BETTING:
        out: list[str] = []
        if seat in state.eligible and seat not in state.decided:
            out += [str(Bet(a)) for a in range(state.options.min_bet, max_bet_for(state, seat) + 1)]
            out.append(Move.SIT)
        elif seat == state.host and not state.host_ready:
            out.append(Move.DEAL)
        if state.rounds_target == 0 and seat == state.host:
            out.append(Move.END)
        return [str(a) for a in out]
    if phase in (NIKO, BANKER_NIKO):
        return [str(Move.NIKO), str(Move.PLAYON)]
    if phase == PLAY:
        hand = state.hands[seat][state.hand_index]
        out = []
        if _can_split(state, seat, hand):
            out.append(Move.SPLIT)
        if _can_double(state, seat, hand):
            out.append(Move.DOUBLE)
        if state.deck and len(hand.cards) < H.MAX_CARDS and not (hand.doubled and hand.hits):
            out.append(Move.HIT)
        out.append(Move.STAND)
        return [str(a) for a in out]
    if phase == BANKER:
        return [str(a) for a in ([Move.HIT] if state.deck and len(state.banker_hand.cards) < H.MAX_CARDS else []) + [Move.STAND]]
    if phase == OFFER:
        return [str(Move.ACCEPT), str(Move.DECLINE)]
    return []


def illegal_reason(state: BlackFlowerState, seat: int, action: str) -> str:
    """A clear sentence saying why ``action`` is not allowed now (the action is not applied)."""
    if state.phase == OVER:
        return "The game is over."
    if not isinstance(seat, int) or not 0 <= seat < _n(state):
        return f"There is no seat {seat} at this table."
    waiting = to_act(state)
    if seat not in waiting:
        names = ", ".join(state.seats[s].name for s in waiting) or "nobody"
        if state.phase == BETTING and seat == state.banker:
            return "You are the banker: the banker does not bet."
        if state.phase == BETTING and seat in state.decided:
            return "You have already answered for this round."
        if state.phase == BETTING and state.chips[seat] < state.options.min_bet:
            return (f"You have {state.chips[seat]} chips, less than the minimum bet of {state.options.min_bet}, "
                    "so you sit out this round.")
        return f"It is not your turn; waiting for {names}."
    try:
        action = parse(action)
    except GameError as error:
        return str(error)
    if state.phase == BETTING and isinstance(action, Bet):
        amount = action.amount
        o = state.options
        if amount < o.min_bet:
            return f"The minimum bet is {o.min_bet} chips."
        if amount > o.max_bet:
            return f"The maximum bet is {o.max_bet} chips."
        if amount > state.chips[seat]:
            return f"You have only {state.chips[seat]} chips, so you can bet at most {state.chips[seat]}."
    if state.phase == PLAY:
        hand = state.hands[seat][state.hand_index]
        if action is Move.SPLIT:
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
        if action is Move.DOUBLE:
            if not state.options.double_down:
                return "Doubling down is not enabled at this table."
            if hand.split:
                return "A split hand cannot double down."
            if hand.hits or hand.doubled:
                return "You can double down only before taking any extra card."
            if state.chips[seat] < hand.stake:
                return f"Doubling needs another {hand.stake} chips; you have {state.chips[seat]}."
            return "No card is left in the deck, so you cannot double down."
        if action is Move.HIT:
            if hand.doubled and hand.hits:
                return "After doubling down you may take only one card."
            if len(hand.cards) >= H.MAX_CARDS:
                return "A hand holds at most 5 cards."
            return "The deck is empty: no more cards can be drawn."
    if state.phase in (NIKO, BANKER_NIKO):
        return "First choose: claim Ni-Ko or play on."
    legal = legal_actions(state, seat)
    shown = ", ".join(legal[:3]) + (", …" if len(legal) > 3 else "")
    return f"That is not possible now; you may: {shown}."


def apply(state: BlackFlowerState, seat: int, action: str) -> list[BlackFlowerEvent]:
    """Validate and apply one action; raise GameError (state unchanged) if illegal."""
    if state.phase == OVER:
        raise GameError("The game is over.")
    legal = legal_actions(state, seat) if isinstance(seat, int) and 0 <= seat < _n(state) else []
    if action not in legal:
        raise GameError(illegal_reason(state, seat, action))
    action = parse(action)
    events: list[BlackFlowerEvent] = []
    state.actions += 1
    phase = state.phase
    if phase == BETTING:
        if action is Move.END:
            state.end_requested = True
            events.append(E.EndRequested(player=seat))
            _end_round_no_deal(state, events, ended=True)
            return events
        if action is Move.DEAL:
            state.host_ready = True
        elif action is Move.SIT:
            state.decided.append(seat)
            events.append(E.Sit(player=seat))
        else:
            amount = action.amount
            state.decided.append(seat)
            state.bets[seat] = amount
            state.chips[seat] -= amount
            events.append(E.Bet(player=seat, amount=amount, chips=state.chips[seat]))
        if _betting_done(state):
            _after_betting(state, events)
        return events
    if phase == NIKO:
        hand = state.hands[seat][state.hand_index]
        if action is Move.NIKO:
            hand.niko = True
            events.append(E.NiKo(player=seat, hand=state.hand_index, cards=list(hand.cards)))
            _stand(state, events, seat, state.hand_index, auto="Ni-Ko")
        else:
            hand.played_on = True
            events.append(E.PlayOn(player=seat, hand=state.hand_index, cards=list(hand.cards)))
            state.phase = PLAY
            _maybe_auto_stand(state, events)
        return events
    if phase == PLAY:
        idx = state.hand_index
        hand = state.hands[seat][idx]
        if action is Move.STAND:
            _stand(state, events, seat, idx)
        elif action is Move.HIT:
            card = _draw(state)
            hand.cards.append(card)
            hand.hits += 1
            events.append(E.CardDrawn(player=seat, hand=idx, card=card, why="hit", **_hand_info(state, hand)))
            _after_card(state, events, seat, idx)
        elif action is Move.DOUBLE:
            state.chips[seat] -= hand.stake
            hand.stake *= 2
            hand.doubled = True
            events.append(E.Double(player=seat, hand=idx, stake=hand.stake, chips=state.chips[seat]))
            _maybe_auto_stand(state, events)
        elif action is Move.SPLIT:
            stake = hand.stake
            state.chips[seat] -= stake
            first, second = hand.cards
            state.hands[seat] = [Hand(cards=[first], stake=stake, split=True, played_on=hand.played_on),
                                 Hand(cards=[second], stake=stake, split=True, played_on=hand.played_on)]
            events.append(E.Split(player=seat, cards=[first, second], stake=stake, chips=state.chips[seat]))
            state.hand_index = 0
            _begin_hand(state, events)
        return events
    if phase == BANKER_NIKO:
        bh = state.banker_hand
        if action is Move.NIKO:
            bh.niko = True
            events.append(E.NiKo(player=seat, hand=0, cards=list(bh.cards), banker=True))
            _banker_stand(state, events, auto="Ni-Ko")
        else:
            bh.played_on = True
            events.append(E.PlayOn(player=seat, hand=0, cards=list(bh.cards), banker=True))
            _banker_continue(state, events)
        return events
    if phase == BANKER:
        bh = state.banker_hand
        if action is Move.STAND:
            _banker_stand(state, events)
        else:
            card = _draw(state)
            bh.cards.append(card)
            bh.hits += 1
            events.append(E.BankerCard(player=seat, card=card, **_hand_info(state, bh)))
            _banker_after_card(state, events)
        return events
    if phase == OFFER:
        if action is Move.ACCEPT:
            events.append(E.BankAccept(player=seat))
            state.offer = None
            _change_banker(state, events, seat, "accepted the bank")
        else:
            events.append(E.BankDecline(player=seat))
            _offer_from(state, events, (seat + 1) % _n(state))
        return events
    raise GameError("Nothing can be done now.")  # pragma: no cover


# ---------------------------------------------------------------------------
# views
# ---------------------------------------------------------------------------


def _public_hand(state: BlackFlowerState, hand: Hand, hide_first: bool = False) -> HandView:
    visible = hand.cards[1:] if hide_first else hand.cards
    figures: dict[str, Any] = {}
    if visible:
        t = H.totals(visible, _npa(state))
        figures["range"] = [t[0], t[-1]]
        if not hide_first:
            figures.update(totals=t, hard=t[0], best=H.standing(visible, _npa(state)))
    return HandView.model_construct(
        cards=([None] if hide_first else []) + list(visible), stake=hand.stake, split=hand.split,
        doubled=hand.doubled, played_on=hand.played_on, niko=hand.niko, status=hand.status, special=hand.special,
        result=hand.result, payout=hand.payout, **figures)


def _last_round_figures(last: dict[str, Any] | None) -> LastRound | None:
    """The previous round without its cards: those went out in its events; a card shown again
    in a later round's table could be mistaken for (or collide with) the new face-down card."""
    if last is None:
        return None
    keep = ("round", "banker", "stakes", "returned", "nets", "chips", "seed", "hash", "next_banker", "dealt")
    results = [HandResult.model_construct(seat=h["seat"], hand=h["hand"], result=h["result"], net=h["net"])
               for h in last.get("hands", [])]
    return LastRound.model_construct(**{k: last[k] for k in keep}, results=results)


def _public_fields(state: BlackFlowerState) -> dict[str, Any]:
    n = _n(state)
    bh = state.banker_hand
    return {
        "options": state.options.model_copy(),
        "seats": [s.name for s in state.seats],
        "bots": [s.bot for s in state.seats],
        "host": state.host,
        "chips": list(state.chips),
        "at_stake": at_stake(state),
        "start_chips": list(state.start_chips),
        "banker": state.banker,
        "round": state.round,
        "rounds": state.rounds_target,
        "phase": state.phase,
        "to_act": to_act(state),
        "turn": state.turn,
        "hand_index": state.hand_index,
        "eligible": list(state.eligible),
        "decided": list(state.decided),
        "bets": list(state.bets),
        "order": list(state.order),
        "hands": [[_public_hand(state, h) for h in state.hands[s]] if s < len(state.hands) else [] for s in range(n)],
        "banker_hand": None if bh is None else _public_hand(state, bh, hide_first=not state.revealed),
        "revealed": state.revealed,
        "deck_count": len(state.deck),
        "offer": state.offer,
        "round_hash": state.round_hash,
        "last_round": _last_round_figures(state.last_round),
        "end_reason": state.end_reason,
    }


def public_view(state: BlackFlowerState) -> PublicView:
    return PublicView.model_construct(game="blackflower", **_public_fields(state))


def _arrangement(state: BlackFlowerState, hand: HandView) -> list[PileView] | None:
    """The piles reaching the hand's best total, when all its cards show and it has one."""
    if hand.best is None:
        return None
    piles = H.arrangement([c for c in hand.cards if c is not None], hand.best, _npa(state))
    return [PileView.model_construct(top=top, value=value, below=list(below)) for top, value, below in piles]


def view(state: BlackFlowerState, seat: int) -> SeatView:
    """What one seat may see: everything public (nobody, not even the banker, sees the face-down card), the most
    it may bet now and the best arrangement of each of its own hands."""
    fields = _public_fields(state)
    own = fields["hands"][seat] if seat != state.banker else [h for h in [fields["banker_hand"]] if h is not None]
    return SeatView.model_construct(game="blackflower", **fields, seat=seat, max_bet_now=max_bet_for(state, seat),
                                    arrangements=[_arrangement(state, h) for h in own])


def hidden_cards(state: BlackFlowerState) -> dict[int, list[str]]:
    if state.banker_hand is not None and not state.revealed and state.phase != OVER and state.banker_hand.cards:
        return {state.banker: [state.banker_hand.cards[0]]}
    return {}


def all_cards(state: BlackFlowerState) -> list[str]:
    """Every card of the current round's deck: in hands, the banker's hand and the deck (48 once dealt)."""
    cards = list(state.deck)
    for seat_hands in state.hands:
        for h in seat_hands:
            cards += h.cards
    if state.banker_hand is not None:
        cards += state.banker_hand.cards
    return cards


def result(state: BlackFlowerState) -> Result:
    if state.phase != OVER:
        raise GameError("The game is not over yet.")
    scores = [c - s for c, s in zip(state.chips, state.start_chips)]
    return Result(scores=scores, placings=placings(scores),
                  summary={"rounds": len(state.history), "chips": list(state.chips), "reason": state.end_reason})


def round_movements(entry: dict[str, Any]) -> list[dict[str, Any]]:
    """The chips a settled round moved (a ``history`` entry), one line per seat and kind, as the round
    summary shows them: ``bet`` (−the seat's stakes), ``win`` (+chips returned: stakes back and
    winnings) and, for the banker, ``bank`` (its net). Lines of 0 chips are left out."""
    out: list[dict[str, Any]] = []
    b = entry["banker"]
    for s in dict.fromkeys(h["seat"] for h in entry["hands"]):
        hands = [h for h in entry["hands"] if h["seat"] == s]
        split = len(hands) > 1
        stakes = [("stake" if not split else f"hand {h['hand'] + 1} stake") + f" {h['stake']}"
                  + (" (doubled down)" if h.get("doubled") else "") for h in hands]
        out.append({"seat": s, "kind": "bet", "amount": -entry["stakes"][s], "memo": ", ".join(stakes)})
        back = [("" if not split else f"hand {h['hand'] + 1}: ")
                + (f"{h['stake']} back + {h['stake']} won" if h["result"] == "win" else f"{h['stake']} back (push)")
                for h in hands if h["result"] != "loss"]
        if entry["returned"][s]:
            out.append({"seat": s, "kind": "win", "amount": entry["returned"][s], "memo": ", ".join(back)})
    if entry["nets"][b]:
        collected = sum(h["stake"] for h in entry["hands"] if h["result"] == "loss")
        paid = sum(h["net"] for h in entry["hands"] if h["result"] == "win")
        parts = [f"{collected} from lost stakes" if collected else "", f"{paid} paid to winning hands" if paid else ""]
        out.append({"seat": b, "kind": "bank", "amount": entry["nets"][b], "memo": ", ".join(p for p in parts if p)})
    return out


def ledger_entries(state: BlackFlowerState) -> list[dict[str, Any]]:
    """Ledger lines of a finished game: every round's :func:`round_movements`, with its ``round``
    (the lines of a seat's round sum to its net for that round: a round won sums above 0)."""
    return [{**m, "round": r["round"], "memo": f"round {r['round']}: {m['memo']}"}
            for r in state.history for m in round_movements(r)]


def describe_action(action: str) -> str:
    return parse(action).text

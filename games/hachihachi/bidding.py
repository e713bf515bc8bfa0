"""Bidding (docs/rules/hachihachi.md §9) and the hand combos' declaration (§5): who stays and who passes, the
Chassés' compensation and the stock, then the three players' declarations, paid at once."""

from __future__ import annotations

from games.base import GameError
from games.hachihachi import events as E
from games.hachihachi import year
from games.hachihachi.actions import Declare
from games.hachihachi.combos import (
    KAN,
    TRIPLET_COMBOS,
    chasse_compensation,
    combo_class,
    hand_combos,
    public_cards,
)
from games.hachihachi.events import HachiHachiEvent
from games.hachihachi.payments import (
    pay,
    transfer,
)
from games.hachihachi.state import (
    ROLES,
    HHState,
    from_dealer,
    seat_count,
)
from games.shuffle import seeded_shuffle, sha256_hex


def start_bidding(state: HHState, events: list[HachiHachiEvent]) -> None:
    n = seat_count(state)
    state.bid_order = [s for s in from_dealer(state) if s != state.blank]
    if state.blank is not None:
        state.bids[state.blank] = "out"
    if state.mizuten and not state.mizuten_void:
        bid(state, state.dealer, "stay", events, auto=True)
    if n == 3:  # nobody may pass (§9)
        for s in state.bid_order:
            if state.bids[s] is None:
                bid(state, s, "stay", events, auto=True)
    if state.phase == "bidding" or len(state.active) < 3:
        next_bidder(state, events)


def undecided(state: HHState) -> list[int]:
    return [s for s in state.bid_order if state.bids[s] is None]


def bid(state: HHState, seat: int, choice: str, events: list[HachiHachiEvent], auto: bool = False) -> None:
    pos = state.bid_order.index(seat) + 1
    paid = 0
    state.bids[seat] = choice
    if choice == "stay":
        state.active.append(seat)
    events.append(E.Bid(player=seat, choice=choice, position=pos, auto=auto,
                        amount=6 * (pos + 1) * state.mult if choice == "pass" else 0))
    if choice == "pass":
        paid = 6 * (pos + 1) * state.mult
        pay(state, "pass", [transfer(seat, "pot", paid, "pass", position=pos)], events)
    if len(state.active) == 3:
        chased = undecided(state)
        for s in chased:
            state.bids[s] = "chased"
        after_bidding(state, chased, events)
    else:
        state.phase = "bidding"


def next_bidder(state: HHState, events: list[HachiHachiEvent]) -> None:
    if len(state.active) >= 3:
        return
    und = undecided(state)
    if not und:
        pas_de_match(state, events)
        return
    state.phase = "bidding"
    state.acting = [und[0]]


def pas_de_match(state: HHState, events: list[HachiHachiEvent]) -> None:
    events.append(E.PasDeMatch(stayers=list(state.active), pot=state.pot))
    year.end_month(state, events, kind="pas_de_match", winner=None, transfers=[])


def after_bidding(state: HHState, chased: list[int], events: list[HachiHachiEvent]) -> None:
    m = state.mult
    if chased:
        events.append(E.Chassed(seats=list(chased)))
        transfers = []
        comp = []
        for c in chased:
            q, items, cards = chasse_compensation(state.hands[c])
            comp.append({"seat": c, "q": q, "items": items, "cards": cards, "amount": q * m})
            for s in state.active:
                transfers.append(transfer(s, c, q * m, "chasse", chasse=c))
        events.append(E.Compensation(chassed=comp, field=m))
        pay(state, "compensation", transfers, events)
    # stock (§4 phase 6)
    stock = list(state.undealt)
    for s in state.bid_order:
        if state.bids[s] in ("pass", "chased"):
            stock.extend(state.hands[s])
            state.hands[s] = []
    if state.stocks is not None and state.stock_pos < len(state.stocks):
        injected = list(state.stocks[state.stock_pos])
        state.stock_pos += 1
        if sorted(injected) != sorted(stock):
            raise GameError("An injected stock must hold exactly the cards of the stock.")
        stock = injected
    else:
        stock = seeded_shuffle(sha256_hex(state.month_seed + ":stock"), 0, stock)
    assert len(stock) == 21, len(stock)
    state.stock = stock
    state.undealt = []
    events.append(E.Stock(count=len(stock), active=list(state.active),
                          roles={ROLES[i]: s for i, s in enumerate(state.active)}))
    state.phase = "declare"
    state.acting = [state.active[0]]


def declare_options(hand: list[str]) -> list[str]:
    """Legal declarations for a hand, best first: both, Kasu, Suit, none."""
    hc = hand_combos(hand)
    k = hc.kasu.id if hc.kasu else None
    s = hc.suit.id if hc.suit and hc.suit.id != "shiso" else None
    both = (k, s) if k and s else None
    return [str(Declare(ids)) for ids in (both, (k,) if k else None, (s,) if s else None, ()) if ids is not None]


def declare(state: HHState, seat: int, action: Declare, events: list[HachiHachiEvent]) -> None:
    ids = action.combos
    hand = state.dealt[seat]
    hc = hand_combos(hand)
    kasu = hc.kasu.id if hc.kasu and hc.kasu.id in ids else None
    suit = hc.suit.id if hc.suit and hc.suit.id in ids else None
    kasu_kan = hc.kasu.kan if hc.kasu and kasu else 0
    suit_kan = hc.suit.kan if hc.suit and suit else 0
    kan = kasu_kan + suit_kan
    if kasu or suit:
        up, down = public_cards(hand, kasu, suit)
        triplets = hc.suit.triplets if hc.suit and suit in TRIPLET_COMBOS else []
        state.declared[seat] = {"kasu": kasu, "suit": suit, "kan": kan, "kasu_kan": kasu_kan, "suit_kan": suit_kan,
                                "triplets": triplets, "up": up, "down": down}
        events.append(E.Declared(player=seat, kasu=kasu, suit=suit, kan=kan, kasu_kan=kasu_kan, suit_kan=suit_kan,
                                 face_up=up, face_down=[combo_class(c) for c in down]))
    else:
        events.append(E.Declared(player=seat, kasu=None, suit=None, kan=0, face_up=[],
                                 face_down=[]))
    idx = state.active.index(seat)
    if idx < 2:
        state.acting = [state.active[idx + 1]]
        return
    # netted settlement (§5)
    m = state.mult
    transfers = []
    for s in state.active:
        d = state.declared[s]
        if d:
            amount = KAN * d["kan"] * m // (2 if state.options.split else 1)
            for o in state.active:
                if o != s:
                    transfers.append(transfer(o, s, amount, "hand_combo"))
    if transfers:
        pay(state, "hand_combos", transfers, events)
    state.phase = "play"
    state.turn = state.active[0]
    state.acting = [state.turn]

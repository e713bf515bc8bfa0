"""Hachi-Hachi state machine (docs/rules/hachihachi.md §2-§12).

Seeds and fair shuffles (docs/design.md §3)
-----------------------------------
``new_game(options, seats, seed)`` takes a secret master seed. Month ``m`` of game ``g``
(campaigns play several games) uses ``month_seed = sha256_hex(f"{master}:{g}:{m}")``;
the ``round_start`` event (the month begins) shows ``hash = sha256_hex(month_seed)`` and ``month_end``
reveals the month seed. Deal attempt ``k`` (0, then 1, 2 … after redeals) uses
``seeded_shuffle(month_seed, k, DECK)`` of :mod:`games.shuffle` over the canonical deck (with
7 players the deck is the canonical one followed by the blank card ``BLANK``: 49 cards).
The stock (§4 phase 6) is the list "undealt cards in deck order, then the hands of the
passers and the Chassés in bidding order" shuffled with
``seeded_shuffle(sha256_hex(month_seed + ":stock"), 0, that list)``.

Tests may inject ``decks=[…]`` (each deal attempt takes the next one) and
``stocks=[…]`` (each formed stock is replaced by the next one, which must hold the same
cards). Seat ``order`` is the order given; seat 0 deals month 1 (game g of a campaign:
seat (g-1) mod N).

Money is kept in points (§1). Every payment goes through :func:`_pay`, one call per
*step* (§10): amounts are netted per player first; a payer short of cash takes the
minimum number of 120-point loans. ``check_invariant`` verifies §1.

Events with ``seat=None`` are public and never name a hidden card; the few private ones
(``your_hand``) carry a seat.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from games.base import GameError, Result, SeatInfo, placings
from games.fishing import FlipChoice, Flipped, Play, Played, Take, Taken, play_is_legal, play_refusal, plays
from games.hachihachi import events as E
from games.hachihachi.actions import Call, Declare, Repay, describe, parse
from games.hachihachi.combos import (
    KAN,
    NUKEYAKU_COMBOS,
    TRIPLET_COMBOS,
    captured_combos,
    card_points,
    chasse_compensation,
    combo_class,
    hand_combos,
    public_cards,
)
from games.hachihachi.events import HachiHachiEvent
from games.hachihachi.options import Options, parse_options
from games.hachihachi.views import Bonuses, ComboKan, Declared, HandCombos, OptionsShown, PublicView, SageCall, SeatView
from games.hanafuda import DECK, MONTH, ORDER
from games.hanafuda import matching as _matches
from games.hanafuda import sort_codes as _sort
from games.shuffle import seeded_shuffle, sha256_hex

BLANK = "BLANK"
START_CASH = 60
LOAN = 120
REPAY_STEP = 60
HAN_DON = 120
ROLES = ["Oya", "Dou-ni", "Biki"]
FIELD_OF_LIGHT = {"1L": 2, "3L": 2, "8L": 2, "11L": 4, "12L": 4}
FIELD_NAMES = {1: "Petit", 2: "Double", 4: "Grand"}


class Sage(BaseModel):
    seat: int
    order: int
    value: int


class HHState(BaseModel):
    model_config = ConfigDict(hide_input_in_errors=True)  # an unloadable snapshot: errors (logs) show no cards, no seed
    game: str = "hachihachi"
    options: Options
    seats: list[SeatInfo]
    seed: str
    decks: list[list[str]] | None = None
    deck_pos: int = 0
    stocks: list[list[str]] | None = None
    stock_pos: int = 0
    # the game (a campaign plays several)
    game_no: int = 1
    games_total: int = 1
    month: int = 0
    dealer: int = 0
    phase: str = "mizuten"  # mizuten | bidding | declare | play | take | decide | repay | over
    acting: list[int] = Field(default_factory=list)
    cash: list[int]
    debt: list[int]
    loans: list[int]  # loans taken this game (count)
    repaid: list[int]  # points repaid this game
    pot: int = 0
    bank: int = 0
    track: list[int]  # stones per month slot
    track_fields: list[int]  # field multiplier played in each slot (0: not yet)
    pending_tokens: list[int] = Field(default_factory=list)  # field tokens waiting (2 or 4), highest first
    mult: int = 1
    # the month
    month_seed: str = ""
    month_hash: str = ""
    attempt: int = 0
    hands: list[list[str]]
    dealt: list[list[str]]
    table: list[str] = Field(default_factory=list)
    stock: list[str] = Field(default_factory=list)
    undealt: list[str] = Field(default_factory=list)
    blank: int | None = None
    mizuten: bool = False
    mizuten_void: bool = False
    bid_order: list[int] = Field(default_factory=list)
    bids: list[str | None]  # stay | pass | chased | out (blank holder) | None (undecided)
    active: list[int] = Field(default_factory=list)  # Oya, Dou-ni, Biki
    declared: list[dict[str, Any] | None]
    captures: list[list[str]]
    held: list[list[str]]  # captured combo ids already answered (Yoshi/Sa-gé asked)
    sages: list[Sage] = Field(default_factory=list)
    sage_counter: int = 0
    turn: int | None = None
    pending: str | None = None
    pending_choices: list[str] = Field(default_factory=list)
    mizuten_success: bool = False
    tobikomi: list[list[str]]  # per seat: triplets (as "4A 4R 4C1") already earned
    nukeyaku: list[bool]
    last_winners: list[int] = Field(default_factory=list)  # winner(s) of the last month played (§12)
    month_log: list[dict[str, Any]] = Field(default_factory=list)  # every month_end of this game
    game_log: list[dict[str, Any]] = Field(default_factory=list)  # every game_end
    totals: list[int]  # campaign: sum of final scores
    ledger: list[dict[str, Any]] = Field(default_factory=list)  # loans and repayments of every game
    # every transfer (loans and repayments included) since the last summary event; the next
    # summary (month_end, interlude, game_end) shows them line by line and empties the list
    unshown: list[dict[str, Any]] = Field(default_factory=list)
    account: list[dict[str, int]] = Field(default_factory=list)  # per seat: this game's points by ledger line
    last_summary: dict[str, Any] | None = None
    opening_events: list[HachiHachiEvent] = Field(default_factory=list)
    actions: int = 0


# ---------------------------------------------------------------------------
# helpers
# ---------------------------------------------------------------------------


def _n(state: HHState) -> int:
    return len(state.seats)



def role_of(state: HHState, seat: int) -> str | None:
    if seat in state.active:
        return ROLES[state.active.index(seat)]
    return None


def check_invariant(state: HHState) -> None:
    """§1: Σcash + pot + track + bank = 60·N; cash ≥ 0; debt a multiple of 60."""
    n = _n(state)
    total = sum(state.cash) + state.pot + sum(state.track) + state.bank
    if total != START_CASH * n:
        raise AssertionError(f"conservation broken: {total} != {START_CASH * n}")
    if any(c < 0 for c in state.cash) or any(d < 0 or d % REPAY_STEP for d in state.debt) or state.pot < 0:
        raise AssertionError("negative cash or pot, or a debt that is not a multiple of 60")


def _check_deck(deck: list[str], n: int) -> list[str]:
    want = set(DECK) | ({BLANK} if n == 7 else set())
    if len(deck) != len(want) or set(deck) != want:
        raise GameError(f"An injected deck must hold each of the {len(want)} cards exactly once.")
    return list(deck)


# ---------------------------------------------------------------------------
# payments (§10)
# ---------------------------------------------------------------------------


def _pay(state: HHState, step: str, transfers: list[dict[str, Any]], events: list[HachiHachiEvent], **extra: Any) -> dict[str, Any]:
    """One payment step. ``transfers``: ``{"from", "to", "amount", "why"}`` where from/to
    are seats or the accounts ``"pot"``, ``"bank"``, ``"track"`` (``"slot"`` names the
    track slot). Amounts are netted per player; short payers borrow (§12)."""
    n = _n(state)
    net = [0] * n
    acc = {"pot": 0, "bank": 0, "track": 0}
    slots: dict[int, int] = {}
    for t in transfers:
        a = t["amount"]
        if a == 0:
            continue
        f, to = t["from"], t["to"]
        if isinstance(f, int):
            net[f] -= a
        else:
            acc[f] -= a
        if isinstance(to, int):
            net[to] += a
        else:
            acc[to] += a
            if to == "track":
                slot = t.get("slot", state.month - 1)
                slots[slot] = slots.get(slot, 0) + a
    loans = [0] * n
    for s in range(n):
        if net[s] < 0 and state.cash[s] < -net[s]:
            k = -((state.cash[s] + net[s]) // LOAN)  # ceil((need - cash) / 120)
            loans[s] = k
            state.cash[s] += LOAN * k
            state.debt[s] += LOAN * k
            state.loans[s] += k
            state.bank -= LOAN * k
            state.ledger.append({"game": state.game_no, "month": state.month, "seat": s, "kind": "loan",
                                 "amount": LOAN * k, "step": step})
    for s in range(n):
        state.cash[s] += net[s]
    state.pot += acc["pot"]
    state.bank += acc["bank"]
    for slot, a in slots.items():
        state.track[slot] += a
    shown = [t for t in transfers if t["amount"]]
    _record(state, [_t("bank", s, LOAN * k, "loan", step=step) for s, k in enumerate(loans) if k] + shown)
    data = {"step": step, "month": state.month, "transfers": shown, "net": net, "loans": loans,
            "cash": list(state.cash), "debt": list(state.debt), "pot": state.pot, **extra}
    events.append(E.Payments(**data))
    return data


def _t(frm: Any, to: Any, amount: int, why: str, **more: Any) -> dict[str, Any]:
    return {"from": frm, "to": to, "amount": amount, "why": why, **more}


# The season ledger lines of a game (see ``ledger_entries``): every transfer a seat makes or
# receives is booked on one of them; ``start`` and ``debt`` are booked at the start and the end.
ACCOUNT_OF = {"loan": "loan", "repay": "repay", "repay_end": "repay", "han_don": "han_don", "stones": "stones",
              "bonus": "bonus"}  # any other reason: "month N", the payments of month N
ACCOUNTS = ["start", "months", "han_don", "stones", "bonus", "loan", "repay", "debt"]  # "months": every "month N"


def account_group(account: str) -> str:
    """``month 3`` → ``months`` (how the year summary and the ledger kinds group the accounts)."""
    return "months" if account.startswith("month") else account


def _record(state: HHState, transfers: list[dict[str, Any]]) -> None:
    """Every chip a seat pays or receives passes here (after the step has moved it): it waits in
    ``unshown`` for the next summary and is booked on the seat's ledger account."""
    for t in transfers:
        if not t["amount"]:
            continue
        state.unshown.append(t)
        account = ACCOUNT_OF.get(t["why"], f"month {state.month}")
        for end, sign in ((t["from"], -1), (t["to"], 1)):
            if isinstance(end, int):
                state.account[end][account] = state.account[end].get(account, 0) + sign * t["amount"]


def movements(state: HHState, transfers: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The transfers as each seat sees them: ``{"seat", "kind", "amount", "memo"}``, signed."""
    def who(x: Any) -> str:
        return state.seats[x].name if isinstance(x, int) else f"the {x}"

    out = []
    for t in transfers:
        if isinstance(t["from"], int):
            out.append({"seat": t["from"], "kind": t["why"], "amount": -t["amount"], "memo": f"to {who(t['to'])}"})
        if isinstance(t["to"], int):
            out.append({"seat": t["to"], "kind": t["why"], "amount": t["amount"], "memo": f"from {who(t['from'])}"})
    return out


def _take_unshown(state: HHState) -> dict[str, Any]:
    """What a summary event shows: the transfers since the last summary, and as movements."""
    shown, state.unshown = state.unshown, []
    return {"transfers": shown, "movements": movements(state, shown)}


# ---------------------------------------------------------------------------
# set-up
# ---------------------------------------------------------------------------


def new_game(
    options: Options | dict | None,
    seats: list[SeatInfo] | list[str],
    seed: str,
    decks: list[list[str]] | None = None,
    stocks: list[list[str]] | None = None,
) -> HHState:
    if options is None:
        options = Options(players=len(seats))
    elif isinstance(options, dict):
        options = parse_options(options, len(seats))
    options.check(len(seats))
    if not isinstance(seed, str) or not seed:
        raise GameError("The seed must be a non-empty string.")
    infos = [s if isinstance(s, SeatInfo) else SeatInfo(name=str(s)) for s in seats]
    n = len(infos)
    if decks is not None:
        decks = [_check_deck(list(d), n) for d in decks]
    state = HHState(
        options=options, seats=infos, seed=seed, decks=decks, stocks=[list(s) for s in stocks] if stocks else None,
        games_total=n if options.campaign else 1,
        cash=[START_CASH] * n, debt=[0] * n, loans=[0] * n, repaid=[0] * n,
        track=[0] * options.months, track_fields=[0] * options.months,
        hands=[[] for _ in range(n)], dealt=[[] for _ in range(n)], bids=[None] * n,
        declared=[None] * n, captures=[[] for _ in range(n)], held=[[] for _ in range(n)],
        tobikomi=[[] for _ in range(n)], nukeyaku=[False] * n, totals=[0] * n,
    )
    events: list[HachiHachiEvent] = []
    _start_game(state, events)
    state.opening_events = events
    check_invariant(state)
    return state


def opening_events(state: HHState) -> list[HachiHachiEvent]:
    return list(state.opening_events)


def _start_game(state: HHState, events: list[HachiHachiEvent]) -> None:
    n = _n(state)
    m = state.options.months
    state.cash = [START_CASH] * n
    state.debt = [0] * n
    state.loans = [0] * n
    state.repaid = [0] * n
    state.account = [{"start": START_CASH} for _ in range(n)]
    state.unshown = []
    state.pot = 0
    state.bank = 0
    state.track = [0] * m
    state.track_fields = [0] * m
    state.pending_tokens = []
    state.month = 0
    state.month_log = []
    state.last_winners = []
    state.dealer = (state.game_no - 1) % n
    events.append(E.GameStart(game=state.game_no, games=state.games_total, dealer=state.dealer,
                              months=m, cash=list(state.cash)))
    _start_month(state, events)


def _start_month(state: HHState, events: list[HachiHachiEvent]) -> None:
    n = _n(state)
    state.month += 1
    state.month_seed = sha256_hex(f"{state.seed}:{state.game_no}:{state.month}")
    state.month_hash = sha256_hex(state.month_seed)
    state.attempt = 0
    state.hands = [[] for _ in range(n)]
    state.dealt = [[] for _ in range(n)]
    state.table = []
    state.stock = []
    state.undealt = []
    state.blank = None
    state.mizuten = False
    state.mizuten_void = False
    state.bid_order = []
    state.bids = [None] * n
    state.active = []
    state.declared = [None] * n
    state.captures = [[] for _ in range(n)]
    state.held = [[] for _ in range(n)]
    state.sages = []
    state.sage_counter = 0
    state.turn = None
    state.pending = None
    state.pending_choices = []
    state.mizuten_success = False
    state.tobikomi = [[] for _ in range(n)]
    state.nukeyaku = [False] * n
    state.mult = 1
    events.append(E.RoundStart(game=state.game_no, month=state.month, months=state.options.months,
                               dealer=state.dealer, hash=state.month_hash,
                               pending_tokens=list(state.pending_tokens)))
    state.phase = "mizuten"
    state.acting = [state.dealer]


def _next_deck(state: HHState) -> list[str]:
    if state.decks is not None and state.deck_pos < len(state.decks):
        deck = list(state.decks[state.deck_pos])
        state.deck_pos += 1
        return deck
    base = DECK + [BLANK] if _n(state) == 7 else DECK
    return seeded_shuffle(state.month_seed, state.attempt, base)


def deal(deck: list[str], n: int, dealer: int) -> tuple[list[list[str]], list[str], list[str]]:
    """``(hands, table, undealt)`` (§4 phase 2): 3 each from the seat after the dealer, 3 to the
    table, 4 each, 3 to the table; 7 players: 3 then 4 each, no table packets."""
    order = [(dealer + 1 + i) % n for i in range(n)]
    hands: list[list[str]] = [[] for _ in range(n)]
    table: list[str] = []
    pos = 0
    for size in (3, 4):
        for s in order:
            hands[s].extend(deck[pos:pos + size])
            pos += size
        if n != 7:
            table.extend(deck[pos:pos + 3])
            pos += 3
    return hands, table, deck[pos:]


def four_of_a_month(table: list[str]) -> int | None:
    counts: dict[int, int] = {}
    for c in table:
        counts[MONTH[c]] = counts.get(MONTH[c], 0) + 1
    for m, k in counts.items():
        if k == 4:
            return m
    return None


def field_tokens(table: list[str]) -> list[int]:
    return sorted((FIELD_OF_LIGHT[c] for c in table if c in FIELD_OF_LIGHT), reverse=True)


def _deal_month(state: HHState, events: list[HachiHachiEvent]) -> None:
    n = _n(state)
    while True:
        deck = _next_deck(state)
        hands, table, undealt = deal(deck, n, state.dealer)
        blank = None
        if n == 7:
            blank = next(s for s in range(n) if BLANK in hands[s])
            table = [c for c in hands[blank] if c != BLANK]
            hands[blank] = []
        month = four_of_a_month(table)
        if month is not None:
            events.append(E.Redeal(month=state.month, attempt=state.attempt, table=_sort(table),
                                   four_of=month, blank=blank))
            state.attempt += 1
            continue
        break
    state.hands = [_sort(h) for h in hands]
    state.dealt = [list(h) for h in state.hands]
    state.table = list(table)
    state.undealt = list(undealt)
    state.blank = blank
    new = field_tokens(table)
    pool = sorted(state.pending_tokens + new, reverse=True)
    state.mult = pool[0] if pool else 1
    state.pending_tokens = pool[1:]
    state.track_fields[state.month - 1] = state.mult
    if state.mizuten and blank == state.dealer:
        state.mizuten_void = True
    events.append(E.Deal(month=state.month, dealer=state.dealer, table=list(state.table),
                         new_tokens=new, field=state.mult, field_name=FIELD_NAMES[state.mult],
                         pending_tokens=list(state.pending_tokens), blank=blank,
                         attempts=state.attempt + 1, hand_counts=[len(h) for h in state.hands]))
    for s in range(n):
        if state.hands[s]:
            events.append(E.YourHand(hand=list(state.hands[s]), seat=s))
    # §4 phase 3: Shiso
    order = _from_dealer(state)
    holders = [s for s in order if s != blank and hand_combos(state.hands[s])["suit"]
               and hand_combos(state.hands[s])["suit"]["id"] == "shiso"]
    if holders:
        _shiso(state, holders, events)
        return
    _start_bidding(state, events)


def _from_dealer(state: HHState) -> list[int]:
    n = _n(state)
    return [(state.dealer + i) % n for i in range(n)]


# ---------------------------------------------------------------------------
# Shiso (§5)
# ---------------------------------------------------------------------------


def _shiso(state: HHState, holders: list[int], events: list[HachiHachiEvent]) -> None:
    m = state.mult
    if state.mizuten:
        state.mizuten_void = True
    transfers = []
    shown = []
    for h in holders:
        combos = hand_combos(state.hands[h])
        kan = 20 + (combos["kasu"]["kan"] if combos["kasu"] else 0)
        shown.append({"seat": h, "cards": list(state.hands[h]), "kasu": combos["kasu"]["id"] if combos["kasu"] else None,
                      "kan": kan})
        for o in _from_dealer(state):
            if o != h and o != state.blank:
                transfers.append(_t(o, h, KAN * kan * m, "shiso"))
    events.append(E.Shiso(holders=shown, field=m))
    winner = holders[0]
    state.last_summary = None
    _end_month(state, events, kind="shiso", winner=winner, transfers=transfers, extra={"shiso": shown})


# ---------------------------------------------------------------------------
# bidding (§9)
# ---------------------------------------------------------------------------


def _start_bidding(state: HHState, events: list[HachiHachiEvent]) -> None:
    n = _n(state)
    state.bid_order = [s for s in _from_dealer(state) if s != state.blank]
    if state.blank is not None:
        state.bids[state.blank] = "out"
    if state.mizuten and not state.mizuten_void:
        _bid(state, state.dealer, "stay", events, auto=True)
    if n == 3:  # nobody may pass (§9)
        for s in state.bid_order:
            if state.bids[s] is None:
                _bid(state, s, "stay", events, auto=True)
    if state.phase == "bidding" or len(state.active) < 3:
        _next_bidder(state, events)


def _undecided(state: HHState) -> list[int]:
    return [s for s in state.bid_order if state.bids[s] is None]


def _bid(state: HHState, seat: int, choice: str, events: list[HachiHachiEvent], auto: bool = False) -> None:
    pos = state.bid_order.index(seat) + 1
    paid = 0
    state.bids[seat] = choice
    if choice == "stay":
        state.active.append(seat)
    events.append(E.Bid(player=seat, choice=choice, position=pos, auto=auto,
                        amount=6 * (pos + 1) * state.mult if choice == "pass" else 0))
    if choice == "pass":
        paid = 6 * (pos + 1) * state.mult
        _pay(state, "pass", [_t(seat, "pot", paid, "pass", position=pos)], events)
    if len(state.active) == 3:
        chased = _undecided(state)
        for s in chased:
            state.bids[s] = "chased"
        _after_bidding(state, chased, events)
    else:
        state.phase = "bidding"


def _next_bidder(state: HHState, events: list[HachiHachiEvent]) -> None:
    if len(state.active) >= 3:
        return
    und = _undecided(state)
    if not und:
        _pas_de_match(state, events)
        return
    state.phase = "bidding"
    state.acting = [und[0]]


def _pas_de_match(state: HHState, events: list[HachiHachiEvent]) -> None:
    events.append(E.PasDeMatch(stayers=list(state.active), pot=state.pot))
    _end_month(state, events, kind="pas_de_match", winner=None, transfers=[])


def _after_bidding(state: HHState, chased: list[int], events: list[HachiHachiEvent]) -> None:
    m = state.mult
    if chased:
        events.append(E.Chassed(seats=list(chased)))
        transfers = []
        comp = []
        for c in chased:
            q, items, cards = chasse_compensation(state.hands[c])
            comp.append({"seat": c, "q": q, "items": items, "cards": cards, "amount": q * m})
            for s in state.active:
                transfers.append(_t(s, c, q * m, "chasse", chasse=c))
        events.append(E.Compensation(chassed=comp, field=m))
        _pay(state, "compensation", transfers, events)
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


# ---------------------------------------------------------------------------
# hand combos (§5)
# ---------------------------------------------------------------------------


def declare_options(hand: list[str]) -> list[str]:
    """Legal declarations for a hand, best first: both, Kasu, Suit, none."""
    hc = hand_combos(hand)
    k = hc["kasu"]["id"] if hc["kasu"] else None
    s = hc["suit"]["id"] if hc["suit"] and hc["suit"]["id"] != "shiso" else None
    both = (k, s) if k and s else None
    return [str(Declare(ids)) for ids in (both, (k,) if k else None, (s,) if s else None, ()) if ids is not None]


def _declare(state: HHState, seat: int, action: Declare, events: list[HachiHachiEvent]) -> None:
    ids = action.combos
    hand = state.dealt[seat]
    hc = hand_combos(hand)
    kasu = hc["kasu"]["id"] if hc["kasu"] and hc["kasu"]["id"] in ids else None
    suit = hc["suit"]["id"] if hc["suit"] and hc["suit"]["id"] in ids else None
    kan = (hc["kasu"]["kan"] if kasu else 0) + (hc["suit"]["kan"] if suit else 0)
    if kasu or suit:
        up, down = public_cards(hand, kasu, suit)
        state.declared[seat] = {"kasu": kasu, "suit": suit, "kan": kan,
                                "kasu_kan": hc["kasu"]["kan"] if kasu else 0,
                                "suit_kan": hc["suit"]["kan"] if suit else 0,
                                "triplets": hc["suit"]["triplets"] if suit in TRIPLET_COMBOS else [],
                                "up": up, "down": down}
        events.append(E.Declared(player=seat, kasu=kasu, suit=suit, kan=kan,
                                 kasu_kan=state.declared[seat]["kasu_kan"],
                                 suit_kan=state.declared[seat]["suit_kan"],
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
                    transfers.append(_t(o, s, amount, "hand_combo"))
    if transfers:
        _pay(state, "hand_combos", transfers, events)
    state.phase = "play"
    state.turn = state.active[0]
    state.acting = [state.turn]


# ---------------------------------------------------------------------------
# play (§4, §8)
# ---------------------------------------------------------------------------



def _resolve(state: HHState, seat: int, code: str, target: str | None) -> list[str]:
    matches = _matches(state.table, code)
    if not matches:
        state.table.append(code)
        return []
    taken = [target] if len(matches) == 2 else matches
    for c in taken:
        state.table.remove(c)
    caps = state.captures[seat]
    caps.extend([code, *taken])
    caps.sort(key=ORDER.__getitem__)
    return taken


def has_active_sage(state: HHState, seat: int) -> bool:
    return any(s.seat == seat for s in state.sages)


def _flip(state: HHState, seat: int, events: list[HachiHachiEvent]) -> None:
    card = state.stock.pop(0)
    matches = _matches(state.table, card)
    if len(matches) == 2:
        state.pending = card
        state.pending_choices = _sort(matches)
        state.phase = "take"
        events.append(Flipped(player=seat, card=card, captured=[], pending_choice=True,
                                choices=list(state.pending_choices)))
        return
    taken = _resolve(state, seat, card, None)
    events.append(Flipped(player=seat, card=card, captured=taken, pending_choice=False))
    _end_turn(state, seat, events)


def _bonuses(state: HHState, seat: int, events: list[HachiHachiEvent]) -> None:
    pts = card_points(state.captures[seat])
    if seat == state.active[0] and state.mizuten and not state.mizuten_void and not state.mizuten_success and pts >= 89:
        state.mizuten_success = True
        events.append(E.Bonus(player=seat, kind="mizuten", points=pts))
    d = state.declared[seat]
    if d:
        if d["kasu"] in NUKEYAKU_COMBOS and not state.nukeyaku[seat] and pts >= 89:
            state.nukeyaku[seat] = True
            events.append(E.Bonus(player=seat, kind="nukeyaku", points=pts))
        caps = set(state.captures[seat])
        for t in d["triplets"]:
            key = " ".join(t)
            if key not in state.tobikomi[seat] and set(t) <= caps:
                state.tobikomi[seat].append(key)
                events.append(E.Bonus(player=seat, kind="tobikomi", triplet=list(t)))


def _end_turn(state: HHState, seat: int, events: list[HachiHachiEvent]) -> None:
    state.phase = "play"
    _bonuses(state, seat, events)
    combos = captured_combos(state.captures[seat])
    new = [cid for cid, _ in combos if cid not in state.held[seat]]
    if new:
        value = sum(k for _, k in combos)
        state.held[seat] = [cid for cid, _ in combos]
        events.append(E.ComboMade(player=seat, new=new, combos=[{"id": c, "kan": k} for c, k in combos],
                                  value=value))
        state.phase = "decide"
        state.turn = seat
        state.acting = [seat]
        return
    _advance(state, seat, events)


def _exhausted(state: HHState) -> bool:
    return not state.stock and all(not state.hands[s] for s in state.active)


def _advance(state: HHState, seat: int, events: list[HachiHachiEvent]) -> None:
    if _exhausted(state):
        _exhaustion(state, events)
        return
    idx = state.active.index(seat)
    nxt = state.active[(idx + 1) % 3]
    state.turn = nxt
    state.phase = "play"
    state.acting = [nxt]


def value_of(state: HHState, seat: int) -> int:
    return sum(k for _, k in captured_combos(state.captures[seat]))


def _bonus_transfers(state: HHState) -> list[dict[str, Any]]:
    """Earned Tobikomi, Nukeyaku and Mizu-ten success (paid whatever the ending, §12)."""
    m = state.mult
    out = []
    for s in state.active:
        for why, k in (("tobikomi", len(state.tobikomi[s])), ("nukeyaku", 1 if state.nukeyaku[s] else 0)):
            for _ in range(k):
                for o in state.active:
                    if o != s:
                        out.append(_t(o, s, KAN * m, why))
    out += _mizuten_transfers(state, success=True) if state.mizuten_success else []
    return out


def _mizuten_transfers(state: HHState, success: bool) -> list[dict[str, Any]]:
    oya = state.active[0]
    out = []
    for o in range(_n(state)):
        if o != oya and o != state.blank:
            if success:
                out.append(_t(o, oya, KAN * state.mult, "mizuten_success"))
            else:
                out.append(_t(oya, o, KAN * state.mult, "mizuten_failure"))
    return out


def _yoshi(state: HHState, seat: int, events: list[HachiHachiEvent]) -> None:
    m = state.mult
    v = value_of(state, seat)
    split = state.options.split
    opponents = [o for o in state.active if o != seat]
    sagers = [s for s in sorted(state.sages, key=lambda s: s.order) if s.seat in opponents]
    transfers = []
    if sagers:  # S2 (the latest caller pays, §8)
        y = sagers[-1].seat
        transfers.append(_t(y, seat, KAN * v * m * (1 if split else 2), "yoshi_sage"))
        case = "S2"
    else:  # S1
        for o in opponents:
            transfers.append(_t(o, seat, KAN * v * m // (2 if split else 1), "yoshi"))
        case = "S1"
    events.append(E.Yoshi(player=seat, value=v, case=case,
                          combos=[{"id": c, "kan": k} for c, k in captured_combos(state.captures[seat])]))
    _end_month(state, events, kind="yoshi", winner=seat, transfers=transfers + _bonus_transfers(state),
               extra={"case": case, "value": v})


def _cancel_sage(state: HHState, seat: int, events: list[HachiHachiEvent]) -> None:
    m = state.mult
    v = value_of(state, seat)
    per = KAN * v * m // (4 if state.options.split else 2)
    transfers = [_t(o, seat, per, "cancel_sage") for o in state.active if o != seat]
    events.append(E.CancelSage(player=seat, value=v,
                               combos=[{"id": c, "kan": k} for c, k in captured_combos(state.captures[seat])]))
    _end_month(state, events, kind="cancel_sage", winner=seat, transfers=transfers + _bonus_transfers(state),
               extra={"case": "S3", "value": v})


def _exhaustion(state: HHState, events: list[HachiHachiEvent]) -> None:
    m = state.mult
    split = state.options.split
    oya = state.active[0]
    pts = {s: card_points(state.captures[s]) for s in state.active}
    transfers: list[dict[str, Any]] = []
    counted = None
    winner = None
    double8 = [s for s in state.active if pts[s] >= 168]
    if double8:
        w = double8[0]
        kan = 10 + (pts[w] - 168)
        counted = {"id": "double8", "seat": w, "kan": kan}
        for o in state.active:
            if o != w:
                transfers.append(_t(o, w, KAN * kan * m // (2 if split else 1), "double8"))
        winner = w
    elif all(pts[s] == 88 for s in state.active):
        counted = {"id": "tous8", "seat": oya, "kan": 10}
        for o in state.active:
            if o != oya:
                transfers.append(_t(o, oya, KAN * 10 * m // (2 if split else 1), "tous8"))
        winner = oya
    else:
        # 88 settlement (§12)
        res = {s: (pts[s] - 88) * m for s in state.active}
        above = [s for s in state.active if res[s] > 0]
        below = [s for s in state.active if res[s] < 0]
        if len(above) == 1:
            for s in below:
                transfers.append(_t(s, above[0], -res[s], "eighty_eight"))
        elif len(below) == 1:
            for s in above:
                transfers.append(_t(below[0], s, res[s], "eighty_eight"))
        # S4
        for w in state.active:
            vw = value_of(state, w)
            if vw > 0:
                for o in state.active:
                    if o != w:
                        transfers.append(_t(o, w, KAN * vw * m // (4 if split else 2), "sage_half"))
        transfers += [t for t in _bonus_transfers(state) if t["why"] != "mizuten_success"]
        best = max(pts.values())
        winner = next(s for s in state.active if pts[s] == best)  # ties: Oya, then Dou-ni
    if state.mizuten and not state.mizuten_void:
        if state.mizuten_success:
            transfers += _mizuten_transfers(state, success=True)
        elif pts[oya] <= 87:
            transfers += _mizuten_transfers(state, success=False)
    events.append(E.Exhaustion(points={str(s): pts[s] for s in state.active}, counted=counted))
    _end_month(state, events, kind="exhaustion", winner=winner, transfers=transfers,
               extra={"points": [pts.get(s) for s in range(_n(state))], "counted": counted})


# ---------------------------------------------------------------------------
# month end (§9) and the year (§10)
# ---------------------------------------------------------------------------


def _end_month(state: HHState, events: list[HachiHachiEvent], *, kind: str, winner: int | None,
               transfers: list[dict[str, Any]], extra: dict[str, Any] | None = None) -> None:
    n = _n(state)
    before = list(state.cash)
    settlement = _pay(state, "month", transfers, events) if transfers else None
    slot = state.month - 1
    end_tr = []
    if state.pot > 0:
        end_tr.append(_t("pot", "track", 1, "stone", slot=slot))
        pot_left = state.pot - 1
    else:
        end_tr.append(_t("bank", "track", 1, "stone", slot=slot))  # §3
        pot_left = state.pot
    shiso_end = kind == "shiso" and state.options.shiso_ends_game
    if shiso_end:
        for i in range(state.options.months):
            if i != slot and state.track[i] == 0:
                end_tr.append(_t(winner, "track", 1, "shiso_stone", slot=i))
    if kind == "pas_de_match":
        stayers = list(state.active)
        share, left = divmod(pot_left, len(stayers))
        for i, s in enumerate(stayers):
            end_tr.append(_t("pot", s, share + (1 if i < left else 0), "pot_share"))
    elif winner is not None and pot_left:
        end_tr.append(_t("pot", winner, pot_left, "pot"))
    _pay(state, "month_end", end_tr, events)
    if kind == "pas_de_match":
        next_dealer = state.active[0]
    else:
        next_dealer = winner
    # the month's winner; after a Pas de match the stayers who shared the pot count as tied winners
    state.last_winners = list(state.active) if kind == "pas_de_match" else [winner]
    data = {
        "game": state.game_no, "month": state.month, "months": state.options.months, "kind": kind,
        "winner": winner, "field": state.mult, "field_name": FIELD_NAMES[state.mult],
        "active": list(state.active), "roles": {ROLES[i]: s for i, s in enumerate(state.active)},
        "dealer": state.dealer, "next_dealer": next_dealer, "mizuten": state.mizuten and not state.mizuten_void,
        "settlement": settlement["transfers"] if settlement else [],
        **_take_unshown(state),
        "month_end": [t for t in end_tr if t["amount"]],
        "change": [state.cash[s] - before[s] for s in range(n)],
        "cash": list(state.cash), "debt": list(state.debt), "pot": state.pot, "track": list(state.track),
        "captures_points": [card_points(c) if s in state.active else None for s, c in enumerate(state.captures)],
        "seed": state.month_seed, "hash": state.month_hash, **(extra or {}),
    }
    events.append(E.MonthEnd(**data, captures=[list(c) if s in state.active else [] for s, c in enumerate(state.captures)]))
    state.month_log.append(data)
    state.last_summary = data
    state.turn = None
    state.pending = None
    state.pending_choices = []
    state.dealer = next_dealer
    state.hands = [[] for _ in range(n)]  # every card of the month is now out of play
    if shiso_end:
        _game_end(state, events)
        return
    if state.month == state.options.han_don_after:
        _han_don(state, events)
        return
    if state.month == state.options.ishi_arai_after:
        _start_repay(state, "ishi_arai", events)
        return
    _after_interlude(state, events)


def _after_interlude(state: HHState, events: list[HachiHachiEvent]) -> None:
    if state.month >= state.options.months:
        _game_end(state, events)  # its summary shows the Han-Don / repayments just made
        return
    if state.unshown:  # Han-Don or repayments between two months: their own summary
        kind = "han_don" if state.month == state.options.han_don_after else "ishi_arai"
        events.append(E.Interlude(game=state.game_no, month=state.month, kind=kind,
                                  **_take_unshown(state), cash=list(state.cash), debt=list(state.debt)))
    _start_month(state, events)


def _han_don(state: HHState, events: list[HachiHachiEvent]) -> None:
    transfers = [_t(s, "bank", HAN_DON, "han_don") for s in range(_n(state))]
    events.append(E.HanDon(month=state.month))
    _pay(state, "han_don", transfers, events)
    _start_repay(state, "han_don", events)


def can_repay(state: HHState, seat: int) -> int:
    """The most a seat may repay now (a multiple of 60, ≤ debt, ≤ cash)."""
    return min(state.debt[seat], state.cash[seat] // REPAY_STEP * REPAY_STEP)


def _start_repay(state: HHState, kind: str, events: list[HachiHachiEvent]) -> None:
    who = [s for s in range(_n(state)) if can_repay(state, s) > 0]
    events.append(E.RepayWindow(kind=kind, month=state.month, seats=who))
    if not who:
        _after_interlude(state, events)
        return
    state.phase = "repay"
    state.acting = who
    state.turn = None


def _repay(state: HHState, seat: int, amount: int, events: list[HachiHachiEvent], mandatory: bool = False) -> None:
    if amount:
        state.cash[seat] -= amount
        state.debt[seat] -= amount
        state.bank += amount
        state.repaid[seat] += amount
        state.ledger.append({"game": state.game_no, "month": state.month, "seat": seat, "kind": "repay",
                             "amount": amount, "step": "game_end" if mandatory else "repay"})
        _record(state, [_t(seat, "bank", amount, "repay_end" if mandatory else "repay")])
    events.append(E.Repaid(player=seat, amount=amount, mandatory=mandatory,
                           cash=state.cash[seat], debt=state.debt[seat]))


def _game_end(state: HHState, events: list[HachiHachiEvent]) -> None:
    n = _n(state)
    last_dealer = state.month_log[-1]["dealer"] if state.month_log else state.dealer
    order = [(last_dealer + i) % n for i in range(n)]
    repaid = []
    for s in range(n):  # 1. mandatory repayment
        a = can_repay(state, s)
        if a:
            _repay(state, s, a, events, mandatory=True)
            repaid.append({"seat": s, "amount": a})
    net = [state.cash[s] - state.debt[s] for s in range(n)]
    stones = sum(state.track)
    transfers = []
    poorest: list[int] = []
    if stones:
        low = min(net)
        poorest = [s for s in order if net[s] == low]
        share, left = divmod(stones, len(poorest))
        for i, s in enumerate(poorest):
            transfers.append(_t("track", s, share + (1 if i < left else 0), "stones"))
    winners = sorted(state.last_winners, key=order.index)
    bonus = 5 * KAN * n
    if winners:
        share, left = divmod(bonus, len(winners))
        for i, s in enumerate(winners):
            transfers.append(_t("bank", s, share + (1 if i < left else 0), "bonus"))
    state.track = [0] * len(state.track)  # the stones leave the track (booked by the step below)
    if transfers:
        _pay(state, "game_end", transfers, events)
    scores = [state.cash[s] - state.debt[s] for s in range(n)]
    for s in range(n):
        state.totals[s] += scores[s]
        state.account[s]["debt"] = -state.debt[s]
    shown = _take_unshown(state)  # Han-Don and repayments not yet in a summary, then the steps above
    shown["movements"] = ([{"seat": s, "kind": "start", "amount": START_CASH, "memo": "the year's starting points"}
                           for s in range(n)] + shown["movements"]
                          + [{"seat": s, "kind": "debt", "amount": -state.debt[s], "memo": "still owed to the bank"}
                             for s in range(n) if state.debt[s]])
    data = {"game": state.game_no, "games": state.games_total, "months_played": state.month,
            "repaid": repaid, "poorest": poorest, "stones": stones, "winner": winners[0] if winners else None,
            "winners": winners, "bonus": bonus if winners else 0, **shown,
            "account": [dict(sorted(acc.items(), key=lambda kv: ACCOUNTS.index(account_group(kv[0]))))
                        for acc in state.account],
            "cash": list(state.cash), "debt": list(state.debt),
            "scores": scores, "placings": placings(scores), "totals": list(state.totals),
            "loans": list(state.loans)}
    events.append(E.GameEnd(**data))
    state.game_log.append(data)
    state.last_summary = data
    if state.game_no < state.games_total:
        state.game_no += 1
        _start_game(state, events)
        return
    state.phase = "over"
    state.acting = []
    state.turn = None


# ---------------------------------------------------------------------------
# the interface
# ---------------------------------------------------------------------------


def to_act(state: HHState) -> list[int]:
    if state.phase == "over":
        return []
    return list(state.acting)


def is_over(state: HHState) -> bool:
    return state.phase == "over"


def legal_actions(state: HHState, seat: int) -> list[str]:
    if state.phase == "over" or seat not in state.acting:
        return []
    ph = state.phase
    if ph == "mizuten":
        return [str(Call.NO_MIZUTEN), str(Call.MIZUTEN)]
    if ph == "bidding":
        out = [str(Call.STAY)]
        n = _n(state)
        und = _undecided(state)
        if n > 3 and not (len(state.active) == 0 and und == [seat]):
            out.append(str(Call.PASS))
        return out
    if ph == "declare":
        return declare_options(state.dealt[seat])
    if ph == "play":
        return ([str(Call.CANCEL_SAGE)] if has_active_sage(state, seat) else []) + plays(state.hands[seat], state.table)
    if ph == "take":
        return [str(Take(t)) for t in state.pending_choices]
    if ph == "decide":
        return [str(Call.YOSHI), str(Call.SAGE)]
    if ph == "repay":
        top = can_repay(state, seat)
        return [str(Repay(a)) for a in range(top, -1, -REPAY_STEP)]
    return []


def _illegal(state: HHState, seat: int, action: Play | Take | Call | Declare | Repay) -> GameError:
    ph = state.phase
    if ph == "mizuten":
        return GameError("As dealer, first say whether you declare Mizu-ten (mizuten or no_mizuten).")
    if ph == "bidding":
        if action is Call.PASS:
            if _n(state) == 3:
                return GameError("With three players nobody may pass: everyone plays every month.")
            return GameError("You are the last to decide and nobody has stayed: you must stay.")
        return GameError("Say whether you stay or pass.")
    if ph == "declare":
        return GameError("Choose which of your hand combos to declare (or declare none).")
    if ph == "play":
        if action is Call.CANCEL_SAGE:
            return GameError("You have no Sa-gé to cancel.")
        if isinstance(action, Play):
            return GameError(play_refusal(action, state.hands[seat], state.table))
        return GameError("Play a card from your hand.")
    if ph == "take":
        return GameError(f"Choose which table card the flipped {state.pending} takes: "
                         f"{' or '.join(str(Take(c)) for c in state.pending_choices)}.")
    if ph == "decide":
        return GameError("You completed a combo: call Yoshi (stop and win) or Sa-gé (play on).")
    if ph == "repay":
        return GameError(f"Repay a multiple of 60 points, at most {can_repay(state, seat)} (0 to keep your cash).")
    return GameError("That move is not possible now.")


def apply(state: HHState, seat: int, action: str) -> list[HachiHachiEvent]:
    if state.phase == "over":
        raise GameError("The game is over.")
    if not isinstance(seat, int) or not 0 <= seat < _n(state):
        raise GameError(f"There is no seat {seat} at this table.")
    if seat not in state.acting:
        who = ", ".join(state.seats[s].name for s in state.acting)
        raise GameError(f"It is not your turn: waiting for {who}.")
    act = parse(action)
    if action not in legal_actions(state, seat):
        raise _illegal(state, seat, act)
    events: list[HachiHachiEvent] = []
    state.actions += 1
    ph = state.phase
    if ph == "mizuten":
        state.mizuten = act is Call.MIZUTEN
        events.append(E.Mizuten(player=seat, declared=state.mizuten))
        state.acting = []
        _deal_month(state, events)
    elif ph == "bidding":
        _bid(state, seat, str(act), events)
        if state.phase == "bidding":
            _next_bidder(state, events)
    elif ph == "declare":
        _declare(state, seat, act, events)
    elif ph == "play":
        if act is Call.CANCEL_SAGE:
            _cancel_sage(state, seat, events)
        else:
            code, target = act.card, act.capture
            state.hands[seat].remove(code)
            if state.declared[seat]:
                d = state.declared[seat]
                for key in ("up", "down"):
                    if code in d[key]:
                        d[key].remove(code)
            taken = _resolve(state, seat, code, target)
            events.append(Played(player=seat, card=code, captured=taken))
            _flip(state, seat, events)
    elif ph == "take":
        card = state.pending
        target = act.card
        state.pending = None
        state.pending_choices = []
        state.table.remove(target)
        state.captures[seat].extend([card, target])
        state.captures[seat].sort(key=ORDER.__getitem__)
        events.append(Taken(player=seat, card=card, captured=[target]))
        _end_turn(state, seat, events)
    elif ph == "decide":
        if act is Call.YOSHI:
            _yoshi(state, seat, events)
        else:
            state.sage_counter += 1
            state.sages = [s for s in state.sages if s.seat != seat]
            state.sages.append(Sage(seat=seat, order=state.sage_counter, value=value_of(state, seat)))
            events.append(E.Sage(player=seat, value=value_of(state, seat), order=state.sage_counter))
            _advance(state, seat, events)
    elif ph == "repay":
        amount = act.amount
        _repay(state, seat, amount, events)
        state.acting = [s for s in state.acting if s != seat]
        if not state.acting:
            _after_interlude(state, events)
    check_invariant(state)  # §1 after every step
    return events


# ---------------------------------------------------------------------------
# views
# ---------------------------------------------------------------------------


def _declared_public(state: HHState, seat: int) -> Declared | None:
    d = state.declared[seat]
    if not d:
        return None
    return Declared(kasu=d["kasu"], suit=d["suit"], kan=d["kan"], kasu_kan=d["kasu_kan"], suit_kan=d["suit_kan"],
                    face_up=[c for c in d["up"] if c in state.hands[seat]],
                    face_down=[combo_class(c) for c in d["down"] if c in state.hands[seat]])


def _shown(state: HHState) -> dict[str, Any]:
    """The public view's fields, in their order."""
    n = _n(state)
    o = state.options
    return {
        "game": "hachihachi",
        "players": n,
        "options": OptionsShown(players=n, payment=o.payment, months=o.months, campaign=o.campaign,
                                shiso_ends_game=o.shiso_ends_game),
        "seats": [s.name for s in state.seats],
        "bots": [s.bot for s in state.seats],
        "game_no": state.game_no,
        "games_total": state.games_total,
        "month": state.month,
        "months": o.months,
        "phase": state.phase,
        "acting": list(state.acting),
        "turn": state.turn,
        "dealer": state.dealer,
        "field": state.mult,
        "field_name": FIELD_NAMES[state.mult],
        "pending_tokens": list(state.pending_tokens),
        "track": list(state.track),
        "track_fields": list(state.track_fields),
        "pot": state.pot,
        "bank": state.bank,
        "cash": list(state.cash),
        "debt": list(state.debt),
        "loans": list(state.loans),
        "table": list(state.table),
        "stock_count": len(state.stock),
        "hand_counts": [len(h) for h in state.hands],
        "blank": state.blank,
        "mizuten": state.mizuten and not state.mizuten_void and state.phase != "mizuten",
        "bids": list(state.bids),
        "bid_order": list(state.bid_order),
        "active": list(state.active),
        "roles": {str(s): ROLES[i] for i, s in enumerate(state.active)},
        "declared": [_declared_public(state, s) for s in range(n)],
        "captures": [list(c) for c in state.captures],
        "card_points": [card_points(c) for c in state.captures],
        "combos": [[ComboKan(id=c, kan=k) for c, k in captured_combos(cap)] for cap in state.captures],
        "sages": [SageCall(seat=s.seat, order=s.order, value=s.value) for s in sorted(state.sages, key=lambda x: x.order)],
        "pending": FlipChoice(card=state.pending, choices=list(state.pending_choices)) if state.pending else None,
        "bonuses": Bonuses(mizuten=state.mizuten_success, tobikomi=[len(t) for t in state.tobikomi],
                           nukeyaku=list(state.nukeyaku)),
        "month_hash": state.month_hash,
        "last_summary": state.last_summary,
        "totals": list(state.totals),
    }


def public_view(state: HHState) -> PublicView:
    return PublicView(**_shown(state))


def view(state: HHState, seat: int) -> SeatView:
    dealt = state.dealt[seat]
    return SeatView(**_shown(state), seat=seat, hand=list(state.hands[seat]),
                    hand_combos=HandCombos.model_validate(hand_combos(dealt)) if dealt else None,
                    can_repay=can_repay(state, seat))


def hidden_cards(state: HHState) -> dict[int, list[str]]:
    """Every seat's concealed cards: the hand minus what a declaration shows face up."""
    out = {}
    for s, h in enumerate(state.hands):
        d = state.declared[s]
        up = set(d["up"]) if d else set()
        out[s] = [c for c in h if c not in up]
    return out


def result(state: HHState) -> Result:
    if state.phase != "over":
        raise GameError("The game is not over yet.")
    return Result(scores=list(state.totals), placings=placings(state.totals),
                  summary={"games": [{k: g[k] for k in ("game", "scores", "loans", "winner")} for g in state.game_log]})


LEDGER_MEMO = {
    "months": "payments of the earlier months",  # a table saved before the accounts existed (see load)
    "han_don": "Han-Don: 10 Kan to the bank after month 6",
    "stones": "track stones to the poorest at the year end",
    "bonus": "year bonus (5 Kan × players) to the last month's winner",
    "repay": "debt repaid to the bank",
}


def ledger_entries(state: HHState) -> list[dict[str, Any]]:
    """Season ledger lines, per seat, as the year summary's "how each score adds up" shows them
    (a campaign adds its games up): ``game`` lines for the start (it carries the placing), each
    month (its ``round``: the net of the lines of that month's summary), Han-Don, the stones and
    the bonus, which sum to the final score; ``loan`` (+), ``repay`` (−) and ``debt`` (− what is
    still owed), which sum to zero."""
    res = result(state)
    lines: list[dict[str, Any]] = []
    games = len(state.game_log)
    months = state.options.months
    for s in range(_n(state)):
        total = {a: 0 for a in ACCOUNTS}
        month_lines = []
        for g in state.game_log:
            for account, amount in g["account"][s].items():
                if not account.startswith("month "):
                    total[account] += amount
                elif amount:
                    m = int(account.split()[1])
                    where = f"game {g['game']}, month {m}" if games > 1 else f"month {m}"
                    month_lines.append({"seat": s, "kind": "game", "amount": amount,
                                        "round": (g["game"] - 1) * months + m,
                                        "memo": f"{where}: the payments of that month's summary"})
        each = f" in each of {games} games" if games > 1 else ""
        lines.append({"seat": s, "kind": "game", "amount": total["start"], "placing": res.placings[s],
                      "memo": f"Hachi-Hachi: starting {START_CASH}p{each}; the final score "
                              f"{res.scores[s]:+d}p is the sum of these lines"})
        lines += month_lines
        for account in ("months", "han_don", "stones", "bonus"):
            if total[account]:
                lines.append({"seat": s, "kind": "game", "amount": total[account], "memo": LEDGER_MEMO[account]})
        if total["loan"]:
            lines.append({"seat": s, "kind": "loan", "amount": total["loan"],
                          "memo": f"{total['loan'] // LOAN} loan(s) of 10 Kan (120p) from the bank"})
        if total["repay"]:
            lines.append({"seat": s, "kind": "repay", "amount": total["repay"], "memo": LEDGER_MEMO["repay"]})
        if total["debt"]:
            lines.append({"seat": s, "kind": "debt", "amount": total["debt"],
                          "memo": f"still owed to the bank: {-total['debt']}p"})
    return lines


def load(snapshot: str) -> HHState:
    state = HHState.model_validate_json(snapshot)
    if not state.account:  # a table saved before the accounts existed: book its year so far
        state.account = [{"start": START_CASH, "loan": LOAN * state.loans[s], "repay": -state.repaid[s],
                          "months": state.cash[s] - START_CASH - LOAN * state.loans[s] + state.repaid[s]}
                         for s in range(_n(state))]
    return state


def describe_action(action: str) -> str:
    return describe(action)

"""A Hachi-Hachi month's start: a game of the campaign begins, the month is dealt (redealt when the table holds
a whole month; the fields its Lights make), and a Shiso in a hand wins it at once (the seeds and decks are
described in games/hachihachi/engine.py)."""

from __future__ import annotations

from games.hachihachi import bidding, year
from games.hachihachi import events as E
from games.hachihachi.combos import (
    KAN,
    hand_combos,
)
from games.hachihachi.events import HachiHachiEvent
from games.hachihachi.payments import (
    transfer,
)
from games.hachihachi.state import (
    BLANK,
    FIELD_NAMES,
    FIELD_OF_LIGHT,
    START_CASH,
    HHState,
    from_dealer,
    seat_count,
)
from games.hanafuda import DECK, MONTH
from games.hanafuda import sort_codes as _sort
from games.shuffle import seeded_shuffle, sha256_hex


def start_game(state: HHState, events: list[HachiHachiEvent]) -> None:
    n = seat_count(state)
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
    start_month(state, events)


def start_month(state: HHState, events: list[HachiHachiEvent]) -> None:
    n = seat_count(state)
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


def next_deck(state: HHState) -> list[str]:
    if state.decks is not None and state.deck_pos < len(state.decks):
        deck = list(state.decks[state.deck_pos])
        state.deck_pos += 1
        return deck
    base = DECK + [BLANK] if seat_count(state) == 7 else DECK
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


def deal_month(state: HHState, events: list[HachiHachiEvent]) -> None:
    n = seat_count(state)
    while True:
        deck = next_deck(state)
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
    order = from_dealer(state)
    holders = [s for s in order if s != blank and _holds_shiso(state.hands[s])]
    if holders:
        shiso(state, holders, events)
        return
    bidding.start_bidding(state, events)


def _holds_shiso(hand: list[str]) -> bool:
    suit = hand_combos(hand).suit
    return suit is not None and suit.id == "shiso"


def shiso(state: HHState, holders: list[int], events: list[HachiHachiEvent]) -> None:
    m = state.mult
    if state.mizuten:
        state.mizuten_void = True
    transfers = []
    shown = []
    for h in holders:
        kasu = hand_combos(state.hands[h]).kasu
        kan = 20 + (kasu.kan if kasu else 0)
        shown.append({"seat": h, "cards": list(state.hands[h]), "kasu": kasu.id if kasu else None, "kan": kan})
        for o in from_dealer(state):
            if o != h and o != state.blank:
                transfers.append(transfer(o, h, KAN * kan * m, "shiso"))
    events.append(E.Shiso(holders=shown, field=m))
    winner = holders[0]
    state.last_summary = None
    year.end_month(state, events, kind="shiso", winner=winner, transfers=transfers, extra={"shiso": shown})

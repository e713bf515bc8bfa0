"""A Hachi-Hachi month's course, one step leading to the next: a game of the campaign begins, the month is dealt
(a Shiso in a hand wins it at once), the seats bid (docs/rules/hachihachi.md §9), the month ends (§9: its settlement,
stones and pot), and the year turns to the next month, through Han-Don and repayments, or ends (§10: mandatory
repayment, stones to the poorest, the bonus). The play between the bids and the end is games/hachihachi/play.py."""

from __future__ import annotations

from typing import Any

from games.base import GameError, placings
from games.hachihachi import events as E
from games.hachihachi.combos import (
    KAN,
    card_points,
    chasse_compensation,
    hand_combos,
)
from games.hachihachi.deal import deal, field_tokens, next_deck
from games.hachihachi.events import HachiHachiEvent
from games.hachihachi.payments import (
    ACCOUNTS,
    account_group,
    can_repay,
    pay,
    repay,
    take_unshown,
    transfer,
)
from games.hachihachi.state import (
    BLANK,
    FIELD_NAMES,
    HAN_DON,
    ROLES,
    START_CASH,
    HHState,
    from_dealer,
    seat_count,
)
from games.hanafuda import four_of_a_month
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
    events.append(
        E.GameStart(game=state.game_no, games=state.games_total, dealer=state.dealer, months=m, cash=list(state.cash))
    )
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
    events.append(
        E.RoundStart(
            game=state.game_no,
            month=state.month,
            months=state.options.months,
            dealer=state.dealer,
            hash=state.month_hash,
            pending_tokens=list(state.pending_tokens),
        )
    )
    state.phase = "mizuten"
    state.acting = [state.dealer]


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
            events.append(
                E.Redeal(month=state.month, attempt=state.attempt, table=_sort(table), four_of=month, blank=blank)
            )
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
    events.append(
        E.Deal(
            month=state.month,
            dealer=state.dealer,
            table=list(state.table),
            new_tokens=new,
            field=state.mult,
            field_name=FIELD_NAMES[state.mult],
            pending_tokens=list(state.pending_tokens),
            blank=blank,
            attempts=state.attempt + 1,
            hand_counts=[len(h) for h in state.hands],
        )
    )
    for s in range(n):
        if state.hands[s]:
            events.append(E.YourHand(hand=list(state.hands[s]), seat=s))
    # §4 phase 3: Shiso
    order = from_dealer(state)
    holders = [s for s in order if s != blank and _holds_shiso(state.hands[s])]
    if holders:
        shiso(state, holders, events)
        return
    start_bidding(state, events)


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
    end_month(state, events, kind="shiso", winner=winner, transfers=transfers, extra={"shiso": shown})


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
    paid = 6 * (pos + 1) * state.mult if choice == "pass" else 0  # a pass pays into the pot by its position
    state.bids[seat] = choice
    if choice == "stay":
        state.active.append(seat)
    events.append(E.Bid(player=seat, choice=choice, position=pos, auto=auto, amount=paid))
    if choice == "pass":
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
    end_month(state, events, kind="pas_de_match", winner=None, transfers=[])


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
    events.append(
        E.Stock(count=len(stock), active=list(state.active), roles={ROLES[i]: s for i, s in enumerate(state.active)})
    )
    state.phase = "declare"
    state.acting = [state.active[0]]


def _stones_and_pot(state: HHState, kind: str, winner: int | None, shiso_end: bool) -> list[dict[str, Any]]:
    """The month end's transfers (§3, §9): the month's stone (from the pot, else the bank), a Shiso's stones for the
    empty months when it ends the game, and the pot to the winner (shared by the stayers after a Pas de match)."""
    slot = state.month - 1
    end_tr = []
    if state.pot > 0:
        end_tr.append(transfer("pot", "track", 1, "stone", slot=slot))
        pot_left = state.pot - 1
    else:
        end_tr.append(transfer("bank", "track", 1, "stone", slot=slot))  # §3
        pot_left = state.pot
    if shiso_end:
        for i in range(state.options.months):
            if i != slot and state.track[i] == 0:
                end_tr.append(transfer(winner, "track", 1, "shiso_stone", slot=i))
    if kind == "pas_de_match":
        stayers = list(state.active)
        share, left = divmod(pot_left, len(stayers))
        for i, s in enumerate(stayers):
            end_tr.append(transfer("pot", s, share + (1 if i < left else 0), "pot_share"))
    elif winner is not None and pot_left:
        end_tr.append(transfer("pot", winner, pot_left, "pot"))
    return end_tr


def end_month(
    state: HHState,
    events: list[HachiHachiEvent],
    *,
    kind: str,
    winner: int | None,
    transfers: list[dict[str, Any]],
    extra: dict[str, Any] | None = None,
) -> None:
    before = list(state.cash)
    settlement = pay(state, "month", transfers, events) if transfers else None
    shiso_end = kind == "shiso" and state.options.shiso_ends_game
    end_tr = _stones_and_pot(state, kind, winner, shiso_end)
    pay(state, "month_end", end_tr, events)
    if kind == "pas_de_match":
        next_dealer = state.active[0]
    else:
        assert winner is not None  # every other month's end has its winner
        next_dealer = winner
    # the month's winner; after a Pas de match the stayers who shared the pot count as tied winners
    state.last_winners = list(state.active) if kind == "pas_de_match" else [next_dealer]
    data = {
        "game": state.game_no,
        "month": state.month,
        "months": state.options.months,
        "kind": kind,
        "winner": winner,
        "field": state.mult,
        "field_name": FIELD_NAMES[state.mult],
        "active": list(state.active),
        "roles": {ROLES[i]: s for i, s in enumerate(state.active)},
        "dealer": state.dealer,
        "next_dealer": next_dealer,
        "mizuten": state.mizuten and not state.mizuten_void,
        "settlement": settlement["transfers"] if settlement else [],
        **take_unshown(state),
        "month_end": [t for t in end_tr if t["amount"]],
        **_month_end_standing(state, before),
        "seed": state.month_seed,
        "hash": state.month_hash,
        **(extra or {}),
    }
    events.append(
        E.MonthEnd(**data, captures=[list(c) if s in state.active else [] for s, c in enumerate(state.captures)])
    )
    state.month_log.append(data)
    state.last_summary = data
    _clear_month(state, next_dealer)
    _after_month(state, events, shiso_end)


def _month_end_standing(state: HHState, before: list[int]) -> dict[str, Any]:
    """The month end's record of where the seats stand: each seat's change of cash over the month's settlement,
    cash, debt, the pot, the month track and the card points of the seats that played."""
    return {
        "change": [state.cash[s] - before[s] for s in range(seat_count(state))],
        "cash": list(state.cash),
        "debt": list(state.debt),
        "pot": state.pot,
        "track": list(state.track),
        "captures_points": [card_points(c) if s in state.active else None for s, c in enumerate(state.captures)],
    }


def _clear_month(state: HHState, next_dealer: int) -> None:
    """The month is over: nobody's turn, nothing pending, every card of the month out of play, the next dealer set."""
    state.turn = None
    state.pending = None
    state.pending_choices = []
    state.dealer = next_dealer
    state.hands = [[] for _ in range(seat_count(state))]


def _after_month(state: HHState, events: list[HachiHachiEvent], shiso_end: bool) -> None:
    """What follows a month's end: the game's end after a Shiso that ends it, else Han-Don, Ishi-Arai's
    repayments or straight on to the next month (or the year's end)."""
    if shiso_end:
        game_end(state, events)
        return
    if state.month == state.options.han_don_after:
        han_don(state, events)
        return
    if state.month == state.options.ishi_arai_after:
        start_repay(state, "ishi_arai", events)
        return
    after_interlude(state, events)


def after_interlude(state: HHState, events: list[HachiHachiEvent]) -> None:
    if state.month >= state.options.months:
        game_end(state, events)  # its summary shows the Han-Don / repayments just made
        return
    if state.unshown:  # Han-Don or repayments between two months: their own summary
        kind = "han_don" if state.month == state.options.han_don_after else "ishi_arai"
        events.append(
            E.Interlude(
                game=state.game_no,
                month=state.month,
                kind=kind,
                **take_unshown(state),
                cash=list(state.cash),
                debt=list(state.debt),
            )
        )
    start_month(state, events)


def han_don(state: HHState, events: list[HachiHachiEvent]) -> None:
    transfers = [transfer(s, "bank", HAN_DON, "han_don") for s in range(seat_count(state))]
    events.append(E.HanDon(month=state.month))
    pay(state, "han_don", transfers, events)
    start_repay(state, "han_don", events)


def start_repay(state: HHState, kind: str, events: list[HachiHachiEvent]) -> None:
    who = [s for s in range(seat_count(state)) if can_repay(state, s) > 0]
    events.append(E.RepayWindow(kind=kind, month=state.month, seats=who))
    if not who:
        after_interlude(state, events)
        return
    state.phase = "repay"
    state.acting = who
    state.turn = None


def game_end(state: HHState, events: list[HachiHachiEvent]) -> None:
    n = seat_count(state)
    last_dealer = state.month_log[-1]["dealer"] if state.month_log else state.dealer
    order = [(last_dealer + i) % n for i in range(n)]
    repaid = _mandatory_repayments(state, events)
    stones = sum(state.track)
    stone_transfers, poorest = _stones_to_poorest(state, order)
    winners = sorted(state.last_winners, key=order.index)
    bonus = 5 * KAN * n
    transfers = stone_transfers + _bonus_transfers(winners, bonus)
    state.track = [0] * len(state.track)  # the stones leave the track (booked by the step below)
    if transfers:
        pay(state, "game_end", transfers, events)
    scores = [state.cash[s] - state.debt[s] for s in range(n)]
    for s in range(n):
        state.totals[s] += scores[s]
        state.account[s]["debt"] = -state.debt[s]
    data = {
        "game": state.game_no,
        "games": state.games_total,
        "months_played": state.month,
        "repaid": repaid,
        "poorest": poorest,
        "stones": stones,
        "winner": winners[0] if winners else None,
        "winners": winners,
        "bonus": bonus if winners else 0,
        **_year_unshown(state),
        "account": [
            dict(sorted(acc.items(), key=lambda kv: ACCOUNTS.index(account_group(kv[0])))) for acc in state.account
        ],
        "cash": list(state.cash),
        "debt": list(state.debt),
        "scores": scores,
        "placings": placings(scores),
        "totals": list(state.totals),
        "loans": list(state.loans),
    }
    events.append(E.GameEnd(**data))
    state.game_log.append(data)
    state.last_summary = data
    _next_game_or_over(state, events)


def _mandatory_repayments(state: HHState, events: list[HachiHachiEvent]) -> list[dict[str, int]]:
    """The year's end, step 1: every seat repays all the debt its cash can cover; the repayments made."""
    repaid = []
    for s in range(seat_count(state)):
        a = can_repay(state, s)
        if a:
            repay(state, s, a, events, mandatory=True)
            repaid.append({"seat": s, "amount": a})
    return repaid


def _stones_to_poorest(state: HHState, order: list[int]) -> tuple[list[dict[str, Any]], list[int]]:
    """The year's end: the month track's stones shared by the poorest seats (cash less debt), the odd ones to the
    first of them in ``order``; the transfers and the poorest seats (none when the track is empty)."""
    stones = sum(state.track)
    if not stones:
        return [], []
    net = [state.cash[s] - state.debt[s] for s in range(seat_count(state))]
    low = min(net)
    poorest = [s for s in order if net[s] == low]
    share, left = divmod(stones, len(poorest))
    transfers = [transfer("track", s, share + (1 if i < left else 0), "stones") for i, s in enumerate(poorest)]
    return transfers, poorest


def _bonus_transfers(winners: list[int], bonus: int) -> list[dict[str, Any]]:
    """The year's end bonus from the bank, shared by the last month's winners in order, the odd points to the first."""
    if not winners:
        return []
    share, left = divmod(bonus, len(winners))
    return [transfer("bank", s, share + (1 if i < left else 0), "bonus") for i, s in enumerate(winners)]


def _year_unshown(state: HHState) -> dict[str, Any]:
    """The Han-Don and repayments not yet in a summary and the year end's steps, the movements framed by each seat's
    starting points and the debt it still owes, so that they add up to its score."""
    n = seat_count(state)
    shown = take_unshown(state)
    shown["movements"] = (
        [{"seat": s, "kind": "start", "amount": START_CASH, "memo": "the year's starting points"} for s in range(n)]
        + shown["movements"]
        + [
            {"seat": s, "kind": "debt", "amount": -state.debt[s], "memo": "still owed to the bank"}
            for s in range(n)
            if state.debt[s]
        ]
    )
    return shown


def _next_game_or_over(state: HHState, events: list[HachiHachiEvent]) -> None:
    """After a year: the campaign's next game begins, or the table is over."""
    if state.game_no < state.games_total:
        state.game_no += 1
        start_game(state, events)
        return
    state.phase = "over"
    state.acting = []
    state.turn = None

"""A Hachi-Hachi month's end and the year's (§9, §10): the month's settlement, stones and pot, Han-Don and
repayments between months, and the year's end (mandatory repayment, stones to the poorest, the bonus)."""

from __future__ import annotations

from typing import Any

from games.base import placings
from games.hachihachi import events as E
from games.hachihachi import months
from games.hachihachi.combos import (
    KAN,
    card_points,
)
from games.hachihachi.events import HachiHachiEvent
from games.hachihachi.payments import (
    ACCOUNTS,
    account_group,
    pay,
    record,
    take_unshown,
    transfer,
)
from games.hachihachi.state import (
    FIELD_NAMES,
    HAN_DON,
    REPAY_STEP,
    ROLES,
    START_CASH,
    HHState,
    seat_count,
)


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


def end_month(state: HHState, events: list[HachiHachiEvent], *, kind: str, winner: int | None,
               transfers: list[dict[str, Any]], extra: dict[str, Any] | None = None) -> None:
    n = seat_count(state)
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
        "game": state.game_no, "month": state.month, "months": state.options.months, "kind": kind,
        "winner": winner, "field": state.mult, "field_name": FIELD_NAMES[state.mult],
        "active": list(state.active), "roles": {ROLES[i]: s for i, s in enumerate(state.active)},
        "dealer": state.dealer, "next_dealer": next_dealer, "mizuten": state.mizuten and not state.mizuten_void,
        "settlement": settlement["transfers"] if settlement else [],
        **take_unshown(state),
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
        events.append(E.Interlude(game=state.game_no, month=state.month, kind=kind,
                                  **take_unshown(state), cash=list(state.cash), debt=list(state.debt)))
    months.start_month(state, events)


def han_don(state: HHState, events: list[HachiHachiEvent]) -> None:
    transfers = [transfer(s, "bank", HAN_DON, "han_don") for s in range(seat_count(state))]
    events.append(E.HanDon(month=state.month))
    pay(state, "han_don", transfers, events)
    start_repay(state, "han_don", events)


def can_repay(state: HHState, seat: int) -> int:
    """The most a seat may repay now (a multiple of 60, ≤ debt, ≤ cash)."""
    return min(state.debt[seat], state.cash[seat] // REPAY_STEP * REPAY_STEP)


def start_repay(state: HHState, kind: str, events: list[HachiHachiEvent]) -> None:
    who = [s for s in range(seat_count(state)) if can_repay(state, s) > 0]
    events.append(E.RepayWindow(kind=kind, month=state.month, seats=who))
    if not who:
        after_interlude(state, events)
        return
    state.phase = "repay"
    state.acting = who
    state.turn = None


def repay(state: HHState, seat: int, amount: int, events: list[HachiHachiEvent], mandatory: bool = False) -> None:
    if amount:
        state.cash[seat] -= amount
        state.debt[seat] -= amount
        state.bank += amount
        state.repaid[seat] += amount
        state.ledger.append({"game": state.game_no, "month": state.month, "seat": seat, "kind": "repay",
                             "amount": amount, "step": "game_end" if mandatory else "repay"})
        record(state, [transfer(seat, "bank", amount, "repay_end" if mandatory else "repay")])
    events.append(E.Repaid(player=seat, amount=amount, mandatory=mandatory,
                           cash=state.cash[seat], debt=state.debt[seat]))


def game_end(state: HHState, events: list[HachiHachiEvent]) -> None:
    n = seat_count(state)
    last_dealer = state.month_log[-1]["dealer"] if state.month_log else state.dealer
    order = [(last_dealer + i) % n for i in range(n)]
    repaid = []
    for s in range(n):  # 1. mandatory repayment
        a = can_repay(state, s)
        if a:
            repay(state, s, a, events, mandatory=True)
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
            transfers.append(transfer("track", s, share + (1 if i < left else 0), "stones"))
    winners = sorted(state.last_winners, key=order.index)
    bonus = 5 * KAN * n
    if winners:
        share, left = divmod(bonus, len(winners))
        for i, s in enumerate(winners):
            transfers.append(transfer("bank", s, share + (1 if i < left else 0), "bonus"))
    state.track = [0] * len(state.track)  # the stones leave the track (booked by the step below)
    if transfers:
        pay(state, "game_end", transfers, events)
    scores = [state.cash[s] - state.debt[s] for s in range(n)]
    for s in range(n):
        state.totals[s] += scores[s]
        state.account[s]["debt"] = -state.debt[s]
    shown = take_unshown(state)  # Han-Don and repayments not yet in a summary, then the steps above
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
        months.start_game(state, events)
        return
    state.phase = "over"
    state.acting = []
    state.turn = None

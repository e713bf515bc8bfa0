"""A finished Hachi-Hachi game's result and its season ledger lines."""

from __future__ import annotations

from typing import Any

from games.base import Result, placings
from games.fishing import check_over
from games.hachihachi.payments import (
    ACCOUNTS,
)
from games.hachihachi.state import (
    LOAN,
    START_CASH,
    HHState,
    seat_count,
)


def result(state: HHState) -> Result:
    check_over(state.phase)
    return Result(
        scores=list(state.totals),
        placings=placings(state.totals),
        summary={"games": [{k: g[k] for k in ("game", "scores", "loans", "winner")} for g in state.game_log]},
    )


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
    for s in range(seat_count(state)):
        total = _account_totals(state, s)
        each = f" in each of {len(state.game_log)} games" if len(state.game_log) > 1 else ""
        lines.append(
            {
                "seat": s,
                "kind": "game",
                "amount": total["start"],
                "placing": res.placings[s],
                "memo": f"Hachi-Hachi: starting {START_CASH}p{each}; the final score "
                f"{res.scores[s]:+d}p is the sum of these lines",
            }
        )
        lines += _month_lines(state, s)
        for account in ("months", "han_don", "stones", "bonus"):
            if total[account]:
                lines.append({"seat": s, "kind": "game", "amount": total[account], "memo": LEDGER_MEMO[account]})
        lines += _bank_lines(s, total)
    return lines


def _account_totals(state: HHState, seat: int) -> dict[str, int]:
    """A seat's accounts added up over the campaign's games, the months' accounts left out (they get a line each)."""
    total = {a: 0 for a in ACCOUNTS}
    for g in state.game_log:
        for account, amount in g["account"][seat].items():
            if not account.startswith("month "):
                total[account] += amount
    return total


def _month_lines(state: HHState, seat: int) -> list[dict[str, Any]]:
    """A ``game`` line for each month that moved a seat's points, numbered as a round over the whole campaign."""
    games = len(state.game_log)
    months = state.options.months
    lines = []
    for g in state.game_log:
        for account, amount in g["account"][seat].items():
            if account.startswith("month ") and amount:
                m = int(account.split()[1])
                where = f"game {g['game']}, month {m}" if games > 1 else f"month {m}"
                lines.append(
                    {
                        "seat": seat,
                        "kind": "game",
                        "amount": amount,
                        "round": (g["game"] - 1) * months + m,
                        "memo": f"{where}: the payments of that month's summary",
                    }
                )
    return lines


def _bank_lines(seat: int, total: dict[str, int]) -> list[dict[str, Any]]:
    """A seat's dealings with the bank, which sum to zero: its loans (+), repayments (−) and the debt still owed (−)."""
    lines: list[dict[str, Any]] = []
    if total["loan"]:
        lines.append(
            {
                "seat": seat,
                "kind": "loan",
                "amount": total["loan"],
                "memo": f"{total['loan'] // LOAN} loan(s) of 10 Kan (120p) from the bank",
            }
        )
    if total["repay"]:
        lines.append({"seat": seat, "kind": "repay", "amount": total["repay"], "memo": LEDGER_MEMO["repay"]})
    if total["debt"]:
        lines.append(
            {
                "seat": seat,
                "kind": "debt",
                "amount": total["debt"],
                "memo": f"still owed to the bank: {-total['debt']}p",
            }
        )
    return lines

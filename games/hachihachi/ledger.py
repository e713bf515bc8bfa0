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
    games = len(state.game_log)
    months = state.options.months
    for s in range(seat_count(state)):
        total = {a: 0 for a in ACCOUNTS}
        month_lines = []
        for g in state.game_log:
            for account, amount in g["account"][s].items():
                if not account.startswith("month "):
                    total[account] += amount
                elif amount:
                    m = int(account.split()[1])
                    where = f"game {g['game']}, month {m}" if games > 1 else f"month {m}"
                    month_lines.append(
                        {
                            "seat": s,
                            "kind": "game",
                            "amount": amount,
                            "round": (g["game"] - 1) * months + m,
                            "memo": f"{where}: the payments of that month's summary",
                        }
                    )
        each = f" in each of {games} games" if games > 1 else ""
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
        lines += month_lines
        for account in ("months", "han_don", "stones", "bonus"):
            if total[account]:
                lines.append({"seat": s, "kind": "game", "amount": total[account], "memo": LEDGER_MEMO[account]})
        if total["loan"]:
            lines.append(
                {
                    "seat": s,
                    "kind": "loan",
                    "amount": total["loan"],
                    "memo": f"{total['loan'] // LOAN} loan(s) of 10 Kan (120p) from the bank",
                }
            )
        if total["repay"]:
            lines.append({"seat": s, "kind": "repay", "amount": total["repay"], "memo": LEDGER_MEMO["repay"]})
        if total["debt"]:
            lines.append(
                {
                    "seat": s,
                    "kind": "debt",
                    "amount": total["debt"],
                    "memo": f"still owed to the bank: {-total['debt']}p",
                }
            )
    return lines

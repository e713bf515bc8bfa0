"""Hachi-Hachi's payments (docs/rules/hachihachi.md §10): every payment goes through :func:`pay`, one call per
step, amounts netted per player first; a payer short of cash takes the fewest 120-point loans. Each transfer is
booked on a season ledger account (see games/hachihachi/ledger.py)."""

from __future__ import annotations

from typing import Any

from games.hachihachi import events as E
from games.hachihachi.events import HachiHachiEvent
from games.hachihachi.state import (
    LOAN,
    REPAY_STEP,
    HHState,
    seat_count,
)


def pay(
    state: HHState, step: str, transfers: list[dict[str, Any]], events: list[HachiHachiEvent], **extra: Any
) -> dict[str, Any]:
    """One payment step. ``transfers``: ``{"from", "to", "amount", "why"}`` where from/to
    are seats or the accounts ``"pot"``, ``"bank"``, ``"track"`` (``"slot"`` names the
    track slot). Amounts are netted per player; short payers borrow (§12)."""
    n = seat_count(state)
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
            state.ledger.append(
                {
                    "game": state.game_no,
                    "month": state.month,
                    "seat": s,
                    "kind": "loan",
                    "amount": LOAN * k,
                    "step": step,
                }
            )
    for s in range(n):
        state.cash[s] += net[s]
    state.pot += acc["pot"]
    state.bank += acc["bank"]
    for slot, a in slots.items():
        state.track[slot] += a
    shown = [t for t in transfers if t["amount"]]
    record(state, [transfer("bank", s, LOAN * k, "loan", step=step) for s, k in enumerate(loans) if k] + shown)
    data = {
        "step": step,
        "month": state.month,
        "transfers": shown,
        "net": net,
        "loans": loans,
        "cash": list(state.cash),
        "debt": list(state.debt),
        "pot": state.pot,
        **extra,
    }
    events.append(E.Payments(**data))
    return data


def transfer(frm: Any, to: Any, amount: int, why: str, **more: Any) -> dict[str, Any]:
    return {"from": frm, "to": to, "amount": amount, "why": why, **more}


# The season ledger lines of a game (see ``ledger_entries``): every transfer a seat makes or
# receives is booked on one of them; ``start`` and ``debt`` are booked at the start and the end.
ACCOUNT_OF = {
    "loan": "loan",
    "repay": "repay",
    "repay_end": "repay",
    "han_don": "han_don",
    "stones": "stones",
    "bonus": "bonus",
}  # any other reason: "month N", the payments of month N


ACCOUNTS = ["start", "months", "han_don", "stones", "bonus", "loan", "repay", "debt"]  # "months": every "month N"


def account_group(account: str) -> str:
    """``month 3`` → ``months`` (how the year summary and the ledger kinds group the accounts)."""
    return "months" if account.startswith("month") else account


def record(state: HHState, transfers: list[dict[str, Any]]) -> None:
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


def take_unshown(state: HHState) -> dict[str, Any]:
    """What a summary event shows: the transfers since the last summary, and as movements."""
    shown, state.unshown = state.unshown, []
    return {"transfers": shown, "movements": movements(state, shown)}


def can_repay(state: HHState, seat: int) -> int:
    """The most a seat may repay now (a multiple of 60, ≤ debt, ≤ cash)."""
    return min(state.debt[seat], state.cash[seat] // REPAY_STEP * REPAY_STEP)


def repay(state: HHState, seat: int, amount: int, events: list[HachiHachiEvent], mandatory: bool = False) -> None:
    if amount:
        state.cash[seat] -= amount
        state.debt[seat] -= amount
        state.bank += amount
        state.repaid[seat] += amount
        state.ledger.append(
            {
                "game": state.game_no,
                "month": state.month,
                "seat": seat,
                "kind": "repay",
                "amount": amount,
                "step": "game_end" if mandatory else "repay",
            }
        )
        record(state, [transfer(seat, "bank", amount, "repay_end" if mandatory else "repay")])
    events.append(
        E.Repaid(player=seat, amount=amount, mandatory=mandatory, cash=state.cash[seat], debt=state.debt[seat])
    )

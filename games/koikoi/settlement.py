"""Who pays whom when a Koi-Koi round is won (docs/rules/koikoi.md §8): the loser, each opponent or the latest
caller, or each loser of the other team, doubled after a Koi-Koi call."""

from __future__ import annotations

from games.koikoi.state import KoiKoiState, next_seat, seat_count, seats_from_oya


def payments_for(
    state: KoiKoiState, winner: int, value: int, use_calls: bool = True
) -> tuple[list[int], list[dict[str, int]], int]:
    """``(payments per seat, transfers, factor)`` when ``winner`` wins with V = ``value`` (§8)."""
    n = seat_count(state)
    pay = [0] * n
    transfers: list[dict[str, int]] = []
    wside = state.side_of[winner]

    def transfer(frm: int, to: int, amount: int) -> None:
        pay[frm] -= amount
        pay[to] += amount
        transfers.append({"from": frm, "to": to, "amount": amount})

    if n == 2:
        loser = 1 - winner
        k = 2 if use_calls and state.sides[state.side_of[loser]].called else 1
        transfer(loser, winner, value * k)
        return pay, transfers, k
    if n == 3:
        opponents = [s for s in seats_from_oya(state) if s != winner]
        last_caller = None
        if use_calls:
            for call in reversed(state.calls):
                if call.seat != winner:
                    last_caller = call.seat
                    break
        if last_caller is None:
            for s in opponents:
                transfer(s, winner, value)
            return pay, transfers, 1
        transfer(last_caller, winner, 2 * value)
        return pay, transfers, 2
    # 4p teams
    losing = 1 - wside
    k = 2 if use_calls and state.sides[losing].called else 1
    p = value * k
    for s in seats_from_oya(state):
        if state.side_of[s] == losing:
            to = next_seat(state, s)
            while state.side_of[to] != wside:
                to = next_seat(state, to)
            transfer(s, to, p)
    return pay, transfers, k

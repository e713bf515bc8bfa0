"""Black Flower's settlement: each player hand against the banker's, the chips it moves, the next banker, and
the ledger lines of a finished game (docs/rules/blackflower.md §2, §3, §9).

Until the round is settled the views show the stakes apart (``at_stake``): out of the balance, not lost.
:func:`ledger_entries` turns each round into ledger lines: ``bet`` (−stakes placed), ``win`` (+chips returned:
stake and winnings, or the stake of a push), ``bank`` (the banker's net), exactly the lines the round summary
shows (``round_end``'s ``movements``, :func:`round_movements`). All lines of a game sum to zero.
"""

from __future__ import annotations

from typing import Any

from games.base import GameError, Result, placings
from games.blackflower import events as E
from games.blackflower import hands as H
from games.blackflower.events import BlackFlowerEvent
from games.blackflower.rounds import close_round, ended_after_last_round, start_round
from games.blackflower.state import (
    BlackFlowerState,
    Hand,
    Outcome,
    Phase,
    dealt_banker_hand,
    no_pairs,
    scores,
    seat_count,
)

PAYOUT: dict[Outcome, int] = {"win": 2, "push": 1, "loss": 0}  # chips returned per chip staked


def compare(player: Hand, banker: Hand, banker_advantage: bool = False, no_pair_advantage: bool = False) -> Outcome:
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
        assert vp is not None and vb is not None  # numeric hands that stood are worth 13 or less
        if vp != vb:
            return "win" if vp > vb else "loss"
    return "loss" if banker_advantage else "push"


def settle(state: BlackFlowerState, events: list[BlackFlowerEvent]) -> None:
    """The banker has played: every player hand is settled, the round ends, and the bank passes on."""
    n, b = seat_count(state), state.banker
    bh = dealt_banker_hand(state)
    stakes, returned, nets = [0] * n, [0] * n, [0] * n
    hands_out = []
    for s in state.order:
        for idx, hand in enumerate(state.hands[s]):
            info = _settle_hand(state, s, idx, hand, bh)
            stakes[s] += hand.stake
            returned[s] += hand.payout
            nets[s] += info["net"]
            nets[b] -= info["net"]
            hands_out.append(info)
            events.append(E.Settle(player=s, **{k: v for k, v in info.items() if k != "seat"}))
    entry = {
        "round": state.round,
        "banker": b,
        "stakes": stakes,
        "returned": returned,
        "nets": nets,
        "hands": hands_out,
        "dealt": True,
        "banker_hand": _final(state, bh),
    }
    state.turn = None
    nxt = _next_banker_fixed(state, nets)
    close_round(state, events, entry, round_movements(entry), nxt)
    if ended_after_last_round(state, events):
        return
    if nxt is None:  # rotate: the bank is offered clockwise
        offer_from(state, events, (b + 1) % n)
        return
    change_banker(state, events, nxt, "winner" if state.options.banker == "winner" else "fixed")


def _settle_hand(state: BlackFlowerState, seat: int, idx: int, hand: Hand, banker: Hand) -> dict[str, Any]:
    """One player hand against the banker's: its result, the chips it returns (moved from the banker), and what
    the round's summary says of it."""
    res = compare(hand, banker, state.options.banker_advantage, no_pairs(state))
    hand.result = res
    hand.payout = PAYOUT[res] * hand.stake
    net = hand.payout - hand.stake
    state.chips[seat] += hand.payout
    state.chips[state.banker] -= net
    return {
        "seat": seat,
        "hand": idx,
        "result": res,
        "stake": hand.stake,
        "doubled": hand.doubled,
        "net": net,
        **_final(state, hand),
    }


def _final(state: BlackFlowerState, hand: Hand) -> dict[str, Any]:
    """A hand as it ended: its cards, special hand, bust, and value (None when bust)."""
    bust = hand.status == "bust"
    return {
        "cards": list(hand.cards),
        "special": hand.special,
        "bust": bust,
        "value": None if bust else H.standing(hand.cards, no_pairs(state)),
    }


def _next_banker_fixed(state: BlackFlowerState, nets: list[int]) -> int | None:
    """The next banker for `fixed` and `winner` (None for `rotate`: decided by offers)."""
    b, n = state.banker, seat_count(state)
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


def change_banker(state: BlackFlowerState, events: list[BlackFlowerEvent], new: int, why: str) -> None:
    if new != state.banker:
        events.append(E.BankerChange(banker=new, previous=state.banker, why=why))
        state.banker = new
    start_round(state, events)


def offer_from(state: BlackFlowerState, events: list[BlackFlowerEvent], seat: int) -> None:
    if seat == state.banker:  # everyone declined: the banker keeps the bank (§2)
        events.append(E.BankKept(banker=state.banker))
        state.offer = None
        start_round(state, events)
        return
    state.phase = Phase.OFFER
    state.offer = seat
    events.append(E.BankOffer(player=seat, banker=state.banker))


def round_movements(entry: dict[str, Any]) -> list[dict[str, Any]]:
    """The chips a settled round moved (a ``history`` entry), one line per seat and kind, as the round
    summary shows them: ``bet`` (−the seat's stakes), ``win`` (+chips returned: stakes back and
    winnings) and, for the banker, ``bank`` (its net). Lines of 0 chips are left out."""
    out: list[dict[str, Any]] = []
    b = entry["banker"]
    for s in dict.fromkeys(h["seat"] for h in entry["hands"]):
        hands = [h for h in entry["hands"] if h["seat"] == s]
        split = len(hands) > 1
        stakes = [
            ("stake" if not split else f"hand {h['hand'] + 1} stake")
            + f" {h['stake']}"
            + (" (doubled down)" if h.get("doubled") else "")
            for h in hands
        ]
        out.append({"seat": s, "kind": "bet", "amount": -entry["stakes"][s], "memo": ", ".join(stakes)})
        back = [
            ("" if not split else f"hand {h['hand'] + 1}: ")
            + (f"{h['stake']} back + {h['stake']} won" if h["result"] == "win" else f"{h['stake']} back (push)")
            for h in hands
            if h["result"] != "loss"
        ]
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
    return [
        {**m, "round": r["round"], "memo": f"round {r['round']}: {m['memo']}"}
        for r in state.history
        for m in round_movements(r)
    ]


def result(state: BlackFlowerState) -> Result:
    if state.phase != Phase.OVER:
        raise GameError("The game is not over yet.")
    won = scores(state)
    return Result(
        scores=won,
        placings=placings(won),
        summary={"rounds": len(state.history), "chips": list(state.chips), "reason": state.end_reason},
    )

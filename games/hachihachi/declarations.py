"""The hand combos' declaration (docs/rules/hachihachi.md §5): what a hand may declare, and the three players'
declarations, paid at once."""

from __future__ import annotations

from games.hachihachi import events as E
from games.hachihachi.actions import Declare
from games.hachihachi.combos import (
    KAN,
    TRIPLET_COMBOS,
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
    HHState,
)


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
        state.declared[seat] = {
            "kasu": kasu,
            "suit": suit,
            "kan": kan,
            "kasu_kan": kasu_kan,
            "suit_kan": suit_kan,
            "triplets": triplets,
            "up": up,
            "down": down,
        }
        events.append(
            E.Declared(
                player=seat,
                kasu=kasu,
                suit=suit,
                kan=kan,
                kasu_kan=kasu_kan,
                suit_kan=suit_kan,
                face_up=up,
                face_down=[combo_class(c) for c in down],
            )
        )
    else:
        events.append(E.Declared(player=seat, kasu=None, suit=None, kan=0, face_up=[], face_down=[]))
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

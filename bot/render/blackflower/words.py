"""Black Flower in words: its cards, chips and hands as players read them, what each phase asks, and the rules
summary of ``/rules``."""

from __future__ import annotations

from collections.abc import Sequence

from bot.emoji import face
from bot.render.hanafuda_cards import card as long_card
from bot.render.hanafuda_cards import name as card_name
from games import hanafuda
from games.blackflower.views import PileView

FACE_DOWN = "🂠"
BACK = "back"
RESULT_ICON = {"win": "✅ win", "loss": "❌ loss", "push": "➖ push"}
RESULT_WORDS = {"win": "wins", "loss": "loses", "push": "push"}  # a hand's result as a picture says it
# what the table's embed says the seat to act is doing
PHASE_TEXT = {
    "betting": "bets",
    "niko": "to claim Ni-Ko or play on",
    "play": "to play their hand",
    "banker_niko": "(banker) to claim Ni-Ko or play on",
    "banker": "(banker) to hit or stand",
    "offer": "to take or decline the bank",
}
# what a picture says each phase asks of the seats to act ("Alice to bet")
ASKS = {
    "betting": "to bet",
    "niko": "to claim Ni-Ko or play on",
    "play": "to hit or stand",
    "banker_niko": "to claim Ni-Ko or play on",
    "banker": "to hit or stand",
    "offer": "to take or decline the bank",
}
OVER = "game over"


def card(code: str | None) -> str:
    if code is None:
        return f"{face('hanafuda', BACK) or FACE_DOWN} face down"
    return long_card(code)


def cards(codes: Sequence[str | None]) -> str:
    return " · ".join(card(c) for c in codes) if codes else "—"


def chips(n: int) -> str:
    return f"{n:,}".replace(",", " ") if n >= 0 else f"−{-n:,}".replace(",", " ")


def holding(balance: int, stake: int = 0) -> str:
    """A seat's chips with what it has at stake shown apart: "980 chips, 20 at stake (1 000 in all)"."""
    return f"{chips(balance)} chips" + (f", {chips(stake)} at stake ({chips(balance + stake)} in all)" if stake else "")


def arrangement_text(piles: list[PileView], total: int) -> str:
    """The best arrangement in words, each card by its name: "Pine Crane sideways 2 · [Plum chaff 1 over Plum
    chaff 2] 6 = 8"."""
    parts = []
    for pile in piles:
        if pile.below:
            below = ", ".join(card_name(c) for c in pile.below)
            parts.append(f"[{card_name(pile.top)} over {below}] {pile.value + len(pile.below)}")
        elif hanafuda.KIND[pile.top] == hanafuda.BRIGHT:
            parts.append(f"{card_name(pile.top)} {'longways' if pile.value == 6 else 'sideways'} {pile.value}")
        else:
            parts.append(f"{card_name(pile.top)} {pile.value}")
    return " · ".join(parts) + f" = {total}"


RULES = """\
A hanafuda banking game for 2 to 10 players: bet season chips against the banker, take up to three \
extra cards and get as close to **13** as you can without going over.

## Values and arrangement
Chaff **5**, Ribbon **4**, Animal **3**, Bright **6** or **2** (you choose; the engine picks the best).
Cards of the same month may be stacked: a pile is worth its top card **+1** for each card beneath it \
(Sake cup + Chrysanthemum chaff = 8, 6 or 4). The table shows each hand's possible totals; your panel shows \
the best arrangement. A hand whose *smallest* total is above 13 is **bust** and loses at once.

## A round
1. Each player bets (min–max of the table, never more than their chips) or sits out; the banker never bets.
2. Two cards each, dealt counter-clockwise from the banker's right; the banker's first card is **face down**.
3. Players in turn: **Hit** (one card at a time, at most 5 cards) or **Stand**.
4. The banker turns the hidden card up and plays last (a bot banker hits on 10 or less, or on 12 or less when no card can bust it).
5. Higher hand wins 1:1, a tie is a push (stake returned); a bust player loses even if the banker busts.

## Special hands (best first)
**San-Ko** — 3 Brights (even if the third would bust you)
**Ni-Ko** — two Brights dealt: claim it and stand at once, or play on (a banker Ni-Ko beats yours)
**Shi-Tan** — exactly 4 Ribbons · **Tane** — exactly 5 Animals
They beat every numeric hand; equal special hands push.

## Chips and the bank
Your chips are your season balance for Black Flower (`/balance`); the banker's can go below zero (`/debts`). \
After a round the bank is offered clockwise (`rotate`), stays (`fixed`) or goes to the round's biggest winner \
(`winner`). If you do not answer in time you stand (claim Ni-Ko, sit out, decline the bank).

"""

"""Black Christmas Poker in words: the cards' names with their faces, what each phase asks, the /rules summary."""

from __future__ import annotations

from bot.emoji import face
from games.bcpoker.cards import EMOJI, sort_codes
from games.bcpoker.cards import name as card_name

# what the seat to act is asked, on the table's embed
PHASE_TEXT = {
    "draw": "to draw (deck or top discard)",
    "discard": "to discard",
    "hit_draw": "to draw — hit by Black Christmas",
    "hit_riichi": "to answer the hit (Riichi)",
    "hit_decide": "to chain or exchange",
    "exchange": "to put cards under the deck",
    "ron": "to decide on Ron",
}
# the same, shorter, on the pictures ("Alice to draw")
PICTURE_PHASES = {
    "draw": "to draw",
    "discard": "to discard",
    "hit_draw": "to draw (hit by Black Christmas)",
    "hit_riichi": "to answer the hit",
    "hit_decide": "to chain or exchange",
    "exchange": "to put cards under the deck",
    "ron": "to decide on Ron",
}
OVER = "game over"


def card(code: str, named: int | None = None) -> str:
    """The card's face (its emoji, or its colour's square as text) and its one name, the name its button shows:
    ``🟥Red 3``, ``⬛Black A/7 as 7``."""
    return f"{face('bcpoker', code) or EMOJI[code[0]]}{card_name(code, named)}"


def cards(codes: list[str], empty: str = "—") -> str:
    return " · ".join(card(c) for c in sort_codes(codes)) if codes else empty


RULES = """\
A poker-and-mahjong card game for 2 to 7 players with red, green and black cards numbered 1-7 \
(one deck of 36 for 2-3 players, two decks for 4-7). Make an 8-card winning hand; dodge \
**Black Christmas** hits.

## Turns
7 cards each; the lead starts, play goes to the next seat. On your turn **draw** from the deck or \
**take** the top discard (you may not throw that card back this turn), then **discard**. A discarded \
**KX** (black 1 *or* 7) is named 1 or 7. An empty deck is rebuilt from the pile (3 times per round, \
then the round ends with no winner).

## Winning
A hand wins only with a pattern from the table. Declare **Riichi** with a discard that leaves you one \
card from a win: your 7 cards are then locked. In Riichi win by **Tsumo** (your draw; the previous seat \
pays) or **Ron** (someone's discard; the discarder pays; two players may Ron together). Without \
Riichi: **Surprise Gift** (your very first draw wins, +1000) or **Black Gift** (after an exchange, +500).

## Black Christmas
A black discard higher than the card beneath it (or a black 1 on a black 7) hits the next player: they \
draw, then either **chain** with a higher black card (the hit moves on) or **exchange** N cards (N = the \
hitting number): put N under the deck in an order they choose and draw N. A hit Riichi player keeps \
Riichi only by winning or chaining with the card drawn.

## Hands (best single pattern counts)
100: connected runs · connected triplets
200: mirror runs 123+567+44 · twin runs · triplet ladder
400: full ladder 1-7 · double quads · flush
500: identical runs · five and three
600: six and pair · eight black (with flush: **1000**)
800: eight of a kind (two decks; eight 7s: **1500**)
Special: pairs 2-4-5-6, animals 1-4-7, hats 2-3-7, White Christmas 1-3-6 (300) · Christmas Eve 11222245 (700)

## Scoring
Value + 100 per **dora** (turned up after the win: same colour, next number), ×2 for the lead, then the \
bonus. The lead stays after winning, otherwise the next player leads. The game ends when everyone has \
led twice; the highest score wins.

"""

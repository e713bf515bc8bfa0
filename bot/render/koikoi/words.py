"""Koi-Koi in words: what each phase asks of the seat to act (in messages and, shorter, in pictures) and the
``/rules`` summary."""

from __future__ import annotations

# what the seat to act is to do, in the table's and the panel's messages
PHASE_TEXT = {"play": "to play a card", "choose_take": "to choose a capture", "decide": "to call Koi-Koi or Stop"}
# the same in a picture's line ("Alice to play a card"), and the line once the game is over
PICTURE_PHASES = {"play": "to play a card", "choose_take": "to choose a capture", "decide": "to call Koi-Koi or stop"}
OVER = "game over"

RULES = """\
A hanafuda fishing game for 2 to 4 players: capture cards by matching months, build \
scoring sets (*yaku*), then decide whether to cash in or push your luck.

## Players and deal
• **2 players** (default): 8 cards each, 8 face up on the table; the round ends when both hands are empty.
• **3 players**: 7 cards each, 6 on the table; the round ends when the pile runs out.
• **4 players**: two teams (seats 1 & 3 against 2 & 4), 5 cards each, 8 on the table; partners pool their captures and may not signal each other.
The first dealer (*Oya*) is the player who draws the earliest month; the Oya plays first. If the table is dealt all four cards of one month, the cards are redealt.

## Your turn
1. **Play** any card from your hand. If the table has a card of the same month you capture both (with two matches you pick one; with three you take all four). Otherwise your card stays on the table.
2. **Flip** the top card of the pile and resolve it the same way; its captures are yours too.
3. If your captures now score more than before, you have a **yaku**: choose **Stop** or **Koi-Koi**.

## Yaku (points)
**Goko** — all 5 Brights (Crane, Curtain, Moon, Rain man, Phoenix): **10**
**Shiko** — 4 Brights without the Rain man: **8**
**Ame-shiko** — the Rain man + 3 Brights: **7**
**Sanko** — 3 Brights, no Rain man: **6**
*(only the best Bright yaku counts)*
**Inoshikacho** — Boar (Jul), Deer (Oct), Butterflies (Jun): **5**
**Akatan** — the red poem ribbons of Jan, Feb, Mar: **6**
**Aotan** — the blue ribbons of Jun, Sep, Oct: **6**
**Tane** — 5 Animals: **1**, +1 per extra Animal
**Tan** — 5 Ribbons: **1**, +1 per extra Ribbon
**Kasu** — 10 Chaff: **1**, +1 per extra Chaff
Other yaku stack. The Sake cup counts as an Animal *or* a Chaff, whichever scores more.

## Hand combos (checked right after the deal)
**Teshi** — all 4 cards of one month in your hand: **6**
**Kuttsuki** — four pairs in your hand (2 players only): **6**
The holder wins the round at once.

## Koi-Koi or Stop
• **Stop** ends the round: you score your yaku total.
• **Koi-Koi** keeps playing, hoping to score more; you may call it again later. If someone else stops first, your yaku are worth nothing.
• A yaku on your side's last turn is always a Stop. With 3 players, once both opponents have called Koi-Koi, your next yaku is a Stop too.
• If nobody stops before the cards run out, nobody scores that round.

## Scoring
• A total of **7 or more is doubled**.
• 2 or 4 players: if the losing side had called Koi-Koi, the payment is **doubled again**.
• 2 players: the loser pays the winner. 3 players: each opponent pays the score, or, if an opponent called Koi-Koi, the most recent caller pays double alone. 4 players: each loser pays one winner.
• The winner deals next; after a round with no winner the next player deals. After the last month the highest total wins.

"""

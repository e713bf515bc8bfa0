"""Hachi-Hachi in words: what each phase asks of the seats to act (in messages and, shorter, in pictures), why each
payment was made, the ledger's accounts, how a month ended, and the ``/rules`` summary."""

from __future__ import annotations

KIND_WORD = {"L": "Light", "A": "Animal", "R": "Ribbon", "K": "chaff"}
FIELD_EMOJI = {1: "⚀", 2: "⚁", 4: "⚃"}
PHASE_TEXT = {
    "mizuten": "to declare Mizu-ten or not (dealer)",
    "bidding": "to stay or pass",
    "declare": "to declare hand combos",
    "play": "to play a card",
    "take": "to choose what the flipped card takes",
    "decide": "to call Yoshi or Sa-gé",
    "repay": "to repay debts",
}
WHY = {
    "pass": "pass into the pot",
    "chasse": "Chassé compensation",
    "shiso": "Shiso",
    "hand_combo": "hand combos",
    "yoshi": "Yoshi",
    "yoshi_sage": "Yoshi against the latest Sa-gé (double)",
    "cancel_sage": "Sa-gé cancelled (half)",
    "eighty_eight": "88 settlement",
    "sage_half": "Sa-gé combos (half)",
    "double8": "Double 8",
    "tous8": "Tous 8",
    "tobikomi": "Tobikomi",
    "nukeyaku": "Nukeyaku",
    "mizuten_success": "Mizu-ten success",
    "mizuten_failure": "Mizu-ten failure",
    "stone": "month stone",
    "shiso_stone": "Shiso stones for the empty months",
    "pot": "the pot",
    "pot_share": "share of the pot (Pas de match)",
    "stones": "track stones to the poorest",
    "bonus": "year bonus (5 Kan × players)",
    "han_don": "Han-Don",
    "loan": "loan of 10 Kan, owed to the bank",
    "repay": "debt repaid",
    "repay_end": "debt repaid, mandatory at the year end",
}
STEP_WORD = {
    "pass": "a pass",
    "compensation": "Chassé compensation",
    "hand_combos": "hand combos",
    "month": "the month settlement",
    "month_end": "the month end",
    "han_don": "Han-Don",
}
ACCOUNT_WORD = {
    "start": "start",
    "months": "months",
    "han_don": "Han-Don",
    "stones": "stones",
    "bonus": "bonus",
    "loan": "loans",
    "repay": "repaid",
    "debt": "still owed",
}

MONTH_END_KIND = {
    "shiso": "Shiso",
    "yoshi": "Yoshi",
    "cancel_sage": "Sa-gé cancelled",
    "exhaustion": "stock exhausted",
    "pas_de_match": "Pas de match",
}
# what the seats to act are to do, in a picture's line ("Alice to stay or pass"), and the line once the year is over
PICTURE_PHASES = {
    "mizuten": "to declare Mizu-ten or not",
    "bidding": "to stay or pass",
    "declare": "to declare hand combos",
    "play": "to play a card",
    "take": "to choose a capture",
    "decide": "to call Yoshi or Sa-ge",
    "repay": "to repay debts",
}
OVER = "the year is over"

RULES = """\
A hanafuda money game for 3 to 7 players: every month three of them play for the table's \
cards, aiming at **88** card points, hand combos and captured combos. Money is kept in points \
and Kan (1 Kan = 12 points); everyone starts with 60 points.

## A month
1. The dealer may declare **Mizu-ten** before the deal (he must play; 89+ card points earns 1 Kan from everyone, 87 or less costs him 1 Kan to each).
2. Deal: 7 cards each and 6 on the table (7 players: a blank card; whoever gets it sits out and his cards are the table). Each Light on the table makes a **field**: Double ×2 (Crane, Curtain, Moon) or Grand ×4 (Rain man, Phoenix); extra fields wait for later months. The field multiplies every payment of the month.
3. From the dealer, each player **stays** or **passes** (paying 1, 1.5, 2 … Kan into the pot by position). The first three to stay play (Oya, Dou-ni, Biki); the others are **chased** and paid for their good cards.
4. The three players **declare hand combos** (optional) and are paid at once; then they play like Koi-Koi: play a card, flip one from the stock, capture by month.

## Hand combos (Kan)
Kasu group (Willow counts as chaff): **Karasu** 7 chaff 4 · **Hikari-ichi** 1 Light + 6 chaff 4 · **Toichi** 1 Animal + 6 chaff 3 · **Tan-ichi** 1 Ribbon + 6 chaff 3 · **Aka** 2+ Ribbons, rest chaff 2.
Suit group (by month): **Sanbon** a triplet 2 · **Futasanbon** two triplets 6 · **Haneken** 3+2+2 7 (+1 per triplet of Apr, May, Jul or the 3 Dec chaff) · **Kuttsuki** three pairs 4 · **Teshi** four of a month 6 · **Ichinishi** four + pair 8 · **Shiso** four + three 20: wins at once and (by default) ends the game.

## Captured combos, Yoshi and Sa-gé
**Goko** 5 Lights 12 · **Shiko** 4 Lights (no Rain man) 10 · **Akatan** 7 · **Aotan** 7 · **Nanatan** 7 ribbons 10 (+1 each more) · **Sujuroku** 16 chaff 12 (+2 each more).
A new captured combo asks: **Yoshi** (stop, collect your value from each opponent; double from the latest Sa-gé caller) or **Sa-gé** (play on). You may cancel your Sa-gé at the start of a turn for half.

## When the stock runs out
Each player scores (card points − 88) × field, then Sa-gé combos pay half, plus Tobikomi (a declared triplet all captured) and Nukeyaku (89+ points after a declared Kasu combo). **Double 8** (168+ points) or **Tous 8** (all at 88) replace all that. The most card points wins the month, takes the pot and deals next.

## Money and the year
Short of cash? You borrow 10 Kan from the bank. After month 6 everyone pays **Han-Don** (10 Kan); debts can be repaid in 5 Kan steps after months 6 and 11 and must be at the end. The poorest player gets the month stones, the last month's winner 5 Kan × players. **Final score = cash − debt**; it goes to the season ledger and open debts show in `/debts`.

"""

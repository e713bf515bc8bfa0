"""Short, readable rule summaries shown by ``/rules <game>``.

Each game has a Markdown text: the text before the first ``## `` heading is the introduction;
every ``## Heading`` starts a section (rendered as an embed field, so keep each section under
about 1000 characters). The options section, with their defaults, is written from the
game's Options model (games/optionspec.py); a running table shows its own active options. The summary
ends with where the full rules are: the game's page in ``docs/rules/``.

To add a game, add its summary to :data:`SUMMARIES`.
"""

from __future__ import annotations

from games import game_names, get_game
from games.optionspec import OptionSpec, offered_options

SUMMARIES: dict[str, str] = {
    "bcpoker": """\
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

""",
    "sanma": """\
Three-player Japanese riichi mahjong (Tenhou-style scoring) with 108 tiles: only 1m and 9m \
among the characters, red 5p and 5s, no chii. Build 4 sets and a pair (or seven pairs, or \
thirteen orphans) with at least one yaku, then win by **Tsumo** (your draw) or **Ron** (a discard).

## A turn
Draw, then discard one tile (click it in **My hand**). Instead you may declare **Tsumo**, a closed \
or added **Kan**, **Kita** or **Riichi**. Others may **Ron** your discard, or **Pon** / **Kan** it; \
a call window lasts a few seconds (`call_seconds`) and then passes.

## Kita (North)
Set a North wind tile (N) aside and draw a replacement tile: each kita is 1 han of dora (more when an \
indicator shows West), keeps your hand closed and is never a yaku. A player waiting on North may ron it.

## Riichi and furiten
Riichi with a closed tenpai hand, 1000 points and at least 3 tiles left: a stick goes on the \
table, your hand is locked, and ippatsu / ura dora become possible. You cannot ron a tile you \
discarded yourself among your waits (furiten), nor after passing a win until your next discard.

## Scoring
Han and fu as on Tenhou, with *tsumo loss*: on a tsumo the missing North seat's share is not paid. \
Honba add 200 per ron / 100 from each payer per tsumo. Pao for daisangen and daisuushii; nagashi \
mangan; exhaustive draws pay 2000 among the noten players; kyuushu kyuuhai and four kans abort.

## The game
35000 points each, East then South round (option `east_only`: East only). The dealer repeats \
after a win or tenpai. The game ends after South 3, when someone goes below zero (`tobi`), or \
when the last dealer wins in first place. Final score: (points − 40000)/1000 with uma +20/0/−20 \
and +15 for first.

""",
    "blackflower": """\
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

""",
    "koikoi": """\
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

""",
    "hachihachi": """\
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

""",
}


def option_line(spec: OptionSpec) -> str:
    """``• `months` — Number of rounds (months) in a game (1–12): **12**``"""
    return f"• `{spec.name}` — {spec.described}: **{spec.default_text(spec.table_default)}**"


def options_section(game: str) -> str:
    lines = [option_line(spec) for spec in offered_options(get_game(game).Options)]
    return "## Options (defaults)\n" + "\n".join(lines) + "\n"


def full_rules_section(game: str) -> str:
    """The summary's last section: where every option and ruling of the game is written."""
    return f"## Full rules\nEvery option and ruling: `docs/rules/{game}.md` in Parlor's repository.\n"


TITLES: dict[str, str] = {name: get_game(name).title for name in game_names()}
RULES: dict[str, str] = {name: text + options_section(name) + full_rules_section(name)
                         for name, text in SUMMARIES.items()}


def title(game: str) -> str:
    return TITLES.get(game, game.replace("_", " ").title())

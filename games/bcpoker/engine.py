"""Black Christmas Poker's hooks (docs/rules/bcpoker.md §2-§11): the functions ``GAME`` binds, each from the
module of its concern: the state (:mod:`~games.bcpoker.state`), the deal (:mod:`~games.bcpoker.rounds`), the
legal moves (:mod:`~games.bcpoker.legal`), applying one (:mod:`~games.bcpoker.moves`), the round's end and the
result (:mod:`~games.bcpoker.scoring`), what each seat sees (:mod:`~games.bcpoker.views`).

Seeds and fair shuffles
-----------------------
``new_game(options, seats, seed)`` takes a secret master seed.

* **First lead** (§2): ``int(sha256_hex(f"{master}:lead"), 16) % players``.
* **Round seed**: round ``r`` (1, 2, …) uses ``round_seed = sha256_hex(f"{master}:{r}")``.
  The public ``round_start`` event carries ``hash = sha256_hex(round_seed)``; ``round_end``
  reveals ``seed = round_seed``.
* **Deck of round r**: ``seeded_shuffle(round_seed, 0, make_deck(decks))`` (the Fisher-Yates of
  :mod:`games.hanafuda`, over the canonical Black Christmas deck of :mod:`games.bcpoker.cards`);
  index 0 is the top. Seat ``(lead + k) % n`` is dealt cards ``7k .. 7k+6``; the rest is the deck.
* **Rebuild k** (1, 2, … within the round): the pile except its top card, in pile order (bottom
  first, all public), shuffled with ``seeded_shuffle(round_seed, k, cards)``.

Tests inject decks with ``new_game(..., decks=[deck1, …], lead=seat)``: round ``r`` deals from
``decks[r-1]`` while it exists.

Actions: :mod:`games.bcpoker.actions`. Events: :mod:`games.bcpoker.events` (public unless ``seat`` is set:
``deal``, ``drawn``, ``placed`` and ``exchange_cards`` are private).
"""

from __future__ import annotations

from games.bcpoker.actions import describe
from games.bcpoker.deals import deal_number as deal_number
from games.bcpoker.early_end import end_early as end_early
from games.bcpoker.legal import legal_actions as legal_actions
from games.bcpoker.moves import apply as apply
from games.bcpoker.options import Options as Options
from games.bcpoker.policy import bot_choose as bot_choose
from games.bcpoker.rounds import new_game as new_game
from games.bcpoker.rounds import opening_events as opening_events
from games.bcpoker.scoring import result as result
from games.bcpoker.state import BCState
from games.bcpoker.state import is_over as is_over
from games.bcpoker.state import load as load
from games.bcpoker.state import public_to_act as public_to_act
from games.bcpoker.state import to_act as to_act
from games.bcpoker.views import hidden_cards as hidden_cards
from games.bcpoker.views import public_view as public_view
from games.bcpoker.views import view as view

State = BCState
describe_action = describe


def decision_continues(state: BCState, seat: int) -> bool:
    """A turn is one decision (§3, §6): after its draw the player goes on — win, chain or exchange,
    every card of the exchange, the discard — until the discard ends it."""
    return state.turn == seat and state.phase in ("discard", "hit_decide", "hit_riichi", "exchange")

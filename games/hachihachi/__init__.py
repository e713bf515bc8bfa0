"""Hachi-Hachi (八八): 3-7 players, three play each month for money (rules/hachi-hachi.md).

``GAME`` implements :class:`games.base.Game` plus the money-game hook ``ledger_entries``.
See :mod:`games.hachihachi.engine` for the seed/shuffle protocol and the events.

Season ledger (what a finished game writes): per seat the lines the year summary shows under
"How each score adds up" (a campaign adds its games): ``game`` lines for the starting 60
points (it carries the placing), each month's payments (the line's ``round``), Han-Don, the
track stones and the bonus, which sum to the final score of §10.4 (cash − debt); a ``loan``
line (+120 per loan), a ``repay`` line (minus what was repaid) and a ``debt`` line (minus
the debt still owed), which sum to zero. So a player's season balance moves by exactly his final score, the
standings rank final scores, and loan + repay is what ``/debts`` shows as still owed.
"""

from __future__ import annotations

from typing import Any

from games.base import Event, Result, SeatInfo
from games.hachihachi import engine
from games.hachihachi.combos import captured_combos, card_points, chasse_compensation, hand_combos
from games.hachihachi.engine import HHState, check_invariant
from games.hachihachi.options import Options, parse_options
from games.hachihachi.policy import bot_choose

__all__ = ["GAME", "HHState", "Options", "bot_choose", "captured_combos", "card_points", "chasse_compensation",
           "check_invariant", "hand_combos", "parse_options"]


class HachiHachiGame:
    name = "hachihachi"
    title = "Hachi-Hachi"
    min_players = 3
    max_players = 7
    Options = Options
    State = HHState
    uses_balances = True  # a money game: /balance and /debts list it (every year still starts from 60 points)

    def new_game(self, options: Options | None, seats: list[SeatInfo], seed: str,
                 decks: list[list[str]] | None = None, stocks: list[list[str]] | None = None) -> HHState:
        return engine.new_game(options, seats, seed, decks=decks, stocks=stocks)

    def load(self, snapshot: str) -> HHState:
        return engine.load(snapshot)

    def opening_events(self, state: HHState) -> list[Event]:
        return engine.opening_events(state)

    def to_act(self, state: HHState) -> list[int]:
        return engine.to_act(state)

    def legal_actions(self, state: HHState, seat: int) -> list[str]:
        return engine.legal_actions(state, seat)

    def apply(self, state: HHState, seat: int, action: str) -> list[Event]:
        return engine.apply(state, seat, action)

    def view(self, state: HHState, seat: int) -> dict[str, Any]:
        return engine.view(state, seat)

    def public_view(self, state: HHState) -> dict[str, Any]:
        return engine.public_view(state)

    def is_over(self, state: HHState) -> bool:
        return engine.is_over(state)

    def result(self, state: HHState) -> Result:
        return engine.result(state)

    def hidden_cards(self, state: HHState) -> dict[int, list[str]]:
        return engine.hidden_cards(state)

    def bot_choose(self, view: dict[str, Any], legal: list[str], rng_seed: int) -> str:
        return bot_choose(view, legal, rng_seed)

    def describe_action(self, action: str) -> str:
        return engine.describe_action(action)

    def ledger_entries(self, state: HHState) -> list[dict]:
        return engine.ledger_entries(state)

    def decision_continues(self, state: HHState, seat: int) -> bool:
        """A turn is one decision (§4.3): after the card played the same player goes on with the flipped
        card's capture choice and the Yoshi or Sa-gé call."""
        return state.turn == seat and state.phase in ("take", "decide")


GAME = HachiHachiGame()

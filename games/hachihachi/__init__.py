"""Hachi-Hachi (八八): 3-7 players, three play each month for money (docs/rules/hachihachi.md).

``GAME`` declares the game (:class:`games.base.GameBase`); its hooks are the functions of
:mod:`games.hachihachi.engine`, which also describes the seed/shuffle protocol and the events.
A money game (``uses_balances``): /balance and /debts list it (every year still starts from 60 points).

Season ledger (what a finished game writes, ``engine.ledger_entries``): per seat the lines the year
summary shows under "How each score adds up" (a campaign adds its games): ``game`` lines for the
starting 60 points (it carries the placing), each month's payments (the line's ``round``), Han-Don,
the track stones and the bonus, which sum to the final score of §10 (cash − debt); a ``loan``
line (+120 per loan), a ``repay`` line (minus what was repaid) and a ``debt`` line (minus
the debt still owed), which sum to zero. So a player's season balance moves by exactly his final score, the
standings rank final scores, and loan + repay is what ``/debts`` shows as still owed.
"""

from __future__ import annotations

from games.base import GameBase
from games.hachihachi import engine
from games.hachihachi.options import Options as Options  # passed on: ``from games.hachihachi import Options``

GAME = GameBase.from_engine(
    engine,
    title="Hachi-Hachi",
    uses_balances=True,
    balance_note="Inside a Hachi-Hachi game every player starts the year at 60p, its own count; when the game ends, "
    "the final score (cash − debt, those 60p included) is added to your season chips.",
)

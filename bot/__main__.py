"""``python -m bot``: run Parlor.

With ``DISCORD_TOKEN`` set, Parlor connects to Discord. Without it, Parlor runs against its
built-in local Discord and serves the playground page (http://127.0.0.1:8765 by default,
``PARLOR_PLAYGROUND_PORT``), where you can try every game in a browser.
"""

from __future__ import annotations

import sys

from bot.logs import configure_logging
from bot.settings import Settings, SettingsError


def main() -> int:
    try:
        settings = Settings.from_env()
    except SettingsError as error:
        print(f"Parlor cannot start: {error}", file=sys.stderr)
        return 2
    from bot.main import database_problem

    problem = database_problem(settings.database)  # an empty, damaged or read-only file: say why and stop
    if problem:
        print(f"Parlor cannot start: {problem}", file=sys.stderr)
        return 1
    configure_logging(settings.log_level)  # no hand, seed or snapshot in the log at any level
    if not settings.token:
        from localdiscord.playground import main_playground

        return main_playground(settings)
    from bot.main import ParlorBot

    ParlorBot(settings).run(settings.token, log_handler=None)
    return 0


if __name__ == "__main__":
    sys.exit(main())

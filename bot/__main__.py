"""``python -m bot``: run Parlor."""

from __future__ import annotations

import logging
import sys

from bot.settings import Settings, SettingsError


def main() -> int:
    try:
        settings = Settings.from_env()
        token = settings.require_token()
    except SettingsError as error:
        print(f"Parlor cannot start: {error}", file=sys.stderr)
        return 2
    logging.basicConfig(level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    from bot.main import ParlorBot

    ParlorBot(settings).run(token, log_handler=None)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""``python -m bot``: run Parlor.

With ``DISCORD_TOKEN`` set, Parlor connects to Discord. Without it, Parlor runs against its
built-in local Discord and serves the playground page (http://127.0.0.1:8765 by default,
``PARLOR_PLAYGROUND_PORT``), where you can try every game in a browser.
"""

from __future__ import annotations

import logging
import sys

from bot.settings import Settings, SettingsError


def main() -> int:
    try:
        settings = Settings.from_env()
    except SettingsError as error:
        print(f"Parlor cannot start: {error}", file=sys.stderr)
        return 2
    logging.basicConfig(level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    # discord.py logs whole request bodies at DEBUG, private hand panels included: never below INFO.
    for name in ("discord.http", "discord.webhook.async_"):
        logging.getLogger(name).setLevel(max(logging.INFO, logging.getLogger().level))
    if not settings.token:
        from bot.localdiscord.playground import main_playground

        return main_playground(settings)
    from bot.main import ParlorBot

    ParlorBot(settings).run(settings.token, log_handler=None)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Short, readable rule summaries shown by ``/rules <game>``.

Each game's home (``bot.render.<game>``) declares its Markdown text as ``Presentation.rules``: the text
before the first ``## `` heading is the introduction; every ``## Heading`` starts a section (rendered as an
embed field, so keep each section under about 1000 characters). The options section, with their defaults, is written from the
game's Options model (games/optionspec.py); a running table shows its own active options. The summary
ends with where the full rules are: the game's page in ``docs/rules/``.
"""

from __future__ import annotations

from bot.render import presentation
from games import game_names, get_game
from games.optionspec import OptionSpec, offered_options


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
RULES: dict[str, str] = {
    name: text + options_section(name) + full_rules_section(name)
    for name in game_names()
    if (text := presentation(name).rules)
}


def title(game: str) -> str:
    return TITLES.get(game, game.replace("_", " ").title())

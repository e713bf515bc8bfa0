"""``/rules <game>`` ends with where the game's full rules are: its page in the repository's ``docs/rules/``."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot import rules_text
from cogs.rules import rules_sections
from tests.bot.test_league_cog import FakeInteraction, bot, call, rules, store  # noqa: F401 (fixtures)

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("game", list(rules_text.RULES))
def test_every_summary_ends_with_its_full_rules_page(game):
    _, sections = rules_sections(rules_text.RULES[game])
    name, body = sections[-1]
    assert name == "Full rules"
    assert f"`docs/rules/{game}.md`" in body
    assert (ROOT / "docs" / "rules" / f"{game}.md").is_file()


async def test_the_rules_answer_names_the_page(rules):  # noqa: F811 (the fixture)
    i = await call(rules.rules, rules, FakeInteraction(1), game="koikoi")
    fields = i.reply.embed.fields
    assert fields[-1].name == "Full rules"
    assert "docs/rules/koikoi.md" in fields[-1].value

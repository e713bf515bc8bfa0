"""bot/text.py: user-chosen text is shown as typed, as one line, within its length."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot import text

ESCAPED = re.compile(r"\\([^0-9A-Za-z\s])")  # how Discord reads a backslash: the next character as itself


def as_discord_shows(escaped: str) -> str:
    return ESCAPED.sub(r"\1", escaped)


@pytest.mark.parametrize(
    "typed,shown",
    [
        ("[gift](https://evil.example)", r"\[gift\]\(https\://evil.example\)"),
        ("**bold** ||s|| `c`", r"\*\*bold\*\* \|\|s\|\| \`c\`"),
        ("# Heading", r"\# Heading"),
        ("-# small", r"\-\# small"),
        ("> quote", r"\> quote"),
        ("1. first", r"1\. first"),
        ("<@123> @everyone <t:0:R>", r"\<\@123\> \@everyone \<t\:0\:R\>"),
        ("back\\slash", r"back\\slash"),
    ],
)
def test_markdown_is_escaped(typed, shown):
    assert text.escape(typed) == shown
    assert as_discord_shows(shown) == typed


def test_direction_overrides_line_breaks_and_invisible_characters_are_removed():
    assert text.plain("\u202eevil\u202c\u2066x\u2069") == "evilx"
    assert text.plain("two\nlines\r\n\tand  spaces\u2028end") == "two lines and spaces end"
    assert text.plain("zero\u200bwidth\ufeff") == "zerowidth"
    family = "\U0001f468\u200d\U0001f469\u200d\U0001f467"  # kept whole: its joiners stay
    assert text.plain(f"O'Brien {family}") == f"O'Brien {family}"


def test_names_and_season_names_are_cut_before_escaping():
    assert text.name("x" * 40) == "x" * 31 + "…"
    assert text.name("*" * 40) == "\\*" * 31 + "…"  # never half an escape
    assert text.season_name("[" * 500) == "\\[" * 79 + "…"
    assert text.plain_name("\u202e\u202c") == "Player"


@given(st.text(max_size=200))
def test_any_text_is_shown_as_its_plain_form_on_one_line(typed):
    shown = text.escape(typed, 50)
    assert as_discord_shows(shown) == text.plain(typed, 50)
    assert len(text.plain(typed, 50)) <= 50 and "\n" not in shown
    assert not text.BIDI_CONTROLS & set(shown)

"""The UI kit: custom_ids within Discord's limits, menus when buttons run out."""

from __future__ import annotations

import re

import discord

from bot.ui import AMOUNT_TEMPLATE, SELECT_TEMPLATE, TEMPLATE, AmountSpec, ButtonSpec, SelectSpec, _join, build_view


def sent(view: discord.ui.View) -> list[dict]:
    """The components a message with ``view`` shows, as Discord receives them (action rows apart)."""
    return [item for row in view.to_components() for item in row["components"]]


async def test_buttons_become_a_menu_beyond_25():
    buttons = [ButtonSpec(f"a:play:{n}", f"Play {n}") for n in range(30)]
    view = build_view(123456789012345678, 42, buttons)
    selects = [item for item in sent(view) if item["type"] == discord.ComponentType.select.value]
    assert len(sent(view)) == 2 and len(selects) == 2
    values = [o["value"] for s in selects for o in s["options"]]
    assert values == [f"play:{n}" for n in range(30)]


async def test_custom_ids_match_their_templates_and_fit():
    view = build_view(
        123456789012345678,
        999999,
        [
            ButtonSpec("a:play:12C3:12C2", "x"),
            SelectSpec([("1L", "Crane"), ("3C1", "Cherry")], verb="ex", max_values=2),
            AmountSpec("bet:{}", 10, 500),
        ],
    )
    # the rows: the button and the prompt's button share the first row, the menu fills the second
    ids = [item["custom_id"] for item in sent(view)]
    for custom_id, template in zip(ids, (TEMPLATE, AMOUNT_TEMPLATE, SELECT_TEMPLATE), strict=True):
        assert re.fullmatch(template, custom_id) and len(custom_id) <= 100


def test_select_actions():
    assert _join("", ["play:1L"]) == "play:1L"
    assert _join("ex", ["1L", "3C1"]) == "ex:1L+3C1"

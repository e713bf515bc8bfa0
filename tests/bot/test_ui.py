"""The UI kit: custom_ids within Discord's limits, menus when buttons run out."""

from __future__ import annotations

import re

import discord

from bot.ui import AMOUNT_TEMPLATE, SELECT_TEMPLATE, TEMPLATE, AmountSpec, ButtonSpec, SelectSpec, _join, build_view


async def test_buttons_become_a_menu_beyond_25():
    buttons = [ButtonSpec(f"a:play:{n}", f"Play {n}") for n in range(30)]
    view = build_view(123456789012345678, 42, buttons)
    selects = [item for item in view.children if isinstance(item, discord.ui.Select)]
    assert len(view.children) == 2 and len(selects) == 2
    values = [o.value for s in selects for o in s.options]
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
    ids = [item.custom_id for item in view.children]
    for custom_id, template in zip(ids, (TEMPLATE, SELECT_TEMPLATE, AMOUNT_TEMPLATE)):
        assert re.fullmatch(template, custom_id) and len(custom_id) <= 100


def test_select_actions():
    assert _join("", ["play:1L"]) == "play:1L"
    assert _join("ex", ["1L", "3C1"]) == "ex:1L+3C1"

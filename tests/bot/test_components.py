"""A message's components written without discord.py's items (bot/components.py) are exactly what a discord.py
``View`` of the same items sends: the same rows, the same JSON key for key and in the same order, and the same
items refused for want of room."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import discord
import pytest

from bot import ui
from bot.render import presentation
from bot.ui import MAX_OPTIONS, AmountSpec, ButtonSpec, Item, SelectSpec, build_view, hand_button, lobby_buttons
from games import game_names, get_game
from games.simulate import bot_seats, play_game
from tests.golden.recorder import uploaded_faces


def discord_view(table_id: int, version: int, items: list[Item]) -> discord.ui.View:
    """The items as a discord.py ``View`` of ``Button`` and ``Select`` items: how Parlor built its components
    before."""
    view = discord.ui.View(timeout=None)
    menus = 0
    for spec in items:
        if isinstance(spec, ButtonSpec):
            view.add_item(
                discord.ui.Button(
                    label=spec.label[:80],
                    style=spec.style,
                    emoji=spec.emoji,
                    disabled=spec.disabled,
                    row=spec.row,
                    custom_id=ui.custom_id(table_id, version if spec.versioned else 0, spec.verb),
                )
            )
        elif isinstance(spec, SelectSpec):
            if len(spec.options) > MAX_OPTIONS:
                raise ValueError("a menu holds 25 options")
            menus += not spec.verb
            verb = spec.verb or ("-" if menus == 1 else f"-{menus}")
            view.add_item(
                discord.ui.Select(
                    custom_id=f"parlor:s:{table_id}:{version}:{verb}",
                    placeholder=spec.placeholder[:150],
                    min_values=spec.min_values,
                    max_values=min(spec.max_values, len(spec.options)),
                    row=spec.row,
                    options=[
                        discord.SelectOption(label=label[:100], value=value, emoji=spec.emojis.get(value))
                        for value, label in spec.options
                    ],
                )
            )
        else:
            view.add_item(
                discord.ui.Button(
                    label=spec.label[:80],
                    style=discord.ButtonStyle.secondary,
                    row=spec.row,
                    custom_id=f"parlor:m:{table_id}:{version}:{spec.id_verb()}",
                )
            )
    return view


def discord_components(table_id: int, version: int, items: list[Item]) -> list[dict[str, Any]]:
    """``build_view``'s arrangements tried in turn on discord.py's views, as ``build_view`` tries them."""
    arrangements: list[Callable[[list[Item]], list[Item]]] = [list, ui._as_menus, ui._as_prompts]
    for arrange in arrangements:
        try:
            return discord_view(table_id, version, arrange(list(items))).to_components()
        except ValueError:
            continue
    raise ValueError("no room")


def same_json(items: list[Item], table_id: int = 123456789012345678, version: int = 987654321) -> None:
    ours = build_view(table_id, version, items).to_components()
    assert json.dumps(ours) == json.dumps(discord_components(table_id, version, items))


def panels_of(name: str, seed: str) -> list[list[Item]]:
    """The items of every seat's panel along a seeded bot game of ``name``."""
    game = get_game(name)
    players = min(game.max_players, 4)
    fields = game.Options.model_fields
    options = game.Options(**({"players": players} if "players" in fields else {}))
    balances = [1000] * players if getattr(game, "uses_balances", False) else None
    looks = presentation(name)
    found: list[list[Item]] = []

    def check(state: Any, events: Any) -> None:
        for seat in game.to_act(state):
            _, items = looks.panel(game.view(state, seat), game.legal_actions(state, seat), ["A"] * players, 1.9e9)
            found.append(list(items))

    play_game(game, options, bot_seats(players, balances), seed, check=check)
    return found


@pytest.mark.parametrize("faces", [False, True], ids=["text", "faces"])
@pytest.mark.parametrize("name", game_names())
def test_every_panel_of_a_seeded_game_sends_what_discord_py_sent(name: str, faces: bool) -> None:
    with uploaded_faces(faces):
        panels = panels_of(name, f"components-{name}")
        assert panels
        for items in panels:
            same_json(items)


def test_table_and_lobby_buttons_send_what_discord_py_sent() -> None:
    same_json([hand_button()])
    same_json([*lobby_buttons(False)])
    same_json([*lobby_buttons(True)])
    same_json([])


@pytest.mark.parametrize(
    "items",
    [
        [ButtonSpec(f"a:play:{n}", f"Play {n}") for n in range(25)],
        [ButtonSpec(f"a:play:{n}", f"Play {n}") for n in range(26)],
        [ButtonSpec(f"a:bet:{n}", f"Bet {n}") for n in range(10, 510, 2)] + [AmountSpec("bet:{}", 1, 9)],
        [ButtonSpec(f"a:d:{i}", f"D{i}", row=min(i // 5, 2)) for i in range(14)]
        + [ButtonSpec(f"a:o:{i}", f"O{i}", row=3) for i in range(7)]
        + [SelectSpec([(f"r:{i}", f"Riichi {i}") for i in range(3)], row=4)],
        [ButtonSpec("a:x", "x" * 90, emoji="🌲", disabled=True, row=2), ButtonSpec("a:y", "y", row=0)],
        [SelectSpec([("1L", "Crane"), ("3C1", "Cherry")], verb="ex", max_values=2), ButtonSpec("a:z", "z")],
        [ButtonSpec("a:e", "Custom", emoji="<:hf_01_crane:1300000000000000000>")],
    ],
    ids=["25 buttons", "26 buttons", "250 bets", "row hints", "rows given", "menu first", "custom emoji"],
)
def test_crowded_and_placed_items_send_what_discord_py_sent(items: list[Item]) -> None:
    same_json(items)


def test_a_built_view_is_finished_so_discord_py_keeps_nothing_of_it() -> None:
    view = build_view(1, 2, [hand_button()])
    assert view.is_finished() and not view.is_dispatchable()


def test_two_messages_share_no_json() -> None:
    """A button's JSON is kept to be copied: what one message's JSON becomes never changes another's."""
    first = build_view(1, 2, [hand_button()]).to_components()
    first[0]["components"][0]["emoji"]["name"] = "changed"
    first[0]["components"][0]["label"] = "changed"
    assert build_view(1, 2, [hand_button()]).to_components() == discord_components(1, 2, [hand_button()])

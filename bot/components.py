"""A message's components as Discord's JSON, laid out as discord.py lays out a ``discord.ui.View``, without building a
``discord.ui.Button`` for every button of every panel.

Each different button (its label, style, emoji and whether it is disabled) is turned into its JSON by discord.py once;
a panel's button is that JSON with its own custom_id. Menus are built by discord.py each time (they are rare). The
rows are placed as discord.py places a view's items: an item with a row goes into that row, the others into the first
row with room when it is added (five buttons, or one menu, to a row; 25 items at most); what does not fit raises ``ValueError``, as
discord.py's ``View.add_item`` does.
"""

from __future__ import annotations

import functools
from typing import Any

import discord

ROWS = 5  # rows of a message
ROW_WIDTH = 5  # a row holds five buttons, or one menu
MAX_ITEMS = 25  # discord.py's limit of a view's items
MENU_WIDTH = 5
PLACEHOLDER_ID = "-"  # the custom_id of a button's JSON as it is kept, replaced by the panel's own


class Components(discord.ui.View):
    """A finished view that sends ``rows`` (Discord's JSON of its action rows) as its components. It holds no
    discord.py items: its clicks are routed by their custom_id (bot/ui.py's ``on_interaction``), so discord.py never
    dispatches to it, and being finished from the start (in a running event loop or not) it is never stored."""

    def __init__(self, rows: list[dict[str, Any]]) -> None:
        super().__init__(timeout=None)
        self.rows = rows

    def to_components(self) -> list[dict[str, Any]]:
        return self.rows

    def is_finished(self) -> bool:
        return True


@functools.lru_cache(maxsize=4096)
def _button_json(label: str, style: discord.ButtonStyle, emoji: str | None, disabled: bool) -> dict[str, Any]:
    """discord.py's JSON of a button, its custom_id a placeholder (kept: the panels of a game repeat their buttons)."""
    button: discord.ui.Button[discord.ui.View] = discord.ui.Button(
        label=label, style=style, emoji=emoji, disabled=disabled, custom_id=PLACEHOLDER_ID
    )
    return button.to_component_dict()  # type: ignore[return-value]  # a TypedDict is a dict


def button_json(
    custom_id: str, label: str, style: discord.ButtonStyle, emoji: str | None = None, disabled: bool = False
) -> dict[str, Any]:
    """A button's JSON, exactly as discord.py writes it (its keys in its order)."""
    built = dict(_button_json(label, style, emoji, disabled))
    built["custom_id"] = custom_id  # (the key keeps its place)
    if "emoji" in built:
        built["emoji"] = dict(built["emoji"])  # nothing shared between two messages' JSON
    return built


class Rows:
    """Items placed into a message's rows as discord.py's ``View.add_item`` places them, each as it is added."""

    def __init__(self) -> None:
        self.weights = [0] * ROWS  # the width taken in each row
        self.rows: list[list[dict[str, Any]]] = [[] for _ in range(ROWS)]  # each row's items, in the order added
        self.count = 0

    def add(self, item: dict[str, Any], row: int | None, width: int = 1) -> None:
        """``item`` in row ``row``, or in the first row with room (None); ValueError when there is none."""
        if self.count >= MAX_ITEMS:
            raise ValueError("maximum number of children exceeded")
        if row is None:
            row = next((r for r, weight in enumerate(self.weights) if weight + width <= ROW_WIDTH), None)
            if row is None:
                raise ValueError("could not find open space for item")
        elif not 0 <= row < ROWS:
            raise ValueError(f"row cannot be negative or greater than or equal to {ROWS}")
        elif self.weights[row] + width > ROW_WIDTH:
            raise ValueError(f"item would not fit at row {row} ({self.weights[row] + width} > {ROW_WIDTH} width)")
        self.weights[row] += width
        self.rows[row].append(item)
        self.count += 1

    def json(self) -> list[dict[str, Any]]:
        """The action rows that hold items, in row order."""
        return [{"type": 1, "components": row} for row in self.rows if row]

"""Each game's presentation home: how the game looks on Discord and in its pictures.

The home of the game ``<name>`` is the package (or module) ``bot.render.<name>``; it declares one
:class:`Presentation`, ``PRESENTATION``, by convention from its modules (:meth:`Presentation.from_modules`): each
part is what a module names as the part is named, so the home's own file lists only its modules. A game registered
outside ``games`` (a test's toy game) names its home where it is registered (:func:`games.register`). Shared code
reaches a game's looks only through :func:`presentation`: no table keyed by game name, no ``if game_name == …``
outside the game's own home.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields
from functools import cache
from types import ModuleType
from typing import TYPE_CHECKING, Any

import discord

import games

if TYPE_CHECKING:
    from bot.ui import AmountSpec, ButtonSpec, SelectSpec
    from faces.table import Board


def _whole(view: Any) -> Any:
    return view


def holds_hand(view: Any) -> bool:
    """Whether a seat's view holds cards in its ``hand``: the panel picture of a game whose seats hold one hand."""
    return bool(view.hand)


@dataclass(frozen=True, kw_only=True)
class Presentation:
    """How one game looks. Embeds, panels and narration read only the views and events the game gives them:
    ``table_embed`` and ``table_picture`` the public view, ``panel`` and ``panel_picture`` one seat's own view,
    ``narrate`` public events only."""

    table_embed: Callable[[Any, list[str], float | None], discord.Embed]  # (public view, names, deadline)
    # (seat's view, its legal actions, names, deadline) -> the hand panel and its buttons
    panel: Callable[
        [Any, list[str], list[str], float | None], tuple[discord.Embed, Sequence[ButtonSpec | AmountSpec | SelectSpec]]
    ]
    narrate: Callable[[Any, list[str]], str | None]  # a public event in a line, or None
    summary: Callable[[Any, list[str]], discord.Embed | None]  # a round's or game's result
    action_label: Callable[[str], str]
    rules: str = ""  # the /rules summary (Markdown: an introduction, then "## " sections); "" when it has none
    faces: str | None = None  # the face set its pictures and emoji draw: "sanma", "hanafuda", "bcpoker"
    table_picture: Callable[[Any], Board] | None = None  # the public table, composed
    panel_picture: Callable[[Any], Board] | None = None  # the seat's hand, drawn when ``panel_shows`` says so
    # whether the seat holds something its panel picture draws; by default, whether it holds cards in its ``hand``
    panel_shows: Callable[[Any], bool] = holds_hand
    panel_drawn_from: Callable[[Any], Any] = _whole  # the part of the view the panel picture shows
    result_picture: Callable[[Any, list[str]], Board | None] | None = None  # (result event's dump, names)

    @classmethod
    def from_modules(cls, *modules: ModuleType, **declared: Any) -> Presentation:
        """The presentation whose parts are what ``modules`` name as the parts are named: a function of the part's
        name (``table_embed``, ``panel``, ``narrate`` …) or, for a constant, its name in capitals (``RULES``,
        ``FACES``); ``declared`` adds parts or overrides them. A part named by none of the modules keeps its
        default; one that two modules name as different things is an error, never a silent choice."""
        parts = dict(declared)
        for part in (part.name for part in fields(cls) if part.name not in declared):
            name = part.upper() if part in CONSTANT_PARTS else part
            found = {id(value): value for value in (getattr(module, name, None) for module in modules)}
            found.pop(id(None), None)
            if len(found) > 1:
                named = ", ".join(module.__name__ for module in modules if hasattr(module, name))
                raise TypeError(f"{name} is named as different things by {named}: give it as a keyword")
            if found:
                (parts[part],) = found.values()
        return cls(**parts)


CONSTANT_PARTS = frozenset({"rules", "faces"})  # the parts that are constants: named in capitals in their module


@cache
def presentation(game: str) -> Presentation:
    """The ``PRESENTATION`` of ``game``'s home."""
    home = importlib.import_module(games.home(game) or f"{__name__}.{game}")
    found = home.PRESENTATION
    assert isinstance(found, Presentation), f"{home.__name__}.PRESENTATION is not a Presentation"
    return found

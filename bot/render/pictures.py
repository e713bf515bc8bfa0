"""The pictures of a table, a hand and a result, by game name: what the painter's workers run.

Each is a module-level function of plain arguments (a game's name, a view, an event's dump), so a worker
process can be handed it; the drawing itself is the game's (its :class:`bot.render.Presentation`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import BaseModel, ValidationError

from bot.render import presentation
from faces.table import MARGIN, MIN_WIDTH, WIDTH


def drawn_from_json(draw: Callable[[str, Any], bytes | None], game: str, model: type[BaseModel], data: bytes) -> Any:
    """``draw(game, view)`` of the view whose JSON is ``data`` (a ``model``): how a worker is handed a view, as the
    bytes that are also its picture's key (bot/presenter.py), rebuilt here by pydantic (every view of the seeded
    games comes back equal: ``tests/bot/test_picture_jobs.py``)."""
    try:
        view = model.model_validate_json(data)
    except ValidationError:  # its message quotes the input: a seat's hand, never to be logged
        raise ValueError(f"a {model.__name__} handed to a picture worker did not validate") from None
    return draw(game, view)


def draws_table(game: str) -> bool:
    """Whether ``game`` has a table picture."""
    return presentation(game).table_picture is not None


def table_picture(game: str, public_view: Any) -> bytes | None:
    """The table as a small palette PNG, from the public view only; None for a game without one."""
    compose = presentation(game).table_picture
    return None if compose is None else compose(public_view).png()


def has_panel_picture(game: str, view: Any) -> bool:
    """Whether the seat holds something its panel draws."""
    looks = presentation(game)
    return looks.panel_picture is not None and looks.panel_shows(view)


def panel_drawn_from(game: str, view: Any) -> Any:
    """The part of a seat's view its panel picture is drawn from: the picture is drawn again only when it changes."""
    return presentation(game).panel_drawn_from(view)


def panel_picture(game: str, view: Any) -> bytes | None:
    """The seat's hand panel as a small palette PNG, from that seat's own view, cut to what is drawn (an embed shows
    a narrow picture larger); None: nothing to draw."""
    if not has_panel_picture(game, view):
        return None
    board = presentation(game).panel_picture(view)  # type: ignore[misc]  # has_panel_picture: not None
    return board.png(min(WIDTH, max(board.right, MIN_WIDTH) + MARGIN))


def result_picture(game: str, event: Any, names: list[str]) -> bytes | None:
    """The result as a small palette PNG, or None when there is nothing to draw."""
    compose = presentation(game).result_picture
    board = None if compose is None else compose(event, names)
    return None if board is None else board.png()

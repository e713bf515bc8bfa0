"""A season's rules: the option values every table of a game uses while the season runs.

The values are the game's own options (its ``Options`` model, the one ``/play`` is written from,
``games/optionspec.py``), stored per season and game (table ``season_rules``). A game whose league points
are a set of their own declares them (``GameBase.placement``: Sanma's start points, return points and uma,
oka following from them, ``games/sanma/placement.py``); they are stored as the engine's options. The other
games' league points are what their results count (:mod:`bot.league.points`): Koi-Koi and Black Christmas
Poker points, chips in the money games.

:func:`season_options` is the check ``/play`` makes: a value the host chose that differs from the
season's is refused with a sentence naming the season; every fixed value is set on the table.
"""

from __future__ import annotations

import json
from typing import Any

from bot import text as user_text
from games import get_game
from games.base import GameError, Placement, options_from


def placement_of(game: str) -> type[Placement] | None:
    """The game's placement points as a season fixes them (``GameBase.placement``), if its league points are a
    set of their own (Sanma's uma and oka); None for a game not registered any more."""
    try:
        return get_game(game).placement
    except Exception:  # a game no longer registered: its rules still show
        return None


def checked(game: str, options: dict[str, Any]) -> dict[str, Any]:
    """``options`` as a season may fix them for ``game``; a GameError says what is wrong."""
    g = get_game(game)
    options_from(g.Options, g.title, options)
    return dict(options)


def shown_value(value: Any) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, (list, tuple)):
        return "/".join(f"{v:+d}" if isinstance(v, int) else str(v) for v in value)
    return str(value)


def rules_text(game: str, options: dict[str, Any]) -> str:
    """The rules of one game as players read them: ``red_fives off · start 35000, return 40000, …``."""
    parts = []
    placement = placement_of(game)
    keys = placement.ENGINE_KEYS if placement else ()
    if placement and any(k in options for k in keys):
        parts.append(placement.from_options(options).text())
    parts += [f"{k} {shown_value(v)}" for k, v in options.items() if k not in keys]
    return " · ".join(parts) or "the game's defaults"


# --------------------------------------------------------------------------- storage


async def set_rules(store: Any, season_id: int, game: str, options: dict[str, Any], user_id: int | None) -> None:
    """Fix ``options`` for ``game`` in the season (an empty dict: no rules for that game any more)."""
    options = checked(game, options)
    async with store.transaction() as db:
        await db.execute("DELETE FROM season_rules WHERE season_id = ? AND game = ?", (season_id, game))
        if options:
            await db.execute(
                "INSERT INTO season_rules (season_id, game, options, set_by, set_at) VALUES (?, ?, ?, ?, ?)",
                (season_id, game, json.dumps(options), user_id, store.now()),
            )


async def season_rules(store: Any, season_id: int) -> dict[str, dict[str, Any]]:
    """Every game's fixed options in a season."""
    async with (
        store.read() as db,
        db.execute("SELECT game, options FROM season_rules WHERE season_id = ? ORDER BY game", (season_id,)) as cur,
    ):
        return {r["game"]: json.loads(r["options"]) for r in await cur.fetchall()}


async def season_options(
    store: Any, guild_id: int, game: str, options: dict[str, Any], chosen: frozenset[str] | set[str]
) -> dict[str, Any]:
    """The options of a new table of ``game``: the host's, with the running season's fixed values set.
    A value the host chose (named in ``chosen``) that differs is refused (GameError) naming the season."""
    season = await store.seasons.current(guild_id)
    if season is None:
        return options
    fixed = (await season_rules(store, season.id)).get(game)
    if not fixed:
        return options
    title = get_game(game).title
    for name, value in fixed.items():
        if name in chosen and name in options and _same(options[name]) != _same(value):
            raise GameError(
                f"{user_text.season_name(season.name)} plays {title} with {name} {shown_value(value)}: every {title} table "
                f"uses the season's rules while it runs. Leave {name} out, or set it to "
                f"{shown_value(value)}."
            )
    return {**options, **fixed}


def _same(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value

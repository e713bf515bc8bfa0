"""A game is declared from its engine module by convention (``GameBase.from_engine``): the engine names its hooks
and its ``Options`` and ``State`` models, the declaration only what is the game's own data."""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Literal

import pytest
from pydantic import Field

from games import game_names, get_game
from games.base import ENGINE_PARTS, GameBase, one_step, option_choices, option_range
from tests.toygame import engine as toy


def engine_of(**parts: object) -> ModuleType:
    module = ModuleType("an_engine")
    module.__dict__.update(parts)
    return module


def test_the_models_and_hooks_are_the_ones_the_engine_names():
    game = GameBase.from_engine(toy, name="toy", title="Toy", min_players=2, max_players=2)
    assert game.Options is toy.Options and game.State is toy.TicTacToeState
    assert (game.new_game, game.apply, game.bot_choose) == (toy.new_game, toy.apply, toy.bot_choose)


def test_a_hook_the_engine_does_not_name_keeps_its_default_and_a_declared_one_wins():
    def shorter(state: object, default: int) -> int:
        return 5

    game = GameBase.from_engine(toy, name="toy", title="Toy", min_players=2, max_players=2, decision_seconds=shorter)
    assert game.decision_continues is one_step and game.decision_seconds is shorter
    assert game.public_to_act is toy.to_act  # its own default: whoever is to act


def test_the_game_s_data_is_never_read_from_the_engine():
    """A name such as ``title`` in an engine is its own business: the declaration says what the game is called."""
    parts = {name: getattr(toy, name) for name in ENGINE_PARTS if hasattr(toy, name)}
    engine = engine_of(**parts, title=lambda: "not a title", min_players=lambda: 9)
    game = GameBase.from_engine(engine, name="toy", title="Toy", min_players=2, max_players=2)
    assert (game.title, game.min_players) == ("Toy", 2)


def test_an_engine_without_its_state_model_is_refused():
    parts = {name: getattr(toy, name) for name in ENGINE_PARTS if hasattr(toy, name) and name != "State"}
    with pytest.raises(TypeError, match="State"):
        GameBase.from_engine(engine_of(**parts), name="toy", title="Toy", min_players=2, max_players=2)


@pytest.mark.parametrize("name", game_names())
def test_every_game_binds_what_its_engine_names(name):
    engine = importlib.import_module(f"games.{name}.engine")
    game = get_game(name)
    named = {part for part in ENGINE_PARTS if callable(getattr(engine, part, None))}
    assert {"Options", "State", "new_game", "apply", "view", "bot_choose"} <= named
    assert all(getattr(game, part) is getattr(engine, part) for part in named)


def test_the_name_is_the_package_s_and_the_players_what_the_players_option_takes():
    class Seated(toy.Options):
        players: int = Field(3, ge=3, le=5, description="Number of players")

    class Three(toy.Options):
        players: Literal[3] = Field(3, description="Number of players (always 3)")

    parts = {name: getattr(toy, name) for name in ENGINE_PARTS if hasattr(toy, name) and name != "Options"}
    seated = ModuleType("games.seated.engine")
    seated.__dict__.update(parts, Options=Seated)
    game = GameBase.from_engine(seated, title="Seated")
    assert (game.name, game.min_players, game.max_players) == ("seated", 3, 5)
    assert (GameBase.from_engine(engine_of(**parts, Options=Three), name="three", title="Three").max_players) == 3
    declared = GameBase.from_engine(seated, name="other", title="Seated", min_players=2, max_players=9)
    assert (declared.name, declared.min_players, declared.max_players) == ("other", 2, 9)


def test_a_game_without_a_players_option_must_declare_its_range():
    with pytest.raises(TypeError, match="min_players"):
        GameBase.from_engine(toy, name="toy", title="Toy")


@pytest.mark.parametrize("name", game_names())
def test_every_game_s_name_is_its_package_s_and_its_range_is_what_its_players_option_takes(name):
    game = get_game(name)
    assert game.name == name and importlib.import_module(f"games.{name}").GAME is game
    if "players" in game.Options.model_fields:
        choices = option_choices(game.Options, "players")
        bounds = option_range(game.Options, "players") or (choices and (min(choices), max(choices)))
        assert (game.min_players, game.max_players) == bounds

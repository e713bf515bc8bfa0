"""Options are the single source: /play commands and the /rules options section
are written from each game's Options model, for every game registered when the cog is loaded."""

from __future__ import annotations

from typing import Literal

import pytest
from pydantic import BaseModel, ConfigDict, Field

from bot import rules_text
from cogs.play import Play
from cogs.rules import rules_sections
from games import game_names, get_game
from games.base import GameError, options_from
from games.optionspec import ENGINE_ONLY, offered_options


class ToyOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")

    players: int = Field(2, ge=2, le=3, description="Number of players")
    rounds: int = Field(3, ge=1, le=9, description="Rounds to play")
    shape: Literal["rock", "paper"] = Field("rock", description="Opening throw")
    hidden_rule: bool = Field(True, description="Fixed by the house", json_schema_extra=ENGINE_ONLY)


class Toy:
    name, title, min_players, max_players, Options = "toy", "Toy", 2, 3, ToyOptions


def test_a_game_registered_before_the_cog_loads_gets_its_play_command(monkeypatch):
    registered = {**{name: get_game(name) for name in game_names()}, "toy": Toy()}
    # the module Play runs in (an earlier test's load_extension may have executed cogs.play again)
    module = Play.__init__.__globals__
    monkeypatch.setitem(module, "game_names", lambda: list(registered))
    monkeypatch.setitem(module, "get_game", registered.__getitem__)
    toy = next(c for c in Play(None).play.commands if c.name == "toy")
    options = {o["name"]: o for o in toy.to_dict(None)["options"]}
    assert list(options) == ["players", "rounds", "shape", "turn_time"]  # not the engine-only rule
    assert (options["rounds"]["min_value"], options["rounds"]["max_value"]) == (1, 9)
    assert options["rounds"]["description"] == "Rounds to play (default: 3)"
    assert [c["value"] for c in options["shape"]["choices"]] == ["rock", "paper"]
    assert options["players"]["description"] == "Number of players (default: however many are seated at Start)"
    assert toy.description == "Open a Toy table (2-3 players)"


def test_an_option_without_a_description_is_refused_at_once():
    class Undescribed(BaseModel):
        speed: int = Field(1, ge=1, le=2)

    with pytest.raises(TypeError, match="speed has no description"):
        offered_options(Undescribed)


@pytest.mark.parametrize("game", list(rules_text.RULES))
def test_rules_show_every_option_with_its_description_range_and_default(game):
    _, sections = rules_sections(rules_text.RULES[game])
    options = dict(sections)["Options (defaults)"]
    specs = offered_options(get_game(game).Options)
    assert len(options.splitlines()) == len(specs)
    for line, spec in zip(options.splitlines(), specs):
        assert line.startswith(f"• `{spec.name}` — {spec.description}")
        assert line.endswith(f": **{spec.default_text(spec.table_default)}**")
        if spec.bounds:
            assert f"({spec.bounds[0]}–{spec.bounds[1]})" in line
    assert rules_text.TITLES[game] == get_game(game).title


def test_rules_options_read_as_before():
    _, sections = rules_sections(rules_text.RULES["hachihachi"])
    assert dict(sections)["Options (defaults)"].splitlines() == [
        "• `players` — Number of players (3–7): **however many are seated at Start**",
        "• `payment` — each-opponent-full: each opponent pays the full value; split: halved: **each-opponent-full**",
        "• `months` — Length of the year in months (12, 10 or 6): **12**",
        "• `campaign` — Play as many games as players, each opened by another dealer: **off**",
        "• `shiso_ends_game` — A Shiso hand ends the whole game: **on**",
    ]


def test_choices_are_checked_like_ranges():
    model = get_game("hachihachi").Options
    assert options_from(model, "Hachi-Hachi", {"months": 6}).months == 6
    with pytest.raises(GameError, match=r"^The option months must be 12, 10 or 6\.$"):
        options_from(model, "Hachi-Hachi", {"months": 7})
    with pytest.raises(GameError, match=r"^The option banker must be rotate, fixed or winner\.$"):
        options_from(get_game("blackflower").Options, "Black Flower", {"banker": "nobody"})

"""The game options of ``python -m games simulate|verify <game>`` are flags written from the game's
Options model: every offered option parses, with the model's default and range."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from games import get_game
from games.__main__ import build_parser, game_clis, main
from games.cli import options_given
from games.optionspec import offered_options


def other_value(spec):
    """A value of the option other than its default, inside its range."""
    if spec.kind is bool:
        return not spec.default
    if spec.choices:
        return next(c for c in spec.choices if c != spec.default)
    return spec.bounds[0] if spec.default != spec.bounds[0] else spec.bounds[1]


def flag(spec, value) -> list[str]:
    name = spec.name.replace("_", "-")
    if spec.kind is bool:
        return [f"--{name}" if value else f"--no-{name}"]
    return [f"--{name}", str(value)]


def test_every_game_has_a_command_line_and_every_simulate_offers_every_option():
    assert set(game_clis()) >= {"koikoi", "hachihachi", "sanma", "bcpoker", "blackflower"}
    parser = build_parser()
    for game in [name for name, cli in game_clis().items() if "simulate" in cli.HANDLERS]:
        specs = offered_options(get_game(game).Options)
        defaults = options_given(parser.parse_args(["simulate", game]), get_game(game).Options)
        assert defaults == {s.name: s.default for s in specs if s.default is not None}, game
        for spec in specs:
            value = other_value(spec)
            parsed = options_given(parser.parse_args(["simulate", game, *flag(spec, value)]), get_game(game).Options)
            assert parsed[spec.name] == value, (game, spec.name)


def test_a_game_registered_from_elsewhere_without_a_command_line_leaves_the_others_working(monkeypatch):
    monkeypatch.setattr("games.__main__.game_names", lambda: ["koikoi", "tictactoe"])  # tictactoe: tests/toygame
    assert list(game_clis()) == ["koikoi"]
    assert build_parser().parse_args(["simulate", "koikoi", "--months", "3"]).months == 3


@pytest.mark.parametrize(
    "args",
    [
        ["simulate", "hachihachi", "--months", "7"],
        ["simulate", "blackflower", "--banker", "nobody"],
        ["simulate", "koikoi", "--months", "twelve"],
    ],
)
def test_a_value_outside_the_choices_is_refused_by_the_parser(args, capsys):
    with pytest.raises(SystemExit) as refused:
        build_parser().parse_args(args)
    assert refused.value.code == 2 and "invalid" in capsys.readouterr().err


def test_a_number_outside_its_range_is_refused_with_the_options_sentence(capsys):
    assert main(["simulate", "koikoi", "--months", "13", "--games", "1"]) == 2
    assert capsys.readouterr().err.strip() == "The option months must be from 1 to 12."
    assert main(["verify", "bcpoker", "--seed", "s", "--hash", "0" * 64, "--players", "8"]) == 1  # hash first
    assert main(["simulate", "bcpoker", "--players", "8", "--games", "1"]) == 2
    assert "The option players must be from 2 to 7." in capsys.readouterr().err


def test_the_flags_reach_the_game():
    p = subprocess.run(
        [
            sys.executable,
            "-m",
            "games",
            "simulate",
            "hachihachi",
            "--players",
            "3",
            "--months",
            "6",
            "--payment",
            "split",
            "--no-shiso-ends-game",
            "--games",
            "1",
            "--json",
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout)
    assert out["players"] == 3 and out["errors"] == 0
    assert sum(out["endings"].values()) == 6  # a year of six months

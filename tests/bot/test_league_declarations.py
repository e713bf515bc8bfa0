"""What the league knows of a game it reads from the game's declaration (``games/base.py``'s GameBase: its
placement points, whether it counts rounds won, its note beside the season's chips), so no table of the league or
of /balance is keyed by a game's name: a new game declares these in its own package."""

from __future__ import annotations

import ast
from pathlib import Path

from bot.league import points, rules
from cogs import money
from games import game_names, get_game
from games.sanma.placement import SanmaPlacement

ROOT = Path(__file__).resolve().parents[2]
LEAGUE_CODE = [
    *sorted((ROOT / "bot" / "league").glob("*.py")),
    ROOT / "cogs" / "money.py",
    *sorted((ROOT / "cogs").glob("league*.py")),
]


def test_no_league_module_names_a_game():
    names = set(game_names())
    for path in LEAGUE_CODE:
        keyed = [
            node.value
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(node, ast.Constant) and node.value in names
        ]
        assert keyed == [], f"{path.relative_to(ROOT)} names {keyed}: declare it in the game's package"


def test_the_league_reads_each_game_s_declaration():
    assert {g for g in game_names() if rules.placement_of(g)} == {"sanma"}
    assert rules.placement_of("sanma") is SanmaPlacement and rules.placement_of("no such game") is None
    assert rules.rules_text("sanma", {"uma": [30, 0, -30], "red_fives": False}) == (
        "start 35000, return 40000, oka +15, uma +30/+0/-30 · red_fives off"
    )
    assert {g for g in game_names() if points.columns(g).rounds} == {"blackflower"}
    assert not points.columns("blackflower").placement and points.columns("hachihachi").placement
    notes = {g: money.game_note(g) for g in game_names()}
    assert {g for g, note in notes.items() if note} == {"hachihachi"}
    assert notes["hachihachi"] == get_game("hachihachi").balance_note
    assert notes["hachihachi"].startswith("Inside a Hachi-Hachi game every player starts the year at 60p")

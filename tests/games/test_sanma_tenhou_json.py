"""Sanma games as Tenhou JSON logs: Parlor's export read back by ``python -m games replay sanma``."""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

from games import simulate as sim
from games.sanma import GAME, tenhou_json
from games.sanma.options import Options
from games.sanma.replay import ReplayError, replay_text

ROOT = Path(__file__).resolve().parents[2]


def bot_game(number: int, options: Options | None = None) -> tuple[list, Options, object]:
    """A seeded game of three bots: every event (private ones too) and the final state."""
    options = options or Options()
    seed = hashlib.sha256(f"tenhou json:{number}".encode()).hexdigest()
    state = GAME.new_game(options, sim.bot_seats(3), seed)
    events = list(GAME.opening_events(state))
    acted = 0
    while not GAME.is_over(state):
        seat = GAME.to_act(state)[0]
        action = GAME.bot_choose(GAME.view(state, seat), GAME.legal_actions(state, seat), acted)
        events += GAME.apply(state, seat, action)
        acted += 1
    return events, options, state


def test_tile_numbers_are_tenhous():
    assert [tenhou_json.number(c) for c in ("1m", "9m", "5p", "0p", "0s", "1z", "4z", "7z")] == [
        11,
        19,
        25,
        52,
        53,
        41,
        44,
        47,
    ]
    assert [tenhou_json.code(n) for n in (11, 19, 25, 52, 53, 41, 44, 47)] == [
        "1m",
        "9m",
        "5p",
        "0p",
        "0s",
        "1z",
        "4z",
        "7z",
    ]
    with pytest.raises(tenhou_json.LogError):
        tenhou_json.code(48)


def test_twenty_seeded_games_exported_replay_exactly():
    seen: set[str] = set()
    for number in range(20):
        events, options, state = bot_game(number)
        log = tenhou_json.export(events, ["Alice", "Bob", "Carol"], options)
        assert log["name"] == ["Alice", "Bob", "Carol", ""]
        assert log["rule"] == {"disp": "三般南喰赤", "aka53": 1, "aka52": 1, "aka51": 0}
        assert len(log["log"]) == sum(1 for e in events if e.type == "round_start")
        for row in log["log"]:
            assert row[13:16] == [[], [], []]  # the fourth seat never plays
            seen.add(row[16][0])
            for entry in row[5:13]:
                seen.update(x.strip("0123456789")[0] for x in entry if isinstance(x, str))
        out = replay_text(json.dumps(log, ensure_ascii=False))
        assert out["ok"], (number, out["first_divergence"])
        assert all(hand["ok"] for hand in out["hands"]) and len(out["hands"]) == len(log["log"])
        # every hand's deltas and the final points and scores are the game's own
        ends = [e.outcome for e in events if e.type == "hand_end"]
        assert [hand["deltas"] for hand in out["hands"]] == [end.deltas for end in ends]
        assert out["log_final_scores"] == list(state.scores) == out["final_scores"]
        assert out["log_final"] == [float(x) for x in state.final["scores"]]
    assert {"和了", "p", "f", "r"} <= seen  # wins, pons, kita and riichi were all exercised


def test_a_changed_log_is_caught():
    events, options, _ = bot_game(0)
    log = tenhou_json.export(events, ["A", "B", "C"], options)
    result = log["log"][0][16]
    result[1][0] += 100  # the first hand's first delta, off by 100
    out = replay_text(json.dumps(log))
    assert not out["ok"] and "deltas" in out["first_divergence"]
    log = tenhou_json.export(events, ["A", "B", "C"], options)
    log["log"][0][6][0] = 99  # seat 0 discards a tile it never held
    with pytest.raises(ReplayError):
        replay_text(json.dumps(log))


def test_an_east_game_without_red_fives_says_so():
    events, options, _ = bot_game(3, Options(east_only=True, red_fives=False))
    log = tenhou_json.export(events, ["A", "B", "C"], options)
    assert log["rule"] == {"disp": "三般東喰", "aka53": 0, "aka52": 0, "aka51": 0}
    assert not any(t in (51, 52, 53) for row in log["log"] for entry in row[4:13] for t in entry if isinstance(t, int))
    out = replay_text(json.dumps(log))
    assert out["ok"], out["first_divergence"]


def test_the_command_line_replays_a_json_file(tmp_path):
    events, options, _ = bot_game(1)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(tenhou_json.export(events, ["A", "B", "C"], options), ensure_ascii=False))
    run = subprocess.run(
        [sys.executable, "-m", "games", "replay", "sanma", str(path), "--json"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout)["ok"] is True


def test_a_four_player_or_broken_json_log_is_refused_with_a_reason():
    with pytest.raises(ReplayError, match="four-player"):
        replay_text(json.dumps({"name": ["a", "b", "c", "d"], "log": []}))
    with pytest.raises(ReplayError, match='no "log" list'):
        replay_text(json.dumps({"name": ["a", "b", "c", ""]}))
    with pytest.raises(ReplayError, match="not readable JSON"):
        replay_text("{ nope")

"""Real Tenhou sanma logs in tests/conformance/sanma/ replay exactly (docs/rules/sanma.md §12).

Every action of the log is legal in the engine; every hand's deltas, the final points and the
final scores (under the rounding the log itself used) equal the log. Sources and licences:
tests/conformance/sanma/README.md.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from games.sanma.replay import replay_file

ROOT = Path(__file__).resolve().parents[2]
LOGS = sorted((ROOT / "tests" / "conformance" / "sanma").glob("*.xml"))
PHOENIX_2014 = ROOT / "tests" / "conformance" / "sanma" / "2014091101gm-00b9-0000-5ca6b487.xml"


def test_the_logs_are_there():
    assert PHOENIX_2014 in LOGS


@pytest.mark.parametrize("log", LOGS, ids=[p.stem for p in LOGS])
def test_real_log_replays_exactly(log: Path):
    out = replay_file(log)
    assert out["first_divergence"] is None, out["first_divergence"]
    assert out["ok"] and out["game_over"]
    assert all(h["ok"] for h in out["hands"])
    assert out["final_scores"] == out["log_final_scores"] and out["final"] == out["log_final"]


def test_phoenix_2014_game_hand_by_hand():
    out = replay_file(PHOENIX_2014)
    assert [h["hand"] for h in out["hands"]] == [
        "hand 1 (East 1 0h)",
        "hand 2 (East 1 1h)",
        "hand 3 (East 1 2h)",
        "hand 4 (East 1 3h)",
        "hand 5 (East 2 0h)",
        "hand 6 (East 3 0h)",
        "hand 7 (South 1 0h)",
        "hand 8 (South 2 0h)",
        "hand 9 (South 3 0h)",
        "hand 10 (South 3 1h)",
        "hand 11 (South 3 2h)",
    ]
    assert [h["deltas"] for h in out["hands"]] == [
        [13000, -6000, -6000],
        [1000, -2000, 1000],
        [6600, -2800, -2800],
        [-4300, 7600, -2300],
        [-1600, -3200, 5800],
        [3600, -2600, 0],
        [0, 7700, -7700],
        [3900, -3900, 0],
        [-1000, -1000, 2000],
        [-1000, -1000, 2000],
        [6000, -3000, 0],
    ]
    assert "3 han 50 fu" in out["hands"][4]["result"]  # after seat 2's open kan of 9s and its kan dora
    assert out["final_rounding"] == "tenhou" and out["end_reason"] == "last_hand"
    assert out["final_scores"] == [59200, 22800, 23000] and out["final"] == [54.0, -37.0, -17.0]


def test_cli_replays_the_real_log():
    p = subprocess.run(
        [sys.executable, "-m", "games", "replay", "sanma", str(PHOENIX_2014)], capture_output=True, text=True, cwd=ROOT
    )
    assert p.returncode == 0, p.stdout + p.stderr
    assert "final scores [59200, 22800, 23000]  ranking scores [54.0, -37.0, -17.0]" in p.stdout
    assert "first divergence" not in p.stdout

"""sanma2.xml (a Tenhou phoenix sanma log) replays through the engine (docs/rules/sanma.md §12)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from games.sanma.replay import ReplayError, decode_meld, replay_file, replay_text

ROOT = Path(__file__).resolve().parents[2]
LOG = ROOT / "tests" / "conformance" / "sanma" / "sanma2.xml"


def test_decode_meld():
    assert decode_meld(0, 31008) == {"type": "kita", "tile": 121}
    pon = decode_meld(1, 15881)
    assert pon["type"] == "pon" and pon["kind"] == 10 and pon["from"] == 2  # 2p from seat 2


def test_sanma2_replays_exactly():
    out = replay_file(LOG)
    assert out["ok"], json.dumps(out, indent=1)
    hands = out["hands"]
    assert len(hands) == 6 and all(h["ok"] for h in hands)
    assert [h["deltas"] for h in hands] == [
        [-4000, 7000, -2000], [0, 13000, -12000], [-1000, 2000, -1000],
        [-6200, 13400, -6200], [3600, -2300, -1300], [0, 18000, -16000]]
    assert [h["scores"] for h in hands][-1] == [27400, 83100, -5500]
    assert hands[2]["draws"] == 55  # the drawn-out hand: 55 draws with 3 kita
    assert "5 han 30 fu" in hands[0]["result"] and "5 han 40 fu" in hands[1]["result"]
    assert "6 han 30 fu" in hands[3]["result"] and "3 han 30 fu" in hands[4]["result"]
    assert "8 han 40 fu" in hands[5]["result"] and "Ippatsu" in hands[5]["result"]
    assert out["game_over"] and out["end_reason"] == "bust"
    assert out["final_scores"] == [27400, 83100, -5500] and out["final"] == [-13.0, 79.0, -66.0]


def test_cli_replay_json():
    p = subprocess.run([sys.executable, "-m", "games", "replay", "sanma", str(LOG), "--json"], capture_output=True,
                       text=True, cwd=ROOT)
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout)["final"] == [-13.0, 79.0, -66.0]


def test_tampered_log_is_caught():
    text = LOG.read_text()
    # seat 1's first discard replaced by a tile it never held: the engine refuses it
    import re

    seat0_tile = re.search(r'hai0="(\d+)', text).group(1)
    bad = re.sub(r"<E\d+/>", f"<E{seat0_tile}/>", text, count=1)
    assert bad != text
    with pytest.raises(ReplayError):
        replay_text(bad)


@pytest.mark.parametrize("content, message", [
    ("<mjloggm ver='2.3'><GO type='185'", "not a readable mjlog XML file"),  # cut short
    ('{"log": [[[0, 0, 0], [35000, 35000, 35000, 0]]]}', "a hand of the log is not a list of 17 entries"),
    ('<mjloggm ver="2.3"><GO type="185"/><INIT seed="0,0" ten="350,350,350,0"/></mjloggm>', "the log is malformed"),
    (b"\x1f\x8b\x08\x00binary", "not a text file"),  # a still-gzipped .mjlog
])
def test_cli_replay_of_a_malformed_file_is_one_clear_line(tmp_path, content, message):
    path = tmp_path / "log.xml"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content)
    p = subprocess.run([sys.executable, "-m", "games", "replay", "sanma", str(path)], capture_output=True, text=True,
                       cwd=ROOT)
    assert p.returncode == 1
    assert "Traceback" not in p.stderr and len(p.stderr.strip().splitlines()) == 1
    assert p.stderr.startswith("Replay failed: ") and message in p.stderr

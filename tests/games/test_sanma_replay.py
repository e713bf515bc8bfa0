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
        [-4000, 7000, -2000],
        [0, 13000, -12000],
        [-1000, 2000, -1000],
        [-6200, 13400, -6200],
        [3600, -2300, -1300],
        [0, 18000, -16000],
    ]
    assert [h["scores"] for h in hands][-1] == [27400, 83100, -5500]
    assert hands[2]["draws"] == 55  # the drawn-out hand: 55 draws with 3 kita
    assert "5 han 30 fu" in hands[0]["result"] and "5 han 40 fu" in hands[1]["result"]
    assert "6 han 30 fu" in hands[3]["result"] and "3 han 30 fu" in hands[4]["result"]
    assert "8 han 40 fu" in hands[5]["result"] and "Ippatsu" in hands[5]["result"]
    assert out["game_over"] and out["end_reason"] == "bust"
    assert out["final_scores"] == [27400, 83100, -5500] and out["final"] == [-13.0, 79.0, -66.0]


def test_cli_replay_json():
    p = subprocess.run(
        [sys.executable, "-m", "games", "replay", "sanma", str(LOG), "--json"], capture_output=True, text=True, cwd=ROOT
    )
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


@pytest.mark.parametrize(
    "content, message",
    [
        ("<mjloggm ver='2.3'><GO type='185'", "not a readable mjlog XML file"),  # cut short
        ('{"log": [[[0, 0, 0], [35000, 35000, 35000, 0]]]}', "a hand of the log is not a list of 17 entries"),
        ('<mjloggm ver="2.3"><GO type="185"/><INIT seed="0,0" ten="350,350,350,0"/></mjloggm>', "the log is malformed"),
        (b"\x1f\x8b\x08\x00binary", "not a text file"),  # a still-gzipped .mjlog
    ],
)
def test_cli_replay_of_a_malformed_file_is_one_clear_line(tmp_path, content, message):
    path = tmp_path / "log.xml"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content)
    p = subprocess.run(
        [sys.executable, "-m", "games", "replay", "sanma", str(path)], capture_output=True, text=True, cwd=ROOT
    )
    assert p.returncode == 1
    assert "Traceback" not in p.stderr and len(p.stderr.strip().splitlines()) == 1
    assert p.stderr.startswith("Replay failed: ") and message in p.stderr


def riichi_then_pon_log(paid: str = "340,350,350,0") -> str:
    """One hand, written as Tenhou writes it: the dealer declares (double) riichi with East, REACH
    step 2 (the stick paid) comes before seat 1's pon of that East, then the dealer draws 7p and wins."""
    dealer = "0,1,2,32,33,34,36,40,44,48,53,56,60"  # 111m 999m 1234567p: waits 1p 4p 7p
    seat1 = "109,110,72,76,80,84,92,96,100,112,116,124,128"  # two East
    seat2 = "73,77,81,85,93,97,101,113,117,125,129,132,133"
    pon = (27 * 3 << 9) | (3 << 5) | 0x08 | 3  # East (kind 27) from the seat before, the 4th copy unused
    return f"""<mjloggm ver="2.3"><GO type="25"/>
<INIT seed="0,0,0,0,0,105" ten="350,350,350,0" oya="0" hai0="{dealer}" hai1="{seat1}" hai2="{seat2}"/>
<T108/><REACH who="0" step="1"/><D108/><REACH who="0" ten="{paid}" step="2"/><N who="1" m="{pon}"/>
<E128/><V68/><F68/><T61/>
<AGARI ba="0,1" hai="0,1,2,32,33,34,36,40,44,48,53,56,60,61" machi="61" ten="40,5200,0" yaku="0,1,21,2"
 doraHai="105" doraHaiUra="114" who="0" fromWho="0" sc="340,62,350,-26,350,-26,0,0"/>
</mjloggm>"""


def test_a_pon_of_the_riichi_declaration_tile_follows_the_logs_order():
    assert decode_meld(1, (27 * 3 << 9) | (3 << 5) | 0x08 | 3) == {"type": "pon", "kind": 27, "from": 0, "added": 3}
    out = replay_text(riichi_then_pon_log())
    assert out["first_divergence"] is None, out["first_divergence"]
    hand = out["hands"][0]
    assert hand["ok"] and hand["draws"] == 3  # the pon took the turn: seat 1 discarded without drawing
    assert hand["result"] == "seat 0 tsumo 7p: 3 han 40 fu (Menzen Tsumo, Double Riichi)"  # no ippatsu after a call
    assert hand["deltas"] == [6200, -2600, -2600]  # 2600 from each, and the dealer's own riichi stick back


def test_the_riichi_stick_is_still_checked_when_a_call_follows():
    out = replay_text(riichi_then_pon_log(paid="350,350,350,0"))  # a log that says no stick was paid
    assert out["hands"][0]["problems"] == [
        'hand 1 (East 1 0h), action 4 <REACH who="0" step="2">: scores after riichi log [35000, 35000, 35000] '
        "!= engine [34000, 35000, 35000]"
    ]


def test_a_call_the_engine_cannot_make_is_an_error_not_dropped():
    log = riichi_then_pon_log().replace('<N who="1"', '<N who="2"')  # seat 2 holds no East
    with pytest.raises(ReplayError, match="seat 2 may not 'pon'"):
        replay_text(log)

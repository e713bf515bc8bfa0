"""Tenhou log features the replayer must read (docs/rules/sanma.md §8 and §12):
South rounds numbered as in 4-player games, kan-dora DORA tags, nine-kinds aborts, the log's own
final rounding, and a precise first divergence."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from games.base import SeatInfo
from games.sanma import engine
from games.sanma.options import Options
from games.sanma.replay import (
    ReplayError,
    _hands,
    _replay_hand,
    build_wall,
    engine_round,
    log_rounding,
    parse,
    replay_text,
)
from games.sanma.tiles import ALL_IDS

ROOT = Path(__file__).resolve().parents[2]
LOG = ROOT / "tests" / "conformance" / "sanma" / "sanma2.xml"

GO = '<GO type="185" lobby="0"/><TAIKYOKU oya="0"/>'


def _init(hands: list[list[int]], indicator: int, seed: str = "0,0,0,0,0") -> str:
    hai = "".join(f' hai{k}="{",".join(map(str, h))}"' for k, h in enumerate(hands))
    return f'<INIT seed="{seed},{indicator}" ten="350,350,350,0" oya="0"{hai} hai3=""/>'


def _tsumogiri_to_the_end(tiles: list[int], seat: int) -> list[str]:
    """From ``seat`` on, each player discards the tile it draws, until the wall ends in a draw."""
    body = []
    for tile in tiles:
        body += [f"<{'TUV'[seat]}{tile}/>", f"<{'DEF'[seat]}{tile}/>"]
        seat = (seat + 1) % 3
    return body + ['<RYUUKYOKU ba="0,0" sc="350,0,350,0,350,0,0,0"/>']


def _log(body: str) -> str:
    return f'<mjloggm ver="2.3">{GO}{body}</mjloggm>'


# --- 1. South rounds --------------------------------------------------------------------------


def test_tenhou_round_index_maps_to_engine_round():
    assert [engine_round(r) for r in (0, 1, 2, 4, 5, 6)] == [0, 1, 2, 3, 4, 5]
    for bad in (3, 7):
        with pytest.raises(ReplayError, match="does not exist in sanma"):
            engine_round(bad)


def test_south_one_hand_replays_with_tenhou_round_index_4():
    """sanma2's first hand (no wind yaku) played as South 1: Tenhou writes round index 4 for it."""
    hand = _hands(parse(LOG.read_text()))[0]
    hand[0].set("seed", re.sub(r"^0,", "4,", hand[0].get("seed")))
    state = engine.new_game(Options(), [SeatInfo(name=f"seat {i}") for i in range(3)], "t", walls=[build_wall(hand)])
    state.round_index = 3  # the engine's South 1
    out = _replay_hand(state, 0, hand)
    assert out["hand"] == "hand 1 (South 1 0h)"
    assert out["ok"], out["problems"]
    assert out["deltas"] == [-4000, 7000, -2000]


# --- 2. kan dora ------------------------------------------------------------------------------


def _ankan_log(dora_tag: bool = True, kan: bool = True) -> tuple[str, int]:
    """Seat 0 (dealer) holds four 1p, declares ankan on its first turn; then everyone discards what
    it draws until the wall is empty. Returns the log and the kan-dora indicator id."""
    rng = random.Random(7)
    rest = [t for t in ALL_IDS if t // 4 != 9]
    rng.shuffle(rest)
    hands = [[36, 37, 38, 39] + rest[:9], rest[9:22], rest[22:35]]
    indicator, kan_dora, rinshan = rest[35], rest[36], rest[37]
    live = rest[38 : 38 + (54 if kan else 55)]  # a kan takes the last live tile into the dead wall
    body = [_init(hands, indicator), f"<T{live[0]}/>"]
    if kan:
        body.append(f'<N who="0" m="{36 << 8}"/>')
    if dora_tag:
        body.append(f'<DORA hai="{kan_dora}"/>')
    if kan:
        body += [f"<T{rinshan}/>", f"<D{rinshan}/>"]
    else:
        body.append(f"<D{live[0]}/>")
    return _log("".join(body + _tsumogiri_to_the_end(live[1:], 1))), kan_dora


def test_dora_tag_is_placed_as_the_next_kan_indicator():
    text, kan_dora = _ankan_log()
    hand = _hands(parse(text))[0]
    assert build_wall(hand)[95] == kan_dora


def test_ankan_with_kan_dora_replays():
    text, kan_dora = _ankan_log()
    out = replay_text(text)
    assert out["ok"], out["first_divergence"]
    assert out["hands"][0]["result"].startswith("exhaustive draw")
    assert out["first_divergence"] is None


def test_dora_tag_without_a_kan_is_a_divergence():
    text, _ = _ankan_log(kan=False)
    out = replay_text(text)
    assert not out["ok"]
    assert "kan-dora indicator 1" in out["first_divergence"] and "hand 1 (East 1 0h)" in out["first_divergence"]


def _daiminkan_log(dora_before_discard: bool = False) -> tuple[str, int]:
    """Seat 1 holds three 1p and calls kan on the dealer's first discard (a 1p); Tenhou shows the
    kan-dora indicator after seat 1's next discard (older logs write the tag just before that
    discard). Then everyone discards what it draws."""
    rng = random.Random(8)
    rest = [t for t in ALL_IDS if t // 4 != 9]
    rng.shuffle(rest)
    hands = [[36] + rest[:12], [37, 38, 39] + rest[12:22], rest[22:35]]
    indicator, kan_dora, rinshan = rest[35], rest[36], rest[37]
    live = rest[38 : 38 + 54]
    body = [
        _init(hands, indicator),
        f"<T{live[0]}/>",
        "<D36/>",
        f'<N who="1" m="{(36 << 8) | 3}"/>',
        f"<U{rinshan}/>",
        f"<E{rinshan}/>",
        f'<DORA hai="{kan_dora}"/>',
    ]
    if dora_before_discard:
        body[-2:] = body[-1:] + body[-2:-1]
    return _log("".join(body + _tsumogiri_to_the_end(live[1:], 2))), kan_dora


def test_open_kan_dora_shown_after_the_next_discard_replays():
    text, kan_dora = _daiminkan_log()
    assert build_wall(_hands(parse(text))[0])[95] == kan_dora
    out = replay_text(text)
    assert out["ok"], out["first_divergence"]


def test_open_kan_dora_tag_written_before_the_discard_replays():
    """As in the 2014 phoenix log of tests/conformance/sanma: <U…/><DORA/><E…/>."""
    text, kan_dora = _daiminkan_log(dora_before_discard=True)
    assert f'<DORA hai="{kan_dora}"/><E' in text
    out = replay_text(text)
    assert out["ok"], out["first_divergence"]


# --- 3. nine kinds ----------------------------------------------------------------------------

NINE = [0, 32, 36, 68, 72, 104, 108, 112, 116]  # 1m 9m 1p 9p 1s 9s E S W


def _nine_kinds_log(declarer_hai: str | None = None) -> str:
    rest = [t for t in ALL_IDS if t not in NINE and t // 4 not in (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)]
    hands = [NINE + rest[:4], rest[4:17], rest[17:30]]
    draw = 120  # a North
    shown = declarer_hai or ",".join(map(str, sorted(hands[0] + [draw])))
    return _log(
        _init(hands, rest[30]) + f'<T{draw}/><RYUUKYOKU type="yao9" ba="0,0" '
        f'sc="350,0,350,0,350,0,0,0" hai0="{shown}"/>'
    )


def test_nine_kinds_is_applied_as_kyuushu():
    out = replay_text(_nine_kinds_log())
    assert out["ok"], out["first_divergence"]
    assert out["hands"][0]["result"] == "abortive draw (kyuushu_kyuuhai)"
    assert out["hands"][0]["deltas"] == [0, 0, 0]


def test_nine_kinds_revealed_hand_is_compared():
    bad = _nine_kinds_log(declarer_hai="0,1,2,3,4,5,6,7,8,9,10,11,12,13")
    out = replay_text(bad)
    assert not out["ok"] and "nine kinds by seat 0" in out["first_divergence"]


# --- 4. the log's own rounding ----------------------------------------------------------------


def test_rounding_is_read_from_owari():
    assert log_rounding("274,-13.0,831,79.0,-55,-66.0,0,0.0") == "tenhou"
    assert log_rounding("220,-38.0,359,-4.1,471,42.1,0,0.0") == "none"


def test_sanma2_with_unrounded_owari_replays_unrounded():
    text = LOG.read_text().replace(
        'owari="274,-13.0,831,79.0,-55,-66.0,0,0.0"', 'owari="274,-12.6,831,78.1,-55,-65.5,0,0.0"'
    )
    assert "-12.6" in text
    out = replay_text(text)
    assert out["ok"], out["first_divergence"]
    assert out["final_rounding"] == "none" and out["final"] == [-12.6, 78.1, -65.5]
    assert replay_text(LOG.read_text())["final_rounding"] == "tenhou"


# --- 5. first divergence ----------------------------------------------------------------------


def test_first_divergence_names_hand_action_expected_and_engine():
    text = LOG.read_text()
    first_sc = re.search(r'<AGARI [^>]*sc="([^"]+)"', text).group(1)
    sc = first_sc.split(",")
    sc[3] = str(int(sc[3]) + 10)  # seat 1's delta +1000 in the log
    out = replay_text(text.replace(first_sc, ",".join(sc), 1))
    assert not out["ok"]
    msg = out["first_divergence"]
    assert msg.startswith("hand 1 (East 1 0h), action ") and "<AGARI" in msg
    assert "deltas log [-4000, 8000, -2000] != engine [-4000, 7000, -2000]" in msg


def test_illegal_action_names_hand_and_action():
    text = LOG.read_text()
    seat0_tile = re.search(r'hai0="(\d+)', text).group(1)
    bad = re.sub(r"<E\d+/>", f"<E{seat0_tile}/>", text, count=1)
    with pytest.raises(ReplayError, match=r"hand 1 \(East 1 0h\), action \d+ <E\d+>: seat 1 may not"):
        replay_text(bad)


def test_cli_prints_the_first_divergence(tmp_path):
    import subprocess
    import sys

    text = LOG.read_text().replace(
        'owari="274,-13.0,831,79.0,-55,-66.0,0,0.0"', 'owari="274,-13.0,831,80.0,-55,-67.0,0,0.0"'
    )
    log = tmp_path / "tampered.xml"
    log.write_text(text)
    p = subprocess.run(
        [sys.executable, "-m", "games", "replay", "sanma", str(log)], capture_output=True, text=True, cwd=ROOT
    )
    assert p.returncode == 1
    assert "first divergence: end of game: log points [27400, 83100, -5500], scores [-13.0, 80.0, -67.0]" in p.stdout
    assert "engine points [27400, 83100, -5500], scores [-13.0, 79.0, -66.0]" in p.stdout


def test_draw_types_are_compared_with_the_engine():
    from games.sanma.replay import _check_draw

    def tag(attrs: str):
        return parse(f"<x><RYUUKYOKU {attrs}/></x>")[0]

    four_kans = tag('type="kan4" ba="0,0" sc="350,0,350,0,350,0,0,0"')
    assert _check_draw(four_kans, {"type": "abort", "reason": "suukaikan", "deltas": [0, 0, 0]}, "w", True) == []
    assert _check_draw(four_kans, {"type": "exhaustive", "tenpai": [], "deltas": [0, 0, 0]}, "w", True) == [
        "w: log four-kan abort != engine exhaustive"
    ]
    nagashi = tag('type="nm" ba="0,0" sc="350,80,350,-40,350,-40,0,0" hai1="1,2,3"')
    assert _check_draw(nagashi, {"type": "exhaustive", "tenpai": [1], "deltas": [8000, -4000, -4000]}, "w", True) == []
    assert _check_draw(
        tag('type="reach4" ba="0,0" sc="350,0,350,0,350,0,0,0"'),
        {"type": "abort", "reason": "x", "deltas": [0, 0, 0]},
        "w",
        True,
    ) == ["w: abortive draw 'reach4' does not exist in sanma"]


def test_kan_dora_shown_only_in_agari_dora_hai_is_placed():
    text = _log(
        _init([list(range(36, 49)), list(range(49, 62)), list(range(62, 75))], 100)
        + '<T75/><AGARI who="0" fromWho="0" doraHai="100,101" ten="30,1000,0" sc="350,0,350,0,350,0,0,0"/>'
    )
    assert build_wall(_hands(parse(text))[0])[94:96] == [100, 101]


def test_dora_indicators_at_agari_are_compared():
    text = LOG.read_text()
    first = re.search(r'<AGARI [^>]*doraHai="(\d+)"', text)
    tampered = text[: first.start(1)] + str(int(first.group(1)) + 4) + text[first.end(1) :]
    out = replay_text(tampered)
    assert not out["ok"] and "dora indicators log" in out["first_divergence"]
    assert out["first_divergence"].startswith("hand 1 (East 1 0h), action ")

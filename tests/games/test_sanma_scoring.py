"""Sanma hand scoring: worked examples (docs/rules/sanma.md §11 shows a few) and the agari_3p conformance set (§12)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from games.base import GameError
from games.sanma.calc import calculate
from games.sanma.scoring import WinContext, score_hand
from games.sanma.tiles import check_ids, dora_of, parse_codes, parse_ids, tiles_text

ROOT = Path(__file__).resolve().parents[2]
CONFORMANCE = ROOT / "tests" / "conformance" / "scoring"


def calc(hand, win, **kw):
    return calculate(hand, win, **kw)


# ---------------------------------------------------------------- tiles


def test_tile_set_and_notation():
    assert parse_codes("123p1m9m77z") == ["1p", "2p", "3p", "1m", "9m", "7z", "7z"]
    assert parse_ids("0p0s") == [52, 88]
    assert 52 not in parse_ids("555p") and 52 in parse_ids("5550p")
    with pytest.raises(GameError):
        parse_ids("5555p")  # with red fives only three plain 5p exist
    assert parse_ids("5555p", red_fives=False) == [52, 53, 54, 55]
    for bad in ("5m", "2m", "0m", "8z", "0z"):
        with pytest.raises(GameError):
            parse_codes(bad)
    with pytest.raises(GameError):
        parse_ids("11111p")
    with pytest.raises(GameError):
        check_ids([4])
    assert tiles_text(parse_ids("9m1m0p5p")) == "19m05p"
    # dora successors (§1)
    k = lambda c: parse_ids(c)[0] // 4  # noqa: E731
    assert dora_of(k("1m")) == k("9m") and dora_of(k("9m")) == k("1m")
    assert dora_of(k("9p")) == k("1p") and dora_of(k("4z")) == k("1z") and dora_of(k("7z")) == k("5z")
    assert dora_of(k("3z")) == k("4z") and dora_of(k("8s")) == k("9s")


def test_invalid_tile_exits_2():
    p = subprocess.run(
        [sys.executable, "-m", "games", "calc", "sanma", "--hand", "111m234p678p34s99s5m", "--win", "5m", "--json"],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert p.returncode == 2 and "not a sanma tile" in p.stderr


def test_cli_json():
    p = subprocess.run(
        [
            sys.executable,
            "-m",
            "games",
            "calc",
            "sanma",
            "--hand",
            "111m234p678p34s99s5s",
            "--win",
            "5s",
            "--tsumo",
            "--riichi",
            "--dora",
            "8s",
            "--ura",
            "2z",
            "--seat",
            "S",
            "--sticks",
            "1",
            "--json",
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout)
    assert (out["han"], out["fu"], out["total"], out["error"]) == (4, 30, 6900, None)
    assert out["payments"] == {"dealer": 3900, "non_dealer": 2000, "sticks": 1000}
    assert set(out["yaku"]) == {"Menzen Tsumo", "Riichi", "Dora"}


# ---------------------------------------------------------------- §11 worked examples (hand values)


def yaku(out):
    return {y["name"]: y["han"] for y in out["yaku_han"]}


def test_ex1_non_dealer_tsumo_tsumo_loss():
    o = calc("111m234p678p34s99s5s", "5s", tsumo=True, riichi=True, dora="8s", ura="2z", seat="S", sticks=1)
    assert (o["han"], o["fu"]) == (4, 30)
    assert yaku(o) == {"Menzen Tsumo": 1, "Riichi": 1, "Dora": 2}
    assert o["payments"]["dealer"] == 3900 and o["payments"]["non_dealer"] == 2000 and o["total"] == 6900


def test_ex2_dealer_ron():
    o = calc("111z123p789p55s68s7s", "7s", dora="2z", seat="E")
    assert (o["han"], o["fu"]) == (2, 40) and o["payments"]["discarder"] == 3900 and o["total"] == 3900


def test_ex3_kita_west_indicator():
    o = calc("234p567p23s678s55p4s", "4s", riichi=True, kita=1, dora="3z", ura="3z", seat="S", sticks=1)
    assert (o["han"], o["fu"]) == (6, 30)
    assert yaku(o)["Dora"] == 2 and yaku(o)["Ura Dora"] == 1 and "Pinfu" in yaku(o) and "Tanyao" in yaku(o)
    assert o["payments"]["discarder"] == 12000 and o["total"] == 13000


def test_ex3b_two_kita_tsumo():
    o = calc("234p567p23s678s55p4s", "4s", tsumo=True, kita=2, dora="3z", seat="W")
    assert (o["han"], o["fu"]) == (7, 20) and yaku(o)["Dora"] == 4
    assert o["payments"] == {"dealer": 6000, "non_dealer": 3000, "sticks": 0} and o["total"] == 9000


def test_ex4_kita_only_is_no_yaku_and_4b_riichi_wins():
    o = calc("234p567p11s78s9s", "9s", melds="pon:999m", kita=2, dora="1p")
    assert o["error"] == "no_yaku" and o["total"] == 0
    o = calc("999m234p567p11s78s9s", "9s", riichi=True, kita=2, dora="1p", seat="S", sticks=1)
    assert (o["han"], o["fu"]) == (4, 40) and o["payments"]["discarder"] == 8000 and o["total"] == 9000


def test_ex5_rinshan_on_kita_and_5b_pinfu():
    o = calc("111m345p789p11s67s8s", "8s", tsumo=True, rinshan=True, kita=1, dora="3z", seat="W")
    assert (o["han"], o["fu"]) == (4, 30) and o["payments"]["dealer"] == 3900 and o["total"] == 5900
    o = calc("234p567p23s678s55p4s", "4s", tsumo=True, rinshan=True, kita=1, dora="1m", seat="S")
    assert (o["han"], o["fu"]) == (5, 20) and {"Pinfu", "Rinshan Kaihou"} <= set(yaku(o))
    assert o["payments"]["dealer"] == 4000 and o["payments"]["non_dealer"] == 2000 and o["total"] == 6000


def test_ex6_ron_on_kita_not_chankan():
    o = calc("123p456p789p234s4z4z", "4z", riichi=True, dora="5z", seat="S", round="S", sticks=1)
    assert (o["han"], o["fu"]) == (3, 40) and "Chankan" not in yaku(o)
    assert o["payments"]["discarder"] == 5200 and o["total"] == 6200


def test_ex7_honba_and_sticks():
    o = calc("234p567p23s678s55p4s", "4s", dora="1m", seat="S", honba=2, sticks=2)
    assert (o["han"], o["fu"]) == (2, 30) and o["payments"]["discarder"] == 2400 and o["total"] == 4400
    o = calc("234p567p23s678s55p4s", "4s", tsumo=True, dora="1m", seat="S", honba=2, sticks=2)
    assert (o["han"], o["fu"]) == (3, 20)
    assert o["payments"]["dealer"] == 1500 and o["payments"]["non_dealer"] == 900 and o["total"] == 4400


def test_ex8_double_ron_hand_values():
    a = calc("234p67p234s678s55s5p", "5p", dora="2z", seat="S", honba=1, sticks=1)
    b = calc("111m46p789s123s99p5p", "5p", riichi=True, dora="2z", ura="7z", seat="W")
    assert (a["han"], a["fu"], a["total"]) == (2, 30, 3200)  # 2000 + 200 honba + 1000 stick
    assert (b["han"], b["fu"], b["total"]) == (1, 40, 1300)


def test_ex10_daisangen_pao_values():
    o = calc("11p23s4s", "4s", melds="pon:555z,pon:666z,pon:777z", seat="S", honba=1)
    assert o["han"] == 13 and o["payments"]["discarder"] == 32200
    o = calc("11p23s4s", "4s", melds="pon:555z,pon:666z,pon:777z", seat="S", honba=1, tsumo=True)
    assert o["total"] == 24200


def test_ex12_dora_wrap_and_12b():
    o = calc("999m111z234p678p5s5s", "5s", tsumo=True, dora="1m4z", seat="E", round="S")
    assert (o["han"], o["fu"]) == (8, 40) and o["payments"]["each_non_dealer"] == 8000 and o["total"] == 16000
    o = calc("111m234p678p345s9s9s", "9s", riichi=True, dora="9m", seat="S", sticks=1)
    assert (o["han"], o["fu"]) == (4, 40) and o["payments"]["discarder"] == 8000 and o["total"] == 9000


def test_ex13_single_yakuman_and_composite():
    o = calc("111m999m111p999p5s5s", "5s", tsumo=True, seat="S")
    assert o["han"] == 13 and o["payments"]["dealer"] == 16000 and o["total"] == 24000
    o = calc("666z777z111z2z2z", "2z", melds="pon:555z", seat="S")
    assert o["han"] == 26 and o["payments"]["discarder"] == 64000


def test_ex14_kazoe_yakuman():
    o = calc("1122334455667p7p", "7p", tsumo=True, riichi=True, dora="6p", ura="2p", seat="S", sticks=1)
    assert o["han"] == 16 and o["payments"]["dealer"] == 16000 and o["total"] == 25000


def test_ex15_chiitoitsu_with_north_pair():
    o = calc("1m1m9p9p3s3s4z4z5z5z6p6p2s2s", "2s", riichi=True, kita=1, dora="1s", seat="W", sticks=1)
    assert (o["han"], o["fu"]) == (6, 25) and o["payments"]["discarder"] == 12000 and o["total"] == 13000


def test_ex16_chankan_17_haitei_18_red_five():
    o = calc("234p567p23s678s55p4s", "4s", chankan=True, dora="1m", seat="S")
    assert (o["han"], o["fu"]) == (3, 30) and o["payments"]["discarder"] == 3900
    o = calc("234p567p23s55p4s", "4s", melds="pon:888s", tsumo=True, haitei=True, dora="1m", seat="S", round="S")
    assert (o["han"], o["fu"]) == (2, 30) and o["payments"]["dealer"] == 1000 and o["total"] == 1500
    o = calc("0p6p234s456s55s7p", "7p", melds="pon:777s", dora="4p", seat="S")
    assert (o["han"], o["fu"]) == (3, 30) and o["payments"]["discarder"] == 3900
    assert yaku(o) == {"Tanyao": 1, "Dora": 1, "Aka Dora": 1}
    plain = calc("56p234s456s55s7p", "7p", melds="pon:777s", dora="4p", seat="S")
    assert (plain["han"], plain["total"]) == (2, 2000)  # §5 red-five pitfall: plain fives are plain


def test_calc_rejects_bad_input():
    for kw in (
        {"hand": "111m", "win": "1m"},
        {"hand": "111m234p678p34s99s5s", "win": "6s"},
        {"hand": "111m234p678p34s99s5s", "win": "5s", "melds": "chi:123p"},
        {"hand": "111m234p678p34s99s5s", "win": "5s", "seat": "N"},
    ):
        with pytest.raises(GameError):
            calculate(**kw)


# ---------------------------------------------------------------- §12 conformance

RIICHIENV_TO_LIB = {
    1: 0,
    2: 1,
    3: 4,
    4: 5,
    5: 6,
    6: 7,
    7: 15,
    8: 16,
    9: 17,
    12: 13,
    13: 14,
    14: 12,
    15: 28,
    16: 27,
    17: 26,
    18: 8,
    19: 33,
    20: 32,
    21: 30,
    22: 31,
    23: 35,
    24: 29,
    25: 34,
    26: 37,
    27: 36,
    28: 38,
    29: 39,
    30: 3,
    32: 121,
    33: 122,
    35: 115,
    36: 116,
    37: 103,
    38: 102,
    39: 107,
    40: 105,
    41: 108,
    42: 100,
    43: 104,
    44: 106,
    45: 101,
    47: 114,
    48: 113,
    49: 112,
    50: 111,
}
WIND_YAKU = {10: range(18, 22), 11: range(22, 26)}


def _run_case(case):
    c = case["conditions"]
    types = {"pon": "pon", "daiminkan": "daiminkan", "ankan": "ankan", "kakan": "shouminkan"}
    melds = [{"type": types[m["meld_type"]], "tiles": m["tiles"]} for m in case["melds"]]
    ctx = WinContext(
        tsumo=c["tsumo"],
        riichi=c["riichi"] or c["double_riichi"],
        double_riichi=c["double_riichi"],
        ippatsu=c["ippatsu"],
        haitei=c["haitei"],
        houtei=c["houtei"],
        rinshan=c["rinshan"],
        chankan=c["chankan"],
        tenhou=c["tsumo_first_turn"] and c["player_wind"] == 0,
        chiihou=c["tsumo_first_turn"] and c["player_wind"] != 0,
        seat_wind=c["player_wind"],
        round_wind=c["round_wind"],
        honba=c["honba"],
        kita=c["kita_count"],
    )
    concealed = list(case["tiles_136"]) + [case["win_tile_136"]]
    return score_hand(concealed, case["win_tile_136"], melds, case["dora_indicators"], case["ura_indicators"], ctx)


def _yaku_match(expected: list[int], got: list[int]) -> bool:
    exp = [y for y in expected if y not in (31, 34)]
    got = [g for g in got if g != 120]
    if len(exp) != len(got):
        return False
    pool = list(got)
    for e in exp:
        if e in WIND_YAKU:
            hit = next((g for g in pool if g in WIND_YAKU[e]), None)
        else:
            hit = RIICHIENV_TO_LIB.get(e) if RIICHIENV_TO_LIB.get(e) in pool else None
        if hit is None:
            return False
        pool.remove(hit)
    return not pool


def test_agari_3p_conformance():
    cases = json.loads((CONFORMANCE / "agari_3p.json").read_text())["cases"]
    assert len(cases) == 402
    han_ok = fu_ok = yaku_ok = 0
    bad = []
    for i, case in enumerate(cases):
        s = _run_case(case)
        exp = case["expected"]
        assert s.ok, (i, s.error)
        h = s.han == exp["han"]
        f = exp["han"] >= 5 or s.fu == exp["fu"]
        y = _yaku_match(exp["yaku"], [x["id"] for x in s.yaku])
        han_ok += h
        fu_ok += f
        yaku_ok += y
        if not (h and f and y):
            bad.append((i, s.han, s.fu, [x["id"] for x in s.yaku], exp))
    print(f"agari_3p: han {han_ok}/402, fu {fu_ok}/402, yaku {yaku_ok}/402")
    assert (han_ok, fu_ok, yaku_ok) == (402, 402, 402), bad[:5]

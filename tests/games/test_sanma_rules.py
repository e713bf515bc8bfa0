"""Sanma engine rules on set positions: §11 settlements (double ron, draws, pao, nagashi), furiten,
kuikae, chankan, kita ron, riichi legality, dora timing, final ranking (docs/rules/sanma.md §3-§8, §10)."""

from __future__ import annotations

import pytest

from games.base import GameError
from games.sanma import engine
from games.sanma.hands import is_tenpai
from games.sanma.options import Options
from games.sanma.settle import final_scores
from games.sanma.state import MeldM, RiverTile, SanmaState, code
from games.sanma.tiles import parse_ids
from tests.games.sanma_walls import make_wall


def ids(text):
    return parse_ids(text)


def position(
    hands: dict[int, str],
    turn: int,
    drawn: str | None = None,
    *,
    dealer: int = 0,
    round_index: int | None = None,
    dora: str = "2z",
    ura: str = "7z",
    live: int = 30,
    **opts,
) -> SanmaState:
    """A state where ``turn`` has just drawn ``drawn`` (its hand text includes it)."""
    state = engine.new_game(Options(**opts), ["s0", "s1", "s2"], "pos")
    state.round_index = dealer if round_index is None else round_index
    from games.sanma.tiles import codes_to_ids, parse_codes

    texts = [parse_codes(hands.get(s, "")) for s in range(3)]
    allocated = codes_to_ids([c for t in texts for c in t])  # distinct ids across the three hands
    state.hands, pos = [], 0
    for t in texts:
        state.hands.append(sorted(allocated[pos : pos + len(t)], key=lambda x: (x // 4, x)))
        pos += len(t)
    state.wall[94] = ids(dora)[0]
    state.wall[99] = ids(ura)[0]
    state.live_pos = state.live_end - live
    state.first_round = False
    state.discarded = [True] * 3
    state.turn, state.phase, state.draw_kind = turn, "turn", "normal"
    state.drawn = next(t for t in state.hands[turn] if code(state, t) == drawn) if drawn else None
    return state


def test_example8_double_ron_sticks_and_honba_to_the_nearer_winner():
    s = position({0: "1z1z2z2z3z3z5z5z6z6z7z9m5p", 1: "234p67p234s678s55s", 2: "111m46p789s123s99p"}, 0, "5p")
    s.honba, s.sticks, s.riichi[2] = 1, 1, 2
    s.scores = [35000, 35000, 34000]
    engine.apply(s, 0, "d:5p")
    assert engine.to_act(s) == [1, 2]
    engine.apply(s, 1, "ron")
    engine.apply(s, 2, "ron")
    h = s.hands_log[-1]
    assert h["deltas"] == [-3500, 3200, 1300]
    assert [(w["han"], w["fu"]) for w in h["wins"]] == [(2, 30), (1, 40)]
    assert s.dealer == 1 and s.honba == 0 and s.sticks == 0


def test_double_ron_off_keeps_the_nearest_winner():
    s = position(
        {0: "1z1z2z2z3z3z5z5z6z6z7z9m5p", 1: "234p67p234s678s55s", 2: "111m46p789s123s99p"}, 0, "5p", double_ron=False
    )
    s.riichi[2] = 2
    engine.apply(s, 0, "d:5p")
    engine.apply(s, 1, "ron")
    engine.apply(s, 2, "ron")
    assert [w["winner"] for w in s.hands_log[-1]["wins"]] == [1]


def _exhaust(s, discard):
    s.live_pos = s.live_end  # live = 0: this is the last discard
    engine.apply(s, s.turn, discard)
    while s.phase == "respond":
        engine.apply(s, engine.to_act(s)[0], "pass")
    return s.hands_log[-1]


def test_example9_exhaustive_draw_one_tenpai_and_9b_two():
    s = position({0: "1m9m1p9p1s4s7s2z3z5z6z7z8p8p", 1: "234p567p234s678s5s", 2: "1m9m1p9p1s4s7s2z3z5z6z8s"}, 0, "8p")
    s.honba, s.sticks = 1, 1
    s.scores = [35000, 35000, 34000]
    h = _exhaust(s, "d:8p")
    assert h["type"] == "exhaustive" and h["tenpai"] == [1] and h["deltas"] == [-1000, 2000, -1000]
    assert s.dealer == 1 and s.honba == 2 and s.sticks == 1
    s = position({0: "234p567p234s678s5s5s", 1: "1m9m1p9p1s4s7s2z3z5z6z8s", 2: "234p567p234s678s7p"}, 0, "5s")
    h = _exhaust(s, "d:5s")
    assert h["tenpai"] == [0, 2] and h["deltas"] == [1000, -2000, 1000] and s.dealer == 0 and s.honba == 1


def test_karaten_is_noten():
    # seat 1 waits only on 5s and holds the other three 5s plus... a kan of them is impossible; use 4 held
    s = position({0: "1m9m1p9p1s4s7s2z3z5z6z7z8p8p", 1: "234p567p234s678s1z", 2: "1m9m1p9p1s4s7s2z3z5z6z8s"}, 0, "8p")
    s.melds[1] = []
    s.kita[1] = []
    # seat 1 holds 1z tanki; give it the other three 1z as a pon: karaten
    s.hands[1] = sorted(ids("234p567p234s1z"), key=lambda t: t // 4)
    s.melds[1] = [MeldM(type="pon", tiles=ids("1z1z1z"), from_seat=0)]
    assert not is_tenpai(s, 1)


def test_example10_pao_tsumo_and_ron():
    def pao_state():
        s = position(
            {1: "11p23s4s", 0: "1m9m1p9p1s9s4z7p8p9p2p2p3p4s", 2: "1m9m1p9p1s9s4z7p8p9p2p2p3p"}, 1, "4s", dealer=0
        )
        s.melds[1] = [
            MeldM(type="pon", tiles=ids("555z"), from_seat=0),
            MeldM(type="pon", tiles=ids("666z"), from_seat=2),
            MeldM(type="pon", tiles=ids("777z"), from_seat=2),
        ]
        s.pao[1] = {"yakuman": "daisangen", "from": 2}
        s.honba = 1
        return s

    s = pao_state()
    engine.apply(s, 1, "tsumo")
    assert s.hands_log[-1]["deltas"] == [0, 24200, -24200]
    s = pao_state()
    s.hands[1].remove(s.drawn)
    s.turn, s.drawn = 0, None
    s.hands[0] = sorted(ids("1m9m1p9p1s9s4z7p8p9p2p2p3p4s"), key=lambda t: t // 4)
    s.drawn = ids("4s")[0] if ids("4s")[0] in s.hands[0] else s.hands[0][-1]
    engine.apply(s, 0, "d:4s")
    engine.apply(s, 1, "ron")
    assert s.hands_log[-1]["deltas"] == [-16000, 32200, -16200]


def test_pao_is_set_by_the_third_dragon_pon():
    s = position(
        {0: "7z1m9m1p9p1s9s4z7p8p9p2p3p3p", 1: "7z7z1p1p2s3s4s5s6s7s", 2: "1m9m1p9p1s9s4z7p8p9p2p2p3p"}, 0, "3p"
    )
    s.melds[1] = [MeldM(type="pon", tiles=ids("555z"), from_seat=2), MeldM(type="pon", tiles=ids("666z"), from_seat=2)]
    engine.apply(s, 0, "d:7z")
    assert "pon" in engine.legal_actions(s, 1)
    engine.apply(s, 1, "pon")
    assert s.pao[1] == {"yakuman": "daisangen", "from": 0}


def test_example11_nagashi_mangan():
    s = position({0: "234p567p234s678s5s5s", 1: "234p567p234s7p8p9p1p", 2: "1m9m1p9p1s4s7s2z3z5z6z8s"}, 0, "5s")
    s.rivers[1] = [RiverTile(tile=t) for t in ids("1m9m1z2z")]
    s.rivers[2] = [RiverTile(tile=t) for t in ids("5p")]
    s.rivers[0] = [RiverTile(tile=t) for t in ids("5p")]
    h = _exhaust(s, "d:5s")
    assert h["nagashi"] == [1] and h["deltas"] == [-4000, 6000, -2000]
    assert s.dealer == 0 and s.honba == 1  # dealer tenpai stays


def test_furiten_kinds():
    # permanent: seat 1 discarded 6s and waits 6s-9s: no ron on 9s
    s = position({0: "1z1z2z2z3z3z5z5z6z6z7z9m9s", 1: "234p567p234s66s78s", 2: "1m9m1p9p1s4s7s2z3z5z6z8s"}, 0, "9s")
    s.rivers[1] = [RiverTile(tile=ids("6s")[0] + 1)]
    engine.apply(s, 0, "d:9s")
    assert s.phase == "turn"  # no call window at all
    # temporary: seat 1 passes a ron on 9s, then cannot ron 6s until its own discard
    s = position({0: "1z1z2z2z3z3z5z5z6z6z7z9m9s", 1: "234p567p234s66s78s", 2: "1m9m1p9p1s4s7s2z3z5z6z6s"}, 0, "9s")
    s.hands[1] = [t for t in s.hands[1]]
    engine.apply(s, 0, "d:9s")
    engine.apply(s, 1, "pass")
    assert s.temp_furiten[1]
    assert s.turn == 1  # seat 1 draws; its next discard clears temporary furiten
    drawn = code(s, s.drawn)
    engine.apply(s, 1, f"d:{drawn}")
    assert not s.temp_furiten[1]


def test_riichi_furiten_lasts_and_tsumo_still_allowed():
    s = position({0: "1z1z2z2z3z3z5z5z6z6z7z9m9s", 1: "234p567p234s66s78s", 2: "1m9m1p9p1s4s7s2z3z5z6z8s"}, 0, "9s")
    s.riichi[1] = 2
    engine.apply(s, 0, "d:9s")
    engine.apply(s, 1, "pass")
    assert s.riichi_furiten[1]


def test_kuikae_after_pon():
    s = position(
        {0: "7z1m9m1p9p1s9s4z7p8p9p2p3p3p", 1: "7z7z7z1p2p3p4p5p6p7p8p3s4s", 2: "1m9m1s9s4z2z3z5z6z2s3s5s6s"}, 0, "3p"
    )
    engine.apply(s, 0, "d:7z")
    assert set(engine.legal_actions(s, 1)) == {"pon", "kan", "pass"}
    engine.apply(s, 1, "pon")
    legal = engine.legal_actions(s, 1)
    assert "d:7z" not in legal and all(a.startswith("d:") for a in legal)  # after a pon: only a discard
    before = s.model_dump_json()
    with pytest.raises(GameError, match="kuikae"):
        engine.apply(s, 1, "d:7z")
    assert s.model_dump_json() == before


def test_chankan_robs_a_shouminkan():
    s = position(
        {0: "4s1m9m1p9p1s9s7p8p9p2p3p", 1: "234p567p23s678s55p", 2: "1m9m1p9p1s9s4z7p8p9p2p2p3p"}, 0, "4s", dora="1m"
    )
    s.melds[0] = [
        MeldM(
            type="pon",
            tiles=ids("4s4s4s") if False else [ids("4s")[0] + 1, ids("4s")[0] + 2, ids("4s")[0] + 3],
            from_seat=1,
        )
    ]
    s.hands[0] = [t for t in s.hands[0] if not (t // 4 == ids("4s")[0] // 4 and t != ids("4s")[0])]
    s.hands[0] = s.hands[0][:11]
    if ids("4s")[0] not in s.hands[0]:
        s.hands[0].append(ids("4s")[0])
    s.drawn = ids("4s")[0]
    assert "kakan:4s" in engine.legal_actions(s, 0)
    engine.apply(s, 0, "kakan:4s")
    assert engine.to_act(s) == [1] and "ron" in engine.legal_actions(s, 1)
    engine.apply(s, 1, "ron")
    w = s.hands_log[-1]["wins"][0]
    assert (w["han"], w["fu"]) == (3, 30) and "Chankan" in {y["name"] for y in w["yaku"]}
    assert s.hands_log[-1]["deltas"][0] == -3900
    assert s.n_dora == 1  # the robbed kan reveals nothing


def test_example6_ron_on_a_kita():
    s = position(
        {1: "4z1m9m1p9p1s9s7p8p9p2p2p5s3s", 2: "123p456p789p234s4z", 0: "1m9m1s9s2z3z5z6z7z2s3s6s6s"},
        1,
        "3s",
        round_index=3,  # South 1: seat 0 deals
        dora="5z",
    )
    s.riichi[2] = 2
    s.sticks = 1
    assert "kita" in engine.legal_actions(s, 1)
    engine.apply(s, 1, "kita")
    assert engine.to_act(s) == [2]
    engine.apply(s, 2, "ron")
    w = s.hands_log[-1]["wins"][0]
    assert (w["han"], w["fu"]) == (3, 40) and "Chankan" not in {y["name"] for y in w["yaku"]}
    assert s.hands_log[-1]["deltas"] == [0, -5200, 6200]
    assert s.kita[1] == []


def test_riichi_needs_points_and_three_tiles_and_kita_in_riichi_only_drawn_north():
    s = position({0: "234p567p234s66s78s1z"}, 0, "1z", live=3)
    assert "r:1z" in engine.legal_actions(s, 0)
    s = position({0: "234p567p234s66s78s1z"}, 0, "1z", live=2)
    assert "r:1z" not in engine.legal_actions(s, 0)
    s = position({0: "234p567p234s66s78s1z"}, 0, "1z")
    s.scores[0] = 900
    assert not any(a.startswith("r:") for a in engine.legal_actions(s, 0))
    s = position({0: "234p567p234s66s78s4z"}, 0, "4z")
    s.riichi[0] = 2
    assert engine.legal_actions(s, 0) == ["kita", "d:4z"]


def test_kan_dora_timing_closed_now_open_after_discard():
    s = position({0: "1111p567p234s66s78s", 1: "1z1z1z9p", 2: "1m"}, 0, "1p")
    engine.apply(s, 0, "ankan:1p")
    assert s.n_dora == 2 and s.draw_kind == "replacement"
    s = position({0: "1z2z3z5z6z7z1m9m1p9p2s3s4s9s", 1: "9s9s9s1p2p3p4p5p6p7p8p9p2s"}, 0, "9s")
    engine.apply(s, 0, "d:9s")
    engine.apply(s, 1, "kan")
    assert s.n_dora == 1 and s.pending_dora == 1 and s.turn == 1
    drawn = code(s, s.drawn)
    engine.apply(s, 1, f"d:{drawn}")
    assert s.n_dora == 2


def test_kyuushu_kyuuhai_abort():
    wall = make_wall(
        ["1m9m1p9p1s9s1z2z3z5z6z2p3p", "2p3p4p5p6p7p2s3s4s6s6s7s8s", "4p5p6p7p8p2s3s4s5s6s7s8s1p"], {39: "7z"}
    )
    s = engine.new_game(Options(), ["a", "b", "c"], "k", walls=[wall])
    assert "kyuushu" in engine.legal_actions(s, 0)
    engine.apply(s, 0, "kyuushu")
    h = s.hands_log[-1]
    assert h["type"] == "abort" and h["reason"] == "kyuushu_kyuuhai" and s.dealer == 0 and s.honba == 1


def test_final_ranking_example():
    """§8: unrounded by default (as Tenhou shows scores today); Tenhou's older rounding as an option."""
    assert final_scores([27400, 83100, -5500], Options()) == [-12.6, 78.1, -65.5]
    assert final_scores([27400, 83100, -5500], Options(final_rounding="none")) == [-12.6, 78.1, -65.5]
    assert final_scores([27400, 83100, -5500], Options(final_rounding="tenhou")) == [-13.0, 79.0, -66.0]


def test_agari_yame_and_last_hand_end():
    s = position(
        {0: "234p567p234s678s5s5s", 1: "1m9m1p9p1s4s7s2z3z5z6z8s", 2: "1m9m1p9p1s4s7s2z3z5z6z8s"},
        0,
        "5s",
        round_index=5,
    )
    # South 3: dealer is seat 2; here seat 0 is tenpai and the dealer noten -> the game ends
    assert s.dealer == 2
    h = _exhaust(s, "d:5s") if s.turn == 0 else None
    assert h is not None and s.phase == "over" and s.final["reason"] == "last_hand"

"""Sanma engine rules not covered elsewhere, driven through ``engine.apply`` (docs/rules/sanma.md):
daisuushii pao (§6), four-kan abort / suukaikan (§7), double riichi and tenhou (§4),
haitei / houtei / rinshan at the end of the wall (§4, §5, §10) and the all-last stop
(agari-yame, §8) where it applies and where it does not."""

from __future__ import annotations

import pytest

from games.sanma import engine
from games.sanma.options import Options
from games.sanma.state import MeldM, SanmaState, code
from games.sanma.tiles import ALL_IDS, codes_to_ids, parse_codes, sort_key
from tests.games.sanma_walls import make_wall

# ---------------------------------------------------------------- set-up helpers


def table(
    hands: dict[int, str],
    turn: int,
    drawn: str | None = None,
    *,
    melds: dict[int, list] | None = None,
    draws: str = "",
    rinshan: str = "",
    dora: str = "1m",
    ura: str = "1m",
    live: int = 30,
    round_index: int = 0,
    first_turn: bool = False,
    **opts,
) -> SanmaState:
    """A position where ``turn`` has just drawn ``drawn`` (its hand text includes it).

    Every tile is a distinct id: the hands, the melds (``(type, mpsz, from_seat)``), the next live
    draws in order (``draws``), the front of the replacement queue (``rinshan``), the dora and ura
    indicators (one per kan already made may be given). The rest of the wall is filled with unused ids.
    """
    melds = melds or {}
    texts = [parse_codes(hands.get(s, "")) for s in range(3)]
    meld_codes = [[parse_codes(m[1]) for m in melds.get(s, [])] for s in range(3)]
    extra = [parse_codes(x) for x in (draws, rinshan, dora, ura)]
    flat = (
        [c for t in texts for c in t] + [c for ms in meld_codes for m in ms for c in m] + [c for e in extra for c in e]
    )
    ids = iter(codes_to_ids(flat))

    def take(codes: list[str]) -> list[int]:
        return [next(ids) for _ in codes]

    hand_ids = [take(t) for t in texts]
    meld_ids = [[take(m) for m in ms] for ms in meld_codes]
    draw_ids, rinshan_ids, dora_ids, ura_ids = (take(e) for e in extra)
    used = {x for h in hand_ids for x in h} | {x for ms in meld_ids for m in ms for x in m}
    used |= set(draw_ids) | set(rinshan_ids) | set(dora_ids) | set(ura_ids)
    pool = iter([t for t in ALL_IDS if t not in used])

    s = engine.new_game(Options(**opts), ["s0", "s1", "s2"], "more-rules")
    s.round_index = round_index
    wall: list[int | None] = [None] * 108
    live_pos = 94 - live
    for i, t in enumerate(draw_ids):
        wall[live_pos + i] = t
    for i, t in enumerate(dora_ids):
        wall[94 + i] = t
    for i, t in enumerate(ura_ids):
        wall[99 + i] = t
    for i, t in enumerate(rinshan_ids):
        wall[104 + i] = t
    for i in list(range(live_pos, 108)) + list(range(live_pos)):  # the drawn part takes what is left
        if wall[i] is None:
            wall[i] = next(pool, None)
    s.wall = [t if t is not None else wall[-1] for t in wall]  # never read: already drawn
    s.live_pos, s.live_end = live_pos, 94
    s.rinshan = s.wall[104:108]
    s.n_dora, s.pending_dora = 1, 0
    s.hands = [sorted(h, key=sort_key) for h in hand_ids]
    s.melds = [[], [], []]
    s.kans = []
    for seat in range(3):
        for (mtype, _, frm), tiles in zip(melds.get(seat, []), meld_ids[seat]):
            s.melds[seat].append(
                MeldM(type=mtype, tiles=sorted(tiles), called=None if frm is None else tiles[0], from_seat=frm)
            )
            if mtype != "pon":
                s.kans.append(seat)
    s.n_dora = 1 + len(s.kans)
    s.kita = [[], [], []]
    s.rivers = [[], [], []]
    s.first_round = first_turn
    s.discarded = [not first_turn] * 3
    s.turn, s.phase, s.draw_kind, s.window = turn, "turn", "normal", None
    s.drawn = None
    if drawn is not None:
        s.drawn = next(t for t in reversed(s.hands[turn]) if code(s, t) == drawn)
    return s


def act(s, seat, *actions):
    for a in actions:
        assert a in engine.legal_actions(s, seat), (seat, a, engine.legal_actions(s, seat))
        engine.apply(s, seat, a)


def tsumogiri(s):
    """The player to move discards the tile just drawn."""
    seat = s.turn
    act(s, seat, "d:" + code(s, s.drawn))


def yaku_names(win) -> set[str]:
    return {y["name"] for y in win["yaku"]}


def last(s):
    return s.hands_log[-1]


# ---------------------------------------------------------------- §6 daisuushii pao

WIND_PONS = [("pon", "111z", 0), ("pon", "222z", 2), ("pon", "333z", 0)]
# seat 1 (South, E1) holds three wind pons and 4z4z; seat 2 discards the fourth wind.
PAO_HANDS = {0: "1m9m1p9p1s9s5z6z7z2p5p8p3s", 1: "4z4z1p5s", 2: "1m9m9p1s9s5z6z7z3p6p4s7s2s4z"}


def daisuushii_pao_position(**kw):
    s = table(PAO_HANDS, 2, "4z", melds={1: WIND_PONS}, draws="8s" + kw.pop("draws", "8p1p"), **kw)
    s.honba, s.sticks = 2, 1
    s.scores = [35000, 34000, 35000]
    act(s, 2, "d:4z")
    assert engine.to_act(s) == [1] and "pon" in engine.legal_actions(s, 1)
    act(s, 1, "pon")
    assert s.pao[1] == ({"yakuman": "daisuushii", "from": 2} if s.options.pao else None)
    act(s, 1, "d:5s")  # tanki on 1p
    tsumogiri(s)  # seat 2: 8s
    return s


def test_daisuushii_pao_tsumo_the_responsible_player_pays_everything():
    s = daisuushii_pao_position()
    tsumogiri(s)  # seat 0: 8p
    assert s.turn == 1 and code(s, s.drawn) == "1p"
    act(s, 1, "tsumo")
    h = last(s)
    w = h["wins"][0]
    assert "Dai Suushii" in yaku_names(w) and w["han"] == 13 and w["pao"] == 2
    # non-dealer yakuman tsumo 16000 + 8000, + 2 honba x 100 from each of the two payers: all from seat 2
    assert h["deltas"] == [0, 24400 + 1000, -24400]
    assert h["transfers"][0] == {"from": 2, "to": 1, "amount": 24400, "for": "pao"}
    assert s.sticks == 0 and s.honba == 0 and s.dealer == 1


def test_daisuushii_pao_ron_from_a_third_player_is_shared():
    s = daisuushii_pao_position(draws="1p")
    act(s, 0, "d:1p")  # seat 0 deals in
    act(s, 1, "ron")
    h = last(s)
    assert h["wins"][0]["pao"] == 2 and "Dai Suushii" in yaku_names(h["wins"][0])
    # 32000 + 2 honba x 200: the discarder pays half the hand, the responsible player half plus the honba
    assert h["deltas"] == [-16000, 32400 + 1000, -16400]


def test_daisuushii_pao_when_the_responsible_player_deals_in_pays_all():
    s = daisuushii_pao_position(draws="8p3s1p")
    tsumogiri(s)  # seat 0: 8p
    tsumogiri(s)  # seat 1 draws a filler (3s) and lets it go, still waiting on 1p
    act(s, 2, "d:1p")  # seat 2, the responsible player, deals in
    act(s, 1, "ron")
    assert last(s)["deltas"] == [0, 32400 + 1000, -32400]


def test_daisuushii_without_pao_option_pays_normally():
    s = daisuushii_pao_position(pao=False)
    assert s.pao[1] is None
    tsumogiri(s)
    act(s, 1, "tsumo")
    # dealer 16000 + 200, other non-dealer 8000 + 200 (tsumo loss)
    assert last(s)["deltas"] == [-16200, 24400 + 1000, -8200]


def fourth_wind_position(turn: int, seat1: str, seat2: str) -> SanmaState:
    """Seat 1 holds the three wind pons and ``seat1``; ``turn`` has just drawn the fourth wind (4z); the next
    replacement tile is 8s."""
    return table({0: PAO_HANDS[0], 1: seat1, 2: seat2}, turn, "4z", melds={1: WIND_PONS}, rinshan="8s")


def test_fourth_wind_by_daiminkan_makes_pao_but_ankan_does_not():
    s = fourth_wind_position(2, seat1="4z4z4z1p", seat2=PAO_HANDS[2])
    act(s, 2, "d:4z")
    act(s, 1, "kan")
    assert s.pao[1] == {"yakuman": "daisuushii", "from": 2}
    s = fourth_wind_position(1, seat1="4z4z4z1p4z", seat2="1m9m9p1s9s5z6z7z3p6p4s7s2s")
    act(s, 1, "ankan:4z")
    assert s.melds[1][-1].type == "ankan" and s.pao[1] is None


# ---------------------------------------------------------------- §7 suukaikan

FILLER0 = "1m9m1p9p1s9s2p5p8p3s"  # 10 unconnected tiles


def suukaikan_position(seat0: str, drawn: str, rinshan: str, seat1: str = "234p678p1s2s", **kw):
    """E1: seat 0 has closed kans of 1z and 2z, seat 1 an open kan of 7z (three kans, two players);
    seat 0 has just drawn the fourth 5z."""
    s = table(
        {0: seat0, 1: seat1, 2: "9m1p9p1s9s3z6z3p6p4s7s2s4z"},
        0,
        drawn,
        melds={0: [("ankan", "1111z", None), ("ankan", "2222z", None)], 1: [("daiminkan", "7777z", 2)]},
        rinshan=rinshan,
        dora="1m1m9m9m",
        **kw,
    )
    s.honba, s.sticks = 1, 1
    s.scores = [35000, 34000, 35000]
    return s


def test_suukaikan_aborts_when_the_discard_after_the_fourth_kan_passes():
    s = suukaikan_position("5z5z5z1p2p3p9s5z", "5z", "8s")
    assert s.kans == [0, 0, 1] and s.n_dora == 4
    act(s, 0, "ankan:5z")
    assert len(s.kans) == 4 and s.suukaikan_pending and s.n_dora == 5
    hand_no = s.hand_no
    act(s, 0, "d:8s")
    h = last(s)
    assert h["type"] == "abort" and h["reason"] == "suukaikan" and h["deltas"] == [0, 0, 0]
    # abortive draw: dealer stays, honba +1, the stick stays on the table
    assert s.dealer == 0 and s.round_index == 0 and s.honba == 2 and s.sticks == 1
    assert s.scores == [35000, 34000, 35000] and s.hand_no == hand_no + 1 and s.phase == "turn"


def test_suukaikan_a_ron_on_that_discard_wins_instead():
    # seat 1 (open 7z kan) waits on 5s-8s
    s = suukaikan_position("5z5z5z1p2p3p9s5z", "5z", "8s", seat1="234p567p11s67s")
    act(s, 0, "ankan:5z", "d:8s")
    assert engine.to_act(s) == [1] and engine.legal_actions(s, 1) == ["ron", "pass"]
    act(s, 1, "ron")
    h = last(s)
    assert h["type"] == "win" and h["wins"][0]["winner"] == 1 and "Yakuhai (chun)" in yaku_names(h["wins"][0])
    assert h["deltas"][0] == -h["wins"][0]["points"] and s.sticks == 0


def test_suukaikan_passing_the_ron_still_aborts():
    s = suukaikan_position("5z5z5z1p2p3p9s5z", "5z", "8s", seat1="234p567p11s67s")
    act(s, 0, "ankan:5z", "d:8s")
    act(s, 1, "pass")
    assert last(s)["type"] == "abort" and last(s)["reason"] == "suukaikan"


def test_suukaikan_a_rinshan_win_on_the_fourth_kan_wins_instead():
    s = suukaikan_position("5z5z5z1p2p3p9s5z", "5z", "9s")
    act(s, 0, "ankan:5z", "tsumo")
    h = last(s)
    w = h["wins"][0]
    assert h["type"] == "win" and w["winner"] == 0 and w["kind"] == "tsumo"
    assert "Rinshan Kaihou" in yaku_names(w) and "Haitei Raoyue" not in yaku_names(w)
    assert s.dealer == 0 and s.honba == 2 and s.sticks == 0


def test_four_kans_by_one_player_do_not_abort_and_no_fifth_kan():
    s = table(
        {0: "5z5z5z9s5z", 1: "6p6p6p8p8p8p1s2s3s4s", 2: "9m1p9p1s9s6z6z3p7p4s7s2s4z"},
        0,
        "5z",
        melds={
            0: [("ankan", "1111z", None), ("ankan", "2222z", None), ("ankan", "3333z", None)],
            1: [("pon", "777z", 2)],
        },
        rinshan="8p",
        draws="6p",
        dora="1m1m9m9m",
    )
    act(s, 0, "ankan:5z")
    assert len(s.kans) == 4 and not s.suukaikan_pending
    act(s, 0, "d:8p")
    # seat 1 may still pon, but not kan (no fifth kan)
    assert engine.legal_actions(s, 1) == ["pon", "pass"]
    act(s, 1, "pass")
    assert s.hands_log == [] and s.turn == 1 and code(s, s.drawn) == "6p"
    assert not any(a.startswith("ankan") for a in engine.legal_actions(s, 1))


# ---------------------------------------------------------------- §4 double riichi, tenhou

# seats 1 and 2 (E1) hold nothing that can call or win in the first go-around
QUIET1 = "1m9m2p8p3s7s2z3z5z6z3p6s9s"
QUIET2 = "1m9m2p8p3s7s2z3z5z6z4p7s1s"


def game_with(wall, **opts):
    return engine.new_game(Options(**opts), ["a", "b", "c"], "more-rules", walls=[wall])


def test_dealer_double_riichi_then_ippatsu_tsumo():
    wall = make_wall(
        ["234p567p23s678s55p", QUIET1, QUIET2], {39: "1z", 40: "9m", 41: "9p", 42: "4s", 94: "1m", 99: "1m"}
    )
    s = game_with(wall)
    ev = engine.apply(s, 0, "r:1z")
    assert next(e for e in ev if e.type == "riichi").double is True and s.double_riichi[0]
    tsumogiri(s)  # seat 1: 9m; the riichi is accepted
    assert s.riichi[0] == 2 and s.sticks == 1 and s.scores[0] == 34000
    tsumogiri(s)  # seat 2: 9p
    act(s, 0, "tsumo")
    w = last(s)["wins"][0]
    assert yaku_names(w) == {"Double Riichi", "Ippatsu", "Menzen Tsumo", "Pinfu", "Tanyao"}
    assert {y["name"]: y["han"] for y in w["yaku"]}["Double Riichi"] == 2 and w["han"] == 6
    # dealer haneman tsumo 6000 each + the stick
    assert last(s)["deltas"] == [13000, -6000, -6000] and s.scores == [47000, 29000, 29000]
    assert s.dealer == 0 and s.honba == 1


def test_non_dealer_double_riichi_and_ron():
    wall = make_wall(
        ["1m9m2p8p3s7s2z3z5z6z3p6s9s", "234p567p23s678s55p", QUIET2], {39: "9m", 40: "1z", 41: "4s", 94: "1m", 99: "1m"}
    )
    s = game_with(wall)
    tsumogiri(s)  # dealer: 9m
    act(s, 1, "r:1z")
    assert s.double_riichi[1]
    act(s, 2, "d:4s")  # seat 2 draws 4s and deals in
    act(s, 1, "ron")
    w = last(s)["wins"][0]
    assert {"Double Riichi", "Ippatsu", "Pinfu", "Tanyao"} <= yaku_names(w) and "Riichi" not in yaku_names(w)


def test_a_kita_before_the_first_discard_rules_out_double_riichi():
    # dealer draws 5p, sets its North aside (first-turn kita), draws 1z and riichis with it
    wall = make_wall(
        ["234p567p23s678s5p4z", QUIET1, QUIET2], {39: "5p", 104: "1z", 40: "9m", 41: "9p", 42: "4s", 94: "1m", 99: "1m"}
    )
    s = game_with(wall)
    act(s, 0, "kita")
    ev = engine.apply(s, 0, "r:1z")
    assert next(e for e in ev if e.type == "riichi").double is False and not s.double_riichi[0]
    tsumogiri(s)
    tsumogiri(s)
    act(s, 0, "tsumo")
    names = yaku_names(last(s)["wins"][0])
    assert "Riichi" in names and "Double Riichi" not in names


def test_tenhou_dealer_wins_on_the_first_draw():
    wall = make_wall(["234p567p23s678s55p", QUIET1, QUIET2], {39: "4s", 94: "1m"})
    s = game_with(wall)
    assert engine.legal_actions(s, 0)[0] == "tsumo"
    act(s, 0, "tsumo")
    h = last(s)
    w = h["wins"][0]
    assert yaku_names(w) == {"Tenhou"} and w["han"] == 13
    assert h["deltas"] == [32000, -16000, -16000]  # dealer yakuman tsumo: 16000 from each
    assert s.dealer == 0 and s.honba == 1 and s.phase == "turn"


def test_no_tenhou_on_a_first_turn_kita_replacement():
    wall = make_wall(["234p567p23s678s5p4z", QUIET1, QUIET2], {39: "5p", 104: "4s", 94: "1m"})
    s = game_with(wall)
    assert "tsumo" not in engine.legal_actions(s, 0)
    act(s, 0, "kita", "tsumo")
    names = yaku_names(last(s)["wins"][0])
    assert "Tenhou" not in names and "Rinshan Kaihou" in names


def test_no_chiihou_after_a_pon():
    # dealer discards 6z, seat 2 pons it; seat 1's first draw (after the dealer's second) wins, but not as chiihou
    wall = make_wall(
        ["1m9m2p8p3s7s2z3z5z6z3p6s9s", "234p567p23s678s55p", "1m9m2p8p3s7s2z3z6z6z4p7s1s"],
        {39: "6z", 40: "9p", 41: "4s", 94: "1m"},
    )
    s = game_with(wall)
    act(s, 0, "d:6z")
    act(s, 2, "pon", "d:9m")
    tsumogiri(s)  # dealer: 9p
    assert s.turn == 1 and not s.discarded[1]
    act(s, 1, "tsumo")
    names = yaku_names(last(s)["wins"][0])
    assert "Chiihou" not in names and "Menzen Tsumo" in names


# ---------------------------------------------------------------- haitei, houtei, rinshan at the end


def test_example17_haitei_through_the_engine():
    # S1, dealer seat 0; seat 1 draws the last live tile and wins (open tanyao + haitei)
    s = table(
        {0: "1m9m1p9p1s9s2z3z5z6z7z3p6s9m", 1: "234p567p23s55p", 2: "1m9m1p9p1s9s2z3z5z6z7z3p6s"},
        0,
        "9m",
        melds={1: [("pon", "888s", 2)]},
        draws="4s",
        live=1,
        round_index=3,
    )
    tsumogiri(s)
    assert s.live == 0 and s.turn == 1
    # the haitei draw allows only tsumo or a discard
    assert all(a == "tsumo" or a.startswith("d:") for a in engine.legal_actions(s, 1))
    act(s, 1, "tsumo")
    h = last(s)
    w = h["wins"][0]
    assert (w["han"], w["fu"]) == (2, 30) and yaku_names(w) == {"Haitei Raoyue", "Tanyao"}
    assert h["deltas"] == [-1000, 1500, -500]
    assert s.round_index == 4 and s.dealer == 1 and s.honba == 0


def houtei_position():
    """South 1, seat 0 to discard the 8p with one tile left: seat 1 draws the last tile (4s), whose discard is the
    houtei tile; seat 0 holds two 4s, seat 2 waits on it."""
    return table(
        {0: "4s4s1m9m1p9p2z3z5z6z7z3p8p", 1: "1m9m9p1s9s2z3z5z6z7z3p6s7p", 2: "234p567p23s678s55p"},
        0,
        "8p",
        draws="4s",
        live=1,
        round_index=3,
    )


def test_houtei_ron_on_the_last_discard_and_no_pon_of_it():
    s = houtei_position()
    tsumogiri(s)
    assert s.live == 0 and s.turn == 1
    act(s, 1, "d:4s")
    # seat 0 holds two 4s but cannot pon the houtei tile; only seat 2 may ron
    assert engine.to_act(s) == [2] and engine.legal_actions(s, 2) == ["ron", "pass"]
    act(s, 2, "ron")
    h = last(s)
    w = h["wins"][0]
    assert (w["han"], w["fu"]) == (3, 30) and yaku_names(w) == {"Houtei Raoyui", "Pinfu", "Tanyao"}
    assert h["deltas"] == [0, -3900, 3900]


def test_passing_the_houtei_tile_ends_in_an_exhaustive_draw():
    s = houtei_position()
    tsumogiri(s)
    act(s, 1, "d:4s")
    act(s, 2, "pass")
    h = last(s)
    assert h["type"] == "exhaustive" and h["tenpai"] == [2] and h["deltas"] == [-1000, -1000, 2000]
    assert s.dealer == 1 and s.honba == 1


def test_kita_with_one_tile_left_is_rinshan_not_haitei_and_the_next_discard_is_houtei():
    # seat 1 draws a North with live = 1, kita leaves live = 0; the replacement wins as rinshan (example 5b)
    s = table(
        {1: "234p567p23s678s55p4z", 0: "1m9m1p9p1s9s2z3z5z6z7z3p6s", 2: "1m9m1p9p1s9s2z3z5z6z7z3p9s"},
        1,
        "4z",
        rinshan="4s",
        live=1,
    )
    act(s, 1, "kita")
    assert s.live == 0
    act(s, 1, "tsumo")
    h = last(s)
    w = h["wins"][0]
    assert "Rinshan Kaihou" in yaku_names(w) and "Haitei Raoyue" not in yaku_names(w)
    assert h["deltas"] == [-4000, 6000, -2000]
    # same, but the replacement does not win: the discard after it is the houtei tile
    s = table(
        {1: "234p567p23s678s55p4z", 0: "1m9m1p9p1s9s2z3z5z6z7z3p6s", 2: "234p678p34s678s99s"},
        1,
        "4z",
        rinshan="5s",
        live=1,
    )
    act(s, 1, "kita", "d:5s")
    assert engine.legal_actions(s, 2) == ["ron", "pass"]
    act(s, 2, "ron")
    assert "Houtei Raoyui" in yaku_names(last(s)["wins"][0])


# ---------------------------------------------------------------- §8 agari-yame

DEALER_TSUMO = "234p567p23s678s55p4s"  # + 4s: tsumo, pinfu, tanyao (3 han 20 fu: 1300 from each)
NOTEN = ("1m9m1p9p1s9s2z3z5z6z7z3p6s", "1m9m1p9p1s9s2z3z5z6z7z3p9s")


def s3_dealer_tsumo(scores, round_index=5, **opts):
    dealer = round_index % 3
    others = [x for x in range(3) if x != dealer]
    s = table(
        {dealer: DEALER_TSUMO, others[0]: NOTEN[0], others[1]: NOTEN[1]}, dealer, "4s", round_index=round_index, **opts
    )
    s.scores = list(scores)
    act(s, dealer, "tsumo")
    assert last(s)["type"] == "win" and last(s)["deltas"][dealer] == 2600
    return s


@pytest.mark.parametrize("round_index,east_only", [(5, False), (2, True)])
def test_agari_yame_all_last_dealer_wins_in_first_place(round_index, east_only):
    s = s3_dealer_tsumo([35000, 35000, 35000], round_index, east_only=east_only)
    assert s.phase == "over" and s.final["reason"] == "agari_yame"
    assert s.final["ranks"][2] == 1 and s.final["points"] == [33700, 33700, 37600]


def test_no_agari_yame_when_the_dealer_wins_but_is_not_first():
    s = s3_dealer_tsumo([45000, 30000, 30000])
    assert s.phase == "turn" and s.final is None
    assert s.round_index == 5 and s.dealer == 2 and s.honba == 1 and s.hand_no == 2  # S3 repeats


def test_no_agari_yame_before_the_last_hand_or_with_the_option_off():
    s = s3_dealer_tsumo([35000, 35000, 35000], round_index=2)  # E3 of a full game
    assert s.final is None and s.round_index == 2
    s = s3_dealer_tsumo([35000, 35000, 35000], agari_yame=False)
    assert s.final is None and s.round_index == 5 and s.honba == 1


def s3_dealer_tenpai_draw(scores):
    # S3: seat 1 discards the last tile; only the dealer (seat 2) is tenpai: +2000 / -1000 / -1000
    s = table({1: NOTEN[0] + "8p", 0: NOTEN[1], 2: "234p567p23s678s55p"}, 1, "8p", live=0, round_index=5)
    s.scores = list(scores)
    act(s, 1, "d:8p")
    assert last(s)["type"] == "exhaustive" and last(s)["deltas"] == [-1000, -1000, 2000]
    return s


def test_agari_yame_after_dealer_tenpai_at_an_exhaustive_draw():
    s = s3_dealer_tenpai_draw([35000, 35000, 35000])
    assert s.phase == "over" and s.final["reason"] == "agari_yame" and s.final["points"] == [34000, 34000, 37000]


def test_agari_yame_tie_for_first_goes_to_seat_order_so_the_game_goes_on():
    s = s3_dealer_tenpai_draw([38000, 32000, 35000])  # -> 37000 / 31000 / 37000: seat 0 ranks ahead
    assert s.final is None and s.round_index == 5 and s.honba == 1 and s.scores == [37000, 31000, 37000]


def test_no_agari_yame_after_an_abortive_draw():
    s = table(
        {2: "1m9m1p9p1s9s1z2z3z5z6z2p3p7z", 0: NOTEN[0], 1: NOTEN[1]},
        2,
        "7z",
        round_index=5,
        first_turn=True,
        dora="2s",
        ura="2s",
    )
    s.scores = [30000, 30000, 45000]
    act(s, 2, "kyuushu")
    assert last(s)["type"] == "abort" and s.final is None
    assert s.round_index == 5 and s.dealer == 2 and s.honba == 1

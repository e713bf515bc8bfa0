"""Sanma's result messages: each hand's title names the hand, its honba included."""

from __future__ import annotations

from bot.render import presentation
from games.sanma import events as ev

NAMES = ["Alice", "Bob", "Carol"]
render = presentation("sanma")  # the game's looks, as the bot reads them


def record(honba: int, **more) -> dict:
    return {
        "round": "East 1",
        "hand_no": 1,
        "honba": honba,
        "sticks": 0,
        "deltas": [0, 0, 0],
        "transfers": [],
        "scores": [35000, 35000, 35000],
        "dora_indicators": ["1z"],
        "seed": "ab" * 16,
        "hash": "cd" * 32,
        "dealer": 0,
        "renchan": True,
        **more,
    }


def title(outcome: dict) -> str:
    embed = render.summary(ev.HandEnd(outcome=outcome), NAMES)
    return embed.title


def test_a_repeat_of_the_same_round_is_told_apart_by_its_honba():
    draw = {"type": "exhaustive", "tenpai": [0], "tenpai_hands": {}, "nagashi": [], "draws": 0}
    assert title(record(0, **draw)) == "East 1 · Exhaustive draw"
    assert title(record(1, **draw)) == "East 1, 1 honba · Exhaustive draw"
    abort = {"type": "abort", "reason": "kyuushu_kyuuhai", "seat": 0, "revealed": None}
    assert title(record(2, **abort)) == "East 1, 2 honba · Abortive draw (nine terminals and honors)"


def test_consecutive_wins_of_the_same_round_read_apart():
    win = {
        "winner": 0,
        "from_seat": None,
        "kind": "tsumo",
        "robbed": None,
        "revealed": ["1m"] * 13,
        "win_tile": "1m",
        "melds": [],
        "kita": 0,
        "han": 1,
        "fu": 30,
        "limit": None,
        "yaku": [{"name": "Menzen tsumo", "han": 1}],
        "points": 1500,
        "pao": None,
        "riichi": False,
    }
    first = record(0, type="win", wins=[win], ura_indicators=[])
    second = record(1, type="win", wins=[{**win, "winner": 1}], ura_indicators=[])
    assert (title(first), title(second)) == ("East 1 · Alice wins", "East 1, 1 honba · Bob wins")

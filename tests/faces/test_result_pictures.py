"""Result pictures: a deal's result carries a picture of what scored — sanma's winning
hands (with the dora indicators), Koi-Koi's winning capture pile, Hachi-Hachi's capture piles, Black
Christmas Poker's winning hands — drawn from the public result event only: the faces pasted are exactly
the cards the event shows; a draw or a final standing has no picture."""

from __future__ import annotations

import io
from collections import Counter
from functools import cache

import pytest
from PIL import Image

import games
from bot.render import presentation
from bot.render.pictures import result_picture
from faces.table import Board, face_name
from tests.faces.table_games import result_events

NAMES = ["Alice", "Bob", "Carol", "Dave"]
MAX_BYTES = 100 * 1024
GAMES = ["sanma", "koikoi", "hachihachi", "bcpoker", "blackflower"]


def compose_result(game: str, event: dict, names: list[str]) -> Board | None:
    compose = presentation(game).result_picture
    return None if compose is None else compose(event, names)


@cache
def events(game: str) -> list[dict]:
    return result_events(game)


def shown_cards(game: str, e: dict) -> list[str]:
    """The cards a result event shows, written out independently of the drawing (empty: no picture)."""
    if game == "sanma":
        outcome = e.get("outcome") or {}
        if outcome.get("type") == "exhaustive":  # the hands shown tenpai
            return [t for hand in (outcome.get("tenpai_hands") or {}).values() for t in hand]
        if outcome.get("type") != "win":
            return []
        hands = [
            t
            for w in outcome["wins"]
            for t in w["revealed"] + [w["win_tile"]] + [t for m in w["melds"] for t in m["tiles"]] + ["4z"] * w["kita"]
        ]
        return hands + outcome["dora_indicators"] + outcome["ura_indicators"]
    if game == "koikoi":
        return e.get("captured", []) if e["type"] == "round_end" and e["winner"] is not None else []
    if game == "hachihachi":
        return [c for pile in e.get("captures", []) for c in pile] if e["type"] == "month_end" else []
    if game == "bcpoker":
        return [c for w in e["wins"] for c in w["hand"]] if e["type"] == "round_end" else []
    if game == "blackflower":  # a dealt round's end: the banker's hand and every seat's
        if e["type"] != "round_end" or not e.get("dealt"):
            return []
        return e["banker_hand"]["cards"] + [c for h in e["hands"] for c in h["cards"]]
    raise AssertionError(game)


@pytest.mark.parametrize("game", GAMES)
def test_a_result_picture_shows_exactly_the_cards_of_the_result(game):
    drawn = 0
    for e in events(game):
        board = compose_result(game, e, NAMES)
        cards = shown_cards(game, e)
        if not cards:
            assert board is None and result_picture(game, e, NAMES) is None, e["type"]
            continue
        drawn += 1
        assert Counter(board.faces) == Counter(face_name(presentation(game).faces, c) for c in cards)
    assert drawn >= 2, f"only {drawn} {game} results with a picture in the sampled games"


@pytest.mark.parametrize("game", GAMES)
def test_every_result_picture_is_a_small_png_the_same_for_the_same_result(game):
    for e in events(game):
        data = result_picture(game, e, NAMES)
        if data is None:
            continue
        img = Image.open(io.BytesIO(data))
        img.verify()
        assert img.format == "PNG" and len(data) < MAX_BYTES
        assert result_picture(game, e, NAMES) == data


def test_games_without_result_pictures_give_none(monkeypatch):
    monkeypatch.setattr(games, "_PACKAGES", dict(games._PACKAGES))
    monkeypatch.setattr(games, "_HOMES", dict(games._HOMES))
    games.register("tictactoe", "tests.toygame", home="tests.toygame.render")  # its home declares no result picture
    assert presentation("tictactoe").result_picture is None
    assert result_picture("tictactoe", {"type": "round_end"}, NAMES) is None


def test_an_exhaustive_draw_shows_the_tenpai_hands_and_every_seats_payment():
    draw = next(
        e
        for e in events("sanma")
        if (e.get("outcome") or {}).get("type") == "exhaustive" and e["outcome"]["tenpai_hands"]
    )
    outcome = draw["outcome"]
    board = compose_result("sanma", draw, NAMES)
    for seat, delta in enumerate(outcome["deltas"]):
        word = "tenpai" if str(seat) in outcome["tenpai_hands"] else "noten"
        assert f"{NAMES[seat]} · {word} · {delta:+d}" in board.texts
    assert any("exhaustive draw" in t and f"honba {outcome['honba']}" in t for t in board.texts)


def test_a_black_flower_round_shows_each_hand_with_its_result():
    end = next(e for e in events("blackflower") if e["type"] == "round_end" and e.get("dealt"))
    texts = compose_result("blackflower", end, NAMES).texts
    for h in end["hands"]:
        assert any(t.startswith(NAMES[h["seat"]]) and f"{h['net']:+d}" in t for t in texts), (h, texts)
    assert any(t.startswith(f"Banker {NAMES[end['banker']]}") for t in texts)

"""Hand panel pictures: drawn from one seat's own view — the faces pasted are exactly that
seat's cards and the public ones the panel needs, never a card hidden from the seat — small, and the same
view gives the same bytes."""

from __future__ import annotations

import io
from collections import Counter
from functools import cache

import pytest
from PIL import Image

from bot.render import presentation
from bot.render.pictures import panel_picture
from faces.table import Board, face_name
from games import game_names
from games.blackflower.views import HandView, SeatView
from games.hanafuda import MONTH
from tests.faces.table_games import hidden_faces_drawn, sampled_seat_views
from tests.faces.test_table_pictures import public_cards

MAX_BYTES = 60 * 1024
GAMES = [game for game in game_names() if presentation(game).panel_picture is not None]


def compose(game: str, view) -> Board | None:
    """The seat's panel picture as drawn (its faces and texts), from the game's home."""
    draw = presentation(game).panel_picture
    assert draw is not None
    return draw(view)


@cache
def samples(game: str) -> list[tuple[dict, dict]]:
    return sampled_seat_views(game)


def takes(hand: list[str], field: list[str]) -> list[str]:
    """The field cards of each hand card's month, all together."""
    return [f for card in hand for f in field if MONTH[f] == MONTH[card]]


def own_hands(v: SeatView) -> list[HandView]:
    return [v.banker_hand] if v.seat == v.banker and v.banker_hand else v.hands[v.seat]


def panel_cards(game: str, v: dict) -> list[str | None]:
    """What a seat's panel should draw, written out independently of the renderer (None: a back)."""
    if game == "sanma":
        return v.hand + v.waits + public_cards("sanma", v)
    if game == "koikoi":  # every side's captures: the seat's own and its opponents'
        return v.field + v.hand + takes(v.hand, v.field) + [c for s in v.sides for c in s.captures]
    if game == "hachihachi":
        return v.table + v.hand + takes(v.hand, v.table) + [c for s in v.active for c in v.captures[s]]
    if game == "blackflower":
        return [c for h in own_hands(v) for c in h.cards]
    if game == "bcpoker":  # the hand, the deck and the top discard (the other hands as counts, not backs)
        return v.hand + [None] + ([v.pile_top.card] if v.pile_top else [])
    raise AssertionError(game)


def holds_cards(game: str, v: dict) -> bool:
    return bool(own_hands(v) if game == "blackflower" else v.hand)


@pytest.mark.parametrize("game", GAMES)
def test_every_sampled_panel_with_cards_is_a_small_valid_png(game):
    drawn = 0
    for view, _ in samples(game):
        data = panel_picture(game, view)
        if not holds_cards(game, view):
            assert data is None
            continue
        img = Image.open(io.BytesIO(data))
        img.verify()
        assert img.format == "PNG" and len(data) < MAX_BYTES
        drawn += 1
    assert drawn >= 10


@pytest.mark.parametrize("game", GAMES)
def test_the_faces_drawn_are_the_seats_own_cards_and_the_public_ones(game):
    for view, _ in samples(game):
        if holds_cards(game, view):
            drawn = Counter(compose(game, view).faces)
            assert drawn == Counter(face_name(presentation(game).faces, c) for c in panel_cards(game, view))


@pytest.mark.parametrize("game", ["koikoi", "hachihachi", "blackflower"])
def test_no_card_hidden_from_the_seat_is_drawn(game):
    """Hanafuda codes are unique, so the face of another seat's hidden card must not appear at all."""
    holding = [(view, hidden) for view, hidden in samples(game) if holds_cards(game, view)]
    shown, seen = hidden_faces_drawn(game, holding, compose)
    assert not shown and seen  # none drawn, and the samples did hold other seats' hidden cards


def test_the_sanma_hand_is_drawn_sorted_with_the_drawn_tile_last():
    with_drawn = [v for v, _ in samples("sanma") if v.drawn]
    assert with_drawn
    for view in with_drawn:
        hand = list(view.hand)
        hand.remove(view.drawn)
        faces = compose("sanma", view).faces[: len(view.hand)]
        assert faces == [face_name("sanma", t) for t in hand + [view.drawn]]


def test_sanma_waits_are_drawn_when_tenpai():
    tenpai = [v for v, _ in samples("sanma") + sampled_seat_views("sanma", seed="tenpai", every=3) if v.waits]
    assert tenpai, "no tenpai seat in the samples"
    for view in tenpai:
        faces = compose("sanma", view).faces
        n = len(view.hand)
        assert faces[n : n + len(view.waits)] == [face_name("sanma", t) for t in view.waits]


@pytest.mark.parametrize("game", GAMES)
def test_the_same_view_gives_the_same_bytes(game):
    view = next(v for v, _ in samples(game) if holds_cards(game, v))
    assert panel_picture(game, view) == panel_picture(game, view)


def test_a_black_flower_bet_does_not_redraw_the_other_seats_panel_pictures():
    """A bet changes every seat's view (the bets shown) but not the hand a panel picture draws: the presenter's
    picture cache is keyed on what the picture is drawn from, so ten players' bets are not ten redraws each."""
    from games.base import SeatInfo
    from games.blackflower import GAME, Options

    seats = [SeatInfo(name=f"P{i}", bot=False, balance=None) for i in range(4)]
    state = GAME.new_game(Options(rounds=1), seats, "bet-seed")
    before = [GAME.view(state, seat) for seat in range(4)]
    better = next(seat for seat in range(4) if GAME.legal_actions(state, seat))
    GAME.apply(state, better, next(a for a in GAME.legal_actions(state, better) if a.startswith("bet:")))
    after = [GAME.view(state, seat) for seat in range(4)]
    for seat in range(4):
        if seat != better:
            assert after[seat] != before[seat]  # the bet is in everyone's view
            drawn_from = presentation("blackflower").panel_drawn_from
            assert drawn_from(after[seat]) == drawn_from(before[seat])


def test_fishing_panels_show_every_opponents_captures_and_points():
    """A Koi-Koi or Hachi-Hachi panel shows the seat's own pile first, then each opponent's, each under a line
    with its name and points (Hachi-Hachi: card points and cash), so that no one scrolls up to the table."""
    checked = 0
    for game in ("koikoi", "hachihachi"):
        for view, _ in samples(game):
            if not holds_cards(game, view):
                continue
            texts = compose(game, view).texts
            seat = view.seat
            if game == "koikoi":
                others = [s for side in view.sides if seat not in side.seats for s in side.seats]
                for s in others:
                    assert any(t.startswith(f"{view.seats[s]} · {view.scores[s]} pts") for t in texts), texts
                assert any(t.startswith(f"You · {view.scores[seat]} pts") for t in texts), texts
            else:
                for s in view.active:
                    who = "You" if s == seat else view.seats[s]
                    assert f"{who} · {view.card_points[s]} pts · cash {view.cash[s]}p" in " ".join(texts), texts
            checked += 1
    assert checked >= 10

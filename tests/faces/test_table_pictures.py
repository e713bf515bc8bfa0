"""Table pictures: every game's public table renders as a small PNG, drawn from the
public view only — the faces pasted are exactly the cards the public view names, never a hidden card —
and the same view gives the same bytes while a changed view gives a changed picture."""

from __future__ import annotations

import copy
import io
from collections import Counter
from functools import cache

import pytest
from PIL import Image

from bot.render import presentation
from bot.render.pictures import table_picture
from faces.table import Board, face_name
from games import get_game
from games.fishing import FlipChoice
from games.sanma.views import Meld
from games.simulate import bot_seats, play_game
from tests.faces.table_games import SETUPS, hidden_faces_drawn, sampled_views, table_board

MAX_BYTES = 100 * 1024
GAMES = list(SETUPS)


@cache
def samples(game: str) -> list[tuple[dict, dict]]:
    return sampled_views(game)


def public_cards(game: str, v: dict) -> list[str | None]:
    """Every card/tile the public view shows, written out independently of the renderer (None: a back)."""
    if game == "sanma":
        return (
            v.dora_indicators
            + [r.tile for river in v.rivers for r in river]
            + [t for melds in v.melds for m in melds for t in m.tiles]
            + ["4z"] * sum(v.kita)
        )
    if game == "koikoi":  # the pile's back beside the field (a line of text when there is no card to show)
        return (
            [None] * bool(v.field or v.pending)
            + v.field
            + [c for side in v.sides for c in side.captures]
            + ([v.pending.card] if v.pending else [])
        )
    if game == "hachihachi":
        return (
            [None] * bool(v.table or v.pending)
            + v.table
            + [c for cap in v.captures for c in cap]
            + [c for d in v.declared if d for c in d.face_up]
            + ([v.pending.card] if v.pending else [])
        )
    if game == "blackflower":
        hands = [h for seat in v.hands for h in seat] + ([v.banker_hand] if v.banker_hand else [])
        return [c for h in hands for c in h.cards]
    if game == "bcpoker":
        return [None] + ([v.pile_top.card] if v.pile_top else []) + [None] * sum(v.hand_counts)
    raise AssertionError(game)


@pytest.mark.parametrize("game", GAMES)
def test_every_sampled_table_is_a_small_valid_png(game):
    assert len(samples(game)) >= 5
    for view, _ in samples(game):
        data = table_picture(game, view)
        img = Image.open(io.BytesIO(data))
        img.verify()
        assert img.format == "PNG" and len(data) < MAX_BYTES


@pytest.mark.parametrize("game", GAMES)
def test_the_faces_drawn_are_exactly_the_public_cards(game):
    for view, _ in samples(game):
        drawn = Counter(table_board(game, view).faces)
        assert drawn == Counter(face_name(presentation(game).faces, c) for c in public_cards(game, view))


@pytest.mark.parametrize("game", ["koikoi", "hachihachi", "blackflower"])
def test_no_hidden_card_is_drawn(game):
    """Hanafuda codes are unique, so a hidden card's face must not appear at all."""
    shown, seen = hidden_faces_drawn(game, samples(game), table_board)
    assert not shown and seen  # none drawn, and the samples did hold hidden cards


def test_sanma_turns_riichi_tiles_and_marks_called_ones():
    def faces_of(view):
        return table_board("sanma", view).png()

    view = next(v for v, _ in samples("sanma") if any(len(r) > 3 for r in v.rivers))
    plain = copy.deepcopy(view)
    for river in plain.rivers:
        for r in river:
            r.riichi = r.called = False
    turned, called = copy.deepcopy(plain), copy.deepcopy(plain)
    turned.rivers[0][1].riichi = True
    called.rivers[0][2].called = True
    assert len({faces_of(plain), faces_of(turned), faces_of(called)}) == 3


@pytest.mark.parametrize("game", GAMES)
def test_same_view_same_bytes_changed_view_changed_picture(game):
    pictures = []
    for view, _ in samples(game):
        data = table_picture(game, view)
        assert table_picture(game, copy.deepcopy(view)) == data
        pictures.append((Counter(table_board(game, view).faces), data))
    for (faces_a, a), (faces_b, b) in zip(pictures, pictures[1:]):
        if faces_a != faces_b:
            assert a != b
    view = copy.deepcopy(samples(game)[-1][0])
    before = table_picture(game, view)
    key = {"blackflower": "chips", "hachihachi": "cash"}.get(game, "scores")
    getattr(view, key)[0] += 1000
    assert table_picture(game, view) != before


def test_sanma_public_view_names_the_tile_each_meld_took():
    """The view gives each open meld's ``called_index``: the position in its tiles of the discard it took."""
    game, checked = get_game("sanma"), 0

    def check(state, events):
        nonlocal checked
        for e in events:
            if e.type == "call" and e.from_seat is not None:
                meld = game.public_view(state).melds[e.player][-1]
                assert meld.from_seat == e.from_seat and meld.tiles[meld.called_index] == e.tile
                checked += 1

    for n in range(4):
        play_game(game, game.Options(), bot_seats(3), f"called-{n}", check=check)
    assert checked >= 3


def test_sanma_turns_riichi_discards_and_each_melds_called_tile_on_its_giver_side():
    view = copy.deepcopy(samples("sanma")[-1][0])
    riichi = [r.tile for river in view.rivers for r in river if r.riichi]
    for melds in view.melds:
        melds.clear()
    view.kita = [0, 0, 0]
    view.melds[0] = [
        Meld(type="pon", tiles=["0p", "5p", "5p"], from_seat=2, called_index=0),  # from the left
        Meld(type="pon", tiles=["0s", "5s", "5s"], from_seat=1, called_index=0),
    ]  # from the right
    board = table_board("sanma", view)
    assert Counter(board.turned) == Counter(face_name("sanma", t) for t in riichi + ["0p", "0s"])
    pons = [f for f in board.faces if f.startswith(("sanma_5p", "sanma_5s"))][:6]
    assert pons == ["sanma_5p_red", "sanma_5p", "sanma_5p", "sanma_5s", "sanma_5s", "sanma_5s_red"]
    older = copy.deepcopy(view)  # melds restored from a snapshot that did not keep the called tile: none turned
    for meld in older.melds[0]:
        meld.called_index = None
    assert Counter(table_board("sanma", older).turned) == Counter(face_name("sanma", t) for t in riichi)


def test_seat_names_without_latin_letters_are_drawn_as_seat_numbers():
    """Pillow's bundled font has Latin letters only: 花子 and 太郎 would both be "??", so they become seats 1 and 2."""
    from faces.table import _plain

    assert _plain("花子") == _plain("🎴🎴") == ""
    assert _plain("Zoë 花") == "Zoë ?" and _plain("Bot 2") == "Bot 2"


def test_a_capture_pile_too_long_for_one_line_wraps_without_drawing_over_itself():
    """All 48 cards captured: the rank groups wrap onto further lines and no face covers another."""
    from faces.table import capture_groups
    from games import hanafuda as hf

    board = Board("hanafuda")
    capture_groups(board, "Alice", list(hf.ORDER), 34)
    assert len(board.boxes) == 48
    for i, a in enumerate(board.boxes):
        for b in board.boxes[i + 1 :]:
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (a, b)
    assert board.y >= max(bottom for *_, bottom in board.boxes)


PHASES = {
    "koikoi": {"play", "choose_take", "decide"},
    "hachihachi": {"mizuten", "bidding", "declare", "play", "take", "decide", "repay"},
    "blackflower": {"betting", "niko", "play", "banker_niko", "banker", "offer"},
    "bcpoker": {"draw", "discard", "hit_draw", "hit_riichi", "hit_decide", "exchange", "ron"},
}


@pytest.mark.parametrize("game", list(PHASES))
def test_the_picture_says_who_is_to_act_in_words_not_phase_names(game):
    """No internal phase name ("choose_take", "hit_decide") in a picture; the seat to act is named with what
    it is to do."""
    seen = set()
    for view, _ in samples(game):
        texts = table_board(game, view).texts
        words = {w.strip(" ·") for t in texts for w in t.split()}
        assert not words & {p for p in PHASES[game] if "_" in p or p in ("betting", "bidding")}, texts
        phase = view.phase
        seen.add(phase)
        if phase in PHASES[game]:
            assert any(" to " in t for t in texts), (phase, texts)
    assert len(seen & PHASES[game]) >= 2


def test_koikoi_choose_take_reads_as_a_choice_of_capture():
    seen = samples("koikoi")[3][0]
    view = seen.model_copy(
        update={"phase": "choose_take", "turn": 1, "pending": FlipChoice(card=seen.field[0], choices=seen.field[:2])}
    )
    texts = table_board("koikoi", view).texts
    assert any(t.endswith(f"{view.seats[1]} to choose a capture") for t in texts), texts
    assert not any("choose_take" in t for t in texts)


def test_hachihachi_seats_show_their_cash_and_no_total_outside_a_campaign():
    view = samples("hachihachi")[-1][0]
    assert view.games_total == 1
    texts = table_board("hachihachi", view).texts
    assert not any("total" in t for t in texts), texts
    for s in view.active:  # the seat's label: its name, card points, cash (and debt), on a line or a part a line
        at = next(i for i, t in enumerate(texts) if t.startswith(view.seats[s]))
        label = " · ".join(texts[at : at + 3]) if texts[at] == f"{view.seats[s]} (bot)" else texts[at]
        expected = f"{view.seats[s]} (bot) · {view.card_points[s]} pts · cash {view.cash[s]}p"
        assert label.startswith(expected), texts
    campaign = view.model_copy(update={"games_total": 3, "game_no": 2, "totals": [40, -10, -30]})
    texts = table_board("hachihachi", campaign).texts
    assert any("game 2 of 3" in t for t in texts)
    assert all(any(f"total {campaign.totals[s]}" in t for t in texts) for s in campaign.active)


# the smallest face height (pixels, the picture shown at its own size) for a card's month/number and kind to
# be read; a sanma tile's sign reads smaller
READABLE = {"sanma": 24, "koikoi": 30, "hachihachi": 30, "blackflower": 30, "bcpoker": 24}


@pytest.mark.parametrize("game", GAMES)
def test_every_table_picture_is_shown_at_its_own_size_with_readable_cards(game):
    """Discord's client shows an embed image at most 400x300: every sampled picture fits that box (so it is
    not shrunk) and its smallest card is still readable there."""
    for view, _ in samples(game):
        board = table_board(game, view)
        width, height = Image.open(io.BytesIO(board.png())).size
        assert width <= 400 and height <= 300, (game, width, height)
        for left, top, right, bottom in board.boxes:  # a turned tile lies on its side: its length
            assert max(right - left, bottom - top) >= READABLE[game], (game, board.card, (left, top, right, bottom))


def test_sanma_melds_never_cover_a_river():
    """Melds go on the right of their seat's river (which wraps before them), or on a row of their own when
    they are too wide for that: no face is drawn over another, whatever the melds."""
    view = copy.deepcopy(samples("sanma")[-1][0])
    view.melds[0] = [
        Meld(type="pon", tiles=["0p", "5p", "5p"], from_seat=2, called_index=0),
        Meld(type="pon", tiles=["7z", "7z", "7z"], from_seat=1, called_index=0),
    ]
    view.melds[1] = [Meld(type="pon", tiles=["1z", "1z", "1z"], from_seat=0, called_index=1)]
    view.kita = [1, 2, 0]
    for river in view.rivers:
        river.extend(copy.deepcopy(river[:1]) * (20 - len(river)))  # long rivers, wrapping
    boxes = table_board("sanma", view).boxes
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (a, b)


def test_lettering_rendered_once_is_every_pixel_of_the_text():
    """A text is rendered once and pasted after: its mask holds every pixel ImageDraw draws for it (a score's
    last digit was cut off when the mask was measured for smoothed text)."""
    from PIL import ImageDraw

    from faces.lettering import font, pieces
    from faces.table import TEXT, TITLE

    for text in ("East · Alice · 35000", "South · Bot 1 (bot) · 35000", "Wj · -1400 · RIICHI", "month 8 of 12"):
        for size in (TEXT, TITLE):
            reference = Image.new("1", (400, 40), 0)
            ImageDraw.Draw(reference).text((0, 0), text, font=font(size), fill=1)
            placed = Image.new("1", (400, 40), 0)
            for left, width, height, mask in pieces(text, size):
                placed.paste(255, (left, 0, left + width, height), mask)
            assert placed.tobytes() == reference.tobytes(), (text, size)

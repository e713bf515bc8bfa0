"""What a hand panel holds: what each hand card would capture, and nothing of a card hidden
from its seat — in its text, its buttons or its picture — at every step of seeded games."""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest

from bot.presenter import DiscordPresenter
from bot.render import presentation
from faces.table import face_name
from games import get_game, hanafuda
from games.simulate import bot_seats
from tests.bot.playing_tables import playing_table
from tests.e2e.conftest import _version_text

PLAYERS = {"koikoi": 2, "hachihachi": 3, "blackflower": 4}
STEPS = 150


def seeded_tables(name: str, seed: str):
    """A table of ``name`` with human seats, at every step of a seeded bot game."""
    game = get_game(name)
    players = PLAYERS[name]
    options = game.Options(**({"players": players} if "players" in game.Options.model_fields else {}))
    state = game.new_game(options, bot_seats(players), seed)
    names = [f"Player {i + 1}" for i in range(players)]
    for step in range(STEPS):
        if game.is_over(state):
            return
        yield playing_table(game, state, names, table_id=7, version=step)
        seat = game.to_act(state)[0]
        game.apply(state, seat, game.bot_choose(game.view(state, seat), game.legal_actions(state, seat), step))


def panel_text(panel: dict) -> str:
    return _version_text(
        SimpleNamespace(
            content=panel["content"], embeds=[panel["embed"].to_dict()], components=panel["view"].to_components()
        )
    )


@pytest.mark.parametrize("name", list(PLAYERS))
async def test_no_panel_shows_a_card_hidden_from_its_seat(name):
    """Hanafuda codes are unique: another seat's hidden card must not be named, nor drawn, in a panel."""
    presenter = DiscordPresenter(client=None)
    checked = 0
    for table in seeded_tables(name, "panel-contents"):
        hidden = table.game.hidden_cards(table.state)
        for seat in range(len(table.seats)):
            secret = {c for s, cards in hidden.items() if s != seat for c in cards}
            panel = presenter.panel_payload(table, 100 + seat)
            text = panel_text(panel)
            named = [c for c in secret if re.search(rf"(?<![0-9A-Za-z]){re.escape(c)}(?![0-9A-Za-z])", text)]
            assert not named, text
            if panel["picture"]:
                drawn = set(presentation(name).panel_picture(table.game.view(table.state, seat)).faces)
                assert not drawn & {face_name(presentation(name).faces, c) for c in secret}
            checked += len(secret)
    assert checked >= 20  # hidden cards were there to leak


@pytest.mark.parametrize("name", ["koikoi", "hachihachi"])
def test_the_panel_says_what_each_hand_card_would_capture(name):
    field_key = {"koikoi": "field", "hachihachi": "table"}[name]
    single = double = none = 0
    for table in seeded_tables(name, "captures"):
        seat = table.game.to_act(table.state)[0]
        view = table.game.view(table.state, seat)
        if not view.hand or view.phase == "over":
            continue
        embed, _ = presentation(name).panel(view, [], [s.name for s in table.seats], None)
        lines = embed.description.split("\n")
        for code in view.hand:
            (line,) = [
                ln
                for ln in lines
                if ln.startswith(f"{hanafuda.MONTH_EMOJI[hanafuda.MONTH[code]]}{hanafuda.FULL_NAMES[code]} →")
            ]
            matches = [c for c in getattr(view, field_key) if hanafuda.MONTH[c] == hanafuda.MONTH[code]]
            if not matches:
                assert "nothing" in line
                none += 1
            elif len(matches) == 2:
                assert "your choice" in line and all(hanafuda.FULL_NAMES[c] in line for c in matches)
                double += 1
            else:
                assert all(hanafuda.FULL_NAMES[c] in line for c in matches)
                single += 1
    assert single and double and none

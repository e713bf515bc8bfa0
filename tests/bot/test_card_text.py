"""Hanafuda and BCP cards in Discord text have one name each, the name their buttons show ("Susuki grass
Geese", never "8A Geese" or a bare "8A"; "Red 3", never "R3"), and capture piles read as cards grouped by
kind, not as codes — in the table message, the hand panels, the narration and the results, at every step of
seeded games."""

from __future__ import annotations

import re

import pytest

from bot.render import presentation
from games import get_game, hanafuda
from games.bcpoker.cards import name as bcp_name
from games.simulate import bot_seats
from tests.bot.test_hand_panel_contents import PLAYERS, STEPS

HANAFUDA_CODE = re.compile(r"(?<![0-9A-Za-z])(?:1[0-2]|[1-9])(?:L|A|R|C[1-3]?)(?![0-9A-Za-z])")  # 8A, 3L, 12C3
BCP_CODE = re.compile(r"(?<![0-9A-Za-z])(?:[RGK][1-7]|KX)(?![0-9A-Za-z])")  # R3, K7, KX
SEATS = {**PLAYERS, "bcpoker": 3}


def embed_text(embed) -> str:
    return "\n".join([embed.title or "", embed.description or ""] + [f"{f.name}\n{f.value}" for f in embed.fields])


def texts(name: str, seed: str):
    """Every table text, panel text, narration line and summary of a seeded game of ``name``."""
    game, renderer = get_game(name), presentation(name)
    players = SEATS[name]
    options = game.Options(**({"players": players} if "players" in game.Options.model_fields else {}))
    balances = [1000] * players if getattr(game, "uses_balances", False) else None
    state = game.new_game(options, bot_seats(players, balances), seed)
    names = [f"Player {i + 1}" for i in range(players)]
    for step in range(STEPS):
        if game.is_over(state):
            return
        yield embed_text(renderer.table_embed(game.public_view(state), names, None))
        for seat in range(players):
            view = game.view(state, seat)
            yield embed_text(renderer.panel(view, game.legal_actions(state, seat), names, None)[0])
        seat = game.to_act(state)[0]
        events = game.apply(state, seat, game.bot_choose(game.view(state, seat), game.legal_actions(state, seat), step))
        for event in events:
            if event.seat is None:
                yield renderer.narrate(event, names) or ""
                if (summary := renderer.summary(event, names)) is not None:
                    yield embed_text(summary)


@pytest.mark.parametrize("name", list(SEATS))
def test_every_card_in_text_is_named_by_its_one_name_never_by_its_code(name):
    code, names = (
        (BCP_CODE, {c: bcp_name(c) for c in ("R1", "G4", "K7", "KX")})
        if name == "bcpoker"
        else (HANAFUDA_CODE, hanafuda.FULL_NAMES)
    )
    named = set()
    for text in texts(name, "names"):
        assert not code.search(text), code.search(text).group() + " in " + text[:400]
        named |= {c for c, full in names.items() if full in text}
    assert len(named) >= min(20, len(names))  # the cards were named (by their one name)


def test_a_capture_pile_reads_as_its_cards_grouped_by_kind():
    from bot.render.hanafuda_cards import pile

    assert pile(["8C1", "1L", "8A", "3R"]) == (
        "Brights Pine Crane · Animals Susuki grass Geese · Ribbons Cherry poetry ribbon · Chaff Susuki chaff 1"
    )
    assert pile([], "no captures") == "no captures"


def test_a_card_text_written_before_its_face_was_uploaded_shows_the_face_after(monkeypatch):
    """Card and tile texts are kept once written: a face uploaded (or forgotten) since then is shown (or left out)
    by the next text, never the text kept from before."""
    from bot.emoji import FACES
    from bot.render.hanafuda_cards import card, cards, pile
    from bot.render.sanma.words import tile, tiles

    monkeypatch.setattr(FACES, "emoji", {})
    assert (card("1L"), cards(["1L", "8L"]), tile("5p"), tiles(["0p", "E"])) == (
        "🌲Pine Crane",
        "🌲Pine Crane · 🌕Susuki grass Moon",
        "5p",
        "r5p E",
    )
    assert pile(["1L", "8L"]) == "Brights Pine Crane, Susuki grass Moon"
    FACES.emoji.update(
        {
            ("hanafuda", "1L"): "<:hf_01_crane:1300000000000000001>",
            ("hanafuda", "8L"): "<:hf_08_moon:1300000000000000002>",
            ("sanma", "5p"): "<:sanma_5p:1300000000000000003>",
        }
    )
    assert card("1L") == "<:hf_01_crane:1300000000000000001>Pine Crane"
    assert (
        cards(["8L", "1L"])
        == "<:hf_01_crane:1300000000000000001>Pine Crane · <:hf_08_moon:1300000000000000002>Susuki grass Moon"
    )
    assert pile(["1L", "8L"]) == "Brights <:hf_01_crane:1300000000000000001><:hf_08_moon:1300000000000000002>"
    assert (tile("5p"), tiles(["0p", "5p"])) == (
        "<:sanma_5p:1300000000000000003>5p",
        "r5p <:sanma_5p:1300000000000000003>5p",
    )
    FACES.emoji.clear()
    assert (card("1L"), tile("5p")) == ("🌲Pine Crane", "5p")


async def test_a_face_uploaded_again_shows_its_new_emoji_in_every_kept_text_and_panel(monkeypatch):
    """Texts and panels are kept per the faces shown, not per how many there are: a face uploaded again (a new emoji
    in place of the old one, as many faces as before) shows its new emoji at once, in the panel and its buttons."""
    from bot.emoji import FACES
    from bot.presenter import DiscordPresenter
    from bot.render.fishing import capture_lines
    from bot.render.hanafuda_cards import cards, pile
    from bot.render.koikoi.embeds import button
    from tests.bot.test_hand_panel_contents import panel_text, seeded_tables

    def uploaded(first_id: int) -> dict[tuple[str, str], str]:
        return {("hanafuda", c): f"<:hf_{n}:{first_id + n}>" for n, c in enumerate(hanafuda.FULL_NAMES)}

    old, new = uploaded(1_300_000_000_000_000_000), uploaded(1_400_000_000_000_000_000)
    monkeypatch.setattr(FACES, "emoji", old)
    table = next(seeded_tables("koikoi", "faces again"))
    seat = table.to_act()[0]
    view = table.game.view(table.state, seat)
    presenter = DiscordPresenter(client=None)
    mover = table.seats[seat].user_id

    def texts() -> list[str]:
        return [
            panel_text(presenter.panel_payload(table, mover)),
            cards(view.hand),
            pile(view.field),
            "\n".join(capture_lines(view.hand, view.field)),
            str(button(table.choices(seat)[0], view.field).emoji),
        ]

    before = texts()
    assert all("<:hf_" in text and ":14000" not in text for text in before)
    FACES.emoji.update(new)
    assert len(FACES.emoji) == len(old)
    after = texts()
    assert all("<:hf_" in text and ":13000" not in text for text in after), after


def test_a_river_shows_a_tile_s_new_emoji_once_its_face_is_uploaded_again(monkeypatch):
    """Sanma's rivers are written once per river and faces shown: a face uploaded again shows its new emoji in the
    table's rivers at once."""
    from bot.emoji import FACES
    from games.simulate import play_game

    game = get_game("sanma")
    states = []
    play_game(game, game.Options(), bot_seats(3), "rivers", check=lambda s, e: states.append(s.model_copy(deep=True)))
    view = game.public_view(states[30])
    discarded = {r.tile for river in view.rivers for r in river}

    def uploaded(first_id: int) -> dict[tuple[str, str], str]:
        return {("sanma", code): f"<:sanma_{n}:{first_id + n}>" for n, code in enumerate(sorted(discarded))}

    monkeypatch.setattr(FACES, "emoji", uploaded(1_300_000_000_000_000_000))
    names = ["Ann", "Bo", "Cy"]
    rivers = "\n".join(f.value for f in presentation("sanma").table_embed(view, names, None).fields)
    assert ":13000" in rivers and ":14000" not in rivers
    FACES.emoji.update(uploaded(1_400_000_000_000_000_000))
    rivers = "\n".join(f.value for f in presentation("sanma").table_embed(view, names, None).fields)
    assert ":14000" in rivers and ":13000" not in rivers

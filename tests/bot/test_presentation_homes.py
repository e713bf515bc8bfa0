"""A presentation home is declared from its modules by convention (``Presentation.from_modules``): each part is what
a module names as the part is named, a constant in capitals, so a home's own file lists only its modules."""

from __future__ import annotations

from types import ModuleType, SimpleNamespace

import pytest

from bot.render import Presentation, holds_hand, presentation
from games import game_names


def module(name: str, **parts: object) -> ModuleType:
    found = ModuleType(name)
    found.__dict__.update(parts)
    return found


def table_embed(view, names, deadline):
    return "table"


def panel(view, legal, names, deadline):
    return "panel", []


def narrate(event, names):
    return "a line"


def summary(event, names):
    return None


def action_label(action):
    return action.upper()


def table_picture(view):
    return "board"


EMBEDS = module("home.embeds", table_embed=table_embed, panel=panel, narrate=narrate, action_label=action_label)
NARRATION = module("home.narration", narrate=narrate, summary=summary)  # narrate imported again: the same one
PICTURES = module("home.pictures", table_picture=table_picture, FACES="hanafuda")
WORDS = module("home.words", RULES="Mark three in a row.", rules="not the summary: a part is found in capitals")


def test_each_part_is_what_a_module_names_as_it_is_named():
    looks = Presentation.from_modules(EMBEDS, NARRATION, PICTURES, WORDS)
    assert (looks.table_embed, looks.panel, looks.narrate, looks.summary, looks.action_label) == (
        table_embed,
        panel,
        narrate,
        summary,
        action_label,
    )
    assert (looks.table_picture, looks.faces, looks.rules) == (table_picture, "hanafuda", "Mark three in a row.")


def test_a_part_no_module_names_keeps_its_default_and_a_declared_part_wins():
    looks = Presentation.from_modules(EMBEDS, NARRATION, rules="Declared.")
    assert looks.rules == "Declared." and looks.faces is None
    assert looks.table_picture is None and looks.panel_picture is None and looks.result_picture is None


def test_two_modules_naming_a_part_as_different_things_is_an_error():
    other = module("home.other", summary=lambda event, names: None)
    with pytest.raises(TypeError, match="summary .*home.narration, home.other"):
        Presentation.from_modules(EMBEDS, NARRATION, other)
    assert Presentation.from_modules(EMBEDS, NARRATION, other, summary=summary).summary is summary


def test_a_home_missing_a_required_part_is_refused():
    with pytest.raises(TypeError, match="summary"):
        Presentation.from_modules(EMBEDS)


def test_a_panel_picture_is_drawn_by_default_when_the_seat_holds_cards():
    looks = Presentation.from_modules(EMBEDS, NARRATION)
    assert looks.panel_shows is holds_hand
    assert looks.panel_shows(SimpleNamespace(hand=["1L"])) and not looks.panel_shows(SimpleNamespace(hand=[]))


@pytest.mark.parametrize("name", game_names())
def test_every_game_s_home_declares_all_its_looks(name):
    looks = presentation(name)
    assert "\n## " in looks.rules and looks.faces in ("hanafuda", "sanma", "bcpoker")
    assert None not in (looks.table_picture, looks.panel_picture, looks.result_picture)

"""Actions without arguments: each member of a game's ``Words`` enum is its wire string, has its words, and is the
action its string parses to."""

from __future__ import annotations

from types import ModuleType

import pytest

from games.bcpoker import actions as bcpoker
from games.blackflower import actions as blackflower
from games.hachihachi import actions as hachihachi
from games.koikoi import actions as koikoi
from games.sanma import actions as sanma
from games.words import Words

ENUMS = [(bcpoker, bcpoker.Word), (blackflower, blackflower.Move), (hachihachi, hachihachi.Call)]
ENUMS += [(koikoi, koikoi.Decision), (sanma, sanma.Word)]


class Toy(Words):
    GO = "go", "Go on"
    STOP = "stop", "Stop here"
    PASS = "pass"  # no words given: the wire string capitalised


def test_a_member_is_its_wire_string_with_its_words() -> None:
    assert Toy.GO == "go" and str(Toy.GO) == "go" and f"{Toy.STOP}" == "stop"
    assert (Toy.GO.text, Toy.STOP.text, Toy.PASS.text) == ("Go on", "Stop here", "Pass")
    assert Toy.read("stop") is Toy.STOP
    assert Toy.read("Stop here") is None and Toy.read("STOP") is None and Toy.read("") is None


@pytest.mark.parametrize(("module", "words"), ENUMS, ids=lambda v: getattr(v, "__name__", ""))
def test_every_game_parses_each_word_to_its_member_and_describes_it(module: ModuleType, words: type[Words]) -> None:
    assert list(words), "a game's words enum has members"
    for member in words:
        assert module.parse(str(member)) is member
        assert module.describe(str(member)) == member.text != ""

"""``@tagged``: an event's type is written once, above its class, and reads and writes as a literal of its union."""

from __future__ import annotations

import typing
from typing import Annotated, Literal

import pytest
from pydantic import Field, TypeAdapter, ValidationError

from games.bcpoker import events as bcpoker
from games.blackflower import events as blackflower
from games.events import Acted, GameEvent, tagged
from games.hachihachi import events as hachihachi
from games.koikoi import events as koikoi
from games.sanma import events as sanma
from tests.toygame import events as toygame


@tagged("ping")
class Ping(GameEvent):
    """A toy event."""

    player: int


@tagged("pong")
class Pong(GameEvent):
    player: int
    loud: bool = False


PINGPONG = TypeAdapter(Annotated[Ping | Pong, Field(discriminator="type")])


def test_the_tag_is_the_type_and_its_default() -> None:
    assert Ping(player=1).model_dump() == {"type": "ping", "seat": None, "player": 1}
    assert Ping.model_fields["type"].annotation == Literal["ping"]
    assert Ping.__name__ == "Ping" and Ping.__module__ == __name__ and Ping.__doc__ == "A toy event."


def test_the_union_reads_each_tag_as_its_class_and_refuses_another() -> None:
    assert isinstance(PINGPONG.validate_python({"type": "pong", "player": 2}), Pong)
    assert isinstance(PINGPONG.validate_json('{"type": "ping", "player": 0}'), Ping)
    with pytest.raises(ValidationError):
        PINGPONG.validate_python({"type": "pang", "player": 0})
    with pytest.raises(ValidationError):
        Ping(type="pong", player=1)  # a tag is a literal: an event cannot claim another's type


def test_an_untagged_event_cannot_join_a_union() -> None:
    class Untagged(GameEvent):
        player: int

    with pytest.raises(Exception, match="type"):
        TypeAdapter(Annotated[Ping | Untagged, Field(discriminator="type")])


@pytest.mark.parametrize("module", [bcpoker, blackflower, hachihachi, koikoi, sanma, toygame], ids=lambda m: m.__name__)
def test_every_event_of_a_game_has_its_own_tag_and_dumps_it_first(module: object) -> None:
    union = next(value for name, value in vars(module).items() if name.endswith("Event") and name != "GameEvent")
    members = typing.get_args(typing.get_args(union)[0])
    tags = [member.model_fields["type"].default for member in members]
    assert len(set(tags)) == len(tags) and all(tags)
    for member, tag in zip(members, tags, strict=True):
        assert member.model_fields["type"].annotation == Literal[tag]
        assert next(iter(member.model_fields)) == "type"  # stored logs keep their order: type, seat, fields
        if "player" in member.model_fields:  # the seat that acted is one field, declared once
            assert issubclass(member, Acted), member

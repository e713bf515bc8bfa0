"""/play <game> is written from the game's Options model: what Discord receives is
every offered option with its description, default, range and choices, and what a forged payload
sends outside them is refused with the sentence Discord's client would have shown."""

from __future__ import annotations

import pytest

from bot.settings import TURN_SECONDS
from games import game_names, get_game
from games.optionspec import offered_options
from localdiscord import run_client
from localdiscord.harness import HarnessError

from .conftest import make_bot
from .test_clicks import answered_privately

OPTION_TYPES = {bool: 5, int: 4, str: 3}


def play_payload(fake) -> dict:
    return next(c for c in fake.commands_in(fake.guild.id) if c.name == "play").payload


def beyond(spec) -> object:
    """A value Discord's client would refuse: above the range, or outside the choices."""
    if spec.bounds:
        return spec.bounds[1] + 1
    return 7 if spec.kind is int else "neither"


async def test_play_sends_discord_every_option_of_every_game_from_its_model(fake, db):
    async with run_client(fake, make_bot(fake, db)):
        play = play_payload(fake)
    subcommands = {sub["name"]: sub for sub in play["options"]}
    assert list(subcommands) == game_names()
    for game, sub in subcommands.items():
        specs = offered_options(get_game(game).Options)
        sent = {o["name"]: o for o in sub["options"]}
        assert list(sent) == [s.name for s in specs] + ["turn_time"] and len(sent) <= 25
        assert (sent["turn_time"]["min_value"], sent["turn_time"]["max_value"]) == TURN_SECONDS
        assert 1 <= len(sub["description"]) <= 100 and get_game(game).title in sub["description"]
        for spec in specs:
            option = sent[spec.name]
            assert option["name"] == spec.name.lower() and len(spec.name) <= 32
            assert option["description"].startswith(spec.description) and len(option["description"]) <= 100
            assert option["type"] == OPTION_TYPES[spec.kind] and not option.get("required")
            assert (option.get("min_value"), option.get("max_value")) == (spec.bounds or (None, None))
            assert [c["value"] for c in option.get("choices", [])] == list(spec.choices or [])
            shown_default = spec.default_text(spec.table_default)
            assert option["description"].endswith(f"(default: {shown_default})"), (game, spec.name)
    koikoi = {o["name"]: o["description"] for o in subcommands["koikoi"]["options"]}
    assert koikoi["months"] == "Number of rounds (months) in a game (default: 12)"
    assert koikoi["players"].endswith("(default: however many are seated at Start)")


FORGED = [
    (game, spec)
    for game in game_names()
    for spec in offered_options(get_game(game).Options)
    if spec.bounds or spec.choices
]


async def test_a_forged_value_outside_any_declared_range_or_choice_is_refused_politely(fake, db):
    alice = fake.add_user("alice")
    async with run_client(fake, make_bot(fake, db)) as run:
        for game, spec in FORGED:
            wrong = beyond(spec)
            with pytest.raises(HarnessError):  # Discord's client would not send it ...
                alice.prepare_slash("play", game, **{spec.name: wrong})
            forged = alice.prepare_slash("play", game)  # ... a modified one does
            forged.data["options"][0]["options"].append(
                {"name": spec.name, "type": OPTION_TYPES[spec.kind], "value": wrong}
            )
            answer = answered_privately(await alice.send(forged), alice)
            expected = f"from {spec.bounds[0]} to {spec.bounds[1]}" if spec.bounds else spec.values_text
            assert answer == f"The option {spec.name} must be {expected}.", (game, spec.name)
        assert run.client.tables.in_channel(fake.channel.id) is None and fake.public_messages() == []
    assert {game for game, _ in FORGED} >= {"koikoi", "hachihachi", "sanma", "bcpoker", "blackflower"}
    fake.assert_clean()


async def test_the_options_chosen_reach_the_table_and_the_rest_keep_their_defaults(fake, db):
    alice = fake.add_user("alice")
    async with run_client(fake, make_bot(fake, db)) as run:
        lobby = await alice.slash("play", "hachihachi", months=6, payment="split", shiso_ends_game=False)
        table = run.client.tables.in_channel(fake.channel.id)
        assert table.options == {"payment": "split", "months": 6, "campaign": False, "shiso_ends_game": False}
        assert "**Options:** payment=split, months=6, campaign=False, shiso_ends_game=False" in lobby.text()
    fake.assert_clean()

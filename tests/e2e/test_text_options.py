"""Text options are limited on Parlor's side too, and no stored text can make a later message too long.

A modified client sends what Discord's own client would refuse: every text option Parlor registers declares
its longest length, and a longer value (a season name of 500 or 3,000 characters) is refused privately,
saying the limit, and nothing is stored. A season name already stored longer than that (by an older release,
or written into the database by hand) is cut where it is shown, so the season and money commands still answer.
"""

from __future__ import annotations

import pytest

from localdiscord import run_client

from .conftest import make_bot
from .test_hostile_names import season_start

STRING = 3  # Discord's option type of a text option
VALID = {"hand": "123m456p789s11122z", "win": "2z", "game": "koikoi"}  # what a required text option gets


def answered_privately(result, user) -> str:
    assert result.response_type == 4 and result.ephemeral_to == user.id, result
    return result.text()


def text_options(fake) -> list[tuple[list[str], dict, list[dict]]]:
    """(command path, text option, the options beside it) of every command registered in the server."""
    found = []

    def walk(path: list[str], options: list[dict]) -> None:
        subcommands = [o for o in options if o["type"] in (1, 2)]
        for sub in subcommands:
            walk(path + [sub["name"]], sub.get("options") or [])
        if not subcommands:
            found.extend((path, o, options) for o in options if o["type"] == STRING and not o.get("choices"))

    for command in fake.commands_in(fake.guild.id):
        if command.type == 1:
            walk([command.name], command.payload.get("options") or [])
    return found


def forged(user, path: list[str], option: dict, siblings: list[dict], value: str):
    """``/path`` with its required text options filled in and ``option`` set to ``value`` (as sent by a
    client that ignores the declared length)."""
    # a required option of another kind gets a plain valid value: a user (the caller), a number
    by_type = {6: user.id, 4: 1, 10: 1.0}
    interaction = user.prepare_slash(
        *path, **{o["name"]: VALID.get(o["name"], by_type.get(o["type"])) for o in siblings if o.get("required")}
    )
    container = interaction.data["options"]
    while container and container[0]["type"] in (1, 2):
        container = container[0]["options"]
    container[:] = [o for o in container if o["name"] != option["name"]]
    container.append({"name": option["name"], "type": STRING, "value": value})
    return interaction


async def test_every_text_option_declares_its_length_and_a_longer_one_is_refused_politely(fake, db):
    mod = fake.add_user("mod", manage_guild=True)
    async with run_client(fake, make_bot(fake, db)) as run:
        options = text_options(fake)
        assert {(" ".join(path), o["name"]) for path, o, _ in options} >= {
            ("season start", "name"),
            ("standings", "game"),
            ("rules", "game"),
            ("balance", "game"),
            ("debts", "game"),
            ("calc sanma", "hand"),
            ("calc sanma", "win"),
            ("calc sanma", "melds"),
        }
        for path, option, siblings in options:
            longest = option.get("max_length")
            assert longest, f"/{' '.join(path)} {option['name']} declares no max_length"
            answer = answered_privately(await mod.send(forged(mod, path, option, siblings, "x" * (longest + 1))), mod)
            assert answer == f"The option {option['name']} must be from 1 to {longest} characters long.", path
        assert await run.client.store.seasons.current(fake.guild.id) is None
    assert fake.failed_interactions() == []


@pytest.mark.parametrize("length", [500, 3000])
async def test_a_forged_long_season_name_is_refused_and_not_stored(fake, db, length):
    mod = fake.add_user("mod", manage_guild=True)
    async with run_client(fake, make_bot(fake, db)) as run:
        answer = answered_privately(await season_start(mod, "S" * length), mod)
        assert answer == "The option name must be from 1 to 80 characters long."
        answer = answered_privately(await season_start(mod, "\u202e\u200b \n "), mod)  # nothing visible in it
        assert answer == "The option name must be from 1 to 80 characters long."
        assert await run.client.store.seasons.current(fake.guild.id) is None
        await season_start(mod, "Spring\ncup")  # one line, as typed otherwise
        assert (await run.client.store.seasons.current(fake.guild.id)).name == "Spring cup"
    assert fake.failed_interactions() == []


async def test_a_season_name_stored_too_long_is_cut_where_it_is_shown(fake, db):
    mod = fake.add_user("mod", manage_guild=True)
    async with run_client(fake, make_bot(fake, db)) as run:
        await run.client.store.seasons.start(fake.guild.id, "[long](https://x.example) " * 120, mod.id)  # 3,120
        for command, options in (
            (("season", "show"), {}),
            (("standings",), {}),
            (("standings",), {"game": "koikoi"}),
            (("balance",), {}),
            (("debts",), {}),
            (("season", "end"), {}),
        ):
            result = await mod.slash(*command, **options)
            shown = result.text()
            assert shown and "[long](https" not in shown, command
            assert "\\[long\\]\\(https\\://x.example\\)" in shown, command  # the start of the name, escaped
    assert fake.failed_interactions() == []

"""/calc sanma offers the calculator's own options (games/sanma/calc.py): the same names in the same order, the same
defaults, with the bounds Discord is told; and what a player picks reaches the calculator."""

from __future__ import annotations

import inspect
from typing import Any, cast

import discord
from discord import app_commands

from cogs.calc import NOT_OFFERED, Calc
from games.sanma.calc import Situation, calculate
from games.sanma.scoring import WinContext


def _sanma() -> app_commands.Command[Any, ..., Any]:
    command = Calc.calc.get_command("sanma")
    assert isinstance(command, app_commands.Command)
    return command


COMMAND = _sanma()


def test_the_command_offers_every_option_of_the_calculator_with_its_default() -> None:
    options = {p.name: p for p in COMMAND.parameters}
    named = [p for p in inspect.signature(calculate).parameters.values() if p.kind is not p.VAR_KEYWORD]
    situation = [
        inspect.Parameter(n, inspect.Parameter.KEYWORD_ONLY, default=getattr(WinContext, n))
        for n in Situation.__annotations__
    ]
    own = [p for p in named + situation if p.name not in NOT_OFFERED]  # how the hand was won: WinContext's defaults
    assert [p.name for p in COMMAND.parameters] == [p.name for p in own] + ["public"]
    for parameter in own:
        offered = options[parameter.name]
        if parameter.default is inspect.Parameter.empty:
            assert offered.required, parameter.name
        else:
            assert not offered.required and offered.default == parameter.default, parameter.name
    assert (options["kita"].min_value, options["kita"].max_value) == (0, 4)
    declared = {option["name"]: option for option in COMMAND.to_dict(cast(Any, None))["options"]}  # as Discord is told
    assert declared["hand"]["max_length"] == 100 and declared["dora"]["max_length"] == 40


async def test_a_players_choices_reach_the_calculator_and_the_answer_is_private_unless_asked() -> None:
    sent: list[dict] = []

    class Response:
        async def send_message(self, *args: object, **kwargs: object) -> None:
            sent.append(kwargs)

    class Interaction:
        response = Response()

    cog = Calc.__new__(Calc)
    await cast(Any, COMMAND.callback)(cog, Interaction(), "111m456p789s11122z", "2z", **_defaults(tsumo=True))
    embed = sent[-1]["embed"]
    assert isinstance(embed, discord.Embed) and "(tsumo)" in (embed.title or "")
    assert sent[-1]["ephemeral"] is True
    await cast(Any, COMMAND.callback)(cog, Interaction(), "111m456p789s11122z", "2z", **_defaults(public=True))
    assert "(ron)" in (sent[-1]["embed"].title or "") and sent[-1]["ephemeral"] is False


def _defaults(**chosen: object) -> dict[str, object]:
    """Every optional parameter of the command at its default (as discord.py calls it), but ``chosen``."""
    return {p.name: chosen.get(p.name, p.default) for p in COMMAND.parameters if not p.required}

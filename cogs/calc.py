"""Hand calculators for players: ``/calc sanma`` (the same calculator as ``python -m games calc sanma``)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from inspect import Parameter, Signature, signature
from typing import Any, TypeVar, get_type_hints

import discord
from discord import app_commands
from discord.ext import commands

from bot.text_option import TextOption
from games.base import GameError
from games.sanma.calc import Situation, calculate, describe
from games.sanma.scoring import WinContext

Callback = TypeVar("Callback", bound=Callable[..., Awaitable[None]])

COLOUR = discord.Colour.from_rgb(20, 120, 80)
# the longest texts a hand, its winning tile, its melds and its indicators can take (one code per tile, spaced)
HAND, WIN, MELDS = TextOption("hand", 100), TextOption("win", 10), TextOption("melds", 100)
DORA, URA = TextOption("dora", 40), TextOption("ura", 40)
# the calculator's own parameters (games/sanma/calc.py) are the command's options, in its order, with its names and
# defaults; Discord is told more than their Python type here: the texts' lengths and the numbers' ranges
DISCORD_TYPES: dict[str, Any] = {
    "hand": app_commands.Transform[str, HAND],
    "win": app_commands.Transform[str, WIN],
    "melds": app_commands.Transform[str, MELDS] | None,
    "kita": app_commands.Range[int, 0, 4],
    "dora": app_commands.Transform[str, DORA] | None,
    "ura": app_commands.Transform[str, URA] | None,
    "honba": app_commands.Range[int, 0, 99],
    "sticks": app_commands.Range[int, 0, 99],
}
NOT_OFFERED = {"red_fives"}  # the calculator's options /calc leaves at their default
PUBLIC = Parameter("public", Parameter.KEYWORD_ONLY, default=False, annotation=bool)


def calculator_parameters() -> list[Parameter]:
    """The calculator's parameters, one by one: its named ones, then each of its ``**situation`` keywords with its
    type and with :class:`WinContext`'s default for it."""
    named = list(signature(calculate).parameters.values())
    situation = [
        Parameter(name, Parameter.KEYWORD_ONLY, default=getattr(WinContext, name), annotation=kind)
        for name, kind in get_type_hints(Situation).items()
    ]
    return [p for p in named if p.kind is not Parameter.VAR_KEYWORD] + situation


def with_calculator_options(callback: Callback) -> Callback:
    """``callback(self, interaction, hand, win, **options)`` declared to Discord with the calculator's parameters
    as its options (typed by DISCORD_TYPES), then ``public``."""
    own = list(signature(callback).parameters.values())[:2]  # self, interaction
    offered = [
        p.replace(annotation=DISCORD_TYPES.get(p.name, p.annotation))
        for p in calculator_parameters()
        if p.name not in NOT_OFFERED
    ]
    callback.__signature__ = Signature([*own, *offered, PUBLIC])  # type: ignore[attr-defined]  # read by discord.py
    return callback


class Calc(commands.Cog):
    calc = app_commands.Group(name="calc", description="Hand calculators")

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @calc.command(name="sanma", description="Score a sanma hand: han, fu, yaku and payments")
    @app_commands.describe(
        hand="Concealed tiles including the winning tile, e.g. 111m234p678p34s99s5s (0p/0s = red five)",
        win="The winning tile, e.g. 5s",
        melds="Melds, e.g. pon:777s,ankan:1111z (pon, ankan, daiminkan, shouminkan)",
        tsumo="Won by your own draw",
        riichi="Riichi declared",
        double_riichi="Double riichi",
        ippatsu="Ippatsu",
        rinshan="Won on a replacement tile (kan or kita)",
        chankan="Robbed a kan",
        haitei="Tsumo on the last tile",
        houtei="Ron on the last discard",
        kita="Number of kita (0-4)",
        dora="Dora indicators, e.g. 3z1m",
        ura="Ura dora indicators (riichi only)",
        seat="Your seat wind",
        round="Round wind",
        honba="Honba counters",
        sticks="Riichi sticks on the table",
        public="Show the result to the channel (default: only to you)",
    )
    @app_commands.choices(
        seat=[app_commands.Choice(name=n, value=v) for n, v in (("East (dealer)", "E"), ("South", "S"), ("West", "W"))],
        round=[app_commands.Choice(name=n, value=v) for n, v in (("East", "E"), ("South", "S"))],
    )
    @with_calculator_options
    async def calc_sanma(self, interaction: discord.Interaction, hand: str, win: str, **options: Any) -> None:
        public = options.pop("public")
        try:
            out = calculate(hand, win, **options)
        except GameError as e:
            await interaction.response.send_message(str(e), ephemeral=True)
            return
        # the hand already holds the winning tile: it is named as the tile won on, not added to the hand
        title = f"Sanma hand: {out['hand']} · winning on {out['win']} ({'tsumo' if options['tsumo'] else 'ron'})"
        embed = discord.Embed(title=title[:256], description=describe(out)[:4096], colour=COLOUR)
        if out["melds"]:
            embed.add_field(
                name="Melds", value=", ".join(f"{m['type']} {m['tiles']}" for m in out["melds"]), inline=False
            )
        if not out["error"]:
            embed.add_field(name="Han / fu", value=f"{out['han']} han {out['fu']} fu", inline=True)
            embed.add_field(name="Winner gains", value=str(out["total"]), inline=True)
        await interaction.response.send_message(embed=embed, ephemeral=not public)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Calc(bot))

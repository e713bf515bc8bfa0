"""The sign-up message of a league night: its embed (who joined, the rounds drawn, a tournament's
standings) and its Join / Leave buttons.

The buttons are :class:`discord.ui.DynamicItem`, registered with the table buttons in ``bot/main.py``:
their ``custom_id`` (``parlor:n:<sign-up>:<join|leave>``, :data:`bot.ui.SIGNUP_TEMPLATE`) names the
sign-up and nothing else, so they work after a restart; who joined is in the database.
"""

from __future__ import annotations

import logging
import re
from typing import cast

import discord

from bot import text as user_text
from bot.client import ParlorClient
from bot.league import nights
from bot.league.points import shown
from bot.ui import SIGNUP_TEMPLATE, answer_refusal, tell
from games import get_game

log = logging.getLogger(__name__)

COLOUR = discord.Colour(0x2E86C1)
NAMES_SHOWN = 60  # names listed on the message; the count covers everyone


def signup_id(signup: int, verb: str) -> str:
    return f"parlor:n:{signup}:{verb}"


class SignupButton(discord.ui.DynamicItem[discord.ui.Button], template=SIGNUP_TEMPLATE):
    def __init__(self, signup: int, verb: str) -> None:
        join = verb == "join"
        style = discord.ButtonStyle.success if join else discord.ButtonStyle.secondary
        super().__init__(
            discord.ui.Button(label="Join" if join else "Leave", custom_id=signup_id(signup, verb), style=style)
        )
        self.signup, self.verb = signup, verb

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item, match: re.Match[str], /):
        return cls(int(match["signup"]), match["verb"])

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await clicked(interaction, self.signup, self.verb)
        except Exception as error:
            if not await answer_refusal(
                cast("discord.Interaction[ParlorClient]", interaction), error
            ):  # Parlor's client
                log.exception("a sign-up click failed")
                await tell(interaction, "Something went wrong on Parlor's side; please try again.")


def buttons(signup: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(SignupButton(signup, "join"))
    view.add_item(SignupButton(signup, "leave"))
    return view


async def clicked(interaction: discord.Interaction, signup_no: int, verb: str) -> None:
    """Join or Leave: the database first, then the message itself is the answer (or one private line)."""
    store = interaction.client.store  # type: ignore[attr-defined]
    signup = await nights.get_signup(store, signup_no)
    if signup is None or signup.guild_id != interaction.guild_id:
        await tell(interaction, "That sign-up is not one of this server's.")
        return
    if signup.ended_at is not None:
        await tell(interaction, "This tournament has ended; its sign-up is closed.")
        return
    user = interaction.user
    if verb == "join":
        changed = await nights.join(store, signup.id, user.id, user_text.plain_name(user.display_name))
        refusal = None if changed else "You have already signed up."
    else:
        changed = await nights.leave(store, signup.id, user.id)
        refusal = None if changed else "You had not signed up."
    if refusal:
        await tell(interaction, refusal)
        return
    await interaction.response.edit_message(embed=await embed(store, signup), view=buttons(signup.id))


async def embed(store, signup: nights.Signup) -> discord.Embed:
    """The sign-up message: the game, where tables open, who joined (count and names), the rounds drawn."""
    game = get_game(signup.game)
    joined = await nights.players(store, signup.id)
    drawn = await nights.rounds(store, signup.id)
    kind = f"tournament · {signup.rounds} rounds · {signup.method}" if signup.is_tournament else "league night"
    where = f"in threads of <#{signup.tables_in}>" if signup.threads else f"in <#{signup.tables_in}>"
    lines = [f"Press **Join** to play {game.title} tonight; tables open {where}."]
    if drawn:
        last = drawn[-1]
        lines.append(f"Round {last.round} drawn ({last.method}, seed `{last.seed}`).")
    if signup.ended_at is not None:
        lines.append("**The tournament has ended.**")
    result = discord.Embed(title=f"{game.title} {kind} — sign-up", colour=COLOUR, description="\n".join(lines))
    names = ", ".join(user_text.name(name) for _, name in joined[:NAMES_SHOWN])
    if len(joined) > NAMES_SHOWN:
        names += f" and {len(joined) - NAMES_SHOWN} more"
    result.add_field(name=f"Signed up ({len(joined)})", value=names or "Nobody yet.", inline=False)
    if signup.is_tournament and drawn:
        result.add_field(name="Standings", value=await standings_text(store, signup, joined), inline=False)
    return result


async def standings_text(store, signup: nights.Signup, joined: list[tuple[int, str]]) -> str:
    rows = await tournament_rows(store, signup, joined)
    if not rows:
        return "No table of the tournament has finished yet."
    return "\n".join(
        f"{place}. {user_text.name(name)} — {shown(signup.game, total)} "
        f"({' · '.join(shown(signup.game, r) if r is not None else '–' for r in by_round)})"
        for place, name, by_round, total in rows[:20]
    )


async def tournament_rows(
    store, signup: nights.Signup, joined: list[tuple[int, str]]
) -> list[tuple[int, str, list[int | None], int]]:
    """A tournament's standings: place (shared on equal totals), name, points per round (None: not played),
    total; highest first, then by name."""
    points = await nights.tournament_points(store, signup)
    names = {**await nights.result_names(store, signup), **dict(joined)}
    rounds = signup.rounds or 0
    rows = sorted(
        (
            (names.get(user, str(user)), [by.get(r) for r in range(1, rounds + 1)], sum(by.values()))
            for user, by in points.items()
        ),
        key=lambda row: (-row[2], row[0]),
    )
    out, place = [], 0
    for index, (name, by_round, total) in enumerate(rows):
        if index == 0 or total != rows[index - 1][2]:
            place = index + 1
        out.append((place, name, by_round, total))
    return out

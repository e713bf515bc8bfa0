"""How tic-tac-toe looks on Discord: its table embed, hand panel, narration and summary."""

from __future__ import annotations

import discord

from bot.ui import ButtonSpec, relative_time
from games.events import GameEnded
from tests.toygame.events import Mark, TicTacToeEvent
from tests.toygame.views import PublicView, SeatView

COLOUR = discord.Colour(0x2E86C1)
SYMBOL = {"X": "❌", "O": "⭕", "": "⬜"}


def grid(board: list[str]) -> str:
    return "\n".join("".join(SYMBOL[m] for m in board[row : row + 3]) for row in (0, 3, 6))


def table_embed(pv: PublicView, names: list[str], deadline: float | None) -> discord.Embed:
    if pv.over or pv.turn is None:
        status = "**Game over.**"
    else:
        status = f"**{names[pv.turn]}** to mark" + (f" · deadline {relative_time(deadline)}" if deadline else "")
    return discord.Embed(title="Tic-tac-toe", colour=COLOUR, description=f"{status}\n{grid(pv.board)}")


def action_label(action: str) -> str:
    cell = int(action.split(":")[1])
    return f"Row {cell // 3 + 1} · column {cell % 3 + 1}"


def panel(
    view: SeatView, legal: list[str], names: list[str], deadline: float | None
) -> tuple[discord.Embed, list[ButtonSpec]]:
    embed = discord.Embed(title=f"Your board · {names[view.seat]}", colour=COLOUR, description=grid(view.board))
    return embed, [ButtonSpec(f"a:{a}", action_label(a)) for a in legal]


def narrate(event: TicTacToeEvent, names: list[str]) -> str | None:
    if isinstance(event, Mark):
        cell = event.cell
        return f"{names[event.player]} marks row {cell // 3 + 1}, column {cell % 3 + 1}."
    return None


def summary(event: TicTacToeEvent, names: list[str]) -> discord.Embed | None:
    if not isinstance(event, GameEnded):
        return None
    title = "A draw" if event.placings == [1, 1] else f"{names[event.placings.index(1)]} wins"
    return discord.Embed(title=f"Tic-tac-toe · {title}", colour=COLOUR)

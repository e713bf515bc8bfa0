"""Season chips of the money games: ``/balance [game] [user]`` and ``/debts [game]``.

Game-neutral: a *money game* is any game whose ``GAME.uses_balances`` is true (Black Flower,
Hachi-Hachi …). For each money game a participant's balance in the current season is

    balance = the server's starting balance (``/config starting_balance``, default 1000)
              + the sum of all their ledger lines of that game in the season (every kind)

exactly what the table manager gives a seat when a game starts (``bot/tables/starting.py``). A game
writes its lines at the end of a game (``ledger_entries``): Black Flower writes ``bet``
(−stakes), ``win`` (+chips returned) and ``bank`` (the banker's net) per round.

Debts (``/debts``) are of two kinds, both sums over the ledger:

* a participant whose balance in a money game is **below zero** (e.g. a Black Flower banker
  who ran short) owes that much;
* **loans**: lines of kind ``loan`` are chips lent to a participant (positive amounts) and lines
  of kind ``repay`` are repayments (negative amounts); ``Σ loan + Σ repay > 0`` is an outstanding
  loan, shown whatever the balance.

Bots sit in one table only (their participant is ``bot:<table>:<seat>``), so only people are
listed. While a player sits at an open table of a money game, ``/balance`` also shows the live
chips at that table (they reach the ledger when the game ends).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any

import discord
from discord import app_commands

from bot import text as user_text
from bot.main import ParlorBot
from bot.store import SeasonRow
from bot.tables import DEFAULT_STARTING_BALANCE, PLAYING
from bot.ui import tell
from cogs.parlor_cog import ParlorCog
from cogs.replies import GameArg
from games import game_names, get_game

log = logging.getLogger(__name__)

COLOUR = discord.Colour(0xC0392B)
LOAN_KINDS = ("loan", "repay")
MAX_LINES = 25


def money_games() -> list[str]:
    """Names of the registered games played for season chips."""
    out = []
    for name in game_names():
        try:
            if get_game(name).uses_balances:
                out.append(name)
        except Exception:  # a game that does not import must not break the money commands
            log.exception("could not load game %s", name)
    return out


def title_of(game: str) -> str:
    try:
        return get_game(game).title
    except Exception:
        return game


def fmt(n: int) -> str:
    return f"{n:,}".replace(",", " ") if n >= 0 else f"−{-n:,}".replace(",", " ")


@dataclass
class Account:
    participant: str
    user_id: int | None
    name: str
    game: str
    ledger: int = 0  # sum of the season's lines of this game
    loans: int = 0  # outstanding loans (Σ loan + Σ repay)
    kinds: dict[str, int] = field(default_factory=dict)

    def balance(self, start: int) -> int:
        return start + self.ledger


def accounts(lines: list[Any], games: list[str]) -> dict[tuple[str, str], Account]:
    """Per (game, participant) sums over ledger lines, or over their per-kind totals
    (``store.ledger.totals``), oldest first (humans only)."""
    out: dict[tuple[str, str], Account] = {}
    for line in lines:
        if line.game not in games or line.user_id is None:
            continue
        key = (line.game, line.participant)
        acc = out.get(key)
        if acc is None:
            acc = out[key] = Account(line.participant, line.user_id, line.name, line.game)
        acc.name = line.name  # the latest name
        acc.ledger += line.amount
        acc.kinds[line.kind] = acc.kinds.get(line.kind, 0) + line.amount
        if line.kind in LOAN_KINDS:
            acc.loans += line.amount
    return out


def debts_of(accs: dict[tuple[str, str], Account], start: int) -> list[tuple[Account, int, int]]:
    """(account, owed by a negative balance, outstanding loans), most indebted first."""
    out = []
    for acc in accs.values():
        owed = max(0, -acc.balance(start))
        loans = max(0, acc.loans)
        if owed or loans:
            out.append((acc, owed, loans))
    out.sort(key=lambda t: (-(t[1] + t[2]), t[0].game, t[0].participant))
    return out


# How each kind of ledger line reads in /balance, in the order shown; a kind not listed shows its own name.
KIND_WORDS = {
    "game": "games' results",
    "bet": "bets placed",
    "win": "bets paid back",
    "bank": "as the banker",
    "loan": "borrowed from the bank",
    "repay": "repaid to the bank",
    "debt": "still owed when a game ended",
}
# Kinds that add up to zero over a game (a loan is repaid or stays owed, and what is owed is already off the
# final score): shown together so that a player sees them cancel.
SETTLING = ("loan", "repay", "debt")


def game_note(game: str) -> str:
    """What a game's own count is beside the season's chips, when it has one (``GameBase.balance_note``)."""
    try:
        return get_game(game).balance_note
    except Exception:  # a game no longer registered: its lines still show
        return ""


def explained(game: str, start: int, acc: Account) -> str:
    """The balance as a sum a player can follow: the season's start, then each kind of line, in words."""
    terms = [f"{fmt(start)} at the season's start"]
    kinds = {k: v for k, v in acc.kinds.items() if v}
    for kind in [*KIND_WORDS, *sorted(kinds)]:
        if kind in kinds and kind not in SETTLING:
            terms.append(f"{kinds.pop(kind):+,d} {KIND_WORDS.get(kind, kind)}".replace(",", " "))
    text = " ".join(["=", terms[0], *[t.replace("+", "+ ", 1).replace("-", "− ", 1) for t in terms[1:]]])
    settling = [(k, kinds[k]) for k in SETTLING if k in kinds]
    if settling:
        total = sum(v for _, v in settling)
        text += (
            "\nLoans: "
            + ", ".join(f"{v:+,d} {KIND_WORDS[k]}".replace(",", " ").replace("-", "−") for k, v in settling)
            + (" — together 0: they do not change your chips." if total == 0 else f" — together {total:+d}.")
        )
    note = game_note(game)
    return f"{text}\n{note}" if note else text


@dataclass(frozen=True)
class ChipsAsked:
    """What /balance and /debts are about: the server, the chip games asked for, their starting balance and the
    season running (None: none yet)."""

    guild_id: int
    games: list[str]
    start: int
    season: SeasonRow | None


class Money(ParlorCog):
    """Balances and debts of the money games, for the current season."""

    async def asked(self, interaction: discord.Interaction, game: str | None, server_only: str) -> ChipsAsked | None:
        """What a chip command is about: the server, the games and their season; None (the user told why, with
        ``server_only`` in a direct message) when it cannot answer."""
        if interaction.guild_id is None:
            await tell(interaction, server_only)
            return None
        games = await self.pick_games(interaction, game)
        if games is None:
            return None
        season = await self.store.seasons.current(interaction.guild_id)
        return ChipsAsked(interaction.guild_id, games, await self.starting_balance(interaction.guild_id), season)

    async def starting_balance(self, guild_id: int) -> int:
        config = await self.store.config.get(guild_id)
        return DEFAULT_STARTING_BALANCE if config.starting_balance is None else config.starting_balance

    async def pick_games(self, interaction: discord.Interaction, game: str | None) -> list[str] | None:
        games = money_games()
        if not games:
            await tell(interaction, "No game on this bot is played for chips yet.")
            return None
        if game is None:
            return games
        key = game.strip().lower().replace("-", "").replace(" ", "")
        if key not in games:
            if key in game_names():
                await tell(interaction, f"{title_of(key)} is not played for chips; see /standings instead.")
            else:
                await tell(
                    interaction,
                    f"I don't know a chip game called {user_text.escape(game)}. Chip games: "
                    f"{', '.join(title_of(g) for g in games)}.",
                )
            return None
        return [key]

    def live_chips(self, guild_id: int, user_id: int, game: str) -> tuple[int, int, int] | None:
        """(channel, chips, chips at stake) when the user sits at an open table of ``game`` in this server:
        a bet not yet settled is out of the chips but not lost, so it is shown apart."""
        for table in self.bot.tables.tables.values():
            if table.guild_id != guild_id or table.game.name != game or table.status != PLAYING:
                continue
            seat = table.seat_of(user_id)
            if seat is None or table.state is None:
                continue
            public = table.game.public_view(table.state)
            chips, stakes = getattr(public, "chips", None), getattr(public, "at_stake", None) or []
            if isinstance(chips, list) and seat < len(chips):
                return table.channel_id, int(chips[seat]), int(stakes[seat]) if seat < len(stakes) else 0
        return None

    async def game_autocomplete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        current = current.lower()
        return [
            app_commands.Choice(name=title_of(g), value=g)
            for g in money_games()
            if current in g or current in title_of(g).lower()
        ][:25]

    # ---- /balance

    @app_commands.command(name="balance", description="Season chips in the money games (Black Flower …)")
    @app_commands.describe(game="Only this game", user="Whose chips (default: yours)")
    @app_commands.guild_only()
    async def balance(
        self, interaction: discord.Interaction, game: GameArg = None, user: discord.User | None = None
    ) -> None:
        asked = await self.asked(interaction, game, "Balances are kept per server; use this command in a server.")
        if asked is None:
            return
        guild_id, games, start, season = asked.guild_id, asked.games, asked.start, asked.season
        who = user or interaction.user
        totals = await self.store.ledger.totals(guild_id, season.id, user_id=who.id) if season else []
        accs = accounts(totals, games)
        embed = discord.Embed(title=f"Chips of {user_text.name(who.display_name)}", colour=COLOUR)
        embed.description = (
            f"{user_text.season_name(season.name) if season else 'No season yet'} · every player starts a season with "
            f"**{fmt(start)}** chips per game."
        )
        for g in games:
            acc = accs.get((g, f"user:{who.id}"))
            bal = start + (acc.ledger if acc else 0)
            parts = [f"**{fmt(bal)}** chips" + (" — **in debt**" if bal < 0 else "")]
            if acc and any(acc.kinds.values()):
                parts.append(explained(g, start, acc))
            if acc and acc.loans > 0 and acc.kinds.get("debt"):
                parts.append(
                    f"Owed to the bank when a game ended: {fmt(acc.loans)}, already taken off those games' "
                    "final scores (the sum above)."
                )
            elif acc and acc.loans > 0:
                parts.append(f"loans outstanding: {fmt(acc.loans)}")
            live = self.live_chips(guild_id, who.id, g)
            if live is not None:
                channel, chips, stake = live
                held = f"{fmt(chips)}, {fmt(stake)} at stake" if stake else fmt(chips)
                parts.append(f"at the table in <#{channel}> now: {held} (counted when that game ends)")
            embed.add_field(name=title_of(g), value="\n".join(parts)[:1024], inline=False)
        await interaction.response.send_message(embed=embed)

    balance.autocomplete("game")(game_autocomplete)

    # ---- /debts

    @app_commands.command(name="debts", description="Who owes chips this season (negative balances and loans)")
    @app_commands.describe(game="Only this game")
    @app_commands.guild_only()
    async def debts(self, interaction: discord.Interaction, game: GameArg = None) -> None:
        asked = await self.asked(interaction, game, "Debts are kept per server; use this command in a server.")
        if asked is None:
            return
        games, start, season = asked.games, asked.start, asked.season
        totals = await self.store.ledger.totals(asked.guild_id, season.id) if season else []
        found = debts_of(accounts(totals, games), start)
        where = title_of(games[0]) if len(games) == 1 else "the chip games"
        embed = discord.Embed(
            title=f"Debts in {where}" + (f" — {user_text.season_name(season.name)}" if season else ""), colour=COLOUR
        )
        if not found:
            embed.description = "Nobody owes anything. 🎉"
        else:
            rows = []
            for acc, owed, loans in found[:MAX_LINES]:
                what = []
                if owed:
                    what.append(f"balance **{fmt(-owed)}**")
                if loans:
                    what.append(f"loans outstanding **{fmt(loans)}**")
                rows.append(f"<@{acc.user_id}> · {title_of(acc.game)} · {' · '.join(what)}")
            if len(found) > MAX_LINES:
                rows.append(f"*…and {len(found) - MAX_LINES} more*")
            embed.description = "\n".join(rows)[:4096]
        embed.set_footer(text=f"Balance = starting {fmt(start)} + the season's ledger lines of that game.")
        await interaction.response.send_message(embed=embed)

    debts.autocomplete("game")(game_autocomplete)


async def setup(bot: ParlorBot) -> None:
    await bot.add_cog(Money(bot))

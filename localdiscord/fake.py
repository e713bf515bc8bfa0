"""``LocalDiscord``: the fake Discord as tests and the playground use it — the server plus the
users who act in it (``fake.add_user(name)`` gives a :class:`~localdiscord.harness.FakeUser`)."""

from __future__ import annotations

from .harness import FakeUser
from .models import Guild, snowflake
from .server import DiscordServer


class LocalDiscord(DiscordServer):
    def add_user(self, name: str, *, manage_guild: bool = False, guild: Guild | None = None) -> FakeUser:
        """Create a member of ``guild`` (default: the first guild); ``manage_guild`` gives the
        Manage Server permission."""
        guild = guild or self.guild
        user = FakeUser(self, snowflake(), name, manage_guild=manage_guild, guild_id=guild.id)
        self.add_member(user, guild)
        return user

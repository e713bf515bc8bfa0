"""What the API says of a user, a member, a guild, a channel and the application: the objects of Discord's docs, with
every field a client reads."""

from __future__ import annotations

from typing import Protocol

from .models import Channel, Guild, Member
from .permissions import Permissions


class Described(Protocol):
    """What the payloads describe (a :class:`~localdiscord.world.World`)."""

    application_id: int
    bot_id: int
    bot_name: str
    owner_id: int
    users: dict[int, Member]
    permissions: Permissions

    def threads_of(self, guild: Guild) -> list[Channel]: ...


def user_object(user_id: int, username: str, global_name: str | None, *, bot: bool) -> dict:
    """A user object as Discord sends it: the fields every user has."""
    return {
        "id": str(user_id),
        "username": username,
        "global_name": global_name,
        "discriminator": "0",
        "avatar": None,
        "bot": bot,
        "public_flags": 0,
        "flags": 0,
        "banner": None,
        "accent_color": None,
        "avatar_decoration_data": None,
    }


class Payloads:
    """The payloads of one world's objects."""

    def __init__(self, world: Described) -> None:
        self.world = world

    def bot_user(self) -> dict:
        """The bot's user object: a user's fields, and those of the user it is logged in as (``/users/@me``)."""
        return {
            **user_object(self.world.bot_id, self.world.bot_name, None, bot=True),
            "system": False,
            "verified": True,
            "mfa_enabled": False,
            "email": None,
            "locale": "en-US",
        }

    def user(self, user_id: int) -> dict:
        if user_id == self.world.bot_id:
            return self.bot_user()
        if user_id == self.world.owner_id:
            name = "server-owner"
        else:
            name = self.world.users[user_id].name
        return user_object(user_id, name, name, bot=False)

    def member(self, user_id: int, guild: Guild, *, with_user: bool = True) -> dict:
        d = {
            "roles": self.world.permissions.roles(user_id, guild),
            "joined_at": guild.joined_at,
            "deaf": False,
            "mute": False,
            "flags": 0,
            "nick": None,
            "pending": False,
            "premium_since": None,
            "avatar": None,
            "banner": None,
            "communication_disabled_until": None,
        }
        if with_user:
            d["user"] = self.user(user_id)
        return d

    def guild(self, guild: Guild) -> dict:
        member_ids = [self.world.bot_id, guild.owner_id] + list(guild.member_ids)
        return {
            "id": str(guild.id),
            "name": guild.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "owner_id": str(guild.owner_id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "roles": guild.roles_payload(),
            "emojis": [],
            "stickers": [],
            "features": [],
            "mfa_level": 0,
            "application_id": None,
            "system_channel_id": str(guild.default_channel.id),
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "max_members": 500000,
            "vanity_url_code": None,
            "description": None,
            "banner": None,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "preferred_locale": "en-US",
            "public_updates_channel_id": None,
            "nsfw_level": 0,
            "premium_progress_bar_enabled": False,
            "joined_at": guild.joined_at,
            "large": False,
            "unavailable": False,
            "member_count": len(member_ids),
            "voice_states": [],
            "members": [self.member(uid, guild) for uid in member_ids],
            "channels": [ch.payload() for ch in guild.channels.values()],
            "threads": [ch.payload() for ch in self.world.threads_of(guild)],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }

    def application(self) -> dict:
        return {
            "id": str(self.world.application_id),
            "name": self.world.bot_name,
            "icon": None,
            "description": "",
            "bot_public": True,
            "bot_require_code_grant": False,
            "owner": self.user(self.world.owner_id),
            "verify_key": "0" * 64,
            "team": None,
            "flags": 0,
            "summary": "",
            "tags": [],
            "bot": self.bot_user(),
            "interactions_endpoint_url": None,
            "redirect_uris": [],
        }

    def channel(self, ch: Channel) -> dict:
        p = ch.payload()
        if ch.type == 1 and ch.recipient_id is not None:
            p["recipients"] = [self.user(ch.recipient_id)]
        return p

"""What Discord's client sends when a user types a slash command: the command found among those registered, its
subcommands walked, each option's value checked as the client checks it (type, choices, lengths, bounds) and the
users, channels and files it names resolved. Also the values a user, channel or role menu sends."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .errors import HarnessError
from .models import Channel, Command, Member
from .server import DiscordServer

# Application command option types.
OPT_SUB_COMMAND, OPT_SUB_COMMAND_GROUP = 1, 2
OPT_STRING, OPT_INTEGER, OPT_BOOLEAN, OPT_USER, OPT_CHANNEL, OPT_ROLE = 3, 4, 5, 6, 7, 8
OPT_MENTIONABLE, OPT_NUMBER, OPT_ATTACHMENT = 9, 10, 11
SUBCOMMANDS = (OPT_SUB_COMMAND, OPT_SUB_COMMAND_GROUP)
_OPT_NAMES = {
    3: "string",
    4: "integer",
    5: "boolean",
    6: "user",
    7: "channel",
    8: "role",
    9: "mentionable",
    10: "number",
    11: "attachment",
}

Resolved = dict[str, dict[str, Any]]  # "users", "members", "channels", "attachments" → id → payload


@dataclass(frozen=True)
class Typed:
    """A slash command as the client sends it: the interaction's ``data``, a label for logs, and the type of the
    option being typed into (autocomplete), if any."""

    data: dict[str, Any]
    label: str
    focused_type: int | None


@dataclass(frozen=True)
class Sender:
    """Who types: the fake Discord, the user's id and the guild they type in (None: a DM)."""

    fake: DiscordServer
    user_id: int
    guild_id: int | None

    def command(
        self, name: str, path: Sequence[str], options: dict[str, Any], channel: Channel, focused: str | None = None
    ) -> Typed:
        """The data of ``/name path… option=value…`` typed in ``channel``; ``focused``: the option being typed
        into (its value left out, as autocomplete sends it). Raises :class:`HarnessError` where the client would
        refuse."""
        parts = name.split() + [p for x in path for p in x.split()]
        cmd = self.find_command(parts[0], channel)
        data: dict[str, Any] = {"id": str(cmd.id), "name": cmd.name, "type": 1}
        if cmd.guild_id is not None:
            data["guild_id"] = str(cmd.guild_id)
        container: list[dict] = []
        data["options"] = container
        cmd_options, container, walked = _walk_subcommands(cmd.payload.get("options") or [], container, parts)
        where = f"/{' '.join(walked)}"
        by_name = {o["name"]: o for o in cmd_options}
        resolved: Resolved = {}
        for key, value in options.items():
            opt = by_name.get(key)
            if opt is None:
                raise HarnessError(
                    f"{where} has no option {key!r}; options: "
                    + ", ".join(
                        f"{o['name']} ({_OPT_NAMES.get(o['type'], o['type'])}"
                        f"{', required' if o.get('required') else ''})"
                        for o in cmd_options
                    )
                )
            container.append(
                {"name": key, "type": opt["type"], "value": self.option_value(opt, value, resolved, walked)}
            )
        focused_type = None
        if focused is not None:
            if focused not in by_name:
                raise HarnessError(f"{where} has no option {focused!r}; options: {list(by_name)}")
            if not by_name[focused].get("autocomplete"):
                raise HarnessError(f"{where} option {focused!r} has no autocomplete")
            focused_type = by_name[focused]["type"]
        elif missing := [o["name"] for o in cmd_options if o.get("required") and o["name"] not in options]:
            raise HarnessError(f"{where} is missing required option(s) {missing}")
        if resolved:
            data["resolved"] = resolved
        return Typed(data, where + "".join(f" {k}={v}" for k, v in options.items()), focused_type)

    def find_command(self, name: str, channel: Channel) -> Command:
        """The slash command ``name`` as registered where ``channel`` is (its guild's, else global)."""
        scopes = [channel.guild_id, None] if channel.guild_id else [None]
        for scope in scopes:
            for cmd in self.fake.commands_in(scope):
                if cmd.name == name and cmd.type == 1:
                    return cmd
        known = sorted({c.name for s in scopes for c in self.fake.commands_in(s) if c.type == 1})
        raise HarnessError(
            f"no slash command /{name} registered for this guild; registered: {known or 'none'} "
            f"(did the bot sync its command tree?)"
        )

    def option_value(self, opt: dict, value: Any, resolved: Resolved, walked: list) -> Any:
        """The value the client sends for ``opt`` given ``value`` (a choice's name picks its value); what it names
        (a user, a channel, a file) goes into ``resolved``."""
        where = f"/{' '.join(walked)} option {opt['name']!r}"
        if choices := opt.get("choices"):
            value = _chosen(where, choices, value)
        kind = opt["type"]
        if kind in _PLAIN:
            return _PLAIN[kind](where, opt, value)
        if kind in (OPT_USER, OPT_MENTIONABLE):
            return self._user(value, resolved)
        if kind == OPT_CHANNEL:
            return self._channel(value, resolved)
        if kind == OPT_ROLE:
            return str(int(value))
        if kind == OPT_ATTACHMENT:
            return self._attachment(value, resolved)
        return value

    def _user(self, value: Any, resolved: Resolved) -> str:
        uid = value.id if isinstance(value, Member) else int(value)
        if uid in self.fake.users or uid == self.fake.bot_id:
            resolved.setdefault("users", {})[str(uid)] = self.fake.payloads.user(uid)
            guild = self.fake.guilds.get(self.guild_id) if self.guild_id else None
            if guild is not None:
                resolved.setdefault("members", {})[str(uid)] = dict(
                    self.fake.payloads.member(uid, guild, with_user=False),
                    permissions=str(self.fake.permissions.member(uid, guild)),
                )
        return str(uid)

    def _channel(self, value: Any, resolved: Resolved) -> str:
        ch = self.fake.get_channel(value)
        payload = self.fake.payloads.channel(ch)
        payload["permissions"] = (
            str(self.fake.permissions.member(self.user_id, self.fake.guilds[ch.guild_id])) if ch.guild_id else "0"
        )
        resolved.setdefault("channels", {})[str(ch.id)] = payload
        return str(ch.id)

    def _attachment(self, value: Any, resolved: Resolved) -> str:
        filename, data = value if isinstance(value, tuple) else ("file.bin", bytes(value))
        att = self.fake.add_attachment(filename, data)
        resolved.setdefault("attachments", {})[str(att.id)] = att.payload()
        return str(att.id)


def _walk_subcommands(
    cmd_options: list[dict], container: list[dict], parts: list[str]
) -> tuple[list[dict], list[dict], list[str]]:
    """Down the subcommands named in ``parts[1:]``: the options of the one reached, where its options go in the
    data, and the path walked."""
    walked = [parts[0]]
    for sub in parts[1:]:
        subs = [o for o in cmd_options if o.get("type") in SUBCOMMANDS]
        found = next((o for o in subs if o["name"] == sub), None)
        if found is None:
            raise HarnessError(
                f"/{' '.join(walked)} has no subcommand {sub!r}; it has: "
                f"{[o['name'] for o in subs] or 'no subcommands'}"
            )
        node: dict[str, Any] = {"name": sub, "type": found["type"], "options": []}
        container.append(node)
        container = node["options"]
        cmd_options = found.get("options") or []
        walked.append(sub)
    if subs := [o for o in cmd_options if o.get("type") in SUBCOMMANDS]:
        raise HarnessError(f"/{' '.join(walked)} needs a subcommand: {[o['name'] for o in subs]}")
    return cmd_options, container, walked


def _chosen(where: str, choices: list[dict], value: Any) -> Any:
    """A choice's value, given its value or its name."""
    if value in [c["value"] for c in choices]:
        return value
    named = [c["value"] for c in choices if c["name"] == value]
    if not named:
        raise HarnessError(f"{where}: {value!r} is not one of the choices {[(c['name'], c['value']) for c in choices]}")
    return named[0]


def _string(where: str, opt: dict, value: Any) -> str:
    value = value if isinstance(value, str) else str(value)
    if "min_length" in opt and len(value) < opt["min_length"]:
        raise HarnessError(f"{where}: shorter than {opt['min_length']}")
    if "max_length" in opt and len(value) > opt["max_length"]:
        raise HarnessError(f"{where}: longer than {opt['max_length']}")
    return value


def _number(where: str, opt: dict, value: Any) -> int | float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise HarnessError(f"{where} expects a number, got {value!r}")
    if opt["type"] == OPT_INTEGER and int(value) != value:
        raise HarnessError(f"{where} expects an integer, got {value!r}")
    if opt.get("min_value") is not None and value < opt["min_value"]:
        raise HarnessError(f"{where}: {value} < min {opt['min_value']}")
    if opt.get("max_value") is not None and value > opt["max_value"]:
        raise HarnessError(f"{where}: {value} > max {opt['max_value']}")
    return int(value) if opt["type"] == OPT_INTEGER else value


def _boolean(where: str, opt: dict, value: Any) -> bool:
    if not isinstance(value, bool):
        raise HarnessError(f"{where} expects a bool, got {value!r}")
    return value


_PLAIN: dict[int, Callable[[str, dict, Any], Any]] = {
    OPT_STRING: _string,
    OPT_INTEGER: _number,
    OPT_NUMBER: _number,
    OPT_BOOLEAN: _boolean,
}

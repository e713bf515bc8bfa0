"""The application commands' routes: registering the slash commands (one, or all of a scope at once), reading,
editing and deleting them, globally or in a guild."""

from __future__ import annotations

from aiohttp import web

from .errors import DiscordHTTPError, FormErrors, not_found
from .httpio import API, Handler, add_routes, json_response, no_content, read_body
from .models import Command, snowflake
from .world import World


class CommandRoutes:
    """The routes under ``/applications/{app_id}/commands`` and ``…/guilds/{guild_id}/commands``."""

    def __init__(self, world: World) -> None:
        self.world = world

    def add_routes(self, r: web.UrlDispatcher) -> None:
        commands: dict[str, Handler] = {
            "PUT": self._put_commands,
            "GET": self._get_commands,
            "POST": self._post_command,
        }
        command: dict[str, Handler] = {
            "GET": self._get_command,
            "PATCH": self._patch_command,
            "DELETE": self._delete_command,
        }
        add_routes(
            r,
            {
                "/applications/{app_id}/commands": commands,
                "/applications/{app_id}/commands/{command_id:\\d+}": command,
                "/applications/{app_id}/guilds/{guild_id}/commands": commands,
                "/applications/{app_id}/guilds/{guild_id}/commands/{command_id:\\d+}": command,
            },
            API,
        )

    def _command_scope(self, request: web.Request) -> int | None:
        if int(request.match_info["app_id"]) != self.world.application_id:
            raise DiscordHTTPError(403, 50001, "Missing Access")
        gid = request.match_info.get("guild_id")
        if gid is None:
            return None
        gid_i = int(gid)
        if gid_i not in self.world.guilds:
            raise DiscordHTTPError(403, 50001, "Missing Access")
        return gid_i

    def _upsert_command(self, scope: int | None, payload: dict) -> Command:
        ctype = int(payload.get("type", 1))
        name = payload.get("name") or ""
        errors = FormErrors()
        errors.max_len(["name"], name, 32)
        if not name:
            errors.add(["name"], "BASE_TYPE_REQUIRED", "This field is required")
        if ctype == 1:
            errors.max_len(["description"], payload.get("description"), 100)
        errors.raise_if_any()
        key = (scope, ctype, name)
        existing = self.world.commands.get(key)
        cmd = Command(
            id=existing.id if existing else snowflake(),
            application_id=self.world.application_id,
            guild_id=scope,
            payload=dict(payload),
        )
        self.world.commands[key] = cmd
        self.world.changed()
        return cmd

    async def _put_commands(self, request: web.Request) -> web.Response:
        scope = self._command_scope(request)
        body, _ = await read_body(request)
        old = {k: self.world.commands.pop(k) for k in [k for k in self.world.commands if k[0] == scope]}
        out = []
        for p in body:
            cmd = self._upsert_command(scope, p)
            prev = old.get((scope, cmd.type, cmd.name))
            if prev is not None:  # Discord keeps a command's id across bulk overwrites
                cmd.id = prev.id
            out.append(cmd.to_json())
        return json_response(out)

    async def _get_commands(self, request: web.Request) -> web.Response:
        scope = self._command_scope(request)
        return json_response([c.to_json() for c in self.world.commands_in(scope)])

    async def _post_command(self, request: web.Request) -> web.Response:
        scope = self._command_scope(request)
        body, _ = await read_body(request)
        return json_response(self._upsert_command(scope, body).to_json(), 201)

    def _find_command(self, request: web.Request) -> tuple[tuple, Command]:
        scope = self._command_scope(request)
        cid = int(request.match_info["command_id"])
        for key, c in self.world.commands.items():
            if key[0] == scope and c.id == cid:
                return key, c
        raise not_found(10063, "Unknown application command")

    async def _get_command(self, request: web.Request) -> web.Response:
        return json_response(self._find_command(request)[1].to_json())

    async def _patch_command(self, request: web.Request) -> web.Response:
        key, c = self._find_command(request)
        body, _ = await read_body(request)
        payload = {**c.payload, **body}
        del self.world.commands[key]
        new = self._upsert_command(key[0], payload)
        new.id = c.id
        return json_response(new.to_json())

    async def _delete_command(self, request: web.Request) -> web.Response:
        key, _ = self._find_command(request)
        del self.world.commands[key]
        self.world.changed()
        return no_content()

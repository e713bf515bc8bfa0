"""The tile and card faces as Discord application emoji (issue 13 item 2).

At start-up :func:`sync_faces` makes sure every face of ``faces/manifest.json`` exists as an emoji of the
application, uploading only the ones that are missing or whose picture changed. Discord keeps no hash of an
emoji's image, so the SHA-256 of each face uploaded is kept in the database (``app_emoji``, per application),
which every process of the bot shares; a face whose emoji is not recorded there with this release's hash is
uploaded again (the old emoji deleted first: names are unique). With several processes, only the one running
shard 0 uploads; the others take an emoji only once the database says it shows this release's picture.

Renderers ask :func:`face` for a card's emoji: ``"<:hf_01_crane:123…>"`` once that face is uploaded, None
otherwise (before the sync ends, or when Discord refused it) — and then they write today's text. Every face
is followed by the card's text, so :func:`fit` can drop the faces of a text that would be too long.
"""

from __future__ import annotations

import asyncio
import logging
import re
import time
from dataclasses import dataclass, field

import discord

from bot.store import SaveFailed, Store
from faces import face_path, load_manifest

log = logging.getLogger(__name__)

EMOJI_TOKEN = re.compile(r"<a?:\w{2,32}:[0-9]{15,21}>")


@dataclass
class Faces:
    """The uploaded faces: ``(game, code)`` → ``"<:name:id>"``."""

    emoji: dict[tuple[str, str], str] = field(default_factory=dict)

    def get(self, game: str, code: str) -> str | None:
        return self.emoji.get((game, code))


FACES = Faces()  # what the renderers see; filled by the sync, emptied when a bot starts


def face(game: str, code: str) -> str | None:
    """The emoji of a card or tile (``game`` as in the manifest: sanma, hanafuda, bcpoker), or None: text."""
    return FACES.get(game, code)


def fit(text: str, limit: int, *, keep_end: bool = False) -> str:
    """``text`` when it fits in ``limit`` characters; otherwise the same text without its faces (each face is
    followed by its card's words), cut to the limit (keeping its end with ``keep_end``)."""
    if len(text) <= limit:
        return text
    plain = EMOJI_TOKEN.sub("", text)
    return plain[-limit:] if keep_end else plain[:limit]


def fit_embed(embed: discord.Embed) -> discord.Embed:
    """An embed within Discord's limits however many faces it shows: a description over 4,096 characters or
    a field value over 1,024 loses its faces, and so does the whole embed when it is over 6,000 in all."""
    if embed.description:
        embed.description = fit(embed.description, 4096)
    for i, item in enumerate(embed.fields):
        embed.set_field_at(i, name=item.name, value=fit(item.value or "", 1024), inline=bool(item.inline))
    if len(embed) > 6000:
        if embed.description:
            embed.description = EMOJI_TOKEN.sub("", embed.description)
        for i, item in enumerate(embed.fields):
            embed.set_field_at(i, name=item.name, value=EMOJI_TOKEN.sub("", item.value or ""), inline=bool(item.inline))
    return embed


@dataclass
class SyncReport:
    uploaded: int = 0
    uploaded_bytes: int = 0
    deleted: int = 0
    kept: int = 0
    failed: int = 0
    seconds: float = 0.0


async def sync_faces(client: discord.Client, store: Store, faces: Faces = FACES, *, upload: bool = True,
                     pause: float = 10.0, tries: int = 60) -> SyncReport:
    """Upload the faces the application lacks or has an older picture of, and fill ``faces`` with every face
    that exists. Any refusal (no permission, a full application, a rejected image) leaves the faces it
    concerns as text; nothing raises. With ``upload=False`` (a process whose faces another process uploads:
    the one running shard 0), the faces are taken as they appear, looking every ``pause`` seconds."""
    if not upload:
        return await _adopt_faces(client, store, faces, pause, tries)
    started, report = time.perf_counter(), SyncReport()
    manifest = load_manifest()["faces"]
    application = client.application_id or 0
    try:
        remote = {e.name: e for e in await client.fetch_application_emojis()}
        recorded = await store.app_emoji(application)
    except (discord.HTTPException, discord.MissingApplicationID, SaveFailed) as error:
        log.warning("application emoji unavailable (%s); cards are shown as text", error)
        return report
    wanted = {entry["name"] for entry in manifest}
    prefixes = tuple({entry["name"].split("_")[0] + "_" for entry in manifest})
    for name, emoji in remote.items():  # faces that no longer exist
        if name.startswith(prefixes) and name not in wanted and await _delete(emoji):
            await _record(store, application, name, None)
            report.deleted += 1
    for entry in manifest:
        name, digest = entry["name"], entry["sha256"]
        emoji = remote.get(name)
        if emoji is not None and recorded.get(name) == (digest, emoji.id):
            report.kept += 1
        else:
            if emoji is not None:
                if not await _delete(emoji):
                    report.failed += 1
                    continue
                report.deleted += 1
            if name in recorded:  # its record no longer says what Discord holds
                await _record(store, application, name, None)
            data = face_path(name).read_bytes()
            try:
                emoji = await client.create_application_emoji(name=name, image=data)
            except discord.HTTPException as error:
                report.failed += 1
                log.warning("could not upload the emoji %s (%s %s); it is shown as text", name, error.status,
                            error.text or "")
                if error.code == 30008:  # the application's emoji are at their maximum
                    break
                continue
            await _record(store, application, name, digest, emoji.id)
            report.uploaded += 1
            report.uploaded_bytes += len(data)
        faces.emoji[(entry["game"], entry["code"])] = str(discord.PartialEmoji(name=name, id=emoji.id))
    report.seconds = time.perf_counter() - started
    log.info("faces as emoji: %d kept, %d uploaded (%d bytes), %d deleted, %d as text, in %.2f s", report.kept,
             report.uploaded, report.uploaded_bytes, report.deleted, report.failed, report.seconds)
    return report


async def _record(store: Store, application: int, name: str, digest: str | None, emoji_id: int = 0) -> None:
    """Keep what the emoji ``name`` shows; a database that refuses only costs an upload at the next start."""
    try:
        await store.set_app_emoji(application, name, digest, emoji_id)
    except SaveFailed as error:
        log.warning("could not record the emoji %s (%s); it will be checked again next start", name, error.reason)


async def _adopt_faces(client: discord.Client, store: Store, faces: Faces, pause: float, tries: int) -> SyncReport:
    """The faces another process uploads: each one taken once Discord has its emoji and the database says that
    emoji shows this release's picture (an emoji about to be replaced is never taken)."""
    started, report = time.perf_counter(), SyncReport()
    manifest = load_manifest()["faces"]
    application = client.application_id or 0
    for attempt in range(tries):
        if attempt:
            await asyncio.sleep(pause)
        try:
            remote = {e.name: e.id for e in await client.fetch_application_emojis()}
            recorded = await store.app_emoji(application)
        except (discord.HTTPException, discord.MissingApplicationID, SaveFailed) as error:
            log.warning("application emoji unavailable (%s); cards are shown as text", error)
            break
        current = [entry for entry in manifest if entry["name"] in remote
                   and recorded.get(entry["name"]) == (entry["sha256"], remote[entry["name"]])]
        for entry in current:
            faces.emoji[(entry["game"], entry["code"])] = str(discord.PartialEmoji(name=entry["name"],
                                                                                   id=remote[entry["name"]]))
        report.kept = len(current)
        if report.kept == len(manifest):
            break
    report.seconds = time.perf_counter() - started
    log.info("faces as emoji (uploaded by another process): %d of %d found", report.kept, len(manifest))
    return report


async def _delete(emoji: discord.Emoji) -> bool:
    try:
        await emoji.delete()
    except discord.HTTPException as error:
        log.warning("could not delete the old emoji %s (%s)", emoji.name, error.status)
        return False
    return True

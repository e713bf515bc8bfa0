"""The tile and card faces as Discord application emoji.

At start-up :func:`sync_faces` makes sure every face of ``faces/manifest.json`` exists as an emoji of the
application, uploading only the ones that are missing or whose picture changed. Discord keeps no hash of an
emoji's image, so the SHA-256 of each face uploaded is kept in the database (``app_emoji``, per application),
which every process of the bot shares; a face whose emoji is not recorded there with this release's hash is
uploaded again (its record forgotten, then the old emoji deleted: names are unique). Discord does not document
how many emoji may be created an hour: a rate limit is waited out by the upload alone, however long. With
several processes, only the one running shard 0 uploads; the others take an emoji only once the database says
it shows this release's picture, looking for as long as they run.

Renderers ask :func:`face` for a card's emoji: ``"<:hf_01_crane:123…>"`` once that face is uploaded, None
otherwise (before the sync ends, or when Discord refused it) — and then they write today's text. Every face
is followed by the card's text, so :func:`fit` can drop the faces of a text that would be too long.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import re
import time
from dataclasses import dataclass, field
from typing import Any, Self

import discord

from bot.store import SaveFailed, Store
from faces import face_path, load_manifest

log = logging.getLogger(__name__)

EMOJI_TOKEN = re.compile(r"<a?:\w{2,32}:[0-9]{15,21}>")


_STAMPS = itertools.count(1)  # one stamp per content of any face map: never given twice in a process


class FaceMap(dict[tuple[str, str], str]):
    """The faces shown: ``(game, code)`` → ``"<:name:id>"``, a dict whose ``stamp`` changes with every change of its
    content (and differs from every other map's), so that texts written with its faces can be kept per stamp."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.stamp = next(_STAMPS)

    def _changed(self) -> None:
        self.stamp = next(_STAMPS)

    def __setitem__(self, key: tuple[str, str], value: str) -> None:
        super().__setitem__(key, value)
        self._changed()

    def __delitem__(self, key: tuple[str, str]) -> None:
        super().__delitem__(key)
        self._changed()

    def __ior__(self, other: Any) -> Self:  # type: ignore[misc,override]  # typeshed pairs it with dict.__or__
        super().__ior__(other)
        self._changed()
        return self

    def clear(self) -> None:
        super().clear()
        self._changed()

    def update(self, *args: Any, **kwargs: Any) -> None:
        super().update(*args, **kwargs)
        self._changed()

    def pop(self, *args: Any) -> Any:
        try:
            return super().pop(*args)
        finally:
            self._changed()

    def popitem(self) -> tuple[tuple[str, str], str]:
        try:
            return super().popitem()
        finally:
            self._changed()

    def setdefault(self, key: tuple[str, str], default: str) -> str:
        try:
            return super().setdefault(key, default)
        finally:
            self._changed()


@dataclass
class Faces:
    """The uploaded faces: ``(game, code)`` → ``"<:name:id>"`` (any dict given is kept as a :class:`FaceMap`)."""

    emoji: FaceMap = field(default_factory=FaceMap)

    def __setattr__(self, name: str, value: Any) -> None:
        if name == "emoji" and not isinstance(value, FaceMap):
            value = FaceMap(value)
        super().__setattr__(name, value)

    def get(self, game: str, code: str) -> str | None:
        return self.emoji.get((game, code))


FACES = Faces()  # what the renderers see; filled by the sync, emptied when a bot starts


def face(game: str, code: str) -> str | None:
    """The emoji of a card or tile (``game`` as in the manifest: sanma, hanafuda, bcpoker), or None: text. Read
    straight from the dict: the renderers ask it for every card they write."""
    return FACES.emoji.get((game, code))


def faces_stamp() -> int:
    """What the faces shown are now, in one number: it changes whenever a face is shown, replaced or dropped. A text
    written with faces and kept is kept under it."""
    return FACES.emoji.stamp


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
    rate_limited: int = 0  # uploads Discord asked to wait for (each waited out, then tried again)
    seconds: float = 0.0


ADOPT_PAUSE = 10.0  # how often a process that does not upload looks in the database for new faces
LONGEST_RATE_LIMIT = 3600.0  # a 429's wait is honoured up to this long (Discord's answers carry their own)


def _show(faces: Faces, entry: dict, emoji_id: int) -> None:
    faces.emoji[(entry["game"], entry["code"])] = str(discord.PartialEmoji(name=entry["name"], id=emoji_id))


async def sync_faces(
    client: discord.Client, store: Store, faces: Faces = FACES, *, upload: bool = True, pause: float = ADOPT_PAUSE
) -> SyncReport:
    """Upload the faces the application lacks or has an older picture of, and fill ``faces`` with every face
    that exists. The application's emoji are listed first: every face already there with this release's
    picture is shown at once, and only the others are uploaded, one at a time. A rate limit, however long, is
    waited out in this task alone (nothing else waits for it; the cards missing meanwhile are text). Any other
    refusal (no permission, a full application, a rejected image) leaves the faces it concerns as text;
    nothing raises. With ``upload=False`` (a process whose faces another process uploads: the one running
    shard 0), the faces are taken as the database shows them uploaded (and Discord confirms), looking every
    ``pause`` seconds for as long as the process runs."""
    if not upload:
        return await _adopt_faces(client, store, faces, pause)
    started, report = time.perf_counter(), SyncReport()
    manifest = load_manifest()["faces"]
    application = client.application_id or 0
    try:
        remote = {e.name: e for e in await client.fetch_application_emojis()}
        recorded = await store.emoji.uploaded(application)
    except (discord.HTTPException, discord.MissingApplicationID, SaveFailed) as error:
        log.warning("application emoji unavailable (%s); cards are shown as text", error)
        return report
    missing = []
    for entry in manifest:  # what already shows this release's picture is shown now, before any upload
        emoji = remote.get(entry["name"])
        if emoji is not None and recorded.get(entry["name"]) == (entry["sha256"], emoji.id):
            _show(faces, entry, emoji.id)
            report.kept += 1
        else:
            missing.append(entry)
    sync = _Sync(client, store, application, faces, remote, recorded, report)
    await _delete_gone(sync, manifest)
    await _upload(sync, missing)
    report.seconds = time.perf_counter() - started
    log.info(
        "faces as emoji: %d kept, %d uploaded (%d bytes), %d deleted, %d as text, %d rate limits waited out, in %.2f s",
        report.kept,
        report.uploaded,
        report.uploaded_bytes,
        report.deleted,
        report.failed,
        report.rate_limited,
        report.seconds,
    )
    return report


@dataclass(frozen=True)
class _Sync:
    """One sync of the faces: the client and store it works with, the application's emoji on Discord (``remote``)
    and in the database (``recorded``: name → digest and id), the faces it fills in, and its report."""

    client: discord.Client
    store: Store
    application: int
    faces: Faces
    remote: dict[str, discord.Emoji]
    recorded: dict[str, tuple[str, int]]
    report: SyncReport


async def _delete_gone(sync: _Sync, manifest: list[dict]) -> None:
    """Delete the application's faces that this release no longer has (forgotten in the database first)."""
    wanted = {entry["name"] for entry in manifest}
    prefixes = tuple({entry["name"].split("_")[0] + "_" for entry in manifest})
    for name, emoji in sync.remote.items():
        if name.startswith(prefixes) and name not in wanted:
            if name in sync.recorded:  # forgotten first: no other process takes an emoji about to go
                await _record(sync.store, sync.application, name, None)
            if await _delete(emoji):
                sync.report.deleted += 1


async def _upload(sync: _Sync, missing: list[dict]) -> None:
    """Upload the faces the application lacks or holds an older picture of, one at a time, each shown once
    uploaded; none more once the application's emoji are at their maximum."""
    for entry in missing:
        name, digest = entry["name"], entry["sha256"]
        if name in sync.recorded:  # its record no longer says what Discord holds (forgotten before the delete)
            await _record(sync.store, sync.application, name, None)
        emoji = sync.remote.get(name)
        if emoji is not None:
            if not await _delete(emoji):
                sync.report.failed += 1
                continue
            sync.report.deleted += 1
        data = face_path(name).read_bytes()
        created = await _create(sync.client, name, data, sync.report)
        if isinstance(created, discord.HTTPException):
            sync.report.failed += 1
            log.warning(
                "could not upload the emoji %s (%s %s); it is shown as text", name, created.status, created.text or ""
            )
            if created.code == 30008:  # the application's emoji are at their maximum
                return
            continue
        await _record(sync.store, sync.application, name, digest, created.id)
        sync.report.uploaded += 1
        sync.report.uploaded_bytes += len(data)
        _show(sync.faces, entry, created.id)


async def _create(
    client: discord.Client, name: str, data: bytes, report: SyncReport
) -> discord.Emoji | discord.HTTPException:
    """Upload one face; a 429 discord.py gave up on (or would not wait for) is waited out here and the same face
    tried again, so that no other upload is sent into the limit."""
    while True:
        try:
            return await client.create_application_emoji(name=name, image=data)
        except discord.RateLimited as limited:
            wait = limited.retry_after
        except discord.HTTPException as error:
            if error.status != 429:
                return error
            wait = _retry_after(error)
        report.rate_limited += 1
        log.info("the emoji uploads are rate limited; the next one in %.0f s (cards missing meanwhile are text)", wait)
        await asyncio.sleep(min(wait, LONGEST_RATE_LIMIT))


def _retry_after(error: discord.HTTPException) -> float:
    """The seconds a 429 asks for: its Retry-After header (whole seconds), else a minute."""
    try:
        return max(float(error.response.headers.get("Retry-After", "")), 1.0)
    except (TypeError, ValueError):
        return 60.0


async def _record(store: Store, application: int, name: str, digest: str | None, emoji_id: int = 0) -> None:
    """Keep what the emoji ``name`` shows; a database that refuses only costs an upload at the next start."""
    try:
        await store.emoji.record(application, name, digest, emoji_id)
    except SaveFailed as error:
        log.warning("could not record the emoji %s (%s); it will be checked again next start", name, error.reason)


async def _adopt_faces(client: discord.Client, store: Store, faces: Faces, pause: float) -> SyncReport:
    """The faces another process uploads, each taken once the database says its emoji shows this release's
    picture and Discord has that emoji. Each look is one small query of the database; Discord is asked (one
    list of the application's emoji) only when the database shows faces not taken yet, and an emoji it does not
    have is not asked about again until its record changes. Looks until every face is taken."""
    started, report = time.perf_counter(), SyncReport()
    manifest = load_manifest()["faces"]
    application = client.application_id or 0
    absent: set[tuple[str, int]] = set()  # recorded emoji Discord did not have
    while True:
        try:
            recorded = await store.emoji.uploaded(application)
        except SaveFailed as error:
            log.warning("could not read the faces' emoji (%s); looking again in %.0f s", error.reason, pause)
            recorded = {}
        new = [
            (entry, recorded[entry["name"]][1])
            for entry in manifest
            if (entry["game"], entry["code"]) not in faces.emoji
            and recorded.get(entry["name"], ("", 0))[0] == entry["sha256"]
            and (entry["name"], recorded[entry["name"]][1]) not in absent
        ]
        if new:
            try:
                remote = {e.name: e.id for e in await client.fetch_application_emojis()}
            except (discord.HTTPException, discord.MissingApplicationID) as error:
                log.warning("application emoji unavailable (%s); looking again in %.0f s", error, pause)
            else:
                for entry, emoji_id in new:
                    if remote.get(entry["name"]) == emoji_id:
                        _show(faces, entry, emoji_id)
                        report.kept += 1
                    else:
                        absent.add((entry["name"], emoji_id))
        if report.kept == len(manifest):
            break
        await asyncio.sleep(pause)
    report.seconds = time.perf_counter() - started
    log.info("faces as emoji (uploaded by another process): all %d taken", len(manifest))
    return report


async def _delete(emoji: discord.Emoji) -> bool:
    try:
        await emoji.delete()
    except discord.HTTPException as error:
        log.warning("could not delete the old emoji %s (%s)", emoji.name, error.status)
        return False
    return True

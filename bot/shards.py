"""Which Discord shards this process runs (``PARLOR_SHARD_COUNT``, ``PARLOR_SHARD_IDS``) and so which
guilds, and their tables, it serves: Discord deals guild ``g`` to shard ``(g >> 22) % shard_count``."""

from __future__ import annotations

from dataclasses import dataclass


def shard_of(guild_id: int, shard_count: int) -> int:
    """The shard Discord sends ``guild_id``'s events and interactions to."""
    return (guild_id >> 22) % shard_count


@dataclass(frozen=True)
class Shards:
    """``ids`` of ``count`` shards, run by this process (an ``AutoShardedClient``)."""

    count: int
    ids: tuple[int, ...]

    def owns(self, guild_id: int) -> bool:
        return shard_of(guild_id, self.count) in self.ids

    def __str__(self) -> str:
        return f"shard{'s' if len(self.ids) > 1 else ''} {','.join(map(str, self.ids))} of {self.count}"

    @classmethod
    def parse(cls, count: str, ids: str) -> Shards | None:
        """From the settings' text; None when neither is set (one process, no sharding). ``ids`` empty:
        every shard. Raises ValueError saying what is wrong."""
        count, ids = count.strip(), ids.strip()
        if not count:
            if ids:
                raise ValueError("PARLOR_SHARD_IDS needs PARLOR_SHARD_COUNT (how many shards in all)")
            return None
        if not count.isdigit() or int(count) < 1:
            raise ValueError(f"PARLOR_SHARD_COUNT must be a whole number of at least 1, got {count!r}")
        total = int(count)
        if not ids:
            return cls(total, tuple(range(total)))
        parts = [part.strip() for part in ids.split(",")]
        if not all(part.isdigit() and int(part) < total for part in parts):
            raise ValueError(
                f"PARLOR_SHARD_IDS must be shard numbers from 0 to {total - 1} separated by commas, got {ids!r}"
            )
        chosen = tuple(sorted({int(part) for part in parts}))
        if len(chosen) != len(parts):
            raise ValueError(f"PARLOR_SHARD_IDS names a shard twice: {ids!r}")
        return cls(total, chosen)

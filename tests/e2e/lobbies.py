"""Opening a table through its lobby, as players do: ``/play``, Join, Add bot, Start."""

from __future__ import annotations


async def start_with_bots(host, guest, game: str, title: str, bots: int, **options) -> None:
    """``host`` opens a ``game`` table (its lobby says ``title``), ``guest`` joins, ``host`` adds ``bots`` bots and
    starts it."""
    lobby = await host.slash("play", game, **options)
    assert f"{title} — table open" in lobby.text()
    await guest.click(lobby, "Join")
    for _ in range(bots):
        await host.click(lobby, "Add bot")
    await host.click(lobby, "Start")

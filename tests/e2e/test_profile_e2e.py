"""``/profile`` through the fake Discord after seeded games stored as the table manager stores them: the page's
picture is attached and its text's numbers are the ones this test counts itself from the games' events.
With ``PARLOR_SCREENSHOT`` set to a folder (``PARLOR_SCREENSHOT=docs``), the pictures are written there too
(``profile.png``, ``season.png``: the README's)."""

from __future__ import annotations

import os
from collections import Counter
from pathlib import Path

from bot.league.ratings import rating_history
from bot.store import Store
from games.koikoi.tally import LINES as KOIKOI_LINES
from games.sanma.tally import LINES as SANMA_LINES
from localdiscord import run_client
from tests.bot.league_games import store_game
from tests.games.test_tally import count_koikoi, count_sanma

from .conftest import make_bot


def keep(picture: bytes, name: str) -> None:
    if (folder := os.environ.get("PARLOR_SCREENSHOT")) and Path(folder).is_dir():
        (Path(folder) / name).write_bytes(picture)


async def seed_games(db, guild_id: int, alice: int, bob: int) -> tuple[Counter, Counter]:
    """Six sanma games (Alice, Bob, a bot) and two Koi-Koi games (Bob, Alice); Alice's own counts of each."""
    sanma, koikoi = Counter(), Counter()
    store = await Store.open(db)
    try:
        for number in range(6):
            events = await store_game(
                store,
                guild_id,
                900 + number,
                "sanma",
                [(alice, "alice"), (bob, "bob"), (None, "Bot")],
                f"e2e-sanma-{number}",
            )
            sanma.update(count_sanma(events, 3)[0])
        for number in range(2):
            events = await store_game(
                store, guild_id, 950 + number, "koikoi", [(bob, "bob"), (alice, "alice")], f"e2e-koikoi-{number}"
            )
            koikoi.update(count_koikoi(events, 2)[1])
    finally:
        await store.close()
    return sanma, koikoi


async def test_profile_shows_the_page_with_the_counted_statistics(fake, db):
    alice, bob, carol = fake.add_user("alice"), fake.add_user("bob"), fake.add_user("carol")
    sanma, koikoi = await seed_games(db, fake.guild.id, alice.id, bob.id)
    async with run_client(fake, make_bot(fake, db)):
        page = await alice.slash("profile")  # her most played game: sanma
        assert not page.ephemeral
        message = page.messages[-1]
        assert message.embed["title"] == "alice — Sanma"
        assert message.embed["image"]["url"].endswith("profile.png")
        picture = next(a for a in message.attachments if a.filename == "profile.png")
        assert picture.data.startswith(b"\x89PNG") and len(picture.data) < 100_000
        keep(picture.data, "profile.png")
        text = message.embed["description"]
        assert "6 games" in text
        hands, wins = sanma["hands"], sanma["wins"]
        assert f"Win rate: {100 * wins / hands:.1f}% ({wins}/{hands})" in text
        for line in SANMA_LINES:
            assert f"{line.label}: {line.text(sanma)}" in text
        store = await Store.open(db)
        try:  # her rating now, as the ratings module keeps it after each rated game
            season = await store.seasons.current(fake.guild.id)
            history = await rating_history(store, fake.guild.id, alice.id, "sanma", season.id)
        finally:
            await store.close()
        assert len(history) == 6 and f"Rating: {history[-1].rating.shown:.1f}" in text

        other = await bob.slash("profile", member=alice, game="koikoi")
        text = other.messages[-1].embed["description"]
        assert other.messages[-1].embed["title"] == "alice — Koi-Koi" and "2 games" in text
        for line in KOIKOI_LINES:
            assert f"{line.label}: {line.text(koikoi)}" in text
        made = sorted(((k[5:], n) for k, n in koikoi.items() if k.startswith("yaku:")), key=lambda kv: (-kv[1], kv[0]))
        assert "Yaku made: " + ", ".join(f"{name} ×{n}" for name, n in made[:8]) in text

        nothing = await carol.slash("profile")
        assert nothing.ephemeral_to == carol.id and "You have finished no games this season yet" in nothing.text()
        none_here = await carol.slash("profile", member=alice, game="bcpoker")
        assert none_here.ephemeral and "alice has finished no Black Christmas Poker games" in none_here.text()


async def test_standings_and_season_show_carry_the_season_chart(fake, db):
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    await seed_games(db, fake.guild.id, alice.id, bob.id)
    async with run_client(fake, make_bot(fake, db)):
        for answer in (
            await bob.slash("standings", game="sanma"),
            await bob.slash("standings"),
            await bob.slash("season", "show"),
        ):
            assert not answer.ephemeral
            assert answer.embed["image"]["url"].endswith("season.png")
            (chart,) = [a for a in answer.message.attachments if a.filename == "season.png"]
            assert chart.data.startswith(b"\x89PNG") and len(chart.data) < 100_000
            keep(chart.data, "season.png")

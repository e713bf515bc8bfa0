"""Small things players saw on the table (the heartbeat figure is tested with
the fake Discord in tests/localdiscord)."""

from __future__ import annotations

import re

from bot.presenter import DiscordPresenter
from bot.tables import PLAYING
from games.bcpoker import GAME as BCP
from games.bcpoker.options import Options as BCPOptions
from games.bcpoker.simulate import play_game
from localdiscord import run_client
from tests.bot.playing_tables import playing_table

from .conftest import action_buttons, make_bot, started_koikoi, table_message


async def test_sanma_lobby_names_the_number_of_players_once(fake, db):
    alice = fake.add_user("alice")
    async with run_client(fake, make_bot(fake, db)):
        lobby = await alice.slash("play", "sanma")
        assert "when 3 players are seated" in lobby.text()
        assert "3–3" not in lobby.text()
        koikoi = await fake.add_user("bob").slash("play", "koikoi", _channel=fake.add_channel("koikoi"))
        assert "when 2–" in koikoi.text()


async def test_the_deal_hash_is_shown_once_on_the_table(fake, db):
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    async with run_client(fake, make_bot(fake, db)):
        lobby = await alice.slash("play", "koikoi")
        await bob.click(lobby, "Join")
        await alice.click(lobby, "Start")
        await fake.wait_idle()
        text = table_message(fake).text()
        digest = re.search(r"[0-9a-f]{64}", text)
        assert digest, text
        assert text.count(digest[0][:16]) == 1, text


async def test_an_open_hand_panel_says_when_the_game_is_over(fake, db):
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    bot = make_bot(fake, db)
    async with run_client(fake, bot):
        table = await started_koikoi(fake, bot, alice, bob)
        panels = {}
        for user in (alice, bob):
            panels[user.id] = (await user.click(table_message(fake), "My hand")).message
        while table.status == PLAYING:
            user = alice if alice.id in [table.seats[s].user_id for s in table.to_act()] else bob
            panel = panels[user.id]
            if not action_buttons(panel):  # a panel older than 15 minutes is not refreshed: reopen
                panel = panels[user.id] = (await user.click(table_message(fake), "My hand")).message
            await user.click(panel, action_buttons(panel)[0][1])
            await fake.wait_idle()
        for panel in panels.values():
            assert "This game is over" in panel.text()
            assert not action_buttons(panel)


async def test_a_secret_call_window_keeps_the_turn_line():
    """BCP's "Waiting for Ron decisions…" showed no Turn: line (who may Ron is secret)."""
    windows = []

    def catch(state, events):
        if state.phase == "ron" and not windows:
            windows.append(state.model_copy(deep=True))

    for n in range(20):
        if windows:
            break
        play_game(BCPOptions(), 3, f"turn-line-{n}", catch)
    assert windows, "no Ron window in 20 games"
    state = windows[0]
    table = playing_table(BCP, state, ["alice", "bob", "carol"], seed="0" * 32)
    payload = DiscordPresenter(client=None).table_payload(table)
    assert "Waiting for Ron decisions" in payload["embed"].description
    assert payload["content"].startswith("Turn: ")
    assert "<@" not in payload["content"]  # nobody named: who may Ron stays secret


async def test_calc_sanma_names_the_winning_tile_once_not_as_an_extra_tile(fake, db):
    """The hand option holds the winning tile already: the answer names it as the tile won on."""
    alice = fake.add_user("alice")
    async with run_client(fake, make_bot(fake, db)):
        answer = await alice.slash("calc", "sanma", hand="111m456p789s11122z", win="2z", tsumo=True)
        title = answer.message.embed["title"]
        assert title == "Sanma hand: 111m456p789s11122z · winning on 2z (tsumo)", title
        assert "+ 2z" not in answer.text()

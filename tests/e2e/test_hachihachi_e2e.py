"""A Hachi-Hachi year of 6 months through the fake Discord: two people and two bots.

The master seed (``first_seed=25``) is one whose year has everything the issue asks for —
passes, a chased player, declared hand combos, a Sa-gé and a Yoshi, Han-Don with a loan —
when every seat plays what Parlor's bot policy would (the people click exactly those
buttons, so the year is reproducible). The bot restarts while a person must bid.
"""

from __future__ import annotations

from cogs.money import fmt
from games.hachihachi import GAME
from localdiscord import start_client
from tests.games._hachihachi_helpers import Books

from .conftest import IN_PLACE, LeakWatch, make_bot
from .lobbies import start_with_bots

SEED = 25


class MonthLeakWatch(LeakWatch):
    """One deal is one month: bots may finish a month and the next deal may hand a card that was
    just played in public to someone, all in one step; that card was not concealed throughout."""

    def deal_key(self, table) -> object:
        return (table.id, table.state.game_no, table.state.month)


def public_text(fake) -> str:
    return "\n".join(fake.all_public_texts())


async def click_action(fake, bot, user, table, action: str):
    """``user`` opens their hand panel and presses the button (or menu entry) for ``action``."""
    board = next(m for m in reversed(fake.public_messages()) if any(b[0] == "My hand" for b in m.buttons()))
    opened = await user.click(board, "My hand")
    assert opened.ephemeral_to == user.id
    panel = opened.message
    for _label, custom_id, disabled in panel.buttons():
        if custom_id and custom_id.endswith(f":a:{action}") and not disabled:
            result = await user.click(panel, custom_id)
            assert result.response_type in IN_PLACE, result.text()
            return panel
    for select in panel.selects():
        values = [o["value"] for o in select.get("options", [])]
        if action in values:
            await user.select(panel, select["custom_id"], [action])
            return panel
    raise AssertionError(f"{action} not offered to {user.name}: {panel.buttons()}")


def wanted(table, seat: int) -> str:
    legal = table.game.legal_actions(table.state, seat)
    return GAME.bot_choose(table.game.view(table.state, seat), legal, 0)


async def test_hachihachi_year_of_six_months(fake, db):
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    bot = make_bot(fake, db, first_seed=SEED)
    run = await start_client(fake, bot)
    watch = MonthLeakWatch(fake, bot)
    await start_with_bots(alice, bob, "hachihachi", "Hachi-Hachi", 2, months=6)
    await fake.wait_idle()
    await bot.tables.idle()
    watch.check()
    table = bot.tables.in_channel(fake.channel.id)
    assert table.status == "playing"
    users = {table.seat_of(alice.id): alice, table.seat_of(bob.id): bob}
    assert "Hachi-Hachi · month 1 of 6" in public_text(fake)

    restarted = False
    human_actions = 0
    seen_phases: set[str] = set()
    while table.status == "playing":
        humans = [s for s in table.to_act() if s in users]
        assert humans, f"nobody to act: {table.state.phase}"
        seat = humans[0]
        phase = table.state.phase
        seen_phases.add(phase)
        action = wanted(table, seat)
        if phase == "bidding" and not restarted and table.state.month >= 2:
            # the process stops while a person must bid, and comes back
            board = next(m for m in reversed(fake.public_messages()) if any(b[0] == "My hand" for b in m.buttons()))
            old_panel = (await users[seat].click(board, "My hand")).message
            version, snapshot = table.version, table.state.model_dump_json()
            await run.stop()
            bot = make_bot(fake, db, first_seed=SEED + 1000)
            run = await start_client(fake, bot)
            watch.rebind(bot)
            table = bot.tables.get(table.id)
            assert table.version == version and table.state.model_dump_json() == snapshot
            custom_id = next(c for _, c, _ in old_panel.buttons() if c and c.endswith(f":a:{action}"))
            clicked = await users[seat].click(old_panel, custom_id)  # a button from before the restart
            assert clicked.response_type in IN_PLACE, clicked.text()
            restarted = True
        else:
            await click_action(fake, bot, users[seat], table, action)
        human_actions += 1
        await fake.wait_idle()
        await bot.tables.idle()
        await fake.wait_idle()
        watch.check()

    assert restarted and table.status == "finished"
    state = table.state
    assert {"bidding", "declare", "play"} <= seen_phases
    assert len(state.month_log) == 6
    texts = public_text(fake)
    # passing, a chased player, a declared hand combo, Sa-gé and Yoshi, Han-Don with a loan
    assert " passes (position " in texts and "🚪 Chassé:" in texts
    assert "📜" in texts and " declares " in texts
    assert "calls Sa-gé" in texts and "calls Yoshi" in texts
    assert "Han-Don" in texts and "borrows" in texts
    assert any(e["kind"] == "loan" and e["step"] == "han_don" for e in state.ledger)  # Han-Don with a loan
    assert any(m["kind"] == "yoshi" for m in state.month_log)
    assert "Who paid whom this month, and why" in texts
    assert "Hachi-Hachi — the year is over" in texts and "Final payments" in texts
    assert watch.checked > 50 and human_actions > 20

    # every chip is a line of the month and year summaries the channel saw:
    # Han-Don, its loans, repayments, stones and bonus included
    names = [seat.name for seat in table.seats]
    books = Books(names)
    summaries = [
        e
        for m in fake.public_messages()
        for e in m.embeds
        if (e.get("title") or "").startswith(("Month ", "After month ", "🏁 Hachi-Hachi"))
    ]
    assert len(summaries) == 7  # six months and the year
    for embed in summaries:
        books.read(embed)
    assert books.cash == state.cash and books.debt == state.debt and books.loans > 0
    assert any(" (Han-Don)" in f["value"] for f in summaries[-1]["fields"])
    [year] = books.scores
    # the season ledger holds those lines: the score, /balance and /debts agree with the summary
    result = table.game.result(state)
    lines = await bot.store.ledger.lines(fake.guild.id, table_id=table.id)
    for seat, name in enumerate(names):
        mine = [line for line in lines if line.seat == seat]
        assert sum(line.amount for line in mine) == result.scores[seat] == year[name]["score"]
        assert sum(line.amount for line in mine if line.kind == "game") == result.scores[seat]
        assert sum(line.amount for line in mine if line.kind in ("loan", "repay")) == state.debt[seat]
    assert any(line.kind == "loan" for line in lines)
    # replaying the log gives the same year
    replayed = await bot.tables.replay(table.id)
    assert replayed.model_dump_json() == state.model_dump_json()

    # /debts lists the people who still owe the bank
    debts = await alice.slash("debts")
    shown = debts.text()
    for seat, user in users.items():
        if state.debt[seat]:
            assert f"<@{user.id}> · Hachi-Hachi · loans outstanding **{fmt(state.debt[seat])}**" in shown
        balance = await user.slash("balance", game="hachihachi")
        assert f"**{fmt(1000 + result.scores[seat])}** chips" in balance.text()
    standings = await alice.slash("standings")
    assert standings.text()
    await run.stop()
    fake.assert_clean()

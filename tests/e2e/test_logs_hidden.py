"""No log line, at DEBUG, shows a concealed card or a seed before its reveal.

Each game is played to its end by the real bot against the fake Discord, with logging set up
exactly as ``python -m bot`` sets it up at ``PARLOR_LOG_LEVEL=DEBUG``. A person sits at every
table and plays by clicking her hand panel, so the panels travel through the gateway
(INTERACTION_CREATE) and the REST calls; bots fill the other seats. After every step the log
written during the step is scanned for every card concealed across the step (as in LeakWatch)
and for every seed not revealed yet: the table's master seed (never revealed) and the current
round's seed until a public message shows it.

A snapshot that no longer loads (after an upgrade) is logged without its contents, and the
loggers that would show them stay held however the root logger or a library's parent is set.
"""

from __future__ import annotations

import hashlib
import json
import logging
import re
import sqlite3

import pytest

from bot.logs import FORMAT, SECRET_CARRIERS, configure_logging
from bot.main import ParlorBot
from bot.settings import Settings
from localdiscord import start_client

from .conftest import LeakWatch, make_settings, table_message

ROUND_SEED_FIELDS = ("hand_seed", "round_seed", "month_seed")  # sanma; koikoi, blackflower, bcpoker; hachihachi


class Captured(logging.Handler):
    """Every record that reaches the root logger, formatted as the app's handler formats it."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.setFormatter(logging.Formatter(FORMAT))
        self.lines: list[tuple[str, str]] = []  # (logger name, formatted line)

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append((record.name, self.format(record)))


@pytest.fixture
def logging_put_back():
    """Every level a test changes here, and the root's handlers, are put back afterwards."""
    names = [None, "discord", *SECRET_CARRIERS]
    levels = {name: logging.getLogger(name).level for name in names}
    handlers = list(logging.getLogger().handlers)
    yield
    for name, level in levels.items():
        logging.getLogger(name).setLevel(level)
    for handler in set(logging.getLogger().handlers) - set(handlers):
        logging.getLogger().removeHandler(handler)


@pytest.fixture
def captured(logging_put_back):
    """The app's logging at DEBUG, every line kept; pytest's own log handlers stay at WARNING
    meanwhile (a whole game at DEBUG is megabytes)."""
    root = logging.getLogger()
    handlers = {handler: handler.level for handler in root.handlers}
    for handler in handlers:
        handler.setLevel(logging.WARNING)
    capture = Captured()
    root.addHandler(capture)
    configure_logging("DEBUG")
    try:
        yield capture
    finally:
        root.removeHandler(capture)
        for handler, level in handlers.items():
            handler.setLevel(level)


def _seeds():
    """Master seeds that cannot be mistaken for anything else in a log line."""
    n = 0
    while True:
        n += 1
        yield hashlib.sha256(f"parlor log test {n}".encode()).hexdigest()[:32]


def _whole_token(code: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![0-9A-Za-z]){re.escape(code)}(?![0-9A-Za-z])")


class LogWatch(LeakWatch):
    """LeakWatch over the log: after each step, no line logged during it names a card concealed
    across the step, a master seed, or a round seed that no public message has shown yet.
    Parlor logs no card at all, so a code is looked for even when another copy of it is public
    (sanma's four tiles of a kind, Black Christmas Poker's two decks)."""

    def __init__(self, fake, bot, capture: Captured) -> None:
        self.capture, self.read, self.lines_checked = capture, 0, 0
        self.leaks: dict[str, list[str]] = {}  # logger name -> what its lines showed
        super().__init__(fake, bot)
        self.seeds_before = self.seeds()

    def deal_key(self, table) -> object:
        return table.id, _round_seed(table.state)

    def seeds(self) -> set[str]:
        tables = self.bot.tables.tables.values()
        masters = {table.seed for table in tables}
        rounds = {_round_seed(table.state) for table in tables if table.status == "playing"}
        return (masters | rounds) - {None, ""}

    def check(self) -> None:
        after, seeds = self.concealed(), self.seeds()
        public = "\n".join(self.fake.all_public_texts())
        unrevealed = {seed for seed in self.seeds_before | seeds if seed not in public}
        patterns = [(code, _whole_token(code)) for code in {code for _, code in self.before & after}]
        lines = self.capture.lines[self.read :]
        self.read += len(lines)
        self.lines_checked += len(lines)
        for name, line in lines:
            found = [seed for seed in unrevealed if seed in line] + [code for code, p in patterns if p.search(line)]
            if found:
                self.leaks.setdefault(name, []).append(f"{sorted(found)} in {line[:160]!r}…")
        self.before, self.seeds_before = after, seeds

    def report(self) -> str:
        return "\n".join(f"{name}: {len(shown)} line(s), e.g. {shown[0]}" for name, shown in sorted(self.leaks.items()))


def _round_seed(state) -> str:
    return next((getattr(state, f) for f in ROUND_SEED_FIELDS if hasattr(state, f)), "") if state else ""


async def settle(fake, bot) -> None:
    await bot.tables.idle()
    await fake.wait_idle(quiet=0.02)


async def play_from_panel(fake, bot, table, user) -> bool:
    """``user`` opens her hand panel and picks what Parlor's bot would pick for her, by its
    button or menu entry. An amount that is typed (a modal) goes to the table manager directly;
    returns whether the panel was clicked."""
    seat = table.seat_of(user.id)
    legal = table.game.legal_actions(table.state, seat)
    action = table.game.bot_choose(table.game.view(table.state, seat), legal, 0)
    panel = (await user.click(table_message(fake), "My hand", _quiet=0)).message
    for _, custom_id, disabled in panel.buttons():
        if custom_id and custom_id.endswith(":a:" + action) and not disabled:
            await user.click(panel, custom_id, _quiet=0)
            return True
    for select in panel.selects():
        verb = select["custom_id"].split(":", 4)[4]
        offered = {option["value"] for option in select.get("options", [])}
        values = (
            [action] if verb == "-" else action[len(verb) + 1 :].split("+") if action.startswith(verb + ":") else []
        )
        if values and set(values) <= offered:
            await user.select(panel, select["custom_id"], values, _quiet=0)
            return True
    await bot.tables.act(table.id, user.id, None, action)
    return False


GAMES = [
    ("sanma", 2, {"east_only": True}),
    ("koikoi", 1, {"months": 1}),
    ("hachihachi", 2, {"months": 6, "players": 3}),
    ("blackflower", 1, {"rounds": 2}),
    ("bcpoker", 1, {"lead_rounds": 1}),
]


def new_bot(fake, db) -> ParlorBot:
    seeds = _seeds()
    return ParlorBot(make_settings(fake, db), bot_delay=0.0, new_seed=lambda: next(seeds))


async def start_table(fake, bot, host, game: str, bots: int, options: dict):
    lobby = await host.slash("play", game, **options)
    for _ in range(bots):
        await host.click(lobby, "Add bot")
    await host.click(lobby, "Start")
    await settle(fake, bot)
    return bot.tables.in_channel(fake.channel.id)


@pytest.mark.parametrize("game,bots,options", GAMES, ids=[g for g, _, _ in GAMES])
async def test_a_whole_game_at_debug_logs_no_hand_and_no_secret_seed(captured, fake, db, game, bots, options):
    alice = fake.add_user("alice")
    bot = new_bot(fake, db)
    run = await start_client(fake, bot)
    watch = LogWatch(fake, bot, captured)
    try:
        table = await start_table(fake, bot, alice, game, bots, options)
        watch.check()
        clicks = steps = 0
        while table.status == "playing" and steps < 3000:
            steps += 1
            if table.seat_of(alice.id) in table.to_act():
                clicks += await play_from_panel(fake, bot, table, alice)
            await settle(fake, bot)
            watch.check()
        assert table.status == "finished", f"{game} did not end in {steps} steps"
        run.raise_if_crashed()
    finally:
        await run.stop()
    watch.check()  # what shutting down logged
    assert clicks >= 2, f"alice clicked her panel only {clicks} times"
    if watch.leaks:
        pytest.fail("log lines show hidden information:\n" + watch.report(), pytrace=False)
    # the log was written at DEBUG and read: discord.py noted each of her clicks
    dispatched = [line for _, line in captured.lines if "DEBUG discord.client: Dispatching event interaction" in line]
    assert len(dispatched) >= clicks and watch.lines_checked >= len(dispatched)


@pytest.mark.parametrize("game,bots,options", GAMES, ids=[g for g, _, _ in GAMES])
async def test_a_snapshot_that_no_longer_loads_is_logged_without_its_cards_or_seed(
    captured, fake, db, game, bots, options
):
    alice = fake.add_user("alice")
    bot = new_bot(fake, db)
    run = await start_client(fake, bot)
    try:
        table = await start_table(fake, bot, alice, game, bots, options)
        watch = LogWatch(fake, bot, captured)
        codes = {code for _, code in watch.concealed()}
        seeds = watch.seeds()
    finally:
        await run.stop()
    # after an upgrade every field of the stored state has the wrong shape
    with sqlite3.connect(db) as conn:
        (snapshot,) = conn.execute("SELECT snapshot FROM tables WHERE id = ?", (table.id,)).fetchone()
        wrapped = {field: {"was": value} for field, value in json.loads(snapshot).items()}
        conn.execute("UPDATE tables SET snapshot = ? WHERE id = ?", (json.dumps(wrapped), table.id))
    captured.lines.clear()
    bot = new_bot(fake, db)
    run = await start_client(fake, bot)
    await run.stop()
    log = "\n".join(line for _, line in captured.lines)
    assert f"could not restore table {table.id}" in log and "ValidationError" in log
    shown = [seed for seed in seeds if seed in log] + [code for code in codes if _whole_token(code).search(log)]
    assert seeds and not shown, f"the log shows {shown}:\n{log[-1500:]}"


@pytest.mark.parametrize("level", ["DEBUG", "INFO", "WARNING"])
def test_the_carriers_stay_at_their_level_whatever_else_is_lowered(logging_put_back, level):
    configure_logging(level)
    logging.getLogger("discord").setLevel(logging.DEBUG)  # a library's parent lowered afterwards
    for name in [*SECRET_CARRIERS, "discord.webhook.async_", "discord.webhook.sync"]:
        logger = logging.getLogger(name)
        assert not logger.isEnabledFor(logging.DEBUG), name
        assert logger.getEffectiveLevel() == max(logging.INFO, logging.getLevelName(level)), name


def test_a_bot_made_by_another_program_holds_them_too(logging_put_back, tmp_path):
    logging.getLogger().setLevel(logging.DEBUG)  # that program logs everything, and never calls configure_logging
    ParlorBot(Settings(token="t", database=tmp_path / "p.sqlite3", dev_guild=None, log_level="DEBUG", turn_seconds=60))
    assert not [name for name in SECRET_CARRIERS if logging.getLogger(name).isEnabledFor(logging.DEBUG)]

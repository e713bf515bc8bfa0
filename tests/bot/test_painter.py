"""Pictures are drawn off the event loop, answers' pictures first (bot/painter.py): with many busy tables'
redraws queued, a player's hand panel is drawn before every queued redraw picture."""

from __future__ import annotations

import asyncio
import concurrent.futures
import threading

from bot.painter import Painter, warm
from bot.presenter import REDRAW_EVERY, DiscordPresenter, Picture, resolved
from bot.render.pictures import table_picture
from bot.tables import Table
from games import get_game
from games.simulate import bot_seats
from tests.bot.playing_tables import playing_table

KOIKOI = get_game("koikoi")


class GatedPool(concurrent.futures.ThreadPoolExecutor):
    """One worker thread that records what it draws, in order, and holds its first picture until ``gate`` opens
    (a worker busy with a redraw while more work queues)."""

    def __init__(self) -> None:
        super().__init__(1)
        self.gate = threading.Event()
        self.order: list[tuple[str, int]] = []

    def submit(self, fn, /, *args, **kwargs):  # type: ignore[override]
        def run():
            if not self.order:
                self.gate.wait(10)
            draw, _, _, data = args  # drawn_from_json(draw, game, model, data): the view's JSON is its picture's key
            self.order.append((draw.__name__, data))
            return fn(*args, **kwargs)

        return super().submit(run)


def busy_table(table_id: int) -> Table:
    state = KOIKOI.new_game(KOIKOI.Options(), bot_seats(2), f"busy-{table_id}")
    names = ["alice", "bob"]
    return playing_table(
        KOIKOI, state, names, table_id=table_id, channel=table_id, first_user=100 * table_id, seed="0" * 32
    )


async def test_an_answers_panel_is_drawn_before_the_redraws_queued_for_many_busy_tables():
    pool = GatedPool()
    presenter = DiscordPresenter(client=None, draws=Painter(pool, slots=1))
    tables = [busy_table(n) for n in range(1, 9)]
    redraws = [presenter.frame(table) for table in tables]  # every table's redraw framed: 8 table pictures queued
    answer = presenter.panel_payload(tables[-1], tables[-1].seats[1].user_id, urgent=True)  # a player's /hand
    pool.gate.set()
    panel = await resolved(answer, urgent=True)
    drawn = [await resolved(frame.table) for frame in redraws]
    assert panel["picture"].startswith(b"\x89PNG") and all(d["picture"].startswith(b"\x89PNG") for d in drawn)
    # the picture a worker had already started, then the answer's, then the redraws' in the order they came
    assert pool.order == [
        ("table_picture", redraws[0].table["picture"].key),
        ("panel_picture", answer["picture"].key),
    ] + [("table_picture", frame.table["picture"].key) for frame in redraws[1:]]
    pool.shutdown()


async def test_a_redraw_picture_an_answer_now_needs_is_hurried_to_the_front():
    pool = GatedPool()
    presenter = DiscordPresenter(client=None, draws=Painter(pool, slots=1))
    tables = [busy_table(n) for n in range(1, 5)]
    for table in tables:
        presenter.frame(table)
    queued = presenter.table_payload(tables[-1])["picture"]  # the last table's picture, still queued
    assert isinstance(queued, Picture) and not queued.drawing.done()
    pool.gate.set()
    assert (await queued.png(urgent=True)).startswith(b"\x89PNG")
    assert pool.order[:2] == [("table_picture", presenter.pictures[1].key), ("table_picture", queued.key)]
    await asyncio.gather(*(resolved(presenter.table_payload(t)) for t in tables))
    assert len(pool.order) == 4  # each table drawn once: the cached picture is not drawn again
    pool.shutdown()


async def test_the_same_view_is_not_drawn_again_for_a_hand_shown_twice():
    pool = GatedPool()
    pool.gate.set()
    presenter = DiscordPresenter(client=None, draws=Painter(pool, slots=1))
    table = busy_table(1)
    user = table.seats[0].user_id
    first = await resolved(presenter.panel_payload(table, user, urgent=True))
    again = await resolved(presenter.panel_payload(table, user, urgent=True))  # /hand again: the same view
    assert first["picture"] == again["picture"] and [name for name, _ in pool.order] == ["panel_picture"]
    pool.shutdown()


def test_warming_up_draws_every_games_pictures_the_same_as_later():
    assert warm() >= 5  # a table picture per game that draws one, and panels
    view = KOIKOI.public_view(KOIKOI.new_game(KOIKOI.Options(), bot_seats(2), "warm-up"))
    assert table_picture("koikoi", view) == table_picture("koikoi", view)


async def test_the_worker_processes_draw_the_same_pixels_as_the_event_loop_would():
    draws = Painter()
    try:
        assert (await asyncio.wrap_future(draws.warm_up())) == draws.slots
        view = KOIKOI.public_view(KOIKOI.new_game(KOIKOI.Options(), bot_seats(2), "processes"))
        assert await asyncio.wrap_future(draws.submit(table_picture, "koikoi", view)) == table_picture("koikoi", view)
    finally:
        draws.close()


async def test_under_load_a_table_is_redrawn_at_most_once_a_second_and_at_once_otherwise(monkeypatch):
    pool = GatedPool()
    presenter = DiscordPresenter(client=None, draws=Painter(pool, slots=1))
    table = busy_table(1)
    waits: list[float] = []
    real_sleep = asyncio.sleep
    monkeypatch.setattr(asyncio, "sleep", lambda delay, *a: waits.append(delay) or real_sleep(0))
    await presenter.pace(table)
    await presenter.pace(table)  # the workers keep up (nothing queued): redrawn at once
    assert waits == []
    for other in range(2, 6):
        presenter.frame(busy_table(other))  # other tables' pictures queue behind the one being drawn
    assert presenter.draws.queued()
    await presenter.pace(table)
    assert len(waits) == 1 and 0 < waits[0] <= REDRAW_EVERY  # the rest of the second since its last redraw
    pool.gate.set()
    pool.shutdown()


def test_the_picture_workers_end_when_the_bot_is_killed(tmp_path):
    """A bot stopped by kill -9 cannot shut its pool down: its workers notice their parent is gone and end."""
    import signal
    import subprocess
    import sys
    import time
    from pathlib import Path

    script = (
        "import asyncio, os, signal, sys\n"
        "from bot.painter import Painter\n"
        "async def killed():\n"
        "    painter = Painter()\n"
        "    await asyncio.wait_for(painter.warm_up(), 120)\n"
        "    print(' '.join(str(p) for p in painter.executor().pids()), flush=True)\n"
        "    os.kill(os.getpid(), signal.SIGKILL)\n"
        "asyncio.run(killed())\n"
    )
    root = Path(__file__).resolve().parents[2]
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=root, timeout=180)
    assert run.returncode == -signal.SIGKILL, run.stderr
    workers = [int(p) for p in run.stdout.split()]
    assert workers

    def alive(pid: int) -> bool:
        try:
            state = Path(f"/proc/{pid}/status").read_text()
        except FileNotFoundError:
            return False
        return "\nState:\tZ" not in state  # a zombie has ended; only its parent's reaping is left

    deadline = time.monotonic() + 30
    while any(alive(p) for p in workers) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not [p for p in workers if alive(p)]


async def test_a_hand_shown_again_with_nothing_changed_is_not_built_again(monkeypatch):
    """A /hand just after a redraw (or a redraw just after the player's answer) shows the panel built then; a move,
    or card faces becoming emoji, builds it anew."""
    import bot.presenter as presenting
    from bot.emoji import FACES
    from bot.presenter import payload_signature

    pool = GatedPool()
    pool.gate.set()
    presenter = DiscordPresenter(client=None, draws=Painter(pool, slots=1))
    table = busy_table(1)
    alice = table.seats[0].user_id
    built: list[int] = []
    real = presenting.presentation

    class Counting:
        def __init__(self, name: str) -> None:
            self.renderer = real(name)

        def __getattr__(self, name: str):
            return getattr(self.renderer, name)

        def panel(self, *args, **kwargs):
            built.append(1)
            return self.renderer.panel(*args, **kwargs)

    monkeypatch.setattr(presenting, "presentation", Counting)
    redraw = presenter.panel_payload(table, alice)  # a redraw's
    answer = presenter.panel_payload(table, alice, urgent=True)  # her /hand just after
    assert payload_signature(answer) == payload_signature(redraw) and len(built) == 1
    answer["content"] = "⌛ a note"  # an answer's note stays its own
    assert presenter.panel_payload(table, alice)["content"] is None and len(built) == 1

    seat = table.to_act()[0]
    KOIKOI.apply(table.state, seat, KOIKOI.legal_actions(table.state, seat)[0])
    table.version += 1
    moved = presenter.panel_payload(table, alice)
    assert len(built) == 2 and payload_signature(moved) != payload_signature(redraw)

    monkeypatch.setitem(FACES.emoji, ("hanafuda", "1L"), "<:hf_01_crane:123456789012345678>")
    presenter.panel_payload(table, alice)
    assert len(built) == 3
    assert (await resolved(moved))["picture"].startswith(b"\x89PNG")
    pool.shutdown()

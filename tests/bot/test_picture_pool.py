"""The picture workers' pool (bot/picture_workers.py): every job gets its own result or its own error, jobs wait
while every worker is busy, a worker that dies fails what it held and the painter draws on with new workers, and
shut-down workers end."""

from __future__ import annotations

import asyncio
import math
import os
import signal
import time
from concurrent.futures.process import BrokenProcessPool

import pytest

from bot.painter import Painter
from bot.picture_workers import PictureWorkers
from bot.render.pictures import table_picture
from games import get_game
from games.simulate import bot_seats


@pytest.fixture
def pool():
    workers = PictureWorkers(2)
    yield workers
    workers.shutdown(wait=False, cancel_futures=True)


def test_more_jobs_than_workers_each_get_their_own_result(pool):
    jobs = {n: pool.submit(divmod, n, 7) for n in range(40)}
    assert {n: job.result(timeout=60) for n, job in jobs.items()} == {n: divmod(n, 7) for n in range(40)}


def test_an_error_in_a_worker_is_the_jobs_and_the_worker_draws_on(pool):
    failed = pool.submit(math.sqrt, -1)
    with pytest.raises(ValueError, match="math domain error"):
        failed.result(timeout=60)
    assert pool.submit(math.sqrt, 16).result(timeout=60) == 4.0


def test_a_worker_that_dies_fails_what_it_held_and_the_painter_starts_new_ones():
    painter = Painter(slots=1)
    try:
        assert painter.warm_up().result(timeout=120) == 1
        held = painter.submit(time.sleep, 30)
        [pid] = painter.started()
        os.kill(pid, signal.SIGKILL)
        with pytest.raises(BrokenProcessPool):
            held.result(timeout=30)
        koikoi = get_game("koikoi")
        view = koikoi.public_view(koikoi.new_game(koikoi.Options(), bot_seats(2), "after a worker died"))
        assert painter.submit(table_picture, "koikoi", view).result(timeout=120) == table_picture("koikoi", view)
        assert painter.started() and pid not in painter.started()
    finally:
        painter.close()


def test_shut_down_workers_end(pool):
    assert pool.submit(divmod, 1, 1).result(timeout=60) == (1, 0)
    pool.shutdown(wait=True)
    assert all(not process.is_alive() for process in pool.processes)
    with pytest.raises(RuntimeError):
        pool.submit(divmod, 1, 1)


async def test_a_picture_is_awaited_on_the_event_loop(pool):
    assert await asyncio.wrap_future(pool.submit(divmod, 9, 4)) == (2, 1)


def test_a_pool_shut_down_still_draws_the_pictures_in_hand():
    pool = PictureWorkers(1)
    held = pool.submit(time.sleep, 0.5)
    waiting = pool.submit(divmod, 7, 2)
    pool.shutdown(wait=False)
    assert held.result(timeout=60) is None and waiting.result(timeout=60) == (3, 1)
    for process in pool.processes:
        process.join(timeout=30)
    assert all(not process.is_alive() for process in pool.processes)  # then the workers end


def test_without_poll_the_results_are_read_all_the_same(monkeypatch):
    """Where the platform has no poll (Windows), the reading thread waits on the pipes with multiprocessing's wait."""
    import select

    monkeypatch.delattr(select, "poll")
    pool = PictureWorkers(1)
    try:
        assert [pool.submit(divmod, n, 3).result(timeout=60) for n in range(5)] == [divmod(n, 3) for n in range(5)]
    finally:
        pool.shutdown(wait=True)
    assert all(not process.is_alive() for process in pool.processes)

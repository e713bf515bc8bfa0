"""The picture workers' pool (bot/picture_workers.py): every job gets its own result or its own error, jobs wait
while every worker is busy, a worker that dies fails what it held and the painter draws on with new workers, and
shut-down workers end. The event loop reads the results itself: no thread of the bot's process is involved."""

from __future__ import annotations

import asyncio
import math
import os
import signal
import threading
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


async def test_more_jobs_than_workers_each_get_their_own_result(pool):
    jobs = {n: pool.submit(divmod, n, 7) for n in range(40)}
    assert {n: await asyncio.wait_for(job, 60) for n, job in jobs.items()} == {n: divmod(n, 7) for n in range(40)}


async def test_an_error_in_a_worker_is_the_jobs_and_the_worker_draws_on(pool):
    with pytest.raises(ValueError, match="math domain error"):
        await asyncio.wait_for(pool.submit(math.sqrt, -1), 60)
    assert await asyncio.wait_for(pool.submit(math.sqrt, 16), 60) == 4.0


async def test_a_job_that_cannot_be_pickled_fails_alone(pool):
    held = pool.submit(divmod, 5, 2)
    with pytest.raises(AttributeError, match="local object"):
        await asyncio.wait_for(pool.submit(lambda: 1), 60)
    assert await asyncio.wait_for(held, 60) == (2, 1)
    assert await asyncio.wait_for(pool.submit(divmod, 9, 2), 60) == (4, 1)


async def test_the_results_are_read_by_the_event_loop_with_no_thread_of_the_pools(pool):
    before = set(threading.enumerate())
    done = pool.submit(divmod, 9, 4)
    assert isinstance(done, asyncio.Future) and done.get_loop() is asyncio.get_running_loop()
    assert set(threading.enumerate()) == before
    assert await asyncio.wait_for(done, 60) == (2, 1)


@pytest.mark.skipif(not hasattr(os, "sched_getscheduler"), reason="scheduling policies are Linux's")
async def test_the_workers_give_way_to_the_event_loop_and_the_bot_does_not(pool):
    await asyncio.gather(*(pool.submit(divmod, 9, 4) for _ in pool.pids()))  # every worker past its start
    assert [os.sched_getscheduler(pid) for pid in pool.pids()] == [os.SCHED_BATCH] * len(pool.pids())
    assert os.sched_getscheduler(0) == os.SCHED_OTHER


async def test_a_worker_that_dies_fails_what_it_held_and_the_painter_starts_new_ones():
    painter = Painter(slots=1)
    try:
        assert await asyncio.wait_for(painter.warm_up(), 120) == 1
        held = painter.submit(time.sleep, 30)
        waiting = painter.submit(time.sleep, 30)
        await asyncio.sleep(0.2)
        [pid] = painter.started()
        os.kill(pid, signal.SIGKILL)
        with pytest.raises(BrokenProcessPool):
            await asyncio.wait_for(held, 30)
        koikoi = get_game("koikoi")
        view = koikoi.public_view(koikoi.new_game(koikoi.Options(), bot_seats(2), "after a worker died"))
        drawn = await asyncio.wait_for(painter.submit(table_picture, "koikoi", view), 120)
        assert drawn == table_picture("koikoi", view)
        assert painter.started() and pid not in painter.started()
        assert waiting.done()  # the job waiting for the dead worker was drawn by the new one, or failed: not lost
    finally:
        painter.close()


async def test_shut_down_workers_end(pool):
    assert await asyncio.wait_for(pool.submit(divmod, 1, 1), 60) == (1, 0)
    pool.shutdown(wait=True)
    assert all(not process.is_alive() for process in pool.processes)
    with pytest.raises(RuntimeError):
        pool.submit(divmod, 1, 1)


async def test_a_pool_shut_down_still_draws_the_pictures_in_hand():
    pool = PictureWorkers(1)
    held = pool.submit(time.sleep, 0.5)
    waiting = pool.submit(divmod, 7, 2)
    pool.shutdown(wait=False)
    assert await asyncio.wait_for(held, 60) is None and await asyncio.wait_for(waiting, 60) == (3, 1)
    for process in pool.processes:
        await asyncio.to_thread(process.join, 30)
    assert all(not process.is_alive() for process in pool.processes)  # then the workers end


def test_a_later_event_loop_reads_the_results_of_the_same_workers():
    """A test's loop, then another's: the pool's pipes are read by the loop submitting."""
    pool = PictureWorkers(1)
    try:

        async def drawn(n: int) -> tuple[int, int]:
            return await asyncio.wait_for(pool.submit(divmod, n, 3), 60)

        assert asyncio.run(drawn(7)) == (2, 1)
        assert asyncio.run(drawn(8)) == (2, 2)
    finally:
        pool.shutdown(wait=True)
    assert all(not process.is_alive() for process in pool.processes)


def test_on_uvloop_large_results_and_jobs_pass_whole():
    """uvloop, the bot's loop, watches a pipe in non-blocking mode: a result larger than a pipe holds (a big PNG)
    and a large job still come through, read as one message."""
    import uvloop

    pool = PictureWorkers(2)
    big = b"x" * 3_000_000

    async def drawn() -> list[int]:
        return list(await asyncio.wait_for(asyncio.gather(*(pool.submit(len, big * 1) for _ in range(6))), 60)) + [
            len(await asyncio.wait_for(pool.submit(bytes, 2_000_000 + n), 60)) for n in range(4)
        ]

    try:
        assert uvloop.run(drawn()) == [3_000_000] * 6 + [2_000_000 + n for n in range(4)]
    finally:
        pool.shutdown(wait=True)


def test_a_painter_used_by_a_later_event_loop_draws_on_after_the_last_one_closed_with_a_picture_in_hand():
    """The tests' shared painter outlives each test's loop: a picture in hand when a loop closes holds no slot."""
    painter = Painter(slots=1)

    async def left_in_hand() -> None:
        painter.submit(time.sleep, 0.3)

    async def drawn() -> tuple[int, int]:
        return await asyncio.wait_for(painter.submit(divmod, 7, 3), 60)

    try:
        asyncio.run(left_in_hand())
        assert asyncio.run(drawn()) == (2, 1)
    finally:
        painter.close()

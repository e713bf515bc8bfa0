"""What a user asked for that cannot be done, and the decorator that turns the store's refusals into one."""

from __future__ import annotations

import functools
import logging
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any, Concatenate, ParamSpec, Protocol, TypeVar

from bot.seating import SeatedElsewhere
from bot.store import SaveFailed

log = logging.getLogger(__name__)


class Refusal(Exception):
    """Something a user asked for that cannot be done; the message is shown to them, ephemeral."""


class StaleClick(Refusal):
    """A click from a panel drawn before what that seat may do changed; the answer brings the fresh panel."""

    def __init__(self, table_id: int) -> None:
        super().__init__("That moment has passed — what you can do has changed. Here is your hand now.")
        self.table_id = table_id


class Changing(Protocol):
    changing: int  # changes users asked for still under way


M = TypeVar("M", bound=Changing)
P = ParamSpec("P")
R = TypeVar("R")


def saving(method: Callable[Concatenate[M, P], Awaitable[R]]) -> Callable[Concatenate[M, P], Coroutine[Any, Any, R]]:
    """A change a user asked for: when the store cannot save it, or the database refuses to seat a player
    twice in one server, they are told so, and nothing changed (every change writes to the store before it
    touches the table in memory)."""

    @functools.wraps(method)
    async def wrapper(manager: M, *args: P.args, **kwargs: P.kwargs) -> R:
        manager.changing += 1  # answered (deferred) before it is done: idle() waits for it
        try:
            return await method(manager, *args, **kwargs)
        except SaveFailed as failed:
            log.warning("%s: could not save (%s)", method.__name__, failed.reason)
            raise Refusal(str(failed)) from None
        except SeatedElsewhere as seated:
            raise Refusal(str(seated)) from None
        finally:
            manager.changing -= 1

    return wrapper

"""Local fake Discord for end-to-end tests of the bot (see README.md)."""

from .harness import (
    ClientRun,
    FakeUser,
    HarnessError,
    InteractionResult,
    InteractionTimeout,
    run_client,
    start_client,
    wait_for_answer,
)
from .models import Channel, FakeInteraction, FakeMessage, Guild, MessageVersion, Violation
from .server import ClientCrashed, LocalDiscord

__all__ = [
    "LocalDiscord", "FakeUser", "InteractionResult", "FakeMessage", "MessageVersion", "FakeInteraction",
    "Channel", "Guild", "Violation", "HarnessError", "InteractionTimeout", "ClientCrashed", "ClientRun",
    "run_client", "start_client", "wait_for_answer",
]

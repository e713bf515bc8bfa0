"""Local fake Discord for end-to-end tests of the bot, and the playground (see README.md).

Layers, each importing only those before it: ``models`` · ``errors`` · ``multipart`` · ``limits`` · ``validation`` ·
``strict`` · ``permissions`` · ``payloads`` → ``world``
(the state) → ``gateway`` → ``messaging`` → ``rest``, ``commands`` and ``interactions`` (with ``httpio``) →
``server`` (one aiohttp app) → ``slash`` (what a typed command sends) → ``harness`` (users who act) → ``fake`` (``LocalDiscord``) →
``clients`` (running discord.py) · ``page`` and ``persist`` → ``playground`` (``python -m bot``).
"""

from .clients import ClientRun, run_client, start_client
from .errors import ClientCrashed
from .fake import LocalDiscord
from .harness import FakeUser, HarnessError, InteractionResult, InteractionTimeout, wait_for_answer
from .models import Channel, FakeInteraction, FakeMessage, Guild, MessageVersion, Violation
from .strict import BucketRule, Strictness

__all__ = [
    "LocalDiscord",
    "FakeUser",
    "InteractionResult",
    "FakeMessage",
    "MessageVersion",
    "FakeInteraction",
    "Channel",
    "Guild",
    "Violation",
    "HarnessError",
    "InteractionTimeout",
    "ClientCrashed",
    "ClientRun",
    "run_client",
    "start_client",
    "wait_for_answer",
    "Strictness",
    "BucketRule",
]

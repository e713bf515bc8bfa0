"""A hand panel's edit goes only to the player's current panel, and only once the panel's own answer went out
(bot/hand_panels.py)."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

import discord

from bot import hand_panels
from bot.hand_panels import HandPanels
from bot.message_edits import AnswerHook, KeptAttachment, Sent
from bot.payload import TOKEN_LIFETIME, Held, PanelToken, Shown

EDITS: dict[str, list[dict[str, Any]]] = {}
PAYLOAD = {"content": "your turn", "embed": None, "view": None, "picture": None}


def hook(token: str) -> AnswerHook:
    """An interaction's answer, by its token (the edits are recorded, not sent)."""
    EDITS[token] = []
    return AnswerHook(1, token, SimpleNamespace(), SimpleNamespace())  # type: ignore[arg-type]  # never called


async def edit_original(answer: AnswerHook, **fields: Any) -> Sent:
    """The edit of an interaction's answer (``bot/message_edits.py``), recorded by its token."""
    EDITS[answer.token].append(fields)
    return Sent(len(EDITS[answer.token]), [])


def finished_at_once(coroutine: Any) -> bool:
    """Whether ``coroutine`` ran to its end without once giving the event loop a turn (no task, no timer)."""
    try:
        coroutine.send(None)
    except StopIteration:
        return True
    coroutine.close()
    return False


async def test_a_panel_replaced_while_its_edit_waited_is_not_edited(monkeypatch):
    """The panels are drawn as soon as a change is made: an edit framed for a player's panel may still wait (for its
    picture, or for the panel's own answer) when the player presses My hand again. The new panel replaces the old one,
    which is deleted; editing the old one then would only earn a 404 from Discord (Unknown Message)."""
    monkeypatch.setattr(hand_panels, "edit_original", edit_original)
    panels = HandPanels(Shown(), lambda: 0.0)
    key = (1, 42)
    framed = panels.tokens[key] = PanelToken(hook("old"), 0.0)
    framed.answered.set()
    panels.tokens[key] = PanelToken(hook("new"), 0.0)  # My hand again, under the table lock, while the edit waited
    await panels.edit(key, framed, PAYLOAD)
    assert EDITS["old"] == [] and EDITS["new"] == []
    panels.tokens[key].answered.set()
    await panels.edit(key, panels.tokens[key], PAYLOAD)
    assert [e["content"] for e in EDITS["new"]] == ["your turn"]  # the current panel is edited as ever


async def test_an_edit_after_the_panels_answer_does_not_wait_and_one_before_it_waits_for_it(monkeypatch):
    """Nearly every edit comes after its panel's answer: it goes out at once, with no task nor timer to wait for an
    answer that is there already. An edit framed while the answer is still on its way waits for it, then goes."""
    monkeypatch.setattr(hand_panels, "edit_original", edit_original)
    panels = HandPanels(Shown(), lambda: 0.0)
    answered = panels.tokens[(1, 42)] = PanelToken(hook("answered"), 0.0)
    answered.answered.set()
    assert finished_at_once(answered.until_answered())
    assert finished_at_once(panels.edit((1, 42), answered, PAYLOAD))
    assert [e["content"] for e in EDITS["answered"]] == ["your turn"]

    pending = panels.tokens[(1, 43)] = PanelToken(hook("pending"), 0.0)
    editing = asyncio.create_task(panels.edit((1, 43), pending, PAYLOAD))
    for _ in range(5):
        await asyncio.sleep(0)
    assert not editing.done() and EDITS["pending"] == []  # not before the panel's answer
    pending.answered.set()
    await editing
    assert [e["content"] for e in EDITS["pending"]] == ["your turn"]


async def test_a_panel_expired_or_gone_is_let_go_with_what_was_remembered_of_it(monkeypatch):
    """What a panel shows is remembered only while the panel can be edited: a panel whose token expired, or whose
    message Discord says is gone, keeps nothing behind (a long-running bot would otherwise keep one entry a panel)."""

    async def gone(answer: AnswerHook, **fields: Any) -> Sent:
        raise discord.NotFound(SimpleNamespace(status=404, reason="Not Found"), {"code": 10008, "message": "gone"})

    monkeypatch.setattr(hand_panels, "edit_original", gone)
    shown, now = Shown(), [0.0]
    panels = HandPanels(shown, lambda: now[0])
    for user, token in ((42, "expiring"), (43, "deleted")):
        panel = panels.tokens[(1, user)] = PanelToken(hook(token), 0.0, message_id=user)
        panel.answered.set()
        shown.drawn[token] = "what it shows"
        shown.pictured[user] = Held("digest", KeptAttachment({"id": user, "filename": "hand.png"}))
    await panels.edit((1, 43), panels.tokens[(1, 43)], {**PAYLOAD, "content": "your turn again"})
    now[0] = TOKEN_LIFETIME + 1
    assert panels.open((1, 42), now[0]) is None
    assert panels.tokens == {} and shown.drawn == {} and shown.pictured == {}


def test_a_panels_hook_never_shows_its_token():
    """The interaction token a panel keeps lets anyone edit the panel for 15 minutes: a log line or an error that
    formats the panel's hook must not carry it."""
    assert "secret-token" not in repr(hook("secret-token")) and "secret-token" not in str(hook("secret-token"))

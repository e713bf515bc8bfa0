"""A hand panel's edit goes only to the player's current panel, and only once the panel's own answer went out
(bot/hand_panels.py)."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

from bot import hand_panels
from bot.hand_panels import HandPanels
from bot.message_edits import AnswerHook, Sent
from bot.payload import PanelToken, Shown

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

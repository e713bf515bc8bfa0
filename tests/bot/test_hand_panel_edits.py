"""A hand panel's edit goes only to the player's current panel (bot/hand_panels.py)."""

from __future__ import annotations

from types import SimpleNamespace

from bot import hand_panels
from bot.hand_panels import HandPanels
from bot.message_edits import Sent
from bot.payload import PanelToken, Shown


class Interaction(SimpleNamespace):
    """An interaction whose original response records the edits asked of it."""

    def __init__(self) -> None:
        super().__init__(edits=[])


async def edit_original(interaction: Interaction, **fields) -> Sent:
    """The edit of an interaction's answer (``bot/message_edits.py``), recorded on the interaction."""
    interaction.edits.append(fields)
    return Sent(len(interaction.edits), [])


async def test_a_panel_replaced_while_its_edit_waited_is_not_edited(monkeypatch):
    """The panels are drawn as soon as a change is made: an edit framed for a player's panel may still wait (for its
    picture, or for the panel's own answer) when the player presses My hand again. The new panel replaces the old one,
    which is deleted; editing the old one then would only earn a 404 from Discord (Unknown Message)."""
    monkeypatch.setattr(hand_panels, "edit_original", edit_original)
    panels = HandPanels(Shown(), lambda: 0.0)
    key = (1, 42)
    old, new = Interaction(), Interaction()
    framed = panels.tokens[key] = PanelToken(old, 0.0)
    framed.answered.set()
    panels.tokens[key] = PanelToken(new, 0.0)  # My hand again, under the table lock, while the edit waited
    await panels.edit(key, framed, {"content": "your turn", "embed": None, "view": None, "picture": None})
    assert old.edits == [] and new.edits == []
    await panels.edit(key, panels.tokens[key], {"content": "your turn", "embed": None, "view": None, "picture": None})
    assert [e["content"] for e in new.edits] == ["your turn"]  # the current panel is edited as ever

"""Every component Parlor sends is one Discord takes (localdiscord/limits.py): panels and tables of every game
along seeded games, more than 25 actions, more than five rows' worth, the emoji of every button, and the table and result
pictures of whole seeded games as files (Discord's limits as the fake checks them, localdiscord/validation.py)."""

from __future__ import annotations

import json

import discord
import pytest

from bot import emoji
from bot.presenter import PANEL_PICTURE, DiscordPresenter, drawn_now
from bot.render import presentation
from bot.render.pictures import draws_table, result_picture, table_picture
from bot.ui import AmountSpec, ButtonSpec, SelectSpec, build_view, hand_button, lobby_buttons
from faces import load_manifest
from games import game_names, get_game
from games.hanafuda import MONTH_EMOJI
from games.simulate import bot_seats, play_game
from localdiscord.limits import valid_component_emoji
from localdiscord.validation import MAX_FILE_BYTES, check_attachments
from localdiscord.validation import check_message as check_with_prefix
from tests.bot.playing_tables import playing_table
from tests.faces.table_games import plain

STEPS = 120  # decisions checked per game
MAX_PICTURE = 100 * 1024  # a picture's budget, "a few tens of KB"; Discord takes up to 10 MiB
EMOJI_IDS = {(f["game"], f["code"]): 1_234_567_890_123_456_789 + i for i, f in enumerate(load_manifest()["faces"])}


def check_message(payload: dict) -> None:
    check_with_prefix(payload, [], emoji_ids=set(EMOJI_IDS.values()) if emoji.FACES.emoji else ())


@pytest.fixture(params=[False, True], ids=["text", "faces"])
def faces(request, monkeypatch):
    """Without the faces (text), or with every face uploaded (ids as long as Discord's)."""
    uploaded = emoji.Faces()
    if request.param:
        names = {(f["game"], f["code"]): f["name"] for f in load_manifest()["faces"]}
        uploaded.emoji = {key: f"<:{names[key]}:{i}>" for key, i in EMOJI_IDS.items()}
    monkeypatch.setattr(emoji, "FACES", uploaded)
    return request.param


def payload(embed: discord.Embed | None, view: discord.ui.View) -> dict:
    return {"embeds": [embed.to_dict()] if embed else [], "components": view.to_components()}


async def check_panel(panel: dict) -> bool:
    """A hand panel as the presenter sends it (a new message with its picture uploaded), checked as Discord
    checks it, files included; whether it has a picture."""
    body = payload(panel["embed"], panel["view"])
    check_message(body)
    picture = (await drawn_now(panel))["picture"]
    uploads = {0: PANEL_PICTURE} if picture else {}
    check_attachments(body, uploads, [len(picture)] if picture else [], {}, body["embeds"], [])
    assert not picture or len(picture) < MAX_PICTURE
    return picture is not None


def offered(view: discord.ui.View) -> set[str]:
    """Every action the components offer: button ids' verbs, menu option values, prompt verbs."""
    found = set()
    for item in (item for row in view.to_components() for item in row["components"]):
        custom = item.get("custom_id", "")
        if item["type"] == discord.ComponentType.select.value:
            found.update(option["value"] for option in item["options"])
        elif custom.startswith("parlor:t:") and ":a:" in custom:
            found.add(custom.split(":a:", 1)[1])
        elif custom.startswith("parlor:m:"):
            found.add("prompt:" + custom.split(":", 4)[4])
    return found


@pytest.mark.parametrize("name", game_names())
async def test_every_panel_and_table_along_a_seeded_game_is_a_payload_discord_takes(name, faces):
    """The panels as the presenter builds them, each seat's picture included."""
    game = get_game(name)
    players = game.max_players
    fields = game.Options.model_fields
    options = game.Options(players=players) if "players" in fields else game.Options()
    state = game.new_game(options, bot_seats(players), "payload-limits")
    names = [f"Player {i + 1}" for i in range(players)]
    renderer = presentation(name)
    presenter = DiscordPresenter(client=None)
    pictured = 0
    for step in range(STEPS):
        if game.is_over(state):
            break
        table = emoji.fit_embed(renderer.table_embed(game.public_view(state), names, 1_900_000_000.0))
        check_message(payload(table, build_view(7, step, [hand_button()])))
        table = playing_table(game, state, names, table_id=7, version=step, deadline=1_900_000_000.0)
        for seat in game.to_act(state):
            pictured += await check_panel(presenter.panel_payload(table, 100 + seat))
        seat = game.to_act(state)[0]
        game.apply(state, seat, game.bot_choose(game.view(state, seat), game.legal_actions(state, seat), step))
    assert (pictured > 0) == (presentation(name).panel_picture is not None)


def test_the_lobby_and_hand_buttons_carry_emoji_discord_takes():
    check_message(payload(None, build_view(7, 0, lobby_buttons(False) + [hand_button()])))
    assert all(valid_component_emoji(e) for e in MONTH_EMOJI.values())


def test_more_than_25_hachi_hachi_repayments_become_menus_with_their_own_ids():
    """A seeded Hachi-Hachi game played to its first repayment window, a seat then holding 1,800 points of
    cash and of debt: 31 repayments (0 to 1,800 in steps of 60), all offered, in a payload Discord takes."""
    game = get_game("hachihachi")
    state = game.new_game(game.Options(players=3), bot_seats(3), "0" * 31 + "1")
    step = 0
    while state.phase != "repay":
        seat = game.to_act(state)[0]
        game.apply(state, seat, game.bot_choose(game.view(state, seat), game.legal_actions(state, seat), step))
        step += 1
    seat = state.acting[0]
    state.cash[seat], state.debt[seat] = 1800, 1800
    legal = game.legal_actions(state, seat)
    assert len(legal) == 31
    embed, items = presentation("hachihachi").panel(game.view(state, seat), legal, ["A", "B", "C"], None)
    view = build_view(7, 3, items)
    check_message(payload(embed, view))
    assert offered(view) == set(legal)
    ids = [item["custom_id"] for row in view.to_components() for item in row["components"]]
    assert len(ids) == len(set(ids)) == 2


def test_more_numbered_actions_than_five_menus_hold_become_an_amount_prompt():
    bets = [ButtonSpec(f"a:bet:{n}", f"Bet {n}") for n in range(10, 510, 2)]  # 250 bets
    items = [*bets, ButtonSpec("a:sit", "Sit out"), SelectSpec([("ex:1", "one"), ("ex:2", "two")], verb="ex")]
    view = build_view(7, 3, items)
    check_message(payload(None, view))
    assert offered(view) == {"sit", "ex:1", "ex:2", "prompt:bet:{}|10|508|2"}


def test_buttons_past_their_row_hints_still_all_show():
    """Sanma's panel: 14 discards in rows 0–2, more than five other actions in row 3, a riichi menu in row 4."""
    discards = [ButtonSpec(f"a:d:{i}", f"D{i}", row=min(i // 5, 2)) for i in range(14)]
    others = [ButtonSpec(f"a:o:{i}", f"O{i}", row=3) for i in range(7)]
    riichi = SelectSpec([(f"r:{i}", f"Riichi {i}") for i in range(3)], row=4)
    view = build_view(7, 3, [*discards, *others, riichi])
    check_message(payload(None, view))
    assert offered(view) == {f"d:{i}" for i in range(14)} | {f"o:{i}" for i in range(7)} | {f"r:{i}" for i in range(3)}


def test_a_prompt_of_its_own_keeps_its_place_when_actions_go_into_menus():
    items = [ButtonSpec(f"a:play:{i}", f"Play {i}") for i in range(30)] + [AmountSpec("bet:{}", 1, 9)]
    view = build_view(7, 3, items)
    check_message(payload(None, view))
    assert offered(view) == {f"play:{i}" for i in range(30)} | {"prompt:bet:{}|1|9"}


@pytest.mark.parametrize("name", [n for n in game_names() if draws_table(n)])
def test_every_table_and_result_picture_of_a_seeded_game_is_a_file_discord_takes(name):
    """A whole seeded game: after every action the table message with its picture (and each result with
    its picture) is a message Discord takes — the file within the upload limit and the picture budget, the
    embed naming it."""
    game = get_game(name)
    players = game.max_players
    options = game.Options(players=players) if "players" in game.Options.model_fields else game.Options()
    names = [f"Player {i + 1}" for i in range(players)]
    renderer = presentation(name)
    largest = {"table": 0, "result": 0}

    def check(picture: bytes, embed: discord.Embed, filename: str, kind: str) -> None:
        assert len(picture) <= min(MAX_PICTURE, MAX_FILE_BYTES)
        largest[kind] = max(largest[kind], len(picture))
        body = payload(embed.set_image(url=f"attachment://{filename}"), build_view(7, 0, [hand_button()]))
        check_message(body)
        check_attachments(body, {0: filename}, [len(picture)], {}, body["embeds"], [])

    drawn = [""]  # the public view last drawn: as Parlor, a picture only for a changed view

    def after(state, events):
        view = game.public_view(state)
        if (key := json.dumps(plain(view), sort_keys=True, default=str)) != drawn[0]:
            drawn[0] = key
            check(table_picture(name, view), renderer.table_embed(view, names, None), "table.png", "table")
        for event in events:
            if event.seat is None and (embed := renderer.summary(event, names)) is not None:
                if (picture := result_picture(name, event.model_dump(mode="json"), names)) is not None:
                    check(picture, embed, "result.png", "result")

    balances = [1000] * players if getattr(game, "uses_balances", False) else None
    play_game(game, options, bot_seats(players, balances), "picture-limits", check=after)
    assert largest["table"] > 0 and (largest["result"] > 0 or name == "blackflower")

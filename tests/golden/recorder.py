"""The before/after record of Parlor's five games: seeded bot games, everything a player or the store sees.

Each game is played by its bots (``GAME.bot_choose`` for every seat, each seeing only its own view) with short
options and a few seeds. After the deal and after every action the recorder keeps, as plain data, one entry per
*category*: the bot's choice, the public view, each seat's view, every event, the narration and result embeds,
the table embed, each seat's hand panel (embed and buttons), and the pixels of the table, panel and result
pictures; at the end the stored log. ``digests.json`` holds, per game, run and category, the sha256 of the whole
record and a short digest per step, so a change names the first step and category that differ.

The renderer and the picture drawers are reached through one function, :func:`presentation`: when they move,
only that function changes.

    python -m tests.golden.recorder --write          # record today's code into tests/golden/digests.json
    python -m tests.golden.recorder --accept GAME CATEGORY   # one game's one category (a deliberate change)
    python -m tests.golden.recorder --show koikoi 0 12 panels   # a step's record of one category, as JSON
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import io
import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PIL import Image

from games import get_game
from games.base import Event, GameBase, SeatInfo

DIGESTS = Path(__file__).with_name("digests.json")
DEADLINE = 1_900_000_000.0  # a fixed turn deadline, so the embeds that show one show the same
STEP_DIGEST = 12  # hex characters of a step's digest
CATEGORIES = (
    "choice",
    "public_view",
    "seat_views",
    "events",
    "narration",
    "table_embed",
    "panels",
    "table_picture",
    "panel_pictures",
    "result_pictures",
    "log",
)


@dataclass(frozen=True)
class Run:
    """One recorded game: its seed, players, options, and whether the card faces are uploaded as emoji."""

    game: str
    seed: str
    players: int
    options: dict[str, Any]
    faces: bool


RUNS: dict[str, list[Run]] = {
    "koikoi": [
        Run("koikoi", "golden-koikoi-0", 2, {"players": 2, "months": 2}, False),
        Run("koikoi", "golden-koikoi-1", 3, {"players": 3, "months": 1}, True),
        Run("koikoi", "golden-koikoi-2", 4, {"players": 4, "months": 1, "viewing_yaku": True}, True),
    ],
    "sanma": [
        Run("sanma", "golden-sanma-0", 3, {"east_only": True}, False),
        Run("sanma", "golden-sanma-1", 3, {"east_only": True, "red_fives": False}, True),
    ],
    "hachihachi": [
        Run("hachihachi", "golden-hachihachi-0", 3, {"players": 3, "months": 6}, False),
        Run("hachihachi", "golden-hachihachi-1", 4, {"players": 4, "months": 6, "payment": "split"}, True),
    ],
    "blackflower": [
        Run("blackflower", "golden-blackflower-0", 3, {"rounds": 3}, False),
        Run(
            "blackflower",
            "golden-blackflower-1",
            5,
            {"rounds": 3, "banker": "winner", "split_by_month": True, "double_down": True},
            True,
        ),
    ],
    "bcpoker": [
        Run("bcpoker", "golden-bcpoker-0", 3, {"players": 3, "lead_rounds": 1}, False),
        Run("bcpoker", "golden-bcpoker-1", 4, {"players": 4, "lead_rounds": 1, "riichi_required": False}, True),
    ],
}
NAMES = ["Alice", "Bob", "Carol", "Dave", "Erin", "Frank", "Grace", "Heidi", "Ivan", "Judy"]


@dataclass(frozen=True)
class Presentation:
    """What the bot shows of a game, as plain data: each function returns JSON-able values."""

    table_embed: Callable[[Any, list[str], float | None], dict[str, Any]]
    panel: Callable[[Any, list[str], list[str], float | None], dict[str, Any]]
    narrate: Callable[[Event, list[str]], str | None]
    summary: Callable[[Event, list[str]], dict[str, Any] | None]
    table_picture: Callable[[Any], bytes | None]
    panel_picture: Callable[[Any], bytes | None]
    result_picture: Callable[[Event, list[str]], bytes | None]


def presentation(game_name: str) -> Presentation:
    """THE adapter onto the renderer and the picture drawers, as the presenter (bot/presenter.py) calls them."""
    from bot.render import presentation as home
    from bot.render.pictures import panel_picture, result_picture, table_picture

    renderer = home(game_name)

    def panel(view: Any, legal: list[str], names: list[str], deadline: float | None) -> dict[str, Any]:
        embed, buttons = renderer.panel(view, legal, names, deadline)
        return {"embed": embed.to_dict(), "buttons": [item_data(b) for b in buttons]}

    def summary(event: Event, names: list[str]) -> dict[str, Any] | None:
        embed = renderer.summary(event, names)
        return None if embed is None else embed.to_dict()

    return Presentation(
        table_embed=lambda pv, names, deadline: renderer.table_embed(pv, names, deadline).to_dict(),
        panel=panel,
        narrate=renderer.narrate,
        summary=summary,
        table_picture=lambda pv: table_picture(game_name, pv),
        panel_picture=lambda view: panel_picture(game_name, view),
        result_picture=lambda event, names: result_picture(game_name, event.model_dump(mode="json"), names),
    )


def item_data(item: Any) -> dict[str, Any]:
    """A button, menu or amount prompt of a panel as plain data, its kind named."""
    return {"kind": type(item).__name__, **dataclasses.asdict(item)}


def plain(value: Any) -> Any:
    """A view as plain data: a model's JSON dump, a dict as it is."""
    return value.model_dump(mode="json") if hasattr(value, "model_dump") else value


def pixels(png: bytes | None) -> str | None:
    """A picture as its size and the sha256 of its RGBA pixels (not of the PNG's bytes, which the encoder may
    vary), or None when there is no picture."""
    if png is None:
        return None
    with Image.open(io.BytesIO(png)) as image:
        rgba = image.convert("RGBA")
    return f"{rgba.width}x{rgba.height}:{hashlib.sha256(rgba.tobytes()).hexdigest()}"


def canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, default=str, separators=(",", ":"))


@contextmanager
def uploaded_faces(on: bool) -> Iterator[None]:
    """The card faces as application emoji (fixed made-up ids) while recording, or none; restored after."""
    from bot.emoji import FACES
    from faces import load_manifest

    before = dict(FACES.emoji)
    FACES.emoji.clear()
    if on:
        for number, entry in enumerate(load_manifest()["faces"]):
            FACES.emoji[(entry["game"], entry["code"])] = f"<:{entry['name']}:{1_300_000_000_000_000_000 + number}>"
    try:
        yield
    finally:
        FACES.emoji.clear()
        FACES.emoji.update(before)


class Pictures:
    """Pictures drawn once per distinct input (as the presenter draws them again only when their view changed)."""

    def __init__(self) -> None:
        self.drawn: dict[str, str | None] = {}

    def __call__(self, kind: str, draw: Callable[..., bytes | None], *args: Any) -> str | None:
        key = canonical([kind, [plain(a) for a in args]])
        if key not in self.drawn:
            self.drawn[key] = pixels(draw(*args))
        return self.drawn[key]


def record(run: Run) -> list[dict[str, Any]]:
    """The steps of one game: step 0 the deal, then one per action; the last step carries the stored log."""
    with uploaded_faces(run.faces):
        return list(_steps(run, get_game(run.game), presentation(run.game)))


def _steps(run: Run, game: GameBase, show: Presentation) -> Iterator[dict[str, Any]]:
    names = NAMES[: run.players]
    seats = [SeatInfo(name=name, bot=True, balance=1000 if game.uses_balances else None) for name in names]
    options = game.Options(**run.options)
    state = game.new_game(options, seats, run.seed)
    draw = Pictures()
    events = game.opening_events(state)
    history: list[Event] = list(events)
    actions: list[list[Any]] = []
    choice: list[Any] | None = None
    while True:
        step = _shown(game, show, draw, state, names, events)
        step["choice"] = choice
        if game.is_over(state):
            step["log"] = _log(game, run, options, names, history, actions)
            yield step
            return
        yield step
        seat = game.to_act(state)[0]
        action = game.bot_choose(game.view(state, seat), game.legal_actions(state, seat), len(actions))
        choice = [seat, action]
        actions.append(choice)
        events = game.apply(state, seat, action)
        history.extend(events)


def _shown(
    game: GameBase, show: Presentation, draw: Pictures, state: Any, names: list[str], events: list[Event]
) -> dict[str, Any]:
    """Everything the step shows: views, events, narration, embeds, panels and pictures."""
    public = game.public_view(state)
    acting = game.to_act(state)
    views = [game.view(state, seat) for seat in range(len(names))]
    legal = [game.legal_actions(state, seat) if seat in acting else [] for seat in range(len(names))]
    shown = [e for e in events if e.seat is None]
    summaries = [(e, s) for e in shown if (s := show.summary(e, names)) is not None]
    return {
        "public_view": plain(public),
        "seat_views": [plain(v) for v in views],
        "events": [e.model_dump(mode="json") for e in events],
        "narration": {"lines": [show.narrate(e, names) for e in shown], "summaries": [s for _, s in summaries]},
        "table_embed": show.table_embed(public, names, DEADLINE),
        "panels": [show.panel(v, legal[seat], names, DEADLINE) for seat, v in enumerate(views)],
        "table_picture": draw("table", show.table_picture, public),
        "panel_pictures": [draw("panel", show.panel_picture, v) for v in views],
        "result_pictures": [draw("result", show.result_picture, e, names) for e, _ in summaries],
        "log": None,
    }


def _log(
    game: GameBase, run: Run, options: Any, names: list[str], events: list[Event], actions: list[list[Any]]
) -> dict[str, Any]:
    """The stored record of the finished game: the game's own log format where it has one, else its actions."""
    if game.record_log is not None:
        return {"record_log": game.record_log(events, names, options)}
    return {"seed": run.seed, "options": options.model_dump(mode="json"), "actions": actions}


def digests(steps: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Per category: the sha256 of all its steps and a short digest per step."""
    out = {}
    for category in CATEGORIES:
        step_digests = [hashlib.sha256(canonical(step[category]).encode()).hexdigest() for step in steps]
        out[category] = {
            "sha256": hashlib.sha256("".join(step_digests).encode()).hexdigest(),
            "steps": "".join(d[:STEP_DIGEST] for d in step_digests),
        }
    return out


def record_all() -> dict[str, dict[str, Any]]:
    return {game: {run.seed: digests(record(run)) for run in runs} for game, runs in RUNS.items()}


def first_difference(game: str, seed: str, expected: dict[str, Any], actual: dict[str, Any]) -> str | None:
    """The first step and category where ``actual`` differs from ``expected`` (in the order of CATEGORIES
    within a step), as a sentence; None when they agree."""
    differing = [c for c in CATEGORIES if expected.get(c, {}).get("sha256") != actual[c]["sha256"]]
    if not differing:
        return None
    first: tuple[int, str] | None = None
    for category in differing:
        before = expected.get(category, {}).get("steps", "")
        after = actual[category]["steps"]
        old = [before[i : i + STEP_DIGEST] for i in range(0, len(before), STEP_DIGEST)]
        new = [after[i : i + STEP_DIGEST] for i in range(0, len(after), STEP_DIGEST)]
        step = next((i for i, (a, b) in enumerate(zip(old, new)) if a != b), min(len(old), len(new)))
        if first is None or step < first[0]:
            first = (step, category)
    assert first is not None
    step, category = first
    return (
        f"{game} ({seed}): first difference at step {step} in {category}"
        f" (categories differing: {', '.join(differing)});"
        f" see it with: python -m tests.golden.recorder --show {game} {seed} {step} {category}"
    )


def _show(game: str, seed: str, step: int, category: str) -> None:
    run = next(r for r in RUNS[game] if r.seed == seed or r.seed.endswith(f"-{seed}"))
    print(json.dumps(record(run)[step][category], indent=1, ensure_ascii=False, default=str))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.golden.recorder", description=__doc__.split("\n\n")[0])
    parser.add_argument("--write", action="store_true", help=f"record today's code into {DIGESTS.name}")
    parser.add_argument(
        "--show", nargs=4, metavar=("GAME", "SEED", "STEP", "CATEGORY"), help="print one step's record of one category"
    )
    parser.add_argument(
        "--accept",
        nargs=2,
        metavar=("GAME", "CATEGORY"),
        help="record today's code for one game's one category only: a deliberate change, named in its commit",
    )
    args = parser.parse_args(argv)
    if args.accept:
        game, category = args.accept
        recorded = json.loads(DIGESTS.read_text(encoding="utf-8"))
        for run in RUNS[game]:
            recorded[game][run.seed][category] = digests(record(run))[category]
        DIGESTS.write_text(json.dumps(recorded, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        print(f"accepted {game}'s {category} in {DIGESTS}")
    elif args.show:
        game, seed, step, category = args.show
        _show(game, seed, int(step), category)
    elif args.write:
        DIGESTS.write_text(json.dumps(record_all(), indent=1, sort_keys=True) + "\n", encoding="utf-8")
        print(f"wrote {DIGESTS}")
    else:
        parser.print_help()
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Every control the bot sends fits Discord, in every language: each button has a label or an
emoji (Discord refuses a button with neither, and shows an empty one as a blank key), a label of
at most 80 characters and a custom_id of at most 100; each select has 1 to 25 options, each
labelled (at most 100 characters) with a description of at most 100, a placeholder of at most 150;
a message has at most 5 rows of at most 5 controls.

The bot is driven through every view it sends: the walks of the no-English tests (an UNO table
from its lobby and settings through the hand, the host's tools, a challenge, a Seven-O swap and a
jump-in to Play again, the history and a replay; Survive the Flood, UNO Solitaire and the
puzzles with their resign questions, hints and replays; stats, leaderboards, help, preferences),
in each language, and every control is read back from SimCord's record of the bot's requests
(SimCord checks most limits as it receives a message, but not a button's missing label)."""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Iterator
from typing import Any

import pytest

from bot.app import UnoBot
from tests.discord.conftest import ClientLocales
from tests.discord.test_solo_no_english import Player
from tests.discord.test_solo_no_english import flood
from tests.discord.test_solo_no_english import puzzles
from tests.discord.test_solo_no_english import solitaire
from tests.discord.test_solo_no_english import the_rest
from tests.discord.test_stats_boards import shown
from tests.discord.test_stats_boards import world
from tests.discord.test_uno_no_english import RUNS
from tests.discord.test_uno_no_english import walk_a_whole_game
from tests.discord.uno_driver import acknowledged
from tests.discord.uno_driver import flat_components
from tests.i18n import EVERY_LANGUAGE

ROWS = 5
PER_ROW = 5
BUTTON_LABEL = 80
CUSTOM_ID = 100
OPTIONS = 25
OPTION_TEXT = 100
PLACEHOLDER = 150
BUTTON = 2
SELECTS = {3, 5, 6, 7, 8}
ACTION_ROW = 1
TEXT_INPUT = 4


def _messages(value: Any) -> Iterator[list[dict[str, Any]]]:
    """Every message's rows of controls in a request: a message, an interaction's answer (its
    `data`) or a modal's."""
    if isinstance(value, dict):
        rows = value.get("components")
        if (
            isinstance(rows, list)
            and rows
            and all(isinstance(r, dict) and r.get("type") == ACTION_ROW for r in rows)
        ):
            yield rows
            return
        for inner in value.values():
            yield from _messages(inner)
    elif isinstance(value, list):
        for inner in value:
            yield from _messages(inner)


def _said(control: dict[str, Any], key: str) -> str:
    return str(control.get(key) or "")


def control_problems(requests: Iterable[Any]) -> list[str]:
    """What in the bot's requests Discord would refuse, or show as a blank control."""
    problems: list[str] = []
    for request in requests:
        if request.json is None or "/commands" in request.path:
            continue
        where = f"{request.method} {request.path}"
        for rows in _messages(request.json):
            if len(rows) > ROWS:
                problems.append(f"{where}: {len(rows)} rows")
            for row in rows:
                controls = row.get("components") or []
                if not 1 <= len(controls) <= PER_ROW:
                    problems.append(f"{where}: a row of {len(controls)}")
                for control in controls:
                    problems += [f"{where}: {problem}" for problem in _control_problems(control)]
    return problems


def _control_problems(control: dict[str, Any]) -> list[str]:
    kind = control.get("type")
    label, custom_id = _said(control, "label"), _said(control, "custom_id")
    problems = []
    if kind != TEXT_INPUT and len(custom_id) > CUSTOM_ID:
        problems.append(f"custom_id {custom_id!r} over {CUSTOM_ID}")
    if kind == BUTTON:
        if not label.strip() and not control.get("emoji"):
            problems.append(f"a button with neither label nor emoji ({custom_id})")
        if len(label) > BUTTON_LABEL:
            problems.append(f"button label {label!r} over {BUTTON_LABEL}")
    elif kind in SELECTS:
        if len(_said(control, "placeholder")) > PLACEHOLDER:
            problems.append(f"placeholder {control['placeholder']!r} over {PLACEHOLDER}")
        options = control.get("options")
        if kind == 3 and (not isinstance(options, list) or not 1 <= len(options) <= OPTIONS):
            problems.append(f"select {custom_id} with {len(options or [])} options")
        for option in options or []:
            text = _said(option, "label")
            if not text.strip() or len(text) > OPTION_TEXT:
                problems.append(f"option label {text!r}")
            if len(_said(option, "description")) > OPTION_TEXT:
                problems.append(f"option description {option['description']!r} over {OPTION_TEXT}")
    return problems


def custom_ids(requests: Iterable[Any]) -> Iterator[str]:
    """Every control's custom_id in the bot's requests."""
    for request in requests:
        if request.json is None or "/commands" in request.path:
            continue
        for rows in _messages(request.json):
            for row in rows:
                for control in row.get("components") or []:
                    if control.get("custom_id"):
                        yield str(control["custom_id"])


def test_the_check_sees_what_discord_refuses() -> None:
    """The check itself: a blank button, a long label, a sixth row, an empty select."""

    class Request:
        method, path = "POST", "/channels/1/messages"

        def __init__(self, json: Any) -> None:
            self.json = json

    def row(*controls: dict[str, Any]) -> dict[str, Any]:
        return {"type": ACTION_ROW, "components": list(controls)}

    fine = {"type": BUTTON, "style": 1, "label": "Draw", "custom_id": "a"}
    emoji_only = {"type": BUTTON, "style": 1, "emoji": {"name": "🟥"}, "custom_id": "b"}
    assert not control_problems([Request({"components": [row(fine, emoji_only)]})])
    blank = {**fine, "label": ""}
    long = {**fine, "label": "x" * 81}
    empty = {"type": 3, "custom_id": "s", "options": []}
    rows = [row(fine)] * 6
    said = control_problems(
        [
            Request({"type": 4, "data": {"components": [row(blank, long), row(empty)]}}),
            Request({"components": rows}),
        ]
    )
    assert len(said) == 4, said


async def paged_boards(env: Any, bot: UnoBot, locales: ClientLocales, language: str) -> None:
    """The partners' and the puzzle boards, long enough to page (their paging buttons), and their
    second pages. Seeded at SimCord's first day, before anything advances the clock."""
    channel, users, _ = await world(env, bot)
    locales.servers[channel.guild.id] = language
    for user in users.values():
        locales.users[user.id] = language
    for game in ("partners", "puzzle"):
        board = shown(acknowledged(await users["ann"].slash(channel, "leaderboard", game=game)))
        [page] = [c["custom_id"] for c in flat_components(board) if c["custom_id"].startswith("lb")]
        acknowledged(await users["ann"].click(board, custom_id=page))


@pytest.mark.parametrize("language", EVERY_LANGUAGE)
async def test_every_control_the_bot_sends_fits_discord_in_every_language(
    simcord_env: Any,
    simcord_bot: UnoBot,
    client_locales: ClientLocales,
    language: str,
) -> None:
    env = simcord_env
    await paged_boards(env, simcord_bot, client_locales, language)
    for run in ("house rules", "twist with partners"):
        options, house = RUNS[run]
        await walk_a_whole_game(
            env,
            simcord_bot,
            client_locales,
            server=language,
            players=language,
            house=house,
            chosen_language=False,
            **options,
        )
    user = env.create_user("lena")
    client_locales.users[user.id] = language  # the bot reads "pt_BR" as Discord's "pt-BR"
    player = Player(env, simcord_bot, user, user.dm_channel, in_server=False)
    await flood(player, win=False)
    await solitaire(player, win=False)
    await puzzles(player)
    await the_rest(player)
    # Every kind of control was met: the tables' and hands', host tools, replays, boards' pages.
    kinds = {custom_id.split(":")[0] for custom_id in custom_ids(env.http_requests)}
    assert kinds >= {"uno", "unohost", "unoreplay", "solo", "soloreplay", "soloreplaypick", "lb"}, kinds
    problems = control_problems(env.http_requests)
    assert not problems, "\n".join(problems)

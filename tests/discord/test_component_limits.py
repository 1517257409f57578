"""Every control the bot sends fits Discord: each button has a label or an emoji (Discord refuses
a button with neither, and shows an empty one as a blank key), a label of at most 80 characters
and a custom_id of at most 100; each select has 1 to 25 options, each labelled (at most 100
characters) with a description of at most 100, a placeholder of at most 150; a message has at
most 5 rows of at most 5 controls.

`control_problems` reads every control back from SimCord's record of the bot's requests (SimCord
checks most limits as it receives a message, but not a button's missing label). The walks that
drive the bot through every view it sends, in other languages, apply it: the no-English tests
(an UNO table from its lobby and settings through the hand, the host's tools, a challenge, a
Seven-O swap and a jump-in to Play again, the history and a replay; Survive the Flood, UNO
Solitaire and the puzzles with their resign questions, hints and replays; stats, help,
preferences) and the boards' paging tests. Walking them again here, once a language, cost the
suite over a minute for what those walks already reach."""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Iterator
from typing import Any

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

"""Discord's limits on what a message may hold, and the one way text is cut to fit them.

Text built from what members type (names, options) can be longer than the field it lands in;
Discord refuses the whole message then (HTTP 400). Every such text goes through clip()."""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Sequence

from discord import app_commands

from bot.i18n.text import ELLIPSIS as ELLIPSIS  # what ends a cut text
from bot.i18n.text import shortened

MESSAGE = 2000
EMBED_TITLE = 256
EMBED_DESCRIPTION = 4096
EMBED_FIELD_NAME = 256
EMBED_FIELD_VALUE = 1024
EMBED_FOOTER = 2048
SELECT_OPTION_LABEL = 100
SELECT_OPTION_DESCRIPTION = 100
BUTTON_LABEL = 80
SELECT_PLACEHOLDER = 150
# A choice a slash command's option offers as the player types (autocomplete), and how many.
CHOICE_NAME = 100
CHOICES = 25
# All of an embed's text together: title, description, fields, footer and author.
EMBED_TOTAL = 6000

# The longest text a string option of a slash command accepts: a card, a ruleset's house rules or a
# variant are far shorter. A whole hand (/puzzle solve, up to 108 cards) gets more room.
OPTION_TEXT = 100
HAND_TEXT = 1000


def clip(text: str, limit: int) -> str:
    """`text` as it is when it fits in `limit` characters, else cut with an ellipsis, between two
    characters as a reader sees them (bot/i18n/text.py's `shortened`). Discord counts code
    points, as len() does."""
    return shortened(text, limit)


def offered(typed: str, choices: Iterable[app_commands.Choice[str]]) -> list[app_commands.Choice[str]]:
    """The autocomplete `choices` whose name or value holds what the player `typed`, as many as
    Discord shows. Compared casefolded, Unicode's caseless match: lowercasing alone leaves `ß`
    apart from `ss` (and `ẞ` from both)."""
    needle = typed.strip().casefold()
    return [c for c in choices if needle in c.name.casefold() or needle in str(c.value).casefold()][:CHOICES]


def first_that_fits(forms: Iterable[str], limit: int) -> str:
    """The first of `forms` (each shorter than the one before: card by card, then each face once
    with its count) that fits in `limit` characters; else the last, cut to it. Written so, a long
    hand is never cut short where a shorter form of it would fit."""
    form = ""
    for form in forms:
        if len(form) <= limit:
            return form
    return clip(form, limit)


def last_lines(lines: Sequence[str], limit: int) -> str:
    """The last of `lines` that fit in `limit` characters, one under another: a log loses its
    oldest lines whole, never part of one (a cut inside a line could split a name's escape and
    format what follows). A last line too long on its own is clipped."""
    kept: list[str] = []
    length = -1
    for line in reversed(lines):
        length += 1 + len(line)
        if length > limit:
            break
        kept.append(line)
    if not kept and lines:
        return clip(lines[-1], limit)
    return "\n".join(reversed(kept))


def pages(long: str, limit: int = MESSAGE) -> list[str]:
    """`long` in as few parts of at most `limit` characters as it takes, each cut between two
    lines (a single line longer than `limit` is clipped): for what may outgrow one message, such
    as a ruleset's explanation in a long language."""
    parts: list[str] = []
    for line in long.split("\n"):
        line = clip(line, limit)
        if parts and len(parts[-1]) + 1 + len(line) <= limit:
            parts[-1] += "\n" + line
        else:
            parts.append(line)
    return parts


# A free-text string option: Discord refuses a longer value before the bot sees it.
OptionText = app_commands.Range[str, 1, OPTION_TEXT]
HandText = app_commands.Range[str, 1, HAND_TEXT]

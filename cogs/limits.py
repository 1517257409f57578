"""Discord's limits on what a message may hold, and the one way text is cut to fit them.

Text built from what members type (names, options) can be longer than the field it lands in;
Discord refuses the whole message then (HTTP 400). Every such text goes through clip()."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from discord import app_commands

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
# A choice a slash command's option offers as the player types (autocomplete).
CHOICE_NAME = 100
# All of an embed's text together: title, description, fields, footer and author.
EMBED_TOTAL = 6000

# The longest text a string option of a slash command accepts: a card, a ruleset's house rules or a
# variant are far shorter. A whole hand (/puzzle solve, up to 108 cards) gets more room.
OPTION_TEXT = 100
HAND_TEXT = 1000

ELLIPSIS = "…"


def clip(text: str, limit: int) -> str:
    """`text` as it is when it fits in `limit` characters, else cut with an ellipsis. Discord
    counts code points, as len() does; the cut falls between two characters as a reader sees
    them (never inside a flag, an emoji joined to others or an accented letter), and never
    between a Markdown escape and the character it escapes."""
    if len(text) <= limit:
        return text
    end = _cut(text, limit - len(ELLIPSIS))
    kept = text[:end]
    if (len(kept) - len(kept.rstrip("\\"))) % 2:
        kept = kept[:-1]
    return kept + ELLIPSIS


_JOINER = "\u200d"
_SKIN_TONES = ("\U0001f3fb", "\U0001f3ff")
_FLAG_LETTERS = ("\U0001f1e6", "\U0001f1ff")
_TAGS = ("\U000e0020", "\U000e007f")  # the letters of a region's flag (🏴 and England's tags)


def _cut(said: str, at: int) -> int:
    """The last place at or before `at` where `said` may be cut: not before a character that
    belongs to the one before it (an accent, a skin tone, a joiner, a variation selector, a
    flag's tag), nor after a joiner, nor inside a flag (a pair of regional letters)."""
    while 0 < at < len(said) and (_extends(said[at]) or said[at - 1] == _JOINER):
        at -= 1
    if at == len(said) or not _flag_letter(said[at]):
        return at
    # Flags are letters read in pairs: after an odd number of them, the cut would split one.
    letters = 0
    while letters < at and _flag_letter(said[at - 1 - letters]):
        letters += 1
    return at - letters % 2


def _flag_letter(char: str) -> bool:
    return _FLAG_LETTERS[0] <= char <= _FLAG_LETTERS[1]


def _extends(char: str) -> bool:
    return (
        char == _JOINER
        or unicodedata.category(char) in ("Mn", "Mc", "Me")  # accents, variation selectors
        or _SKIN_TONES[0] <= char <= _SKIN_TONES[1]
        or _TAGS[0] <= char <= _TAGS[1]
    )


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

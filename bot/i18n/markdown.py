"""Names shown as they are written inside Discord's Markdown.

A sentence of ours is Markdown (`**bold**`, `` `/uno start` ``), and a player's name or what they
typed is put into it as a field: a name such as `*star*`, `~~x~~` or `[free](https://...)` would
turn part of the line italic, struck through or into a link. Each character Markdown reads as
formatting gets a backslash, which Discord hides (it escapes any punctuation), so the name reads
exactly as its owner wrote it. Only in Markdown: a button's label, a thread's name or a picture's
alt text shows a backslash as a backslash (`Words.plain`).

A name written right to left (Hebrew, Arabic) is isolated from the sentence around it, in Markdown
or not: a client lays a line out in the direction of its first letter, so "محمد drew a card."
would read right to left, its full stop and numbers on the wrong side.
"""

from __future__ import annotations

import re

# A link stays as it is: Discord makes it clickable, and a backslash would become part of it.
# Within a line, emphasis, strikes, spoilers, code and masked links, and what starts Discord's own
# markup (a name written `<@123>` or `@everyone` would show as a mention, `<t:0>` as a date: the
# bot's own are `Markup`, never escaped); at its start (a name may start one: "{name} played a Red
# 5."), headings, quotes (">>> " quotes every line after it too) and lists.
_FORMATTING = re.compile(
    r"(?P<link>https?://[^\s<]+[^<.,:;\"')\]\s])|(?P<mark>[\\*_~|`\[\]]|<(?=[@#/:]|a:|t:|id:)|@(?=everyone|here))"
    r"|^(?P<start>\s*(?:#{1,3}|-#|>>>|[>*+\-]|\d+\.))(?=\s)"
)


# Most names hold none of the characters the escapes start with: one quick look rules them out
# (a table message says dozens of names and cards on every move).
_MAYBE = re.compile(r"[\\*_~|`\[\]#>+\-<@]|^\s*\d+\.")


def escaped(said: str) -> str:
    """`said` with a backslash before each character Discord's Markdown would read as formatting."""
    if _MAYBE.search(said) is None:
        return said
    return _FORMATTING.sub(_escape, said)


def _escape(found: re.Match[str]) -> str:
    if found.group("link"):
        return found.group(0)
    if found.group("mark"):
        return "\\" + found.group("mark")
    start = found.group("start")
    if start.endswith("."):  # "1. " starts a numbered list; a backslash before a digit would show
        return start[:-1] + "\\."
    stripped = start.lstrip()
    return start[: len(start) - len(stripped)] + "\\" + stripped


# The right-to-left scripts: Hebrew, Arabic, Syriac, Thaana, N'Ko and their neighbours, their
# presentation forms, and those beyond the first plane.
_RIGHT_TO_LEFT = re.compile(
    "[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefe\U00010800-\U00010fff\U0001e800-\U0001efff]"
)
# First strong isolate and pop directional isolate: what they hold takes its own direction (that
# of its first letter) and leaves the sentence's alone. Neither shows.
_FSI, _PDI = "\u2068", "\u2069"


def isolated(name: str) -> str:
    """`name`, put into a sentence, between isolates when it holds right-to-left letters, so the
    sentence keeps its own direction; any other name as it is."""
    if _RIGHT_TO_LEFT.search(name) is None:
        return name
    return f"{_FSI}{name}{_PDI}"

"""Slash commands named in a sentence, under the names the reader's client shows.

Discord shows each command, group and option under its name in the language of the user's
client: cogs/translator.py sends those names from the `commands` catalogue (msgctxt "name"), and
a German client lists `/uno starten`. The sentences, in every catalogue and every translation,
name commands in backticks by their English names (`/uno start bots:2`, `/preferences
pictures:`, or an option of the command named before it, `level:hard`); `CommandNames` writes
each such span in the reader's language from that same catalogue, so that what a sentence tells
a player to type and what their command menu offers cannot disagree.

Where a word sits says what it is, since one English word may be both (`/puzzle daily` and
`/leaderboard game:puzzle`): the words after the slash are a command's path, a word before a
colon (or in brackets, `[size]`) an option's name, and what follows the colon a value. A value
stays as it is written (a card, a number, true or false, a keyword such as `twist`), except the
value of a choice that the client lists under that very word (`level:hard`, `turn_pings:off`):
the client lists it under the word's translation (German "schwer") and matches what the player
types against that, so the sentence says the translation, from the same catalogue too; and what
stands for a value to type (`game:<number>`), which is a word for the reader, not a command.

Only a sentence's own spans are commands (`spans_of`, read by `Words`): a name, or what a player
typed, put into a sentence is said as it is, whatever it holds.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from functools import lru_cache

from bot.i18n.catalogue import Domain
from bot.i18n.catalogue import shipped_domain

COMMANDS = "commands"
# The msgctxt of the names of commands, groups and options: Discord takes them in lowercase,
# without spaces, so they are translated apart from the same words in free text.
NAME = "name"

# The msgctxt of what stands for a value a player types (`game:<number>`): a word in angle
# brackets, said in the reader's language like a choice.
PLACEHOLDER = "placeholder"
PLACEHOLDERS = ("number",)

# A span in backticks, on one line: `/uno start bots:2`, `level:hard`, `{action}`.
SPAN = re.compile(r"`([^`\n]+)`")
# An option with its value (`bots:2`, `ruleset:`), or in brackets when optional (`[size]`).
OPTION = re.compile(r"^([a-z_]+):(.*)$|^\[([a-z_]+)\]$")


@dataclass(frozen=True, slots=True)
class CommandNames:
    """One language's names of commands, groups and options (`names`), and of the choices whose
    English name is a single word (`choices`), by their English names."""

    names: Mapping[str, str]
    choices: Mapping[str, str]

    def sentence(self, said: str) -> str:
        """`said`, a sentence of ours, with each command span in this language."""
        return SPAN.sub(self._span, said) if "`" in said else said

    def path(self, path: str) -> str:
        """A command's path ("uno start") as this language's client shows it ("uno starten")."""
        return " ".join(self.names.get(word, word) for word in path.split(" "))

    def _span(self, found: re.Match[str]) -> str:
        span = found.group(1)
        if span.startswith("/"):
            return f"`/{self._command(span[1:])}`"
        option = OPTION.match(span)
        if option is not None and (option.group(1) or option.group(3)) in self.names:
            return f"`{self._option(option)}`"
        return found.group(0)

    def _command(self, command: str) -> str:
        """`uno start bots:2 level:hard`: the path, then its options; a word that is neither
        goes on a value of several words (`cards:R1 R5 B5`) and stays as it is."""
        words = command.split(" ")
        first = next((i for i, word in enumerate(words) if OPTION.match(word)), len(words))
        options = (self._option(found) if (found := OPTION.match(word)) else word for word in words[first:])
        return " ".join((self.path(" ".join(words[:first])), *options))

    def _option(self, option: re.Match[str]) -> str:
        name, value, optional = option.groups()
        if optional is not None:
            return f"[{self.names.get(optional, optional)}]"
        return f"{self.names.get(name, name)}:{self.choices.get(value, value)}"


@lru_cache(maxsize=4096)
def spans_of(pattern: str) -> tuple[tuple[str, bool], ...]:
    """`pattern` cut into its spans (True) and what stands between them (False), a span with its
    backticks; once per pattern, as a table message says the same sentences on every move."""
    parts: list[tuple[str, bool]] = []
    at = 0
    for span in SPAN.finditer(pattern):
        parts.extend(((pattern[at : span.start()], False), (span.group(0), True)))
        at = span.end()
    parts.append((pattern[at:], False))
    return tuple(part for part in parts if part[0])


@cache
def command_names(language: str) -> CommandNames:
    """The shipped commands catalogue's names in `language`, read once per process."""
    return names_in(shipped_domain(COMMANDS), language)


def names_in(domain: Domain, language: str) -> CommandNames:
    """The names and one-word choices `domain` translates into `language` (none in English)."""
    names: dict[str, str] = {}
    choices: dict[str, str] = {}
    for context, msgid in domain.message_keys():
        if context == NAME:
            names[msgid] = domain.translate(language, msgid, NAME) or msgid
        elif context is None and " " not in msgid:
            choices[msgid] = domain.translate(language, msgid) or msgid
        elif context == PLACEHOLDER:
            choices[f"<{msgid}>"] = f"<{domain.translate(language, msgid, PLACEHOLDER) or msgid}>"
    return CommandNames(names, choices)

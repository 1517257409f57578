"""Words for a player in no language yet: an English msgid and the values of its fields.

Code that has something to say a player reads (an engine's rules, a refusal) builds a `Text`
with `text("... {count} cards ...", count=4)`; a presenter turns it into the reader's language
(`bot.i18n.words.Words`), and `str()` gives the English. `text` is also the keyword that
`python -m bot catalogue` looks for to collect the msgids, so a msgid is always a literal.

This module needs nothing but the standard library: the engines may use it and stay pure.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Text:
    msgid: str
    fields: tuple[tuple[str, Any], ...] = ()

    def __str__(self) -> str:
        return self.msgid.format(**{name: str(value) for name, value in self.fields})


@dataclass(frozen=True, slots=True)
class AnyOf:
    """Words joined as alternatives ("a Draw Two or a Wild"), in each language's way."""

    choices: tuple[Text, ...]

    def __str__(self) -> str:
        words = [str(choice) for choice in self.choices]
        return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


@dataclass(frozen=True, slots=True)
class Clauses:
    """Clauses of one sentence, one after another ("on a 2, a 2; on a Joker, a Joker")."""

    clauses: tuple[Text, ...]

    def __str__(self) -> str:
        return "; ".join(str(clause) for clause in self.clauses)


def text(msgid: str, /, **fields: Any) -> Text:
    """A sentence to translate: `msgid` is English with `{name}` fields, filled from `fields`
    (numbers, other `Text`s, `AnyOf` lists, or plain strings shown as they are)."""
    return Text(msgid, tuple(fields.items()))


"""Words for a player in no language yet: an English msgid and the values of its fields.

Code that has something to say a player reads (an engine's rules, a refusal) builds a `Text`
with `text("... {name} ...", name=...)`, or `counted("{count} card", "{count} cards", count=n)`
when its words follow a number; a presenter turns it into the reader's language
(`bot.i18n.words.Words`), and `str()` gives the English. `text` and `counted` are also the
keywords `python -m bot catalogue` looks for to collect the msgids, so a msgid is always a
literal.

This module needs nothing but the standard library: the engines may use it and stay pure.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from decimal import ROUND_HALF_EVEN
from decimal import Decimal
from typing import Any

COUNT = "count"
ELLIPSIS = "…"


@dataclass(frozen=True, slots=True)
class Text:
    """`msgid` with its fields; `plural` is the English plural of a counted sentence, whose
    number is its `count` field."""

    msgid: str
    fields: tuple[tuple[str, Any], ...] = ()
    plural: str | None = None

    def __str__(self) -> str:
        return self.english_pattern().format(**{name: str(value) for name, value in self.fields})

    @property
    def count(self) -> int:
        """The number a counted sentence's words follow."""
        return int(dict(self.fields)[COUNT])

    def english_pattern(self) -> str:
        if self.plural is None or self.count == 1:
            return self.msgid
        return self.plural


@dataclass(frozen=True, slots=True)
class AnyOf:
    """Words joined as alternatives ("a Draw Two or a Wild"), in each language's way."""

    choices: tuple[Text, ...]

    def __str__(self) -> str:
        return _english_list(self.choices, "or")


@dataclass(frozen=True, slots=True)
class AllOf:
    """Words joined as a list ("Ann, Bob and Cy"), in each language's way."""

    items: tuple[Any, ...]

    def __str__(self) -> str:
        return _english_list(self.items, "and")


@dataclass(frozen=True, slots=True)
class Clauses:
    """Clauses of one sentence, one after another ("on a 2, a 2; on a Joker, a Joker")."""

    clauses: tuple[Text, ...]

    def __str__(self) -> str:
        return str(self.said())

    def said(self) -> Text:
        """The clauses joined by a semicolon as each language writes it (French spaces it off:
        "sur un 2 : un 2 ; sur un Joker : un Joker")."""
        said = symbols("")
        for n, clause in enumerate(self.clauses):
            said = clause if n == 0 else text("{first}; {then}", first=said, then=clause)
        return said


@dataclass(frozen=True, slots=True)
class Lines:
    """Sentences shown one under another, each in the reader's language."""

    lines: tuple[Any, ...]

    def __str__(self) -> str:
        return "\n".join(str(line) for line in self.lines)


# A share between none and all is never written as 0% or 100%: a player reading "0%" takes it
# for "cannot happen" (HearthSim/Hearthstone-Deck-Tracker#4602). Four decimals reach 1 in a million.
MOST_PERCENT_DECIMALS = 4


@dataclass(frozen=True, slots=True)
class Percent:
    """A share (0.67) written as a percentage, each language's way ("67%", "67 %")."""

    share: float

    @property
    def shown(self) -> Decimal:
        """The percentage as written: whole, unless that would read 0 or 100 for a share that is
        neither (2 wins in 2,000 is 0.1, 1,999 in 2,000 is 99.9 or more); then with the fewest
        decimals that keep it off both ends."""
        exact = Decimal(repr(self.share)) * 100  # 0.995 is 99.5, not the float just below it
        shown = exact.quantize(Decimal(1), ROUND_HALF_EVEN)
        if not 0 < self.share < 1:
            return shown
        for places in range(1, MOST_PERCENT_DECIMALS + 1):
            if 0 < shown < 100:
                return shown
            shown = exact.quantize(Decimal(1).scaleb(-places), ROUND_HALF_EVEN)
        least = Decimal(1).scaleb(-MOST_PERCENT_DECIMALS)
        return min(max(shown, least), 100 - least)

    def __str__(self) -> str:
        return f"{self.shown}%"


@dataclass(frozen=True, slots=True)
class Code:
    """Words shown as code, as they are written in every language: what a player typed, quoted
    back (`R5x`), or a keyword to type (`easy`)."""

    typed: str

    def __str__(self) -> str:
        return code_span(self.typed)


@dataclass(frozen=True, slots=True)
class Markup:
    """Discord's own markup, written by the bot, never by a player: a mention (`<@id>`), a
    channel, a role, a relative time (`<t:...:R>`). Discord turns it into a chip or a time; a name
    that looks like one is escaped and reads as written (bot/i18n/markdown.py)."""

    shown: str

    def __str__(self) -> str:
        return self.shown

    @classmethod
    def user(cls, user_id: int) -> Markup:
        """A person's mention: their name as the reader knows them; it pings them in a message's
        content where the message allows it."""
        return cls(f"<@{user_id}>")

    @classmethod
    def relative_time(cls, when: datetime) -> Markup:
        """How long until `when` or since it ("in 5 minutes", "2 hours ago"), which each reader's
        client writes in their language."""
        return cls(f"<t:{int(when.timestamp())}:R>")

    @classmethod
    def channel(cls, channel_id: int) -> Markup:
        """A channel or a thread, as a link to it."""
        return cls(f"<#{channel_id}>")

    @classmethod
    def role(cls, role_id: int) -> Markup:
        return cls(f"<@&{role_id}>")


# Whom a sentence names: a player's name as written, a person's mention, or words ("🤖 Ada").
Named = Text | Markup | str


def code_span(typed: str) -> str:
    """`typed` as Markdown code; where it holds a backtick, in double backticks, which it cannot
    close (a backtick next to them is spaced off)."""
    if "`" not in typed:
        return f"`{typed}`"
    return f"`` {typed.replace('``', '` `')} ``"


def _english_list(items: tuple[Any, ...], conjunction: str) -> str:
    """`a`, `a or b`, `a, b and c`: words joined in English (other languages join them with Babel
    when shown, bot/i18n/words.py)."""
    words = [str(item) for item in items]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + f" {conjunction} " + words[-1]


def text(msgid: str, /, **fields: Any) -> Text:
    """A sentence to translate: `msgid` is English with `{name}` fields, filled from `fields`
    (numbers, other `Text`s, `AnyOf` lists, or plain strings shown as they are: names)."""
    return Text(msgid, tuple(fields.items()))


def symbols(pattern: str, /, **fields: Any) -> Text:
    """Words already in the catalogues and symbols put side by side (`{emoji} {name}`): no
    sentence of its own, which the catalogue does not collect."""
    return Text(pattern, tuple(fields.items()))


def joined(parts: Sequence[Any], separator: str = ", ") -> Text:
    """`parts` one after another with `separator` (a symbol, not a word) between them: cards in a
    hand, a ruleset's settings."""
    return symbols(
        separator.join(f"{{p{n}}}" for n in range(len(parts))),
        **{f"p{n}": part for n, part in enumerate(parts)},
    )


def labelled(label: Any, value: Any) -> Text:
    """`label: value` ("**ann**: 7 cards"), with the colon as each language writes it (French
    spaces it off: "ann : 7 cartes")."""
    return text("{label}: {value}", label=label, value=value)


def counted(singular: str, plural: str, /, count: int, **fields: Any) -> Text:
    """A sentence whose words follow `count` ("{count} card" / "{count} cards"): each language
    picks its own form by its plural rule (some have three or four). `count` is a field too."""
    return Text(singular, ((COUNT, count), *fields.items()), plural)


def to_json(value: Any) -> Any:
    """A `Text` (or AnyOf, AllOf, Clauses, Lines, Code, Markup, or a field's plain value) as JSON, to save
    words not yet in any language (a table's log) and show them later in the reader's."""
    if isinstance(value, Text):
        data: dict[str, Any] = {
            "t": value.msgid,
            "f": [[name, to_json(field)] for name, field in value.fields],
        }
        if value.plural is not None:
            data["p"] = value.plural
        return data
    if isinstance(value, AnyOf):
        return {"any": [to_json(choice) for choice in value.choices]}
    if isinstance(value, AllOf):
        return {"all": [to_json(item) for item in value.items]}
    if isinstance(value, Clauses):
        return {"clauses": [to_json(clause) for clause in value.clauses]}
    if isinstance(value, Lines):
        return {"lines": [to_json(line) for line in value.lines]}
    if isinstance(value, Code):
        return {"typed": value.typed}
    if isinstance(value, Markup):
        return {"markup": value.shown}
    if isinstance(value, bool) or value is None:
        return str(value)
    if isinstance(value, int | float | str):
        return value
    return str(value)


def from_json(data: Any) -> Any:
    """What `to_json` wrote, back as it was; anything else but a dict (a plain string: an older
    save's English line) stays as it is."""
    if isinstance(data, dict):
        if "t" in data:
            fields = tuple((str(name), from_json(field)) for name, field in data.get("f", ()))
            plural = data.get("p")
            return Text(str(data["t"]), fields, None if plural is None else str(plural))
        if "any" in data:
            return AnyOf(tuple(from_json(choice) for choice in data["any"]))
        if "all" in data:
            return AllOf(tuple(from_json(item) for item in data["all"]))
        if "clauses" in data:
            return Clauses(tuple(from_json(clause) for clause in data["clauses"]))
        if "lines" in data:
            return Lines(tuple(from_json(line) for line in data["lines"]))
        if "typed" in data:
            return Code(str(data["typed"]))
        if "markup" in data:
            return Markup(str(data["markup"]))
        raise ValueError(f"not a saved Text: {data!r}")
    return data


def shortened(said: str, limit: int) -> str:
    """`said` as it is when it fits in `limit` characters, else cut with an ellipsis: the one way
    words are cut to a limit (Discord's, a picture's alt text, a quote of what a player typed).
    The cut falls between two characters as a reader sees them (never inside a flag, an emoji
    joined to others or an accented letter), and never between a Markdown escape and the
    character it escapes."""
    if len(said) <= limit:
        return said
    kept = said[: _cut(said, limit - len(ELLIPSIS))]
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

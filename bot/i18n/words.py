"""A reader's language: `Words` turns `Text` values into it, with the message catalogues for the
sentences, the commands catalogue for the commands they name (bot/i18n/commands.py) and Babel for
what each language writes its own way (numbers, lists)."""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Sequence
from datetime import date
from datetime import datetime
from decimal import Decimal
from functools import lru_cache
from typing import Any
from typing import Literal

from babel.dates import format_date
from babel.lists import format_list
from babel.numbers import format_decimal
from babel.numbers import format_percent

from bot.i18n.catalogue import MESSAGE_DOMAINS
from bot.i18n.catalogue import SOURCE
from bot.i18n.catalogue import Domain
from bot.i18n.catalogue import language_of
from bot.i18n.catalogue import plural_rule
from bot.i18n.catalogue import shipped_domain
from bot.i18n.commands import CommandNames
from bot.i18n.commands import command_names
from bot.i18n.commands import spans_of
from bot.i18n.markdown import escaped
from bot.i18n.markdown import isolated
from bot.i18n.text import AllOf
from bot.i18n.text import AnyOf
from bot.i18n.text import Clauses
from bot.i18n.text import Code
from bot.i18n.text import Lines
from bot.i18n.text import Markup
from bot.i18n.text import Percent
from bot.i18n.text import Text
from bot.i18n.text import code_span


def message_domains() -> tuple[Domain, ...]:
    return tuple(shipped_domain(name) for name in MESSAGE_DOMAINS)


class Words:
    """Everything said to one reader, in their language (English where a sentence has no
    translation yet), as Discord Markdown: a message, an embed's description, fields or title.
    `plain` says the same words where Discord shows no Markdown."""

    def __init__(
        self, language: str, domains: Sequence[Domain] | None = None, *, markdown: bool = True
    ) -> None:
        self.language = language
        self.markdown = markdown
        self.domains = tuple(domains) if domains is not None else message_domains()
        # What each msgid was found as, shared by every reader of a language when the domains
        # are the shipped ones: a catalogue lookup walks the domains one by one on each
        # sentence, and a table message says dozens of sentences.
        self._found = _FOUND.setdefault(language, {}) if domains is None else {}
        self._commands: CommandNames | None = command_names(language) if language != SOURCE else None
        self._plain: Words | None = None if markdown else self

    @classmethod
    def for_locale(cls, locale: str | None) -> Words:
        """For a Discord locale ("de", "pt-BR", ...)."""
        return cls(language_of(locale))

    @property
    def plain(self) -> Words:
        """The same reader's words where Discord shows no Markdown (a button's or an option's
        label, a thread's name, a picture and its alt text): names go in without backslashes."""
        if self._plain is None:
            self._plain = Words(self.language, self.domains, markdown=False)
            self._plain._found = self._found
        return self._plain

    def __call__(self, value: Any) -> str:
        """`value` in this language; a plain string is a name or what a player typed: said alone,
        it is shown as it is, and in a sentence (or a list) as it reads, whatever Markdown it
        holds (bot/i18n/markdown.py)."""
        # Names and sentences are nearly every value said: they go first.
        if type(value) is str:
            return str(value)
        if isinstance(value, Text):
            return self._sentence(value)
        if isinstance(value, Lines):
            return "\n".join(self(line) for line in value.lines)
        if isinstance(value, Clauses):
            return self(value.said())
        if isinstance(value, AnyOf | AllOf):
            return self._field(value, self.markdown)
        if isinstance(value, Code):
            return code_span(value.typed) if self.markdown else value.typed
        if isinstance(value, Markup):
            return value.shown
        if isinstance(value, Percent):
            return _percent(value.shown, self._babel)
        if isinstance(value, int | float) and not isinstance(value, bool):
            return _number(value, self._babel)
        if isinstance(value, datetime):
            return _short_day(value.date(), self._babel)
        if isinstance(value, date):
            return _short_day(value, self._babel)
        return str(value)

    def _sentence(self, said: Text) -> str:
        pattern = self._pattern(said)
        markdown = self.markdown
        fields = {}
        for name, field in said.fields:
            # The common fields first, without a call each: a table message says dozens of these.
            if type(field) is str:
                fields[name] = isolated(escaped(field) if markdown else field)
            elif type(field) is Text:
                fields[name] = self._sentence(field)
            else:
                fields[name] = self._field(field, markdown)
        if "`" not in pattern:
            return pattern.format(**fields)
        # A field inside one of the sentence's own spans is part of what it names (`/{kind} play`):
        # code shows a backslash, and the commands there are named in this language
        # (bot/i18n/commands.py).
        named = {
            name: self._field(field, False) if self.markdown and _is_named(field) else fields[name]
            for name, field in said.fields
        }
        commands = self._commands
        return "".join(
            (part.format(**named) if commands is None else commands.sentence(part.format(**named)))
            if in_span
            else part.format(**fields)
            for part, in_span in spans_of(pattern)
        )

    def _field(self, value: Any, markdown: bool) -> str:
        """A value put into a sentence: a name, alone or in a list, escaped where `markdown`."""
        if type(value) is str:
            return isolated(escaped(value) if markdown else value)
        if isinstance(value, AnyOf):
            return _listed(
                tuple(self._field(choice, markdown) for choice in value.choices), "or", self._babel
            )
        if isinstance(value, AllOf):
            return _listed(
                tuple(self._field(item, markdown) for item in value.items), "standard", self._babel
            )
        return self(value)

    def command(self, path: str) -> str:
        """A command's path ("uno start") as this reader's client shows it."""
        return path if self._commands is None else self._commands.path(path)

    def _pattern(self, said: Text) -> str:
        if self.language != SOURCE:
            found = self._found.get(said.msgid)
            if found is None:
                found = self._found[said.msgid] = self._translation(said.msgid)
            forms, rule = found
            if forms:
                return forms[0] if said.plural is None else forms[min(rule(said.count), len(forms) - 1)]
        return said.english_pattern()

    def _translation(self, msgid: str) -> tuple[tuple[str, ...], Callable[[int], int]]:
        """The forms of `msgid` in the first domain that translates it, with that catalogue's
        plural rule; no forms where none does."""
        for domain in self.domains:
            forms = domain.forms(self.language, msgid)
            if forms:
                return forms, plural_rule(domain.catalogues[self.language].plural_expr)
        return (), _no_plural

    def long_day(self, day: date) -> str:
        """A day with its weekday, written the reader's way: "Thursday 1 January 2026",
        "Donnerstag, 1. Januar 2026", "jeudi 1 janvier 2026"."""
        # Babel's English too, never strftime: its %A and %B follow the host's LC_TIME locale,
        # which would write an English reader's date in the host's language. English keeps the
        # bot's own order, without the comma of Babel's "full" English.
        pattern = "EEEE d MMMM y" if self.language == SOURCE else "full"
        return format_date(day, format=pattern, locale=self._babel)

    @property
    def _babel(self) -> str:
        return "en" if self.language == SOURCE else self.language


# Per language, each msgid's translated forms and plural rule (see Words._found).
_FOUND: dict[str, dict[str, tuple[tuple[str, ...], Callable[[int], int]]]] = {}


def _is_named(field: Any) -> bool:
    """Whether `field` says a name (or what a player typed), alone or in a list."""
    return type(field) is str or isinstance(field, AnyOf | AllOf)


def _no_plural(count: int) -> int:
    return 0


# Babel reads its locale data and parses a pattern on every call (about 0.14 ms for a number),
# and a table message writes dozens of small numbers on every move: the same few values, so
# each is formatted once per process.
@lru_cache(maxsize=1024)
def _short_day(day: date, locale: str) -> str:
    """A day as each language writes it in a list: "Nov 23, 2026", "23.11.2026"."""
    return format_date(day, format="medium", locale=locale)


@lru_cache(maxsize=8192)
def _number(value: float, locale: str) -> str:
    return format_decimal(value, locale=locale)


@lru_cache(maxsize=1024)
def _percent(shown: Decimal, locale: str) -> str:
    # `shown` already has the decimals it keeps (Percent.shown): babel writes them all.
    return format_percent(shown.scaleb(-2), locale=locale, decimal_quantization=False)


@lru_cache(maxsize=4096)
def _listed(words: tuple[str, ...], style: Literal["or", "standard"], locale: str) -> str:
    return format_list(list(words), style=style, locale=locale)

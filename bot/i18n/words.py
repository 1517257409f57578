"""A reader's language: `Words` turns `Text` values into it, with the message catalogues for the
sentences and Babel for what each language writes its own way (numbers, lists)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, datetime
from functools import lru_cache
from typing import Any, Literal

from babel.dates import format_date
from babel.lists import format_list
from babel.numbers import format_decimal, format_percent

from bot.i18n.catalogue import MESSAGE_DOMAINS, SOURCE, Domain, language_of, shipped_domain
from bot.i18n.text import AllOf, AnyOf, Clauses, Lines, Percent, Text


def message_domains() -> tuple[Domain, ...]:
    return tuple(shipped_domain(name) for name in MESSAGE_DOMAINS)


class Words:
    """Everything said to one reader, in their language (English where a sentence has no
    translation yet)."""

    def __init__(self, language: str, domains: Sequence[Domain] | None = None) -> None:
        self.language = language
        self.domains = tuple(domains) if domains is not None else message_domains()

    @classmethod
    def for_locale(cls, locale: str | None) -> Words:
        """For a Discord locale ("de", "pt-BR", ...)."""
        return cls(language_of(locale))

    def __call__(self, value: Any) -> str:
        if isinstance(value, Text):
            return self._pattern(value).format(**{name: self(field) for name, field in value.fields})
        if isinstance(value, Lines):
            return "\n".join(self(line) for line in value.lines)
        if isinstance(value, Clauses):
            return "; ".join(self(clause) for clause in value.clauses)
        if isinstance(value, AnyOf):
            return _listed(tuple(self(choice) for choice in value.choices), "or", self._babel)
        if isinstance(value, AllOf):
            return _listed(tuple(self(item) for item in value.items), "standard", self._babel)
        if isinstance(value, Percent):
            return _percent(value.share, self._babel)
        if isinstance(value, int | float) and not isinstance(value, bool):
            return _number(value, self._babel)
        if isinstance(value, datetime):
            return _short_day(value.date(), self._babel)
        if isinstance(value, date):
            return _short_day(value, self._babel)
        return str(value)

    def _pattern(self, said: Text) -> str:
        if self.language != SOURCE:
            for domain in self.domains:
                if said.plural is None:
                    found = domain.translate(self.language, said.msgid)
                else:
                    found = domain.translate_counted(self.language, said.msgid, said.count)
                if found is not None:
                    return found
        return said.english_pattern()

    def long_day(self, day: date) -> str:
        """A day with its weekday, written the reader's way: "Thursday 1 January 2026",
        "Donnerstag, 1. Januar 2026", "jeudi 1 janvier 2026"."""
        if self.language == SOURCE:
            return f"{day:%A} {day.day} {day:%B %Y}"
        return format_date(day, format="full", locale=self._babel)

    @property
    def _babel(self) -> str:
        return "en" if self.language == SOURCE else self.language


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
def _percent(share: float, locale: str) -> str:
    return format_percent(share, locale=locale)


@lru_cache(maxsize=4096)
def _listed(words: tuple[str, ...], style: Literal["or", "standard"], locale: str) -> str:
    return format_list(list(words), style=style, locale=locale)

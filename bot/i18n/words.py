"""A reader's language: `Words` turns `Text` values into it, with the messages catalogue for the
sentences and Babel for what each language writes its own way (numbers, lists)."""

from __future__ import annotations

from typing import Any

from babel.lists import format_list
from babel.numbers import format_decimal

from bot.i18n.catalogue import SOURCE, Domain, language_of, shipped_domain
from bot.i18n.text import AnyOf, Clauses, Text

MESSAGES = "messages"


class Words:
    """Everything said to one reader, in their language (English where a sentence has no
    translation yet)."""

    def __init__(self, language: str, domain: Domain | None = None) -> None:
        self.language = language
        self.domain = domain if domain is not None else shipped_domain(MESSAGES)

    @classmethod
    def for_locale(cls, locale: str | None) -> Words:
        """For a Discord locale ("de", "pt-BR", ...)."""
        return cls(language_of(locale))

    def __call__(self, value: Any) -> str:
        if isinstance(value, Text):
            found = self.domain.translate(self.language, value.msgid)
            pattern = found if found is not None else value.msgid
            return pattern.format(**{name: self(field) for name, field in value.fields})
        if isinstance(value, Clauses):
            return "; ".join(self(clause) for clause in value.clauses)
        if isinstance(value, AnyOf):
            return format_list([self(choice) for choice in value.choices], style="or", locale=self._babel)
        if isinstance(value, int) and not isinstance(value, bool):
            return format_decimal(value, locale=self._babel)
        return str(value)

    @property
    def _babel(self) -> str:
        return "en" if self.language == SOURCE else self.language

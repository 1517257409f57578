"""Translations as gettext catalogues, one `.po` file per language and domain, read with Babel.

Why gettext with Babel rather than Fluent: `.po` files are what translators' tools (Poedit,
Weblate, Crowdin) open as they are, each catalogue carries its language's plural rule in its
header, and Babel also writes numbers and dates the locale's way; Python's Fluent runtime is a
younger library with far fewer users. English is the source language: the msgid is the English
text, so a string without a translation is shown in English rather than lost.

The template of a domain (`locales/<domain>.pot`) lists every msgid the code uses; each
language's catalogue (`locales/<language>/LC_MESSAGES/<domain>.po`) translates them. The tests
hold every catalogue to its template: no msgid missing or left over, the same placeholders.
"""

from __future__ import annotations

import gettext
import re
from collections.abc import Callable
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

LOCALES = Path(__file__).resolve().parent / "locales"
SOURCE = "en"
# The languages shipped besides English, as Babel names them.
LANGUAGES = ("de", "fr", "es", "pt_BR", "it")
# The domains of the sentences said to players, one per part of the bot, so that each can be
# translated (and changed) on its own; bot/i18n/extract.py says which code speaks in which.
MESSAGE_DOMAINS = ("common", "uno", "table", "solo", "solitaire", "puzzle")

MessageKey = tuple[str | None, str]  # (msgctxt, msgid)


def language_of(locale: str | None) -> str:
    """Our catalogue's language for a Discord locale ("de", "es-ES", "es-419", "pt-BR", ...):
    the locale itself or its language when we ship it, English otherwise."""
    if not locale:
        return SOURCE
    code = locale.replace("-", "_")
    if code in LANGUAGES:
        return code
    language = code.split("_", 1)[0]
    return language if language in LANGUAGES else SOURCE


_PLACEHOLDER = re.compile(r"\{[^{}]*\}")


def placeholders(text: str) -> list[str]:
    """The `{name}` fields of a message, sorted: a translation must keep the same ones."""
    return sorted(_PLACEHOLDER.findall(text))


def read_catalogue(path: Path, locale: str | None = None) -> Catalog:
    with path.open("rb") as file:
        return read_po(file, locale=locale)


@dataclass(frozen=True)
class Domain:
    """One domain's template and its translations."""

    name: str
    template: Catalog
    catalogues: Mapping[str, Catalog]

    def translate(self, language: str, msgid: str, context: str | None = None) -> str | None:
        """The translation of `msgid` in `language`; None where there is none (English, an
        empty or fuzzy entry), so the caller shows the English text."""
        forms = self.forms(language, msgid, context)
        return forms[0] if forms else None

    def translate_counted(
        self, language: str, msgid: str, count: int, context: str | None = None
    ) -> str | None:
        """The form of a counted sentence that `language`'s plural rule picks for `count`."""
        forms = self.forms(language, msgid, context)
        if not forms:
            return None
        return forms[min(plural_rule(self.catalogues[language].plural_expr)(count), len(forms) - 1)]

    def forms(self, language: str, msgid: str, context: str | None = None) -> tuple[str, ...]:
        """Every form of a translation (one, or one per plural form); empty where any is
        missing or the entry is fuzzy."""
        catalogue = self.catalogues.get(language)
        if catalogue is None:
            return ()
        message = catalogue.get(msgid, context=context)
        if message is None:  # reworded since: what was saved under it reads as it was translated
            message = catalogue.obsolete.get(msgid if context is None else (msgid, context))
        if message is None or message.fuzzy or not message.string:
            return ()
        forms = (message.string,) if isinstance(message.string, str) else tuple(message.string)
        return forms if all(forms) else ()

    def message_keys(self, catalogue: Catalog | None = None) -> set[MessageKey]:
        """The (msgctxt, msgid) pairs of the template, or of one catalogue."""
        return set(self.plurals(catalogue))

    def plurals(self, catalogue: Catalog | None = None) -> dict[MessageKey, str | None]:
        """Each (msgctxt, msgid) of the template (or of one catalogue) with its English plural,
        None for a sentence that is not counted."""
        entries: dict[MessageKey, str | None] = {}
        for message in catalogue or self.template:
            if not message.id:
                continue
            if isinstance(message.id, str):
                entries[(message.context, message.id)] = None
            else:
                entries[(message.context, str(message.id[0]))] = str(message.id[1])
        return entries


@cache
def plural_rule(expression: str) -> Callable[[int], int]:
    """A catalogue's plural rule ("(n != 1)", ...) as a function of the number, read by the
    standard library's gettext as it reads the rule of a compiled catalogue."""
    return gettext.c2py(expression)


@cache
def shipped_domain(name: str) -> Domain:
    """The domain as the bot ships it, read once per process (every bot a process builds, and
    every reader, share it)."""
    return load_domain(name)


def load_domain(name: str, root: Path = LOCALES) -> Domain:
    template = read_catalogue(root / f"{name}.pot")
    catalogues = {
        language: read_catalogue(root / language / "LC_MESSAGES" / f"{name}.po", language)
        for language in LANGUAGES
    }
    return Domain(name, template, catalogues)

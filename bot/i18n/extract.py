"""Keeping the catalogues in step with the code: what each domain's template must hold, and
the writer that brings the template and every language's catalogue up to date with it."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import write_po

from bot.i18n.catalogue import LANGUAGES, LOCALES, MessageKey, read_catalogue

ROOT = Path(__file__).resolve().parents[2]
# Where the sentences said to players are written (tests and benches say nothing to them).
SOURCES = ("bot", "cogs")


def message_strings(root: Path = ROOT) -> set[MessageKey]:
    """Every msgid given to `text(...)` in the code (bot/i18n/text.py)."""
    found: set[MessageKey] = set()
    for folder in SOURCES:
        for _, _, message, _, context in extract_from_dir(
            root / folder,
            method_map=[("**.py", "python")],
            keywords={"text": None},
            comment_tags=(),
        ):
            found.add((context, message if isinstance(message, str) else message[0]))
    return found


HEADER = """\
# Translations of unobot ({domain}): see README.md, "Languages".
# This file is distributed under the same license as the unobot project.
#"""


def _new_catalogue(domain: str, language: str | None = None) -> Catalog:
    return Catalog(
        locale=language,
        domain=domain,
        header_comment=HEADER.format(domain=domain),
        project="unobot",
        version="1",
        copyright_holder="the unobot authors",
        msgid_bugs_address="",
        last_translator="the unobot authors",
    )


def write_domain(domain: str, keys: Iterable[MessageKey], root: Path = LOCALES) -> None:
    """Rewrite `domain`'s template with `keys`, and bring each language's catalogue up to date
    with it, as `pybabel update` does: new strings come in empty, to be translated; gone ones go.
    Nothing is written when the template already holds exactly `keys`."""
    wanted = set(keys)
    pot = root / f"{domain}.pot"
    if pot.exists() and {(m.context, str(m.id)) for m in read_catalogue(pot) if m.id} == wanted:
        return
    template = _new_catalogue(domain)
    for context, msgid in sorted(wanted, key=lambda key: (key[0] or "", key[1])):
        template.add(msgid, context=context)
    with pot.open("wb") as file:
        write_po(file, template, width=110)
    for language in LANGUAGES:
        path = root / language / "LC_MESSAGES" / f"{domain}.po"
        if path.exists():
            catalogue = read_catalogue(path, language)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            catalogue = _new_catalogue(domain, language)
        catalogue.update(template, no_fuzzy_matching=True)
        with path.open("wb") as file:
            write_po(file, catalogue, width=110, ignore_obsolete=True)

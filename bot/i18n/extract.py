"""Keeping the catalogues in step with the code: what each domain's template must hold, and
the writer that brings the template and every language's catalogue up to date with it."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC
from datetime import date
from datetime import datetime
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import write_po

from bot.i18n.catalogue import LANGUAGES
from bot.i18n.catalogue import LOCALES
from bot.i18n.catalogue import MESSAGE_DOMAINS
from bot.i18n.catalogue import Domain
from bot.i18n.catalogue import MessageKey
from bot.i18n.catalogue import read_catalogue

ROOT = Path(__file__).resolve().parents[2]
# Where the sentences said to players are written (tests and benches say nothing to them).
SOURCES = ("bot", "cogs")
KEYWORDS = {"text": None, "counted": (1, 2)}

# Which domain the sentences of each part of the code go to: the longest prefix that matches a
# file's path wins; what matches none is common (stats, preferences, errors, the sessions' core).
DOMAIN_OF_PATH = {
    "bot/games/uno/": "uno",
    "bot/render/uno_text.py": "uno",
    "bot/render/images/uno.py": "uno",
    "cogs/uno/history.py": "uno",
    "cogs/uno/pictures.py": "uno",
    "cogs/uno/": "table",
    "bot/sessions/table.py": "table",
    "bot/sessions/places.py": "table",
    "bot/sessions/manager.py": "table",
    "bot/games/flood/": "solo",
    "bot/render/flood_text.py": "solo",
    "bot/render/images/flood.py": "solo",
    "cogs/flood/": "solo",
    "cogs/solo/": "solo",
    "bot/sessions/solo": "solo",
    "bot/games/tableau/": "solitaire",
    "bot/render/tableau_text.py": "solitaire",
    "bot/render/images/tableau.py": "solitaire",
    "cogs/solitaire/": "solitaire",
    "bot/games/puzzles/": "puzzle",
    "bot/games/solver/": "puzzle",
    "bot/render/puzzle_text.py": "puzzle",
    "bot/render/images/puzzle.py": "puzzle",
    "cogs/puzzle/": "puzzle",
}
COMMON = "common"

# A sentence reworded in the code is a new msgid, but what was saved under the old one (a table's
# or a solo game's recent lines, why a table ended) is still shown after the update: the old
# translation is kept that long as an obsolete entry (`#~`, marked with the day it was retired),
# and said for it (`Domain.forms`). Tables and solo games run for hours, not months.
RETIRED_DAYS = 180
RETIRED = "retired "

# A template's entries: each msgid (with its msgctxt) and, for a counted sentence, its plural.
Messages = Mapping[MessageKey, str | None]


def domain_of(path: str) -> str:
    """The domain of a source file (its path from the project's root, with forward slashes)."""
    matches = [prefix for prefix in DOMAIN_OF_PATH if path.startswith(prefix)]
    return DOMAIN_OF_PATH[max(matches, key=len)] if matches else COMMON


def message_strings(root: Path = ROOT) -> dict[str, dict[MessageKey, str | None]]:
    """Every msgid given to `text(...)` or `counted(...)` in the code, by domain, with the plural
    of the counted ones."""
    found: dict[str, dict[MessageKey, str | None]] = {name: {} for name in MESSAGE_DOMAINS}
    for folder in SOURCES:
        for filename, _, message, _, context in extract_from_dir(
            root / folder, method_map=[("**.py", "python")], keywords=KEYWORDS, comment_tags=()
        ):
            domain = domain_of(f"{folder}/{Path(filename).as_posix()}")
            if isinstance(message, str):
                found[domain][(context, message)] = None
            else:
                found[domain][(context, message[0])] = message[1]
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


def write_domain(domain: str, messages: Messages, root: Path = LOCALES, today: date | None = None) -> None:
    """Rewrite `domain`'s template with `messages`, and bring each language's catalogue up to
    date with it, as `pybabel update` does: new strings come in empty, to be translated; the
    translations of gone ones are kept RETIRED_DAYS from `today`, obsolete. Nothing is written when
    the template already holds exactly `messages`."""
    wanted = dict(messages)
    pot = root / f"{domain}.pot"
    if pot.exists() and Domain(domain, read_catalogue(pot), {}).plurals() == wanted:
        return
    template = _new_catalogue(domain)
    for (context, msgid), plural in sorted(wanted.items(), key=lambda item: (item[0][0] or "", item[0][1])):
        template.add(msgid if plural is None else (msgid, plural), context=context)
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
        _keep_retired(catalogue, today or datetime.now(UTC).date())
        with path.open("wb") as file:
            write_po(file, catalogue, width=110)


def _keep_retired(catalogue: Catalog, today: date) -> None:
    """The catalogue's obsolete entries: one retired now is marked with `today`; one retired over
    RETIRED_DAYS ago, never translated, or back in the template goes."""
    for key, message in list(catalogue.obsolete.items()):
        msgid, context = (key, None) if isinstance(key, str) else key
        marks = [c for c in message.user_comments if c.startswith(RETIRED)]
        if not marks:
            message.user_comments = [*message.user_comments, f"{RETIRED}{today.isoformat()}"]
            marks = message.user_comments[-1:]
        retired = date.fromisoformat(marks[0].removeprefix(RETIRED))
        untranslated = (
            not all(message.string) if isinstance(message.string, tuple | list) else not message.string
        )
        if (today - retired).days > RETIRED_DAYS or untranslated or catalogue.get(msgid, context) is not None:
            del catalogue.obsolete[key]

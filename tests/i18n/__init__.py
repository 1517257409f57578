"""Checks every catalogue domain shares: in step with the code, and complete in every language."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from bot.i18n.catalogue import LANGUAGES
from bot.i18n.catalogue import SOURCE
from bot.i18n.catalogue import Domain
from bot.i18n.catalogue import MessageKey
from bot.i18n.catalogue import placeholders
from bot.sessions.solo import SoloKind
from bot.sessions.solo import SoloSession

# English and every shipped language: a limit is checked in each.
EVERY_LANGUAGE = (SOURCE, *LANGUAGES)


def assert_in_step(domain: Domain, found: Mapping[MessageKey, str | None]) -> None:
    """The template holds exactly what the code shows players (the counted sentences with their
    plurals)."""
    held = domain.plurals()
    assert dict(found) == held, (
        f"the {domain.name} domain changed: run `python -m bot catalogue` and translate what it adds "
        f"(missing: {sorted(found.keys() - held.keys(), key=str)}, "
        f"unused: {sorted(held.keys() - found.keys(), key=str)}, "
        f"plural changed: {sorted(k for k in found.keys() & held.keys() if found[k] != held[k])})"
    )


def assert_complete(domain: Domain, language: str) -> None:
    """`language` translates every msgid of the template and nothing else, with the same fields
    (each plural form with no field the English lacks, the last one with the plural's)."""
    catalogue = domain.catalogues[language]
    assert domain.message_keys(catalogue) == domain.message_keys()
    for (context, msgid), plural in domain.plurals().items():
        forms = domain.forms(language, msgid, context)
        assert forms, f"{language}: no translation of {msgid!r}"
        if plural is None:
            assert placeholders(forms[0]) == placeholders(msgid), (language, msgid, forms[0])
            continue
        assert len(forms) == catalogue.num_plurals, (language, msgid, forms)
        english = set(placeholders(msgid)) | set(placeholders(plural))
        for form in forms:
            assert set(placeholders(form)) <= english, (language, msgid, form)
        assert set(placeholders(forms[-1])) == set(placeholders(plural)), (language, msgid, forms[-1])


def solo_session(kind: SoloKind, game: Any, variant: str, *, now: datetime, **state: Any) -> SoloSession:
    """A solo game's session as its presenter sees it, with `state` set on it (its move, phase,
    recent lines...), to render its messages without Discord."""
    session = SoloSession(
        kind=kind,
        game_id="0123abcd",
        variant=variant,
        user_id=1,
        user_name="ann",
        channel_id=2,
        guild_id=None,
        game=game,
        idle_seconds=86_400,
        now=lambda: now,
    )
    for name, value in state.items():
        setattr(session, name, value)
    return session

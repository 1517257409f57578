"""Checks every catalogue domain shares: in step with the code, and complete in every language."""

from __future__ import annotations

from bot.i18n.catalogue import Domain, MessageKey, placeholders


def assert_in_step(domain: Domain, found: set[MessageKey]) -> None:
    """The template holds exactly what the code shows players."""
    assert found == domain.message_keys(), (
        f"the {domain.name} changed: run `python -m bot catalogue` and translate what it adds "
        f"(missing: {sorted(found - domain.message_keys(), key=str)}, "
        f"unused: {sorted(domain.message_keys() - found, key=str)})"
    )


def assert_complete(domain: Domain, language: str) -> None:
    """`language` translates every msgid of the template and nothing else, with the same fields."""
    assert domain.message_keys(domain.catalogues[language]) == domain.message_keys()
    for context, msgid in domain.message_keys():
        translation = domain.translate(language, msgid, context)
        assert translation, f"{language}: no translation of {msgid!r}"
        assert placeholders(translation) == placeholders(msgid), (language, msgid, translation)

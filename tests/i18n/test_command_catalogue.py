"""The slash commands in six languages (issue 21): the catalogue matches the command tree, every
language translates every string, and what the bot sends Discord at a sync stays within
Discord's limits in every locale (a name Discord refuses fails the whole sync)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import discord
import pytest

from bot.app import command_tree
from bot.i18n.catalogue import LANGUAGES
from bot.i18n.catalogue import Domain
from bot.i18n.catalogue import language_of
from bot.i18n.catalogue import load_domain
from cogs.translator import DOMAIN
from cogs.translator import NAME
from cogs.translator import CatalogueTranslator
from cogs.translator import command_strings
from tests.i18n import assert_complete
from tests.i18n import assert_in_step

# Discord's rule for command and option names: lowercase where the script has case, 1-32 of
# letters, digits, "-", "_" and "'". (Devanagari and Thai, also allowed, are not used here.)
NAME_RULE = re.compile(r"^[-_'\w]{1,32}$")
DESCRIPTION_LIMIT = CHOICE_LIMIT = 100


@pytest.fixture(scope="module")
def domain() -> Domain:
    return load_domain(DOMAIN)


async def translated_payloads() -> list[dict[str, Any]]:
    tree = await command_tree()
    translator = CatalogueTranslator()
    return [await command.get_translated_payload(tree, translator) for command in tree.get_commands()]


async def test_the_template_holds_exactly_the_strings_of_the_commands(domain: Domain) -> None:
    assert_in_step(domain, dict.fromkeys(command_strings(await command_tree())))


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_language_translates_every_string_and_only_those(domain: Domain, language: str) -> None:
    assert_complete(domain, language)


def test_a_missing_or_fuzzy_translation_falls_back_to_english(domain: Domain) -> None:
    catalogue = domain.catalogues["de"]
    message = catalogue.get("start", context=NAME)
    assert message is not None and domain.translate("de", "start", NAME) == "starten"
    message.flags.add("fuzzy")
    try:
        assert domain.translate("de", "start", NAME) is None
    finally:
        message.flags.discard("fuzzy")
    assert domain.translate("de", "not a string of ours") is None
    assert domain.translate("en", "start", NAME) is None


@pytest.mark.parametrize(
    ("locale", "language"),
    [
        ("de", "de"),
        ("fr", "fr"),
        ("es-ES", "es"),
        ("es-419", "es"),
        ("pt-BR", "pt_BR"),
        ("it", "it"),
        ("en-US", "en"),
        ("en-GB", "en"),
        ("ja", "en"),
        (None, "en"),
    ],
)
def test_a_discord_locale_maps_to_the_catalogue_of_its_language(locale: str | None, language: str) -> None:
    assert language_of(locale) == language


def named_nodes(payload: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any], list[dict[str, Any]]]]:
    """Every command, group and option of a payload with its siblings, by path."""

    def walk(node: dict[str, Any], path: str, siblings: list[dict[str, Any]]) -> Iterator[Any]:
        yield path, node, siblings
        options = node.get("options", [])
        for option in options:
            yield from walk(option, f"{path} {option['name']}", options)

    yield from walk(payload, payload["name"], [])


def localized(node: dict[str, Any], field: str, locale: str) -> str:
    return str(node.get(f"{field}_localizations", {}).get(locale, node[field]))


async def test_every_locale_stays_within_discords_limits() -> None:
    payloads = await translated_payloads()
    top_names: dict[str, set[str]] = {}
    for locale in (loc.value for loc in discord.Locale):
        top = [localized(p, "name", locale) for p in payloads]
        assert len(top) == len(set(top)), (locale, top)
        top_names[locale] = set(top)
        for payload in payloads:
            for path, node, siblings in named_nodes(payload):
                name = localized(node, "name", locale)
                assert NAME_RULE.match(name) and name == name.lower(), (locale, path, name)
                assert 1 <= len(localized(node, "description", locale)) <= DESCRIPTION_LIMIT, (locale, path)
                names = [localized(s, "name", locale) for s in siblings]
                assert names.count(name) <= 1, f"{locale}: two options of {path} are called {name}"
                for choice in node.get("choices", []):
                    assert 1 <= len(localized(choice, "name", locale)) <= CHOICE_LIMIT, (locale, path)
    assert "uno" in top_names["de"] and "bestenliste" in top_names["de"]


async def test_discord_receives_the_commands_in_each_shipped_language() -> None:
    payloads = {p["name"]: p for p in await translated_payloads()}
    uno = payloads["uno"]
    start = next(o for o in uno["options"] if o["name"] == "start")
    assert start["name_localizations"] == {
        "de": "starten",
        "fr": "démarrer",
        "es-ES": "empezar",
        "es-419": "empezar",
        "pt-BR": "iniciar",
        "it": "inizia",
    }
    assert start["description_localizations"]["de"] == "Einen UNO-Tisch in diesem Kanal eröffnen"
    ruleset = next(o for o in start["options"] if o["name"] == "ruleset")
    official = next(c for c in ruleset["choices"] if c["name"] == "Official UNO")
    assert official["name_localizations"]["fr"] == "UNO officiel"
    assert "en-US" not in start["name_localizations"], "English is the source: nothing to send"


COMMAND_SIZE_LIMIT = 8000  # Discord: the characters of a whole command, its longest localisations counted


def command_size(node: dict[str, Any]) -> int:
    """Discord's measure of a command: name, description and value of the command, its options
    (subcommands included) and choices, each field counted in its longest localisation."""

    def longest(holder: dict[str, Any], field: str) -> int:
        shown = [str(holder.get(field, "")), *(holder.get(f"{field}_localizations") or {}).values()]
        return max(len(s) for s in shown)

    size = longest(node, "name") + longest(node, "description")
    for choice in node.get("choices") or []:
        size += longest(choice, "name") + len(str(choice["value"]))
    return size + sum(command_size(option) for option in node.get("options") or [])


async def test_every_command_fits_discords_size_limit_and_option_counts() -> None:
    payloads = await translated_payloads()
    sizes = {p["name"]: command_size(p) for p in payloads}
    assert all(size <= COMMAND_SIZE_LIMIT for size in sizes.values()), sizes
    assert sizes["uno"] > 4000, "the largest command, measured with its localisations"
    for payload in payloads:
        for path, node, _ in named_nodes(payload):
            assert len(node.get("options") or []) <= 25, path
            assert len(node.get("choices") or []) <= 25, path
            plain = [o for o in node.get("options") or [] if o["type"] not in (1, 2)]
            required = [bool(o.get("required")) for o in plain]
            assert required == sorted(required, reverse=True), (
                f"{path}: a required option after an optional one"
            )

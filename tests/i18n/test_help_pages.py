"""/help names the bot's real commands, in every language, and fits Discord's limits.

Every `/command sub option:value` the help writes (each topic, each language, a translator's
wording included) must be a command of the bot's tree as the reader's client shows it, with those
options and, where the option offers choices, one of them (tests/i18n/commands_shown.py); an
option written on its own (`level:`) belongs to the command named before it on the same line. A
command named outside backticks could not be checked (nor turned into a mention), so none is."""

from __future__ import annotations

from typing import Any

import discord
import pytest
from discord import app_commands

from bot.app import command_tree
from bot.i18n.catalogue import LANGUAGES
from bot.i18n.catalogue import SOURCE
from bot.i18n.words import Words
from cogs import limits
from cogs.help.render import TOPICS
from cogs.help.render import help_embed
from cogs.help.render import mentions_of
from cogs.help.render import with_mentions
from cogs.permissions import INVITE_PERMISSIONS
from cogs.permissions import PERMISSION_NAMES
from cogs.permissions import invite_permission_names
from tests.i18n.commands_shown import mentioned_problems
from tests.i18n.commands_shown import named_commands
from tests.i18n.commands_shown import shown_commands

ALL_LANGUAGES = (SOURCE, *LANGUAGES)
PAGES = (None, *TOPICS)
# The longest id Discord gives (a snowflake of 20 digits), to measure the help with mentions.
LONGEST_ID = 2**64 - 1

Leaves = dict[str, app_commands.Command[Any, ..., Any]]


async def leaves() -> Leaves:
    tree = await command_tree()
    return {c.qualified_name: c for c in tree.walk_commands() if isinstance(c, app_commands.Command)}


def embed_texts(embed: discord.Embed) -> list[str]:
    texts = [embed.title or "", embed.description or "", embed.footer.text or ""]
    for field in embed.fields:
        texts += [field.name or "", field.value or ""]
    return texts


@pytest.mark.parametrize("language", ALL_LANGUAGES)
async def test_every_command_the_help_names_is_the_bots_with_those_options(language: str) -> None:
    commands = await shown_commands(language)
    words = Words(language)
    named: set[str] = set()
    for topic in PAGES:
        for shown in embed_texts(help_embed(topic, words, {})):
            assert not mentioned_problems(shown, commands), (topic, mentioned_problems(shown, commands))
            named |= named_commands(shown)
    english = {words.command(path): path for path in (await leaves())}
    named = {english.get(path, path) for path in named}
    # The overview and the pages between them tell of every game and of the player's own commands.
    assert {
        "uno start",
        "uno solo",
        "uno hand",
        "uno rules",
        "uno settings",
        "flood play",
        "flood rules",
        "solitaire play",
        "puzzle daily",
        "puzzle help",
        "stats",
        "leaderboard",
        "preferences",
        "privacy forget",
        "help",
    } <= named


async def test_a_command_or_option_the_bot_does_not_have_is_reported() -> None:
    commands = await shown_commands(SOURCE)
    assert mentioned_problems("Play with `/uno start bots:2 level:hard`.", commands) == []
    assert mentioned_problems("`/puzzle random [size]`, `/puzzle solve cards:R1 R5 B5`", commands) == []
    assert mentioned_problems("Open one with `/uno strat`.", commands) == [
        "/uno strat is not a command of the bot"
    ]
    assert mentioned_problems("`/uno start bot:2`", commands) == ["/uno start has no option 'bot'"]
    assert mentioned_problems("`/uno start` with `level:expert`", commands) == [
        "'expert' is not a choice of /uno start level:"
    ]
    assert mentioned_problems("`/uno start bots:99`", commands) == [
        "'99' is not a number /uno start bots: takes"
    ]
    assert mentioned_problems("`/flood play thread:yes`", commands) == ["'yes' is not true or false"]
    assert len(mentioned_problems("Type /uno start here.", commands)) == 1


def test_each_permission_the_bot_is_invited_with_has_its_name() -> None:
    """A permission added to the invite is named in /help's list, or this fails."""
    assert discord.Permissions(**dict.fromkeys(PERMISSION_NAMES, True)) == INVITE_PERMISSIONS
    assert len(invite_permission_names()) == len(PERMISSION_NAMES)


def long_mentions(commands: Leaves) -> dict[str, str]:
    roots = {name.split(" ", 1)[0] for name in commands}
    return dict(mentions_of(commands, dict.fromkeys(roots, LONGEST_ID)))


@pytest.mark.parametrize("language", ALL_LANGUAGES)
async def test_each_page_fits_an_embed_even_with_the_longest_mentions(language: str) -> None:
    commands = await leaves()
    mentions = long_mentions(commands)
    for topic in PAGES:
        embed = help_embed(topic, Words(language), mentions)
        assert not (embed.description or "").endswith(limits.ELLIPSIS), (topic, "clipped")
        assert len(embed.title or "") <= limits.EMBED_TITLE
        assert len(embed.description or "") <= limits.EMBED_DESCRIPTION, topic
        assert len(embed.fields) <= 25
        for field in embed.fields:
            assert len(field.name or "") <= limits.EMBED_FIELD_NAME
            assert len(field.value or "") <= limits.EMBED_FIELD_VALUE, (topic, field.name)
        assert len(embed) <= limits.EMBED_TOTAL, topic


async def test_with_ids_every_command_named_becomes_a_mention() -> None:
    commands = await leaves()
    mentions = long_mentions(commands)
    shown = with_mentions(
        "Open one with `/uno start bots:2` or **`/puzzle random [size]`**; `ruleset:`", mentions
    )
    assert shown == (
        f"Open one with </uno start:{LONGEST_ID}> `bots:2` or "
        f"**</puzzle random:{LONGEST_ID}> `[size]`**; `ruleset:`"
    )
    for language in ALL_LANGUAGES:
        for topic in PAGES:
            for shown in embed_texts(help_embed(topic, Words(language), mentions)):
                assert "`/" not in shown, (language, topic, shown)
    # Without ids (commands never synced, or Discord did not say), the names stay as text.
    assert with_mentions("`/uno start`", {}) == "`/uno start`"


async def test_a_mention_keeps_the_english_name_and_its_options_are_the_readers() -> None:
    """Discord takes only a command's default name in a mention, and shows it as written; the
    options after it are typed in the reader's client, under its names."""
    mentions = long_mentions(await leaves())
    german = "\n".join(embed_texts(help_embed("uno", Words("de"), mentions)))
    assert f"</uno start:{LONGEST_ID}> `computer:2 stufe:schwer`" in german
    assert f"</uno start:{LONGEST_ID}> `zugzeit:`" in german
    assert "`übernahme:normal`" in german
    without_ids = "\n".join(embed_texts(help_embed("uno", Words("de"), {})))
    assert "`/uno starten computer:2 stufe:schwer`" in without_ids and "`/uno start " not in without_ids

"""/help names the bot's real commands, in every language, and fits Discord's limits.

Every `/command sub option:value` the help writes (each topic, each language, a translator's
wording included) must be a command of the bot's tree with those options and, where the option
offers choices, one of its values; an option written on its own (`level:`) belongs to the command
named before it on the same line. A command named outside backticks could not be checked (nor
turned into a mention), so none is."""

from __future__ import annotations

import re
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

ALL_LANGUAGES = (SOURCE, *LANGUAGES)
PAGES = (None, *TOPICS)
SPAN = re.compile(r"`([^`]*)`")
OPTION = re.compile(r"^\[?([a-z_]+)(?::(\S*))?\]?$")
# A slash that starts a word, outside code and mentions: a command named as plain text.
BARE_COMMAND = re.compile(r"(?<![\w/<`*])/[a-z]")
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


def option_problem(command: app_commands.Command[Any, ..., Any], token: str) -> str | None:
    """What is wrong with `name:value` (or `[name]`) as an option of `command`; None if nothing."""
    found = OPTION.match(token)
    if found is None:
        return f"{token!r} is not an option"
    name, value = found.group(1), found.group(2)
    parameter = command.get_parameter(name)
    if parameter is None:
        return f"/{command.qualified_name} has no option {name!r}"
    if not value:
        return None
    if parameter.choices and value not in {str(choice.value) for choice in parameter.choices}:
        return f"{value!r} is not a choice of /{command.qualified_name} {name}:"
    if parameter.type is discord.AppCommandOptionType.boolean and value not in ("true", "false"):
        return f"{value!r} is not true or false"
    if parameter.type is discord.AppCommandOptionType.integer:
        low, high = parameter.min_value, parameter.max_value
        number = int(value) if value.isdigit() else None
        if number is None or (low is not None and number < low) or (high is not None and number > high):
            return f"{value!r} is not a number /{command.qualified_name} {name}: takes"
    return None


def is_option(word: str) -> bool:
    return ":" in word or word.startswith("[")


def command_and_options(span: str) -> tuple[str, list[str]]:
    """`/puzzle solve cards:R1 R5` as ("puzzle solve", ["cards:R1"]): a value of several words
    goes on after its option."""
    words = span[1:].split()
    first = next((i for i, word in enumerate(words) if is_option(word)), len(words))
    return " ".join(words[:first]), [word for word in words[first:] if is_option(word)]


def command_span_problems(span: str, commands: Leaves) -> tuple[str | None, list[str]]:
    """The command a `/...` span names, and what is wrong with it or its options."""
    name, options = command_and_options(span)
    command = commands.get(name)
    if command is None:
        return None, [f"/{name} is not a command of the bot"]
    return name, [p for p in (option_problem(command, token) for token in options) if p]


def mentioned_problems(shown: str, commands: Leaves) -> list[str]:
    """Every command and option `shown` names that the bot does not have."""
    problems: list[str] = []
    for line in shown.split("\n"):
        outside = SPAN.sub("", line)
        if BARE_COMMAND.search(outside):
            problems.append(f"a command outside backticks: {line!r}")
        current: str | None = None
        for span in SPAN.findall(line):
            if span.startswith("/"):
                current, found = command_span_problems(span, commands)
                problems += found
            elif OPTION.match(span) and ":" in span:
                if current is None:
                    problems.append(f"option `{span}` with no command before it: {line!r}")
                else:
                    found_problem = option_problem(commands[current], span)
                    problems += [found_problem] if found_problem else []
    return problems


def named_commands(shown: str) -> set[str]:
    return {command_and_options(span)[0] for span in SPAN.findall(shown) if span.startswith("/")}


@pytest.mark.parametrize("language", ALL_LANGUAGES)
async def test_every_command_the_help_names_is_the_bots_with_those_options(language: str) -> None:
    commands = await leaves()
    words = Words(language)
    named: set[str] = set()
    for topic in PAGES:
        for shown in embed_texts(help_embed(topic, words, {})):
            assert not mentioned_problems(shown, commands), (topic, mentioned_problems(shown, commands))
            named |= named_commands(shown)
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
    commands = await leaves()
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
    for topic in PAGES:
        for shown in embed_texts(help_embed(topic, Words(SOURCE), mentions)):
            assert "`/" not in shown, (topic, shown)
    # Without ids (commands never synced, or Discord did not say), the names stay as text.
    assert with_mentions("`/uno start`", {}) == "`/uno start`"

"""The bot's slash commands as each language's client shows them, and the check a sentence's
command spans are held to.

The commands are what Discord receives at a sync: the command tree's payloads, translated by the
bot's own translator (cogs/translator.py), read in the locale of each shipped language. A span
`/uno starten computer:2` must name a command of that language's tree with those options (or a
group, `/flood`); an option written on its own (`stufe:schwer`) belongs to the command named
before it in the same line, or with none (`thread:true`, in the answer to the command that took
it) to one of the commands. A value is held to what the option takes: for a choice, the value as
written (a keyword such as `twist`) or a word the client finds among the choice names it lists
in that language (`schwer`); true or false; a number in range; `<number>`, a placeholder."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from bot.app import command_tree
from bot.i18n.catalogue import SOURCE
from cogs.translator import CatalogueTranslator

# The Discord locale each shipped language is sent under (es and pt are sent under more than
# one, all with the same words).
LOCALE = {"de": "de", "fr": "fr", "es": "es-ES", "pt_BR": "pt-BR", "it": "it"}
SPAN = re.compile(r"`([^`]*)`")
OPTION = re.compile(r"^\[?([^\s:\[\]]+)(?::(\S*))?\]?$")
# A slash that starts a word, outside code and mentions: a command named as plain text.
BARE_COMMAND = re.compile(r"(?<![\w/<`*])/[a-z]")
SUBCOMMAND, GROUP = 1, 2
BOOLEAN, INTEGER = 5, 4


@dataclass(frozen=True)
class Option:
    """An option as one language's client shows it."""

    path: str
    name: str
    type: int
    choices: tuple[str, ...]  # their names in that language
    values: tuple[str, ...]
    low: int | None
    high: int | None


# Each command's path in one language, with its options by their names in that language.
Commands = dict[str, dict[str, Option]]


def _shown(node: dict[str, Any], locale: str | None) -> str:
    if locale is None:
        return str(node["name"])
    return str((node.get("name_localizations") or {}).get(locale, node["name"]))


def _commands_of(payload: dict[str, Any], locale: str | None) -> Commands:
    found: Commands = {}

    def walk(node: dict[str, Any], path: str) -> None:
        options = node.get("options") or []
        if any(option["type"] in (SUBCOMMAND, GROUP) for option in options):
            for option in options:
                walk(option, f"{path} {_shown(option, locale)}")
            return
        found[path] = {
            _shown(option, locale): Option(
                path=path,
                name=_shown(option, locale),
                type=option["type"],
                choices=tuple(_shown(choice, locale) for choice in option.get("choices") or []),
                values=tuple(str(choice["value"]) for choice in option.get("choices") or []),
                low=option.get("min_value"),
                high=option.get("max_value"),
            )
            for option in options
        }

    walk(payload, _shown(payload, locale))
    return found


async def shown_commands(language: str) -> Commands:
    """Every command (by its path) of the bot as a client in `language` shows it."""
    tree = await command_tree()
    translator = CatalogueTranslator()
    locale = None if language == SOURCE else LOCALE[language]
    found: Commands = {}
    for command in tree.get_commands():
        found |= _commands_of(await command.get_translated_payload(tree, translator), locale)
    return found


def _value_problem(option: Option, value: str) -> str | None:
    if value.startswith("<") and value.endswith(">"):
        return None
    if option.choices:
        folded = value.casefold()
        if value in option.values or any(folded in choice.casefold() for choice in option.choices):
            return None
        return f"{value!r} is not a choice of /{option.path} {option.name}:"
    if option.type == BOOLEAN and value.lower() not in ("true", "false"):
        return f"{value!r} is not true or false"
    if option.type == INTEGER:
        number = int(value) if value.isdigit() else None
        low, high = option.low, option.high
        if number is None or (low is not None and number < low) or (high is not None and number > high):
            return f"{value!r} is not a number /{option.path} {option.name}: takes"
    return None


def option_problem(path: str, options: dict[str, Option], token: str) -> str | None:
    """What is wrong with `name:value` (or `[name]`) as an option of the command at `path`;
    None if nothing."""
    found = OPTION.match(token)
    if found is None:
        return f"{token!r} is not an option"
    name, value = found.group(1), found.group(2)
    option = options.get(name)
    if option is None:
        return f"/{path} has no option {name!r}"
    return _value_problem(option, value) if value else None


def is_option(word: str) -> bool:
    return ":" in word or word.startswith("[")


def command_and_options(span: str) -> tuple[str, list[str]]:
    """`/puzzle solve cards:R1 R5` as ("puzzle solve", ["cards:R1"]): a value of several words
    goes on after its option."""
    words = span[1:].split()
    first = next((i for i, word in enumerate(words) if is_option(word)), len(words))
    return " ".join(words[:first]), [word for word in words[first:] if is_option(word)]


def command_span_problems(span: str, commands: Commands) -> tuple[str | None, list[str]]:
    """The command a `/...` span names, and what is wrong with it or its options. A group
    (`/flood`) is named without options."""
    path, options = command_and_options(span)
    if path not in commands:
        if not options and any(command.startswith(f"{path} ") for command in commands):
            return None, []
        return None, [f"/{path} is not a command of the bot"]
    return path, [p for p in (option_problem(path, commands[path], token) for token in options) if p]


def lone_option_problem(token: str, commands: Commands) -> str | None:
    """What is wrong with an option named with no command before it (`thread:true`, in the
    answer to the command that took it): it must be an option some command takes so."""
    problems = [option_problem(path, options, token) for path, options in commands.items()]
    return None if None in problems else f"no command has the option `{token}`"


def mentioned_problems(shown: str, commands: Commands) -> list[str]:
    """Every command and option `shown` names that the bot does not have, as `commands` name
    them. A span with a `{field}` in it is not checked: its words come with the field."""
    problems: list[str] = []
    for line in shown.split("\n"):
        if BARE_COMMAND.search(SPAN.sub("", line)):
            problems.append(f"a command outside backticks: {line!r}")
        current: str | None = None
        for span in SPAN.findall(line):
            if "{" in span:
                continue
            if span.startswith("/"):
                current, found = command_span_problems(span, commands)
                problems += found
            elif OPTION.match(span) and ":" in span:
                if current is None:
                    found_problem = lone_option_problem(span, commands)
                else:
                    found_problem = option_problem(current, commands[current], span)
                problems += [found_problem] if found_problem else []
    return problems


def named_commands(shown: str) -> set[str]:
    return {command_and_options(span)[0] for span in SPAN.findall(shown) if span.startswith("/")}

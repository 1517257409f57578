"""Slash commands in each user's language: discord.py's Translator, fed by the `commands`
catalogue (bot/i18n). Discord shows a command's name, description, options and choices in the
language of the user's client; the bot sends them for every locale when it syncs the commands.

Names (of commands, groups and options) carry the msgctxt "name": Discord takes them only in
lowercase, without spaces, at most 32 characters, so they are translated apart from free text.
The sentences players read name the commands from the same entries (bot/i18n/commands.py).

`python -m bot catalogue` rewrites locales/commands.pot from the command tree and merges new
strings into each language's catalogue, to be translated.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from bot.i18n.catalogue import SOURCE
from bot.i18n.catalogue import Domain
from bot.i18n.catalogue import language_of
from bot.i18n.catalogue import shipped_domain
from bot.i18n.commands import COMMANDS as DOMAIN
from bot.i18n.commands import NAME
from bot.i18n.commands import PLACEHOLDER
from bot.i18n.commands import PLACEHOLDERS

# The catalogue and the context of names are bot/i18n's, which names commands in sentences too.
__all__ = ("DOMAIN", "NAME", "CatalogueTranslator", "command_strings")
NAMES = frozenset({Where.command_name, Where.group_name, Where.parameter_name})

CommandNode = app_commands.Command[Any, ..., Any] | app_commands.Group


class CatalogueTranslator(app_commands.Translator):
    def __init__(self, domain: Domain | None = None) -> None:
        self.domain = domain or shipped_domain(DOMAIN)

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        language = language_of(locale.value)
        if language == SOURCE:
            return None
        kind = NAME if context.location in NAMES else None
        return self.domain.translate(language, string.message, kind)


def command_strings(tree: app_commands.CommandTree[Any]) -> set[tuple[str | None, str]]:
    """Every (msgctxt, msgid) the command tree shows a user: names, descriptions, choices; and
    the words that stand for a value in the sentences naming the commands (`game:<number>`)."""
    found: set[tuple[str | None, str]] = {(PLACEHOLDER, word) for word in PLACEHOLDERS}

    def walk(node: CommandNode) -> None:
        found.add((NAME, node.name))
        found.add((None, node.description))
        if isinstance(node, app_commands.Group):
            for child in node.commands:
                walk(child)
            return
        for parameter in node.parameters:
            found.add((NAME, parameter.name))
            found.add((None, parameter.description))
            found.update((None, choice.name) for choice in parameter.choices)

    for command in tree.get_commands():
        if isinstance(command, app_commands.Command | app_commands.Group):
            walk(command)
    return found

"""A page of /help as an embed, in the reader's language, each command a mention when its id is
known."""

from __future__ import annotations

import re
from collections.abc import Iterable
from collections.abc import Mapping

import discord

from bot.i18n.words import Words
from cogs.help.pages import TOPICS
from cogs.help.pages import page
from cogs.limits import EMBED_DESCRIPTION
from cogs.limits import EMBED_FIELD_NAME
from cogs.limits import EMBED_FIELD_VALUE
from cogs.limits import EMBED_TITLE
from cogs.limits import clip

__all__ = ("TOPICS", "help_embed", "mentions_of", "with_mentions")

# A command as the pages write it: `/uno start`, or with options, `/uno start bots:2`.
COMMAND = re.compile(r"`/([^`]+)`")
COLOUR = discord.Colour.blurple()


def mentions_of(paths: Iterable[str], ids: Mapping[str, int]) -> dict[str, str]:
    """Each command ("uno start") whose top-level command has a known id, as Discord's mention
    of it (`</uno start:id>`): shown as the command's name, a click on it runs the command."""
    return {path: f"</{path}:{ids[path.split(' ', 1)[0]]}>" for path in paths if path.split(" ", 1)[0] in ids}


def with_mentions(shown: str, mentions: Mapping[str, str]) -> str:
    """`shown` with each `/command options` written as the command's mention and its options
    (`</uno start:id> \\`bots:2\\``); a command without a mention stays as it is written.
    `mentions` are by the path as `shown` names the command."""

    def mention(found: re.Match[str]) -> str:
        words = found.group(1).split(" ")
        for end in range(len(words), 0, -1):
            command = mentions.get(" ".join(words[:end]))
            if command is not None:
                rest = " ".join(words[end:])
                return f"{command} `{rest}`" if rest else command
        return found.group(0)

    return COMMAND.sub(mention, shown) if mentions else shown


def help_embed(topic: str | None, words: Words, mentions: Mapping[str, str]) -> discord.Embed:
    """The overview (`topic` None) or one topic's page. `mentions` are by the commands' English
    paths; the page names each command as the reader's client does (`/uno starten`), and its
    mention keeps the English name, the only one Discord takes in a mention."""
    shown = page(topic)
    named = {words.command(path): mention for path, mention in mentions.items()}

    def said(lines: Iterable[object], limit: int) -> str:
        return clip(with_mentions("\n".join(words(line) for line in lines), named), limit)

    embed = discord.Embed(
        title=clip(words(shown.title), EMBED_TITLE),
        description=said(shown.lines, EMBED_DESCRIPTION),
        colour=COLOUR,
    )
    for name, lines in shown.fields:
        embed.add_field(
            name=clip(words(name), EMBED_FIELD_NAME), value=said(lines, EMBED_FIELD_VALUE), inline=False
        )
    return embed

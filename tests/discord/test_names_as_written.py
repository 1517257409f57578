"""A player's name reads as its owner wrote it, through SimCord: a name made of Markdown
(`**ann**`, `__bob__`) neither turns the table's lines bold or underlined nor breaks them, and
where Discord shows no Markdown (a thread's name, a select's options) it has no backslashes.

Before, the seat lines escaped names but the refusals, the table's log and the boards did not:
"Only the host, **ann**, can start the game." read "Only the host, ann, …" with ann in bold."""

from __future__ import annotations

import random
import re
from typing import Any

from bot.app import UnoBot
from bot.i18n.markdown import escaped
from tests.discord.test_uno_history import last_step_of_the_last_game
from tests.discord.uno_driver import acknowledged
from tests.discord.uno_driver import channel_table_message
from tests.discord.uno_driver import take_turn
from tests.discord.uno_driver import whose_turn

ANN, BOB = "**ann**", "__bob__"


def shown(markdown: str) -> str:
    """What Discord shows of `markdown` once its escapes are read: each backslash before a
    punctuation mark hides itself."""
    return re.sub(r"\\([^0-9A-Za-z\s])", r"\1", markdown)


def unescaped(markdown: str, name: str) -> bool:
    """Whether `name` stands in `markdown` without its escapes (Discord would format it)."""
    return name in markdown.replace(escaped(name), "")


def everything_said(message: Any) -> str:
    embed = message.embeds[0]
    parts = [message.content or "", embed.title or "", embed.description or ""]
    parts += [f"{f.name}\n{f.value}" for f in embed.fields]
    return "\n".join(parts)


async def test_a_name_made_of_markdown_reads_as_written(simcord_env: Any, simcord_bot: UnoBot) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("names")
    ann, bob = (guild.add_member(env.create_user(name)) for name in (ANN, BOB))
    acknowledged(await ann.slash(channel, "uno start", thread=True))
    [thread] = channel.threads
    assert thread.name == "UNO: **ann**'s table", "a thread's name shows no Markdown: no backslashes"
    acknowledged(await bob.click(thread.last_message, label="Join"))

    [refusal] = acknowledged(await bob.click(thread.last_message, label="Start")).followups
    assert refusal.ephemeral
    refused = refusal.content
    assert refused == "Only the host, \\*\\*ann\\*\\*, can start the game.", refused
    assert shown(refused) == "Only the host, **ann**, can start the game."

    acknowledged(await ann.click(thread.last_message, label="Start"))
    rng = random.Random(5)
    for _ in range(4):
        table_message = channel_table_message(thread)
        mover = ann if whose_turn(table_message) == ann.id else bob
        await take_turn(mover, thread, [ann, bob], rng)
    table_message = channel_table_message(thread)
    said = everything_said(table_message)
    for name in (ANN, BOB):
        assert escaped(name) in said, (name, said)
        assert not unescaped(said, name), (name, said)
    # The seat lines bold the name around its escapes; the log names who played.
    assert "**\\*\\*ann\\*\\***" in said and "**\\_\\_bob\\_\\_**" in said, said
    assert re.search(r"(\\\*\\\*ann\\\*\\\*|\\_\\_bob\\_\\_) (played|drew)", said), said


async def test_a_replays_final_scores_name_players_without_backslashes(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    """An embed's footer shows no Markdown: a name there has no escapes to hide."""
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("names")
    ann, bob = (guild.add_member(env.create_user(name)) for name in (ANN, BOB))
    acknowledged(await ann.slash(channel, "uno start"))
    acknowledged(await bob.click(channel.last_message, label="Join"))
    acknowledged(await ann.click(channel.last_message, label="Start"))
    acknowledged(await ann.slash(channel, "uno kick", player=bob))
    last = await last_step_of_the_last_game(bob, channel)
    # Before: "Final scores: \_\_bob\_\_: 0, \*\*ann\*\*: 0 (won)", backslashes and all.
    assert last.footer.text == "Final scores: __bob__: 0, **ann**: 0 (won)"
    assert "🎉 \\*\\*ann\\*\\* wins the game" in last.description, "in Markdown, the name is escaped"


async def test_a_name_written_like_a_mention_is_no_mention(simcord_env: Any, simcord_bot: UnoBot) -> None:
    """A nickname `<@ann's id>` or `@everyone` shows as written, while the bot's own mentions of
    whose turn it is stay mentions. Before, bob's seat line showed ann's mention chip."""
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("names")
    ann = guild.add_member(env.create_user("ann"))
    posing = f"<@{ann.id}>"
    bob = guild.add_member(env.create_user(posing))
    cy = guild.add_member(env.create_user("@everyone"))
    acknowledged(await ann.slash(channel, "uno start"))
    for joining in (bob, cy):
        acknowledged(await joining.click(channel.last_message, label="Join"))
    acknowledged(await ann.click(channel.last_message, label="Start"))
    said = everything_said(channel_table_message(channel))
    assert f"\\{posing}" in said and "\\@everyone" in said, said
    mover = whose_turn(channel_table_message(channel))
    mentions = re.findall(r"(?<!\\)<@\d+>", said)
    assert mentions == [f"<@{mover}>"], "the bot's own mention of whose turn it is is the only one"
    assert not re.search(r"(?<!\\)@everyone", said), said

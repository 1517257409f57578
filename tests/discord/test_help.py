"""/help, driven through SimCord: a member who just met the bot asks what it does and how to start,
in a server channel or a DM, and reads the answer privately, in their own language, with each
command a mention they can click (the ids Discord gave the commands when they were synced)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.app import UnoBot
from tests.discord.conftest import BotFactory
from tests.discord.conftest import ClientLocales
from tests.discord.uno_driver import acknowledged


def shown(result: Any) -> str:
    """Everything the help's embed says, title to last field."""
    embed = result.response.embeds[0]
    parts = [embed.title or "", embed.description or ""]
    for field in embed.fields:
        parts += [field.name, field.value]
    return "\n".join(parts)


async def command_ids(bot: UnoBot) -> dict[str, int]:
    """The ids the simulated Discord holds for the bot's commands."""
    return {command.name: command.id for command in await bot.tree.fetch_commands()}


async def test_help_in_a_server_is_private_and_names_the_games_and_their_commands(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    ann = guild.add_member(env.create_user("ann"))
    bob = guild.add_member(env.create_user("bob"))
    ids = await command_ids(simcord_bot)

    result = acknowledged(await ann.slash(channel, "help"))
    assert result.ephemeral
    assert all(message.id != result.response.id for message in channel.history(viewer=bob))
    said = shown(result)
    for game in ("UNO", "Survive the Flood", "UNO Solitaire", "puzzle"):
        assert game in said
    for command in ("uno start", "uno solo", "uno hand", "flood play", "solitaire play", "puzzle daily"):
        assert f"</{command}:{ids[command.split()[0]]}>" in said, command
    for command in ("stats", "leaderboard", "preferences", "privacy forget", "uno settings"):
        assert f"</{command}:{ids[command.split()[0]]}>" in said, command
    assert "**Show my hand**" in said
    assert "`/" not in said, "every command is a mention once the ids are known"


async def test_help_answers_in_a_dm(simcord_env: Any, simcord_bot: UnoBot) -> None:
    cy = simcord_env.create_user("cy")
    result = acknowledged(await cy.slash("help"))
    assert result.ephemeral
    assert "Survive the Flood" in shown(result)


@pytest.mark.parametrize(
    ("topic", "expected"),
    [
        (
            "uno",
            (
                "Official UNO rules",
                "Seven-O",
                "</uno play:",
                "`card:R5`",
                "</uno kick:",
                "</uno rules:",
                "admins may stop it for everyone there",
            ),
        ),
        ("flood", ("Survive the Flood", "</flood play:", "`difficulty:easy`", "</flood rules:")),
        ("solitaire", ("UNO Solitaire", "</solitaire play:", "foundation", "</solitaire replay:")),
        ("puzzle", ("</puzzle daily:", "</puzzle solve:", "</puzzle duel:", "</puzzle help:")),
        (
            "admin",
            (
                "</uno settings:",
                "Manage Server",
                "`house_rules:`",
                "`turn_pings:false`",
                "when their turn comes or the table names them to deal",
                "**Attach Files**",
                "**Create Private Threads**",
            ),
        ),
    ],
)
async def test_each_topic_opens_its_page(
    simcord_env: Any, simcord_bot: UnoBot, topic: str, expected: tuple[str, ...]
) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    ann = guild.add_member(simcord_env.create_user("ann"))
    result = acknowledged(await ann.slash(channel, "help", topic=topic))
    assert result.ephemeral
    said = shown(result)
    for words in expected:
        assert words in said, (topic, words)
    overview = shown(acknowledged(await ann.slash(channel, "help")))
    assert said != overview


async def test_help_speaks_the_readers_language(
    simcord_env: Any, simcord_bot: UnoBot, client_locales: ClientLocales
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    users = {name: env.create_user(name) for name in ("anna", "lea")}
    anna, lea = (guild.add_member(user) for user in users.values())
    client_locales.users[users["anna"].id] = "de"
    client_locales.users[users["lea"].id] = "pt-BR"
    client_locales.servers[guild.id] = "fr"  # a private answer follows its reader, not the server

    german = shown(acknowledged(await anna.slash(channel, "help")))
    assert "Überlebe die Flut" in german and "**Meine Hand zeigen**" in german
    portuguese = shown(acknowledged(await lea.slash(channel, "help", topic="admin")))
    assert "**Anexar arquivos**" in portuguese
    dm_german = shown(acknowledged(await users["anna"].slash("help", topic="flood")))
    assert "Überlebe die Flut" in dm_german


async def test_without_a_sync_at_start_the_ids_are_asked_of_discord(
    simcord_env: Any, simcord_bot: UnoBot, make_bot: BotFactory
) -> None:
    """A bot started with SYNC_COMMANDS_ON_START off learns the ids of the commands synced
    before; when Discord does not say, the help names the commands as text."""
    env = simcord_env
    cy = env.create_user("cy")
    ids = await command_ids(simcord_bot)
    simcord_bot.settings.sync_commands_on_start = False
    await env.restart_bot(make_bot())
    assert f"</flood play:{ids['flood']}>" in shown(acknowledged(await cy.slash("help")))

    env.inject_error("GET", "/applications/*/commands", status=403, code=50001, message="Missing Access")
    await env.restart_bot(make_bot())
    said = shown(acknowledged(await cy.slash("help")))
    assert "`/flood play difficulty:easy`" in said and "</" not in said


async def test_the_admin_page_tells_the_permissions_a_table_needs_from_those_it_does_without(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    # Before: "I need View Channel, Send Messages, ..., Embed Links, Attach Files, ... Where one is
    # missing, /uno start says which", though a table opens and plays as text without Embed Links,
    # without its picture without Attach Files, and /uno start names neither.
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    ann = guild.add_member(simcord_env.create_user("ann"))
    said = shown(acknowledged(await ann.slash(channel, "help", topic="admin")))
    assert "I need **View Channel** and **Send Messages**." in said
    assert "without **Embed Links**, a table, or a solo game in its thread, is written out as text" in said
    assert "without **Attach Files**, it shows no card pictures" in said

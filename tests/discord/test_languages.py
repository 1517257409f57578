"""Each player in their own language (issue 21), driven through SimCord: a German-speaking and a
French-speaking player ask for the rules at the same table and each reads them in their own
language, while the table itself still speaks English.

Each user's client language is set with the shared `client_locales` fixture
(tests/discord/conftest.py): SimCord 3.2.1 itself sends "en-US" for everyone."""

from __future__ import annotations

from typing import Any

from bot.app import UnoBot
from tests.discord.conftest import ClientLocales
from tests.discord.uno_driver import acknowledged


async def test_each_player_reads_the_rules_in_their_own_language(
    simcord_env: Any, simcord_bot: UnoBot, client_locales: ClientLocales
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("uno")
    users = {name: env.create_user(name) for name in ("anna", "claire", "dave")}
    anna, claire, dave = (guild.add_member(user) for user in users.values())
    client_locales.users[users["anna"].id] = "de"
    client_locales.users[users["claire"].id] = "fr"

    german = acknowledged(await anna.slash(channel, "uno rules"))
    french = acknowledged(await claire.slash(channel, "uno rules"))
    english = acknowledged(await dave.slash(channel, "uno rules"))
    assert german.ephemeral and french.ephemeral and english.ephemeral
    assert "Aussetzen: der nächste Spieler setzt aus" in german.response.content
    assert "Passe : le joueur suivant passe son tour" in french.response.content
    assert "Skip skips the next player" in english.response.content
    assert "Hier gibt es keinen Tisch" in german.response.content
    assert "500" in german.response.content and "500" in french.response.content

    await dave.slash(channel, "uno start")
    lobby = channel.last_message
    asked = acknowledged(await anna.click(lobby, label="Rules"))
    assert asked.ephemeral and "**Die Regeln an diesem Tisch**" in asked.response.content
    assert "Rules" in [b.label for row in lobby.components for b in row.children], "the table speaks English"

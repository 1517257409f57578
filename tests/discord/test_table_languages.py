"""Issue 21's must-hold, driven through SimCord: at one table a German-speaking and a
French-speaking player each read their private messages (their hand, a refusal, the answer to
"Show my hand") in their own language, while the table message in the channel speaks the
server's: the language an admin set with `/uno settings`, else the server's own (`guild_locale`).
The table keeps its language across a restart.

Each user's client language and each server's come from the shared `client_locales` fixture
(tests/discord/conftest.py)."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from bot.app import UnoBot
from bot.i18n.catalogue import LANGUAGES
from bot.i18n.catalogue import SOURCE
from bot.i18n.text import text
from bot.i18n.words import Words
from bot.sessions.table import Table
from tests.discord.conftest import BotFactory
from tests.discord.conftest import ClientLocales
from tests.discord.test_uno_settings import texts
from tests.discord.uno_driver import acknowledged
from tests.discord.uno_driver import button_labels
from tests.discord.uno_driver import table_of


def table_message(channel: Any) -> Any:
    """The newest public message of the bot with an embed: the table message."""
    return next(m for m in reversed(channel.history()) if not m.flags.ephemeral and m.embeds)


def said(language: str, msgid: str, **fields: Any) -> str:
    return Words(language)(text(msgid, **fields))


async def test_each_player_reads_their_own_language_while_the_table_speaks_the_servers(
    simcord_env: Any, simcord_bot: UnoBot, make_bot: BotFactory, client_locales: ClientLocales
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("uno")
    admins = guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(env.create_user("admin"), roles=[admins])
    anna = guild.add_member(env.create_user("anna"))
    claire = guild.add_member(env.create_user("claire"))
    client_locales.users[anna.id] = "de"
    client_locales.users[claire.id] = "fr"
    client_locales.servers[guild.id] = "fr"  # the admin's choice wins over the server's own language

    # An admin sets the server's table language: Italian.
    told = acknowledged(await admin.slash(channel, "uno settings", language="it"))
    assert "New tables in this server speak Italiano." in "\n".join(texts(told))
    acknowledged(await admin.slash(channel, "uno start"))
    lobby = table_message(channel)
    assert lobby.embeds[0].title == "Tavolo di UNO: in attesa di giocatori"
    assert {"Unisciti", "Inizia", "Regole"} <= set(button_labels(lobby))
    acknowledged(await anna.click(lobby, label="Unisciti"))
    acknowledged(await claire.click(lobby, label="Unisciti"))

    # A refusal, privately, in each player's language.
    refused = texts(acknowledged(await anna.click(lobby, label="Inizia")))
    assert refused == ["Nur der Gastgeber, admin, kann das Spiel starten."]
    refused = texts(acknowledged(await claire.click(lobby, label="Inizia")))
    assert refused == ["Seul l'hôte, admin, peut lancer la partie."]
    acknowledged(await admin.click(lobby, label="Inizia"))

    shown = table_message(channel)
    embed = shown.embeds[0]
    assert embed.title == "UNO: manche 1"
    assert [f.name for f in embed.fields][:1] == ["Carta in cima"]
    assert "Giocatori" in [f.name for f in embed.fields]
    assert "Mostra la mia mano" in button_labels(shown)

    # "Show my hand": each hand in its reader's language.
    german = acknowledged(await anna.click(shown, label="Mostra la mia mano")).response
    french = acknowledged(await claire.click(shown, label="Mostra la mia mano")).response
    assert german.ephemeral and french.ephemeral
    assert german.content.startswith("**Deine Hand** (7 Karten):"), german.content
    assert "Oberste Karte:" in german.content
    assert french.content.startswith("**Votre main** (7 cartes) :"), french.content
    assert "Carte du dessus :" in french.content
    assert "Aktualisieren" in button_labels(german) and "Actualiser" in button_labels(french)
    # A refusal of the table's: joining a table whose game has started.
    again = texts(acknowledged(await anna.slash(channel, "uno join")))
    assert again == ["Das Spiel hat schon begonnen; warte auf das nächste."]
    again = texts(acknowledged(await claire.slash(channel, "uno join")))
    assert again == ["La partie a déjà commencé ; attendez la suivante."]

    # A restart keeps the table's language: the next change is shown in Italian still.
    new_bot = make_bot()
    await env.restart_bot(new_bot)
    after: Table = table_of(new_bot, channel)
    assert after.language == "it"
    acknowledged(await admin.slash(channel, "uno pause"))
    paused = table_message(channel).embeds[0]
    turn = next(f.value for f in paused.fields if f.name == "Turno")
    assert "⏸ timer in pausa; il tavolo finisce <t:" in turn and "se non si riprende" in turn
    recent = next(f.value for f in paused.fields if f.name == "Recenti")
    assert "admin ha messo in pausa il timer." in recent
    hand = acknowledged(await anna.click(table_message(channel), label="Mostra la mia mano")).response
    assert hand.content.startswith("**Deine Hand**")


async def test_without_an_admins_choice_the_table_speaks_the_servers_own_language(
    simcord_env: Any, simcord_bot: UnoBot, client_locales: ClientLocales
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("uno")
    host = guild.add_member(env.create_user("host"))
    anna = guild.add_member(env.create_user("anna"))
    client_locales.servers[guild.id] = "fr"
    client_locales.users[anna.id] = "de"
    opened = acknowledged(await host.slash(channel, "uno start"))
    assert any("Your table is open below." in t for t in texts(opened)), "the host reads English"
    lobby = table_message(channel)
    assert lobby.embeds[0].title == "Table d'UNO : en attente de joueurs"
    assert "Rejoindre" in button_labels(lobby)
    acknowledged(await anna.click(lobby, label="Rejoindre"))
    asked = acknowledged(await anna.click(lobby, label="Règles"))
    assert "**Die Regeln an diesem Tisch**" in asked.response.content
    assert table_of(simcord_bot, channel).language == "fr"


@pytest.mark.parametrize("locale", ["en-US", "de", "fr", "es-ES", "pt-BR", "it"])
async def test_uno_rules_in_each_locale(
    simcord_env: Any, simcord_bot: UnoBot, client_locales: ClientLocales, locale: str
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("uno")
    reader = guild.add_member(env.create_user("reader"))
    client_locales.users[reader.id] = locale
    language = Words.for_locale(locale).language
    assert language in (SOURCE, *LANGUAGES)
    content = "\n".join(texts(acknowledged(await reader.slash(channel, "uno rules"))))
    heading = said(
        language, "**No table here; this server's defaults for new tables**: {summary}", summary=""
    )
    assert content.startswith(heading), (heading, content[:200])
    acknowledged(await reader.slash(channel, "uno start"))
    content = "\n".join(texts(acknowledged(await reader.slash(channel, "uno rules"))))
    assert content.startswith(said(language, "**The rules at this table**: {summary}", summary=""))


async def test_an_admin_gives_the_tables_back_the_servers_own_language(
    simcord_env: Any, simcord_bot: UnoBot, client_locales: ClientLocales
) -> None:
    """Before, once an admin chose a language, only `reset` (which also clears the rules) went
    back to the server's own."""
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("uno")
    admins = guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(env.create_user("admin"), roles=[admins])
    client_locales.servers[guild.id] = "fr"
    acknowledged(await admin.slash(channel, "uno settings", language="it", points=300))
    told = acknowledged(await admin.slash(channel, "uno settings", language="server"))
    assert "speak" not in "\n".join(texts(told)), "no language of the admin's choosing is left"
    acknowledged(await admin.slash(channel, "uno start"))
    assert table_message(channel).embeds[0].title == said("fr", "UNO table: waiting for players")
    assert table_of(simcord_bot, channel).settings.target_score == 300, "the rules stay"

"""A sentence that tells a player to type a command names it as their Discord client shows it,
through SimCord: Discord lists `/uno starten` to a German client (cogs/translator.py), so a
German reader is told `/uno starten`, not `/uno start`, and an English reader still `/uno start`.

Before: every language wrote the English names (`Spiel eins mit /uno start!`), a command the
German menu does not list under that name."""

from __future__ import annotations

from typing import Any

from bot.app import UnoBot
from tests.discord.conftest import ClientLocales
from tests.discord.uno_driver import acknowledged
from tests.discord.uno_driver import open_table


def board(result: Any) -> str:
    """The description of the board a deferred /leaderboard answered with."""
    message = result.response or result.followups[0]
    return str(message.embeds[0].description)


async def test_a_german_server_reads_the_german_commands_and_an_english_one_the_english(
    simcord_env: Any, simcord_bot: UnoBot, client_locales: ClientLocales
) -> None:
    env = simcord_env
    german, english = env.create_guild(), env.create_guild()
    client_locales.servers[german.id] = "de"
    ann = german.add_member(env.create_user("ann"))
    bob = english.add_member(env.create_user("bob"))
    spiele, games = german.create_text_channel("spiele"), english.create_text_channel("games")

    said = board(acknowledged(await ann.slash(spiele, "leaderboard")))
    assert said == "Noch keine beendeten Spiele. Spiel eins mit `/uno starten`!"
    said = board(acknowledged(await ann.slash(spiele, "leaderboard", game="partners")))
    # The options are named as the German client lists them; their values stay as written.
    assert said.endswith("Spiel eins mit `/uno starten regelwerk:twist teams:partners`!"), said
    said = board(acknowledged(await ann.slash(spiele, "leaderboard", game="flood")))
    # The command comes in a field of the sentence (`/{kind} play`): named once it is whole.
    assert said.endswith("Spiel eins mit `/flood spielen`!"), said

    said = board(acknowledged(await bob.slash(games, "leaderboard")))
    assert said == "No finished games yet. Play one with `/uno start`!"


async def test_a_french_player_is_told_the_french_options_of_preferences(
    simcord_env: Any, simcord_bot: UnoBot, client_locales: ClientLocales
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("general")
    client_locales.servers[guild.id] = "de"  # a private answer follows its reader, not the server
    lea = guild.add_member(env.create_user("lea"))
    client_locales.users[lea.id] = "fr"

    said = acknowledged(await lea.slash(channel, "preferences")).response.content.splitlines()
    assert said[0] == "Les images des cartes sont activées. Modifiez-le avec `/préférences images:`."
    assert said[1].endswith("Modifiez-le avec `/préférences alertes_de_tour:`."), said[1]

    refused = acknowledged(await lea.slash(channel, "uno end")).response.content
    assert "`/uno démarrer`" in refused and "/uno start" not in refused, refused


async def test_a_players_name_and_what_they_typed_are_quoted_as_written(
    simcord_env: Any, simcord_bot: UnoBot, client_locales: ClientLocales
) -> None:
    """A host named like a command, and a card typed like an option, are not commands the
    sentence names: a German reader reads them as they were written. Before, "`/uno end`" was
    told as `/uno beenden` (then shown as code) and `level:hard` as `stufe:schwer`."""
    where, (_host, ann) = await open_table(simcord_env, ["`/uno end`", "ann"])
    client_locales.users[ann.id] = "de"

    refused = acknowledged(await ann.click(where.last_message, label="Settings")).response.content
    # The name's backticks are escaped: Discord shows them as typed, not as code.
    assert refused == "Nur der Gastgeber, \\`/uno end\\`, kann die Tischeinstellungen ändern.", refused
    refused = acknowledged(await ann.slash(where, "uno play", card="level:hard")).response.content
    assert refused.startswith("`level:hard` ist keine Karte."), refused
    refused = acknowledged(await ann.slash(where, "puzzle solve", cards="R1 level:hard")).response.content
    assert refused.startswith("❌ `level:hard` ist keine Karte;"), refused

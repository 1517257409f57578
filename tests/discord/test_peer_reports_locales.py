"""Peer projects' reports on localisation, checked against ours through SimCord: players in
several client languages, as Discord sends them (`client_locales`, tests/discord/conftest.py).
Each test cites the report it answers."""

from __future__ import annotations

from typing import Any

import pytest

from bot.app import UnoBot
from tests.discord.conftest import ClientLocales
from tests.discord.uno_driver import acknowledged


def member_in(env: Any, client_locales: ClientLocales, locale: str, name: str = "anna") -> tuple[Any, Any]:
    """A server's channel and a member called `name` whose Discord client reads `locale`."""
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    user = env.create_user(name)
    client_locales.users[user.id] = locale
    return channel, guild.add_member(user)


# A number that names something (a game to replay) is written as it is typed, never grouped the
# locale's way: Babel writes 12345 as "12.345" in German and "12,345" in English, and a player who
# types that back gets another game or none. python-babel/babel#749 (grouping separators read
# back wrongly), Sage/carbon#3559 (a locale's grouping applied where it should not be).
@pytest.mark.parametrize(
    ("locale", "refusal"),
    [
        ("en-US", "There is no finished game #12345 here."),
        ("de", "Hier gibt es kein beendetes Spiel #12345."),
        ("fr", "partie terminée n°12345 ici"),
        ("pt-BR", "partida terminada #12345 aqui"),
    ],
)
async def test_a_game_number_in_a_refusal_reads_as_it_is_typed(
    simcord_env: Any, simcord_bot: UnoBot, client_locales: ClientLocales, locale: str, refusal: str
) -> None:
    channel, anna = member_in(simcord_env, client_locales, locale)

    asked = acknowledged(await anna.slash(channel, "uno replay", game=12345))
    assert asked.ephemeral
    assert refusal in asked.response.content, asked.response.content


# A solo game's private thread is named "<game>: <player>": the colon was put in by code, English
# style, where French spaces it off ("Survivre au déluge : anna"), and a name written right to left
# turned the name around. Translated pieces glued in code instead of one translatable pattern:
# cloudfoundry/cli#845 (a hard-coded ':' French cannot space off), naev/naev#1076 and
# learningequality/kolibri#7326 (translated strings concatenated in code), feditext/feditext#342
# (a right-to-left name in a sentence).
@pytest.mark.parametrize(
    ("locale", "name", "expected"),
    [
        ("fr", "anna", "Survivre au déluge : anna"),
        ("de", "anna", "Überlebe die Flut: anna"),
        ("en-US", "محمد", "Survive the Flood: \u2068محمد\u2069"),
    ],
)
async def test_a_solo_games_thread_is_named_in_the_players_language(
    simcord_env: Any,
    simcord_bot: UnoBot,
    client_locales: ClientLocales,
    locale: str,
    name: str,
    expected: str,
) -> None:
    channel, player = member_in(simcord_env, client_locales, locale, name)

    acknowledged(await player.slash(channel, "flood play", difficulty="medium", thread=True))
    [thread] = channel.threads
    assert thread.name == expected


# Discord sends regional locales (es-419 besides es-ES, pt-BR, en-GB) and languages we do not ship
# (zh-CN, sv-SE): a regional one reads its language's catalogue and an unshipped one English, never
# a message id or nothing. oxen-io/session-desktop#1478 (es-419 fell back to nothing),
# skyra-project/archid-components#313 (a fallback for es-419), sharetribe/sharetribe#3575 (every
# Spanish locale to es).
@pytest.mark.parametrize(
    ("locale", "said"),
    [
        ("es-419", "Salta: el siguiente jugador pierde el turno"),
        ("es-ES", "Salta: el siguiente jugador pierde el turno"),
        ("pt-BR", "Bloqueio: o próximo jogador perde a vez"),
        ("en-GB", "Skip skips the next player"),
        ("zh-CN", "Skip skips the next player"),
        ("sv-SE", "Skip skips the next player"),
    ],
)
async def test_a_regional_or_unshipped_locale_reads_its_language_or_english(
    simcord_env: Any, simcord_bot: UnoBot, client_locales: ClientLocales, locale: str, said: str
) -> None:
    channel, anna = member_in(simcord_env, client_locales, locale)

    asked = acknowledged(await anna.slash(channel, "uno rules"))
    assert asked.ephemeral and said in asked.response.content, asked.response.content

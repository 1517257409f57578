"""A finished game's replay in the language of the one who asked (issue 21), through SimCord: a
German-speaking player lists the server's games and pages through a replay in German, while an
English-speaking player's replay of the same game stays English.

SimCord 3.2.1 sends every interaction with the locale "en-US"; `client_locales` sets the locale
Discord would send for each user's client (tests/discord/conftest.py)."""

from __future__ import annotations

import re
from typing import Any

from bot.app import UnoBot
from tests.discord.conftest import ClientLocales
from tests.discord.uno_driver import acknowledged
from tests.discord.uno_driver import button_labels
from tests.discord.uno_driver import open_table
from tests.discord.uno_driver import play_like_a_careful_player
from tests.discord.uno_driver import table_of


async def test_a_german_speaker_reads_a_finished_games_replay_in_german(
    simcord_env: Any, simcord_bot: UnoBot, client_locales: ClientLocales
) -> None:
    env = simcord_env
    channel, players = await open_table(env, ["anna", "bert"], start=True, points=50)
    anna, bert = players
    client_locales.users[anna.id] = "de"
    table = table_of(simcord_bot, channel)
    game = table.game
    assert game is not None
    await play_like_a_careful_player(table, channel, players, until=lambda: False)
    assert game.is_over
    moves = len(game.log)
    winner = table.members[game.winner or 0].name

    listed = acknowledged(await anna.slash(channel, "uno history"))
    assert listed.ephemeral
    text = listed.response.embeds[0].description
    found = re.search(r"\*\*#(\d+)\*\*", text)
    assert found, text
    game_id = int(found.group(1))
    assert (
        f"gewonnen von **{winner}**" in text
        and "Sieh dir eins erneut an mit `/uno wiederholung spiel:<Nummer>`." in text
    )
    assert re.search(r"· \d\d\.\d\d\.\d{4} · Offizielle UNO-Regeln", text), text  # the German way

    asked = acknowledged(await anna.slash(channel, "uno replay", game=game_id))
    assert asked.ephemeral
    message = asked.response
    embed = message.embeds[0]
    assert embed.title.startswith(f"Spiel #{game_id} · Zug 0 von {moves} · Runde 1"), embed.title
    assert embed.description.startswith("**Das Austeilen**")
    assert embed.fields[0].name == "Ablagestapel"
    assert all(f.value.startswith("7 Karten: ") for f in embed.fields[1:]), embed.fields
    assert button_labels(message)[:4] == ["⏮ Anfang", "◀ Zurück", "Weiter ▶", "Ende ⏭"]

    message = acknowledged(await anna.click(message, label="Weiter ▶")).response
    assert f"Zug 1 von {moves}" in message.embeds[0].title
    message = acknowledged(await anna.click(message, label="Ende ⏭")).response
    last = message.embeds[0]
    assert f"Zug {moves} von {moves}" in last.title
    assert last.footer.text.startswith("Endstand: ") and f"{winner}: " in last.footer.text
    assert "(gewonnen)" in last.footer.text

    english = acknowledged(await bert.slash(channel, "uno replay", game=game_id)).response
    assert english.embeds[0].title.startswith(f"Game #{game_id} · move 0 of {moves}")
    assert "Next ▶" in button_labels(english)

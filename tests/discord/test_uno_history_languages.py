"""A finished game's replay in the language of the one who asked (issue 21), through SimCord: a
German-speaking player lists the server's games and pages through a replay in German, while an
English-speaking player's replay of the same game stays English.

SimCord 3.2.1 sends every interaction with the locale "en-US"; `speaking` sets the locale
Discord would send for each user's client, as tests/discord/test_languages.py does."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
import simcord.interactions

from bot.app import UnoBot
from tests.discord.uno_driver import (
    acknowledged,
    button_labels,
    open_table,
    play_like_a_careful_player,
    table_of,
)


@pytest.fixture
def speaking() -> Iterator[dict[int, str]]:
    """user id -> the Discord locale of that user's client."""
    locales: dict[int, str] = {}
    original = simcord.interactions.base_payload

    def with_locale(*args: Any, **kwargs: Any) -> Any:
        record, payload = original(*args, **kwargs)
        payload["locale"] = locales.get(kwargs["user_id"], "en-US")
        return record, payload

    simcord.interactions.base_payload = with_locale  # type: ignore[assignment]
    try:
        yield locales
    finally:
        simcord.interactions.base_payload = original  # type: ignore[assignment]


async def test_a_german_speaker_reads_a_finished_games_replay_in_german(
    simcord_env: Any, simcord_bot: UnoBot, speaking: dict[int, str]
) -> None:
    env = simcord_env
    channel, players = await open_table(env, ["anna", "bert"], start=True, points=50)
    anna, bert = players
    speaking[anna.id] = "de"
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
    assert f"gewonnen von **{winner}**" in text and "Sieh dir eins erneut an mit `/uno replay" in text

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

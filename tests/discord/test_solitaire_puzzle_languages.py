"""UNO Solitaire and the puzzles each in their player's language (issue 21), driven through
SimCord: a French-speaking player plays /solitaire, a Spanish-speaking one /puzzle, and each reads
the message, its buttons, selects and hint (and /puzzle solve, help, the daily-done answer) in
their own language."""

from __future__ import annotations

from typing import Any

from bot.app import UnoBot
from bot.games.puzzles import ChainPuzzle
from bot.games.solver import solve_uno1
from bot.games.tableau import TableauGame
from tests.discord.conftest import ClientLocales
from tests.discord.flood_driver import fetch
from tests.discord.test_puzzle_play import play_card
from tests.discord.test_puzzle_play import session_of as puzzle_session_of
from tests.discord.test_solitaire_play import click_action
from tests.discord.test_solitaire_play import greedy_seed
from tests.discord.test_solitaire_play import session_of
from tests.discord.uno_driver import acknowledged
from tests.discord.uno_driver import button_labels
from tests.discord.uno_driver import flat_components


def _labels(message: Any) -> set[str]:
    return {component.get("label", "") for component in flat_components(message) if component["type"] == 2}


def _placeholders(message: Any) -> set[str]:
    return {
        component.get("placeholder", "") for component in flat_components(message) if component["type"] == 3
    }


async def test_a_french_player_plays_solitaire_in_french(
    simcord_env: Any, simcord_bot: UnoBot, client_locales: ClientLocales
) -> None:
    env = simcord_env
    claire = env.create_user("claire")
    client_locales.users[claire.id] = "fr"
    dm = claire.dm_channel
    simcord_bot.solo.seeds = [greedy_seed(won=True, max_moves=400)]
    res = acknowledged(await claire.slash("solitaire play"))
    message_id = res.response.id
    start = fetch(dm, message_id)
    embed = start.embeds[0]
    assert embed.title == "🃏 UNO Solitaire"
    assert [field.name for field in embed.fields] == ["Fondations", "Défausse", "Pioche"]
    assert embed.fields[2].value.endswith(" cartes")
    assert "annulations : 0" in embed.footer.text and "un joueur attentif gagne" in embed.footer.text
    assert {"Piocher 3", "Indice", "Abandonner"} <= _labels(start)

    session = session_of(simcord_bot, claire)
    await click_action(claire, start, session, "hint")
    hinted = fetch(dm, message_id)
    assert "💡 Indice : " in hinted.embeds[0].description

    await click_action(claire, hinted, session, "draw")
    drawn = fetch(dm, message_id)
    assert "Annuler" in _labels(drawn)
    game = session.game
    assert isinstance(game, TableauGame)
    if game.view().waste_top is not None:
        assert drawn.embeds[0].fields[1].value.endswith((" carte)", " cartes)"))
    if any(option for option in _placeholders(drawn)):
        assert all(p.startswith(("Monter une carte", "Poser ")) for p in _placeholders(drawn))
    assert "Vous avez pioché " in drawn.embeds[0].description

    await click_action(claire, drawn, session, "resign")
    asked = fetch(dm, message_id)
    assert asked.embeds[0].description.startswith("Abandonner cette partie ? Elle compte comme une défaite.")
    assert _labels(asked) == {"Abandonner", "Continuer à jouer"}
    await click_action(claire, asked, session, "resign!")
    final = fetch(dm, message_id)
    assert final.embeds[0].title == "🃏 UNO Solitaire : partie terminée"


async def test_a_spanish_player_plays_the_daily_puzzle_in_spanish(
    simcord_env: Any, simcord_bot: UnoBot, client_locales: ClientLocales
) -> None:
    env = simcord_env
    lucia = env.create_user("lucia")
    client_locales.users[lucia.id] = "es"
    dm = lucia.dm_channel
    res = acknowledged(await lucia.slash("puzzle daily"))
    message_id = res.response.id
    session = puzzle_session_of(simcord_bot, lucia, "puzzle-daily")
    game = session.game
    assert isinstance(game, ChainPuzzle)
    message = fetch(dm, message_id)
    embed = message.embeds[0]
    assert embed.title == "🧩 Acertijo diario · jueves, 1 de enero de 2026 · media"
    assert "Juega las 10 cartas en una sola cadena" in embed.description
    assert embed.fields[0].name == "Cadena (0 de 10)" and embed.fields[1].name == "Cartas restantes (10)"
    assert button_labels(message)[-3:] == ["Deshacer", "Reiniciar", "Rendirse"]

    order = solve_uno1(game.hand).order
    assert order is not None
    await play_card(lucia, message, order[0])
    acknowledged(await lucia.click(fetch(dm, message_id), label="Deshacer"))
    undone = fetch(dm, message_id)
    assert "deshechas 1" in undone.embeds[0].footer.text
    assert "↩️ Retiraste " in undone.embeds[0].description

    # Asked again while it runs: the note in Spanish; given up, the day's answer in Spanish too.
    again = acknowledged(await lucia.slash("puzzle daily"))
    assert "Aquí tienes el que estás jugando" in again.response.embeds[0].description
    acknowledged(await lucia.click(fetch(dm, message_id), label="Rendirse"))
    asked = fetch(dm, message_id)
    assert asked.embeds[0].description.startswith("¿Te rindes en este acertijo? Cuenta como no resuelto.")
    assert button_labels(asked) == ["Rendirse", "Seguir jugando"]
    acknowledged(await lucia.click(asked, label="Rendirse"))
    given_up = fetch(dm, message_id).embeds[0]
    assert given_up.title.startswith("🧩 Abandonado · Acertijo diario")
    assert "Una solución: " in given_up.description
    done = acknowledged(await lucia.slash("puzzle daily"))
    done_embed = done.response.embeds[0]
    assert done_embed.title == "🧩 Acertijo diario · jueves, 1 de enero de 2026"
    assert done_embed.description.startswith("🏳️ Te rendiste en el acertijo de hoy.")

    # /puzzle solve and /puzzle help answer in her language too.
    solved = acknowledged(await lucia.slash("puzzle solve", cards="R1 R5 B5 G5"))
    assert solved.response.embeds[0].description.startswith(
        "✅ Las 4 cartas se pueden jugar en una sola cadena:"
    )
    refused = acknowledged(await lucia.slash("puzzle solve", cards="R1 X5"))
    assert "color desconocido `X`" in refused.response.content
    shown = acknowledged(await lucia.slash("puzzle help"))
    assert shown.response.embeds[0].title == "🧩 Acertijos: las reglas y la notación de las cartas"


async def test_a_long_practice_puzzle_is_called_long_in_the_players_language(
    simcord_env: Any, simcord_bot: UnoBot, client_locales: ClientLocales
) -> None:
    env = simcord_env
    jonas = env.create_user("jonas")
    client_locales.users[jonas.id] = "de"
    res = acknowledged(await jonas.slash("puzzle random", size=20))
    game = puzzle_session_of(simcord_bot, jonas, "puzzle-practice").game
    assert isinstance(game, ChainPuzzle) and game.difficulty == "long"
    message = fetch(jonas.dm_channel, res.response.id)
    assert message.embeds[0].title == "🧩 Übungsrätsel · 20 Karten · lang"
    assert message.attachments[0].description.startswith("Übungsrätsel · 20 Karten · lang.")

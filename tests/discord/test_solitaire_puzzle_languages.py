"""UNO Solitaire and the puzzles each in their player's language (issue 21), driven through
SimCord: a French-speaking player plays /solitaire, a Spanish-speaking one /puzzle, and each reads
the message, its buttons, selects and hint in their own language."""

from __future__ import annotations

from typing import Any

from bot.app import UnoBot
from bot.games.tableau import TableauGame
from cogs.solitaire.cog import SAVES_TEXTS
from tests.discord.flood_driver import fetch
from tests.discord.test_languages import speaking as speaking
from tests.discord.test_solitaire_play import click_action, greedy_seed, session_of
from tests.discord.uno_driver import acknowledged, flat_components


def _labels(message: Any) -> set[str]:
    return {component.get("label", "") for component in flat_components(message) if component["type"] == 2}


def _placeholders(message: Any) -> set[str]:
    return {
        component.get("placeholder", "") for component in flat_components(message) if component["type"] == 3
    }


async def test_a_french_player_plays_solitaire_in_french(
    simcord_env: Any, simcord_bot: UnoBot, speaking: dict[int, str]
) -> None:
    env = simcord_env
    claire = env.create_user("claire")
    speaking[claire.id] = "fr"
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
    if SAVES_TEXTS:  # the session keeps its recent lines as Texts (issue 21's solo part)
        assert "Vous avez pioché " in drawn.embeds[0].description

    await click_action(claire, drawn, session, "resign")
    final = fetch(dm, message_id)
    assert final.embeds[0].title == "🃏 UNO Solitaire : partie terminée"

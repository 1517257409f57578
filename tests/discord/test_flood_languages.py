"""/flood in the player's language (issue 21), driven through SimCord: a German-speaking player
plays a whole game in a DM and reads every message, button, select and hint in German; a
Brazilian-Portuguese-speaking player's idle game ends, after a restart, in the language they last
played in.

The locale of each user's client is set as in tests/discord/test_languages.py."""

from __future__ import annotations

from typing import Any

from bot.app import UnoBot
from bot.games.flood import Bury
from bot.games.flood import CallSuit
from bot.games.flood import Draw
from bot.games.flood import FloodGame
from bot.games.flood import GreedyPlayer
from bot.games.flood import Planner
from bot.games.flood import Play
from bot.i18n.text import Text
from bot.i18n.text import counted
from bot.i18n.text import text
from bot.i18n.words import Words
from bot.render.flood_text import card_short
from bot.render.flood_text import suit_text
from tests.discord.conftest import BotFactory
from tests.discord.conftest import ClientLocales
from tests.discord.flood_driver import fetch
from tests.discord.flood_driver import session_of
from tests.discord.flood_driver import short_loss
from tests.discord.flood_driver import short_win
from tests.discord.uno_driver import acknowledged
from tests.discord.uno_driver import button_labels
from tests.discord.uno_driver import field
from tests.discord.uno_driver import flat_components

GERMAN = Words("de")


def german(said: Text) -> str:
    return GERMAN(said)


def assert_german_message(message: Any, game: FloodGame) -> None:
    """Every word of the game's message in German, and what it says fits the game."""
    view = game.view()
    embed = message.embeds[0]
    assert embed.title == "🌊 Überlebe die Flut · Mittel · UNO-Deck"
    assert field(message, "Oberste Karte") == german(card_short(view.discard_top))
    assert field(message, "Geltende Farbe") == german(suit_text(view.suit))
    assert field(message, "Überstandene Nachziehstapel") == f"{view.rounds_done} von {view.target}"
    left = view.draw_pile_size
    assert field(message, "Nachziehstapel") == f"{left} {'Karte' if left == 1 else 'Karten'} übrig"
    hand = len(view.hand)
    assert any(f.name == f"Hand ({hand} {'Karte' if hand == 1 else 'Karten'})" for f in embed.fields)
    assert embed.footer.text.startswith("Partie ") and " · Zug " in embed.footer.text
    prompts = {
        "**Sag eine Farbe an** für deine Farbwahlkarte.",
        "**Spiel eine Karte.**",
        "Nichts ist spielbar: **Zieh eine Karte**.",
    }
    assert embed.description.split("\n")[-1] in prompts or "**Strafe:**" in embed.description
    suits = {GERMAN(action.suit.said) for action in view.legal if isinstance(action, CallSuit)}
    assert set(button_labels(message)) == {"Tipp", "Aufgeben"} | suits | (
        {"Ziehen"} if view.can_draw else set()
    )
    for select in (c for c in flat_components(message) if c["type"] == 3):
        assert select["placeholder"] in ("Karte spielen…", "Leg eine Karte unter die oberste Karte…")
        for option in select["options"]:
            assert option["label"] == german(card_short(Play(_card(option["value"])).card))


def _card(action: str) -> Any:
    from bot.games.flood import parse_action

    chosen = parse_action(action)
    assert isinstance(chosen, Play | Bury)
    return chosen.card


async def greedy_move_in_german(user: Any, message: Any, game: FloodGame) -> None:
    action = GreedyPlayer().choose(game.view())
    if isinstance(action, Play | Bury):
        select = next(
            c
            for c in flat_components(message)
            if c["type"] == 3 and any(o["value"] == str(action) for o in c["options"])
        )
        acknowledged(await user.select(message, [str(action)], custom_id=select["custom_id"]))
    elif isinstance(action, CallSuit):
        acknowledged(await user.click(message, label=GERMAN(action.suit.said)))
    elif isinstance(action, Draw):
        acknowledged(await user.click(message, label="Ziehen"))
    else:  # Aufgeben asks first; the question's Aufgeben resigns
        acknowledged(await user.click(message, label="Aufgeben"))
        acknowledged(await user.click(message, label="Aufgeben"))


async def test_a_german_speaking_player_plays_flood_in_german(
    simcord_env: Any, simcord_bot: UnoBot, client_locales: ClientLocales
) -> None:
    env = simcord_env
    anna = env.create_user("anna")
    client_locales.users[anna.id] = "de"
    dm = anna.dm_channel
    simcord_bot.solo.seeds = [short_loss()]
    res = acknowledged(await anna.slash("flood play", difficulty="medium"))
    message_id = res.response.id
    session = session_of(simcord_bot, anna)
    assert session.language == "de"

    # The hint, in German, above the game.
    hinted = acknowledged(await anna.click(fetch(dm, message_id), label="Tipp"))
    assert hinted.acknowledged
    shown = fetch(dm, message_id).embeds[0].description
    assert shown.startswith("💡 Tipp: ")
    game = session.game
    assert isinstance(game, FloodGame)
    advice = Planner().advise(game.view())
    assert GERMAN(advice.reason) in shown

    for _ in range(200):
        message = fetch(dm, message_id)
        if session.phase.is_over:
            break
        game = session.game
        assert isinstance(game, FloodGame)
        assert_german_message(message, game)
        await greedy_move_in_german(anna, message, game)
    final = fetch(dm, message_id)
    assert final.embeds[0].title == "🌊 Die Flut hat gewonnen"
    description = final.embeds[0].description
    assert "Serie zurückgesetzt. Beste Serie: 0 · 0/1 gewonnen." in description
    assert "Du hast " in description and "You " not in description
    assert not flat_components(final)

    stats = acknowledged(await anna.slash("flood stats"))
    embed = (stats.response or stats.followups[0]).embeds[0]
    assert embed.title == "🌊 Überlebe die Flut: anna"
    assert "**Mittel · UNO-Deck**: 1 Spiel · 0 Siege (0\xa0%) · Serie 0 · beste Serie 0" in embed.description
    assert embed.fields[0].name == "Letzte Partien (`/flood wiederholung spiel:<Nummer>`)"
    assert "verloren in " in embed.fields[0].value

    rules = acknowledged(await anna.slash("flood rules", difficulty="hard")).response.embeds[0]
    assert rules.title == "🌊 Überlebe die Flut: die Regeln"
    assert (
        "`schwierigkeit:schwer`: Überstehe 4 Nachziehstapel mit dem UNO-Deck, 8 mit dem Standarddeck."
        in rules.description
    )
    assert "\xa0% mit dem Standarddeck (" in rules.description

    # A refusal of the engine, in German: the game is over, a new one is refused a bad target.
    refused = acknowledged(await anna.slash("flood play", difficulty="hard", decks=2))
    assert refused.response.content == (
        "❌ "
        + GERMAN(
            text(
                "{difficulty} with the {deck} asks for at least {least} draw decks; you "
                "may raise the target, not lower it below {least}.",
                difficulty=text("Hard"),
                deck=text("UNO deck"),
                least=4,
            )
        )
    )
    assert refused.response.content.startswith(
        "❌ Schwer mit dem UNO-Deck verlangt mindestens 4 Nachziehstapel"
    )


async def test_an_idle_game_ends_in_the_language_its_player_last_used(
    simcord_env: Any, simcord_bot: UnoBot, make_bot: BotFactory, client_locales: ClientLocales
) -> None:
    env = simcord_env
    bia = env.create_user("bia")
    dm = bia.dm_channel
    simcord_bot.solo.seeds = [short_win()]
    res = acknowledged(await bia.slash("flood play", difficulty="easy", deck="standard"))
    message_id = res.response.id
    assert res.response.embeds[0].title == "🌊 Survive the Flood · Easy · standard deck"
    assert session_of(simcord_bot, bia).language == "en"

    # Her client now speaks Brazilian Portuguese: her next move is shown so, and remembered.
    client_locales.users[bia.id] = "pt-BR"
    game = session_of(simcord_bot, bia).game
    assert isinstance(game, FloodGame)
    action = GreedyPlayer().choose(game.view())
    message = fetch(dm, message_id)
    if isinstance(action, Play | Bury):
        select = next(c for c in flat_components(message) if c["type"] == 3)
        acknowledged(await bia.select(message, [str(action)], custom_id=select["custom_id"]))
    else:
        # The message she clicks on was drawn in English.
        label = action.suit.label if isinstance(action, CallSuit) else "Draw"
        acknowledged(await bia.click(message, label=label))
    moved = fetch(dm, message_id)
    assert moved.embeds[0].title == "🌊 Sobreviva à enchente · Fácil · baralho padrão"
    assert {"Dica", "Desistir"} <= set(button_labels(moved))
    assert session_of(simcord_bot, bia).language == "pt_BR"

    # A restart in between: the language is saved with the game.
    new_bot = make_bot()
    await env.restart_bot(new_bot)
    assert session_of(new_bot, bia).language == "pt_BR"
    await env.advance_time(25 * 3600)
    assert new_bot.solo.of(bia.id, "flood") is None
    expired = fetch(dm, message_id)
    embed = expired.embeds[0]
    assert embed.title == "🌊 A enchente venceu"
    assert "⌛ A partida ficou parada tempo demais e conta como derrota." in embed.description
    assert "Sequência zerada. Melhor sequência: 0 · 0/1 vencidas." in embed.description
    assert [f.name for f in embed.fields][:4] == [
        "Carta do topo",
        "Naipe em vigor",
        "Montes superados",
        "Monte de compra",
    ]
    assert not flat_components(expired)
    expected = Words("pt_BR")(
        counted("Hand ({count} card)", "Hand ({count} cards)", count=len(game.view().hand))
    )
    assert expected.startswith("Mão (")


async def test_flood_rules_name_each_difficulty_as_the_players_command_menu_does(
    simcord_env: Any, simcord_bot: UnoBot, client_locales: ClientLocales
) -> None:
    """/flood rules heads each difficulty with the choice to type, in the reader's language: a
    German client lists /flood spielen's difficulties as 'leicht', 'mittel'...; the rules read
    '**easy**: Überstehe 2 Nachziehstapel …', English values nowhere in that reader's menu."""
    hanna = simcord_env.create_user("hanna")
    client_locales.users[hanna.id] = "de"
    every = acknowledged(await hanna.slash("flood rules")).response.embeds[0].description
    assert "`schwierigkeit:leicht`: Überstehe 2 Nachziehstapel mit dem UNO-Deck" in every
    assert "`schwierigkeit:Meister auf der Hand`: Überstehe 4 Nachziehstapel" in every
    for english in ("easy", "medium", "hard", "master", "master-inhand"):
        assert f"**{english}**" not in every and f":{english}`" not in every
    hard = acknowledged(await hanna.slash("flood rules", difficulty="hard")).response.embeds[0].description
    assert "`schwierigkeit:schwer`: Überstehe 4 Nachziehstapel" in hard and "leicht`" not in hard

"""/solitaire end to end in SimCord: seeded games to a win and to a loss through the buttons."""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from bot.app import UnoBot
from bot.games.tableau import GreedyPlayer
from bot.games.tableau import TableauGame
from bot.games.tableau import play_greedy
from bot.games.tableau.actions import Place
from bot.games.tableau.actions import ToFoundation
from bot.i18n.words import Words
from bot.render.tableau_text import tableau_lines
from bot.render.uno_text import card_short
from bot.sessions.solo import SoloSession
from tests.discord.conftest import BotFactory
from tests.discord.conftest import ClientLocales
from tests.discord.flood_driver import fetch
from tests.discord.uno_driver import acknowledged
from tests.discord.uno_driver import field
from tests.discord.uno_driver import flat_components


@cache
def greedy_seed(*, won: bool, max_moves: int) -> int:
    """The first seed whose game the greedy player wins (or loses) within `max_moves` moves."""
    for seed in range(300):
        game = play_greedy(TableauGame.new(seed))
        if game.won == won and len(game.log) <= max_moves:
            return seed
    raise AssertionError("no such seed in 300")


def session_of(bot: UnoBot, user: Any) -> SoloSession:
    session = bot.solo.of(user.id, "solitaire")
    assert session is not None, "no running solitaire game"
    return session


def cards(count: int) -> str:
    """A number of cards, as the English counts them."""
    return f"{count} card" if count == 1 else f"{count} cards"


def assert_message_matches(message: Any, game: TableauGame) -> None:
    """The tableau drawn, the waste and stock, and exactly the legal moves in the selects."""
    view = game.view()
    embed = message.embeds[0]
    assert "\n".join(tableau_lines(view)) in embed.description
    waste = f"{card_short(view.waste_top)} ({cards(view.waste_size)})" if view.waste_top else "empty"
    assert field(message, "Waste") == waste
    assert field(message, "Stock") == cards(view.stock_size)
    offered = {
        option["value"]
        for component in flat_components(message)
        if component["type"] == 3
        for option in component["options"]
    }
    assert offered == {str(a) for a in view.legal if isinstance(a, (ToFoundation, Place))}
    assert f"undos used: {view.undos}" in embed.footer.text


async def click_action(user: Any, message: Any, session: SoloSession, text: str) -> Any:
    """Make the move `text` through the control that offers it."""
    for component in flat_components(message):
        if component["type"] == 3 and any(o["value"] == text for o in component["options"]):
            return acknowledged(await user.select(message, [text], custom_id=component["custom_id"]))
    custom_id = f"solo:{session.game_id}:{session.move}:{text}"
    return acknowledged(await user.click(message, custom_id=custom_id))


async def play_greedily(
    bot: UnoBot, user: Any, channel: Any, message_id: int, viewer: Any = None, limit: int = 3000
) -> Any:
    session = session_of(bot, user)
    for _ in range(limit):
        message = fetch(channel, message_id, viewer)
        if session.phase.is_over:
            return message
        game = session.game
        assert isinstance(game, TableauGame)
        assert_message_matches(message, game)
        await click_action(user, message, session, str(GreedyPlayer().choose(game.view())))
    return fetch(channel, message_id, viewer)


async def test_a_seeded_game_played_to_a_win_in_a_dm(simcord_env: Any, simcord_bot: UnoBot) -> None:
    env = simcord_env
    sol = env.create_user("sol")
    dm = sol.dm_channel
    simcord_bot.solo.seeds = [greedy_seed(won=True, max_moves=400)]
    res = acknowledged(await sol.slash("solitaire play"))
    assert not res.ephemeral
    message_id = res.response.id
    start = fetch(dm, message_id)
    assert start.embeds[0].description.count("\n 0 ") == 1, "row 0 is drawn"
    session = session_of(simcord_bot, sol)

    # Hint changes nothing but the note; Undo takes a move back and is counted, not penalised.
    res = await click_action(sol, start, session, "hint")
    assert "💡" in fetch(dm, message_id).embeds[0].description and session.move == 0
    await click_action(sol, fetch(dm, message_id), session, "draw")
    await click_action(sol, fetch(dm, message_id), session, "undo")
    after_undo = fetch(dm, message_id)
    assert "undos used: 1" in after_undo.embeds[0].footer.text
    assert "Undone" in after_undo.embeds[0].description

    final = await play_greedily(simcord_bot, sol, dm, message_id)
    assert final.embeds[0].title == "🃏 UNO Solitaire: you won!"
    assert "Win streak: **1** (best 1)" in final.embeds[0].description
    assert "undos used: 1" in final.embeds[0].footer.text
    assert not flat_components(final)
    res = acknowledged(await sol.slash("solitaire stats"))
    text = (res.response or res.followups[0]).embeds[0].description
    assert "**draw three**: 1 game · 1 win (100%) · streak 1 · best streak 1" in text


async def test_a_seeded_game_played_to_a_loss_across_a_restart(
    simcord_env: Any, simcord_bot: UnoBot, make_bot: BotFactory
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    lou = guild.add_member(env.create_user("lou"))
    max = guild.add_member(env.create_user("max"))
    simcord_bot.solo.seeds = [greedy_seed(won=False, max_moves=250)]
    res = acknowledged(await lou.slash(channel, "solitaire play"))
    assert res.ephemeral
    message_id = res.response.id
    await play_greedily(simcord_bot, lou, channel, message_id, viewer=lou, limit=20)
    assert message_id not in {m.id for m in channel.history(viewer=max)}

    new_bot = make_bot()
    await env.restart_bot(new_bot)
    final = await play_greedily(new_bot, lou, channel, message_id, viewer=lou)
    assert final.embeds[0].title == "🃏 UNO Solitaire: game over"
    assert "Game over:" in final.embeds[0].description
    assert "Streak reset." in final.embeds[0].description
    res = acknowledged(await lou.slash(channel, "solitaire stats"))
    text = (res.response or res.followups[0]).embeds[0].description
    assert "**draw three**: 1 game · 0 wins (0%) · streak 0 · best streak 0" in text
    res = acknowledged(await max.slash(channel, "leaderboard", game="solitaire"))
    board = (res.response or res.followups[0]).embeds[0]
    # The board is ranked by wins unless asked otherwise, and its rows lead with them.
    assert board.title == "UNO Solitaire leaderboard: wins (everyone)"
    assert board.fields[0].value.startswith("**1.** lou: 0 wins · 1 game · best streak 0")


async def test_undo_says_in_words_the_move_it_took_back(
    simcord_env: Any, simcord_bot: UnoBot, client_locales: ClientLocales
) -> None:
    """The line an Undo adds names the move taken back as the player made it (the card, where it
    went from and to), in their language; it read as the engine's notation, 'Undone: `f 0.5`',
    where slot 0.5 is the one the message calls 'row 0, slot 6'."""
    env = simcord_env
    sol, jan = env.create_user("sol"), env.create_user("jan")
    client_locales.users[jan.id] = "de"
    for player, seed in (
        (sol, greedy_seed(won=True, max_moves=400)),
        (jan, greedy_seed(won=False, max_moves=200)),
    ):
        simcord_bot.solo.seeds = [seed]
        dm = player.dm_channel
        message_id = acknowledged(await player.slash("solitaire play")).response.id
        session = session_of(simcord_bot, player)
        game = session.game
        assert isinstance(game, TableauGame)
        up = next(a for a in game.view().legal if isinstance(a, ToFoundation) and a.source is not None)
        assert up.source is not None
        card = game.card_at(up.source)
        assert card is not None
        await click_action(player, fetch(dm, message_id), session, str(up))
        await click_action(player, fetch(dm, message_id), session, "undo")
        undone = fetch(dm, message_id).embeds[0].description
        assert "`" not in undone.split("```")[0], "no notation in the lines above the tableau"
        if player is sol:
            slot = f"row {up.source.row}, slot {up.source.index + 1}"
            assert f"Undone: {card_short(card)} from {slot} to its foundation (1 undo so far)." in undone
        else:
            slot = f"Reihe {up.source.row}, Platz {up.source.index + 1}"
            said = f"Zurückgenommen: {Words('de')(card_short(card))} von {slot} auf den passenden Zielstapel"
            assert f"{said} (bisher 1 Rücknahme)." in undone

        await click_action(player, fetch(dm, message_id), session, "draw")
        drawn = game.view().waste_top
        assert drawn is not None
        await click_action(player, fetch(dm, message_id), session, "undo")
        undone = fetch(dm, message_id).embeds[0].description
        if player is sol:
            assert re.search(
                rf"Undone: [^\n]*{re.escape(str(card_short(drawn)))} drawn \(2 undos so far\)\.", undone
            )
        else:
            drawn_said = re.escape(Words("de")(card_short(drawn)))
            assert re.search(rf"Zurückgenommen: [^\n]*{drawn_said} gezogen \(bisher 2 Rücknahmen\)\.", undone)

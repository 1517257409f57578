"""Pictures in the solo games through Discord: /solitaire, /flood and /puzzle messages carry their
picture inside the embed with the same facts in its description, a move keeps it up to date,
`/preferences pictures:off` takes it off, and a picture that cannot be drawn or is refused
never loses the move (the text goes alone)."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from bot.app import UnoBot
from bot.games.flood import FloodGame
from bot.games.flood import GreedyPlayer
from bot.games.puzzles import ChainPuzzle
from tests.discord.conftest import ClientLocales
from tests.discord.flood_driver import fetch
from tests.discord.flood_driver import greedy_move
from tests.discord.flood_driver import resign
from tests.discord.flood_driver import session_of as flood_session
from tests.discord.flood_driver import short_win
from tests.discord.uno_driver import acknowledged
from tests.discord.uno_driver import flat_components


def picture_of(message: Any, filename: str) -> Any:
    """The message's one attachment, shown inside its embed."""
    [attachment] = message.attachments
    assert attachment.filename == filename
    assert message.embeds[0].image.url.endswith(filename)
    return attachment


def no_picture(message: Any) -> None:
    assert message.attachments == []
    assert message.embeds[0].image.url is None


async def test_solitaire_shows_its_tableau_until_pictures_are_turned_off(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    sol = simcord_env.create_user("sol")
    dm = sol.dm_channel
    simcord_bot.solo.seeds = [5]
    res = acknowledged(await sol.slash("solitaire play"))
    message_id = res.response.id
    tableau = picture_of(fetch(dm, message_id), "tableau.png")
    assert tableau.description.startswith("Tableau rows (* free to move): ")
    assert "Stock " in tableau.description

    acknowledged(await sol.click(fetch(dm, message_id), label="Draw 3"))
    after = picture_of(fetch(dm, message_id), "tableau.png")
    assert after.description != tableau.description, "the picture follows the move"

    told = acknowledged(await sol.slash("preferences", pictures="off"))
    assert "off" in told.response.content
    acknowledged(await sol.click(fetch(dm, message_id), label="Undo"))
    plain = fetch(dm, message_id)
    no_picture(plain)
    assert "Undone" in plain.embeds[0].description, "the move and its text are all there"


async def test_a_flood_game_in_a_server_carries_its_picture_privately(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("flood")
    fay = guild.add_member(env.create_user("fay"))
    other = guild.add_member(env.create_user("other"))
    simcord_bot.solo.seeds = [3]
    res = acknowledged(await fay.slash(channel, "flood play", difficulty="easy"))
    assert res.ephemeral
    message_id = res.response.id
    message = fetch(channel, message_id, fay)
    flood = picture_of(message, "flood.png")
    game = flood_session(simcord_bot, fay).game
    assert isinstance(game, FloodGame)
    view = game.view()
    assert f"Top card {view.discard_top.label}" in flood.description
    assert f"Decks survived 0 of {view.target}" in flood.description
    assert f"Your hand ({len(view.hand)})" in flood.description
    assert message_id not in {m.id for m in channel.history(viewer=other)}

    await greedy_move(fay, message, game)
    moved = picture_of(fetch(channel, message_id, fay), "flood.png")
    assert f"Draw pile {game.view().draw_pile_size} cards" in moved.description

    acknowledged(await fay.slash(channel, "preferences", pictures="off"))
    await greedy_move(fay, fetch(channel, message_id, fay), game)
    no_picture(fetch(channel, message_id, fay))
    # Back on: the next message has it again.
    acknowledged(await fay.slash(channel, "preferences", pictures="on"))
    res = acknowledged(await fay.slash(channel, "flood play", difficulty="easy"))
    picture_of(res.followups[0] if res.followups else res.response, "flood.png")


async def test_puzzles_show_the_chain_and_the_duel(simcord_env: Any, simcord_bot: UnoBot) -> None:
    ada = simcord_env.create_user("ada")
    dm = ada.dm_channel
    res = acknowledged(await ada.slash("puzzle random", size=6))
    message_id = res.response.id
    chain = picture_of(fetch(dm, message_id), "puzzle.png")
    assert "Chain (0 of 6): no card played." in chain.description
    assert "(playable)" in chain.description
    session = simcord_bot.solo.of(ada.id, "puzzle-practice")
    assert session is not None and isinstance(session.game, ChainPuzzle)
    first = session.game.solution()[0]
    acknowledged(await ada.click(fetch(dm, message_id), custom_id=f"solo:{session.game_id}:0:play {first}"))
    chain = picture_of(fetch(dm, message_id), "puzzle.png")
    assert "Chain (1 of 6): " in chain.description

    simcord_bot.solo.seeds = [9]
    res = acknowledged(await ada.slash("puzzle duel"))
    duel = picture_of(fetch(dm, res.response.id), "duel.png")
    assert "The bot's hand (7)" in duel.description and "Your hand (7)" in duel.description
    assert "Last card played: no card yet" in duel.description

    acknowledged(await ada.slash("preferences", pictures="off"))
    await resign(ada, dm, res.response.id, label="Give up")
    no_picture(fetch(dm, res.response.id))


async def test_pictures_are_drawn_off_the_event_loop(
    simcord_env: Any, simcord_bot: UnoBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    from bot.render.images import flood

    threads: list[threading.Thread] = []
    encode = flood.encode

    def watched(*args: Any) -> Any:
        threads.append(threading.current_thread())
        return encode(*args)

    monkeypatch.setattr(flood, "encode", watched)
    flo = simcord_env.create_user("flo")
    res = acknowledged(await flo.slash("flood play", difficulty="easy"))
    picture_of(fetch(flo.dm_channel, res.response.id), "flood.png")
    assert threads and threading.main_thread() not in threads


@pytest.mark.logged_errors_expected
async def test_a_picture_that_cannot_be_drawn_leaves_the_game_as_text(
    simcord_env: Any, simcord_bot: UnoBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*args: object) -> None:
        raise RuntimeError("no picture today")

    monkeypatch.setattr("bot.render.images.flood.encode", broken)
    flo = simcord_env.create_user("flo")
    dm = flo.dm_channel
    simcord_bot.solo.seeds = [3]
    res = acknowledged(await flo.slash("flood play", difficulty="easy"))
    message = fetch(dm, res.response.id)
    no_picture(message)
    assert message.embeds[0].fields, "the text version is whole"
    session = flood_session(simcord_bot, flo)
    game = session.game
    assert isinstance(game, FloodGame)
    await greedy_move(flo, message, game)
    assert session.move == 1, "the move went through"
    no_picture(fetch(dm, res.response.id))


@pytest.mark.logged_errors_expected
async def test_a_refused_picture_never_loses_the_move(simcord_env: Any, simcord_bot: UnoBot) -> None:
    env = simcord_env
    flo = env.create_user("flo")
    dm = flo.dm_channel
    simcord_bot.solo.seeds = [3]
    res = acknowledged(await flo.slash("flood play", difficulty="easy"))
    message_id = res.response.id
    picture_of(fetch(dm, message_id), "flood.png")
    session = flood_session(simcord_bot, flo)
    game = session.game
    assert isinstance(game, FloodGame)
    # Discord refuses the next edit with its file (too large, say); the text edit goes through.
    env.inject_error(
        "PATCH", "/webhooks/*/messages/@original", status=413, code=40005, message="Request entity too large"
    )
    await greedy_move(flo, fetch(dm, message_id), game)
    assert session.move == 1
    shown = fetch(dm, message_id)
    no_picture(shown)
    assert f"move {session.move}" in shown.embeds[0].footer.text
    # The next move is shown with its picture again.
    await greedy_move(flo, shown, game)
    picture_of(fetch(dm, message_id), "flood.png")


async def test_a_replay_shows_each_step_as_a_picture_too(simcord_env: Any, simcord_bot: UnoBot) -> None:
    sol = simcord_env.create_user("sol")
    dm = sol.dm_channel
    simcord_bot.solo.seeds = [5]
    res = acknowledged(await sol.slash("solitaire play"))
    acknowledged(await sol.click(fetch(dm, res.response.id), label="Draw 3"))
    await resign(sol, dm, res.response.id)
    asked = acknowledged(await sol.slash("solitaire replay"))
    picker = asked.response or asked.followups[0]
    select = next(c for c in flat_components(picker) if c["type"] == 3)
    acknowledged(await sol.select(picker, [select["options"][0]["value"]], custom_id=select["custom_id"]))
    deal = picture_of(fetch(dm, picker.id, sol), "tableau.png")
    acknowledged(await sol.click(fetch(dm, picker.id, sol), label="Next ▶"))
    drawn = picture_of(fetch(dm, picker.id, sol), "tableau.png")
    assert drawn.description != deal.description, "the picture shows the step"

    acknowledged(await sol.slash("preferences", pictures="off"))
    acknowledged(await sol.click(fetch(dm, picker.id, sol), label="⏮ First"))
    no_picture(fetch(dm, picker.id, sol))


async def test_a_won_flood_games_picture_says_its_end_as_one_sentence(
    simcord_env: Any, simcord_bot: UnoBot, client_locales: ClientLocales
) -> None:
    """The alt text of a won game's picture ends its prompt with one mark: it read 'Decks survived
    2 of 2. You survived the flood!. Your hand (23): …' ('Du hast die Flut überlebt!.' in German)."""
    for name, language, survived in (("ann", "en-US", "You survived the flood."), ("uwe", "de", None)):
        player = simcord_env.create_user(name)
        client_locales.users[player.id] = language
        simcord_bot.solo.seeds = [short_win()]
        message_id = acknowledged(
            await player.slash("flood play", difficulty="easy", deck="standard")
        ).response.id
        session = flood_session(simcord_bot, player)
        while not session.phase.is_over:
            game = session.game
            assert isinstance(game, FloodGame)
            action = str(GreedyPlayer().choose(game.view()))
            message = fetch(player.dm_channel, message_id)
            select = next(
                (
                    c
                    for c in flat_components(message)
                    if c["type"] == 3 and action in {o["value"] for o in c["options"]}
                ),
                None,
            )
            if select is not None:
                acknowledged(await player.select(message, [action], custom_id=select["custom_id"]))
            else:
                acknowledged(
                    await player.click(message, custom_id=f"solo:{session.game_id}:{session.move}:{action}")
                )
        assert session.won
        alt = picture_of(fetch(player.dm_channel, message_id), "flood.png").description
        assert "!." not in alt and " !." not in alt
        said = survived or "Du hast die Flut überlebt."
        assert f". {said} " in alt, alt

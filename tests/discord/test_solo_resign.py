"""Resign (Survive the Flood, UNO Solitaire) and Give up (the puzzles) ask first: a misclick must
not lose a game and its streak. The question replaces the controls on the game's own message;
its red button ends the game, Keep playing puts the controls back, and a question asked at an
earlier move ends nothing."""

from __future__ import annotations

from datetime import date
from datetime import timedelta
from typing import Any

from bot.app import UnoBot
from bot.games.flood import FloodGame
from bot.games.puzzles import ChainPuzzle
from bot.games.puzzles import PlayCard
from bot.games.solver import solve_uno1
from tests.discord.flood_driver import fetch
from tests.discord.flood_driver import greedy_move
from tests.discord.flood_driver import resign
from tests.discord.flood_driver import short_win
from tests.discord.uno_driver import acknowledged
from tests.discord.uno_driver import button_labels
from tests.discord.uno_driver import flat_components

SIMCORD_FIRST_DAY = date(2026, 1, 1)  # where SimCord's virtual clock starts
STALE = "That button is from an earlier position"


async def asked(user: Any, channel: Any, message_id: int, viewer: Any = None, *, label: str) -> Any:
    """The game's red button clicked once: the game is shown again, its controls replaced by the
    question's two buttons; the message as it is then."""
    title = fetch(channel, message_id, viewer).embeds[0].title
    acknowledged(await user.click(fetch(channel, message_id, viewer), label=label))
    message = fetch(channel, message_id, viewer)
    assert message.embeds[0].title == title, "the game stays in view"
    assert button_labels(message) == [label, "Keep playing"]
    return message


async def asked_then_kept(user: Any, channel: Any, message_id: int, *, label: str, question: str) -> None:
    """Asked (the question leads the message), then Keep playing: the controls as they were."""
    controls = button_labels(fetch(channel, message_id))
    message = await asked(user, channel, message_id, label=label)
    assert message.embeds[0].description.startswith(question)
    acknowledged(await user.click(message, label="Keep playing"))
    back = fetch(channel, message_id)
    assert button_labels(back) == controls
    assert question not in back.embeds[0].description


async def refused_as_stale(
    user: Any, channel: Any, message_id: int, viewer: Any = None, *, label: str
) -> None:
    """The question's red button, clicked once the game has moved on: refused, nothing ends."""
    refused = acknowledged(await user.click(fetch(channel, message_id, viewer), label=label))
    assert STALE in " ".join(str(m.content) for m in refused.followups)


async def on_a_streak(env: Any, bot: UnoBot, name: str, kind: str, variant: str, wins: int) -> Any:
    """A new player whose record has a win streak of `wins`, for the question to name."""
    user = env.create_user(name)
    for _ in range(wins):
        await bot.store.record_solo_result(user.id, kind, variant, True, display_name=name)
    return user


async def test_resign_in_a_flood_game_asks_first_and_names_the_streak_it_would_end(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    ann = await on_a_streak(simcord_env, simcord_bot, "ann", "flood", "easy/uno", 3)
    dm = ann.dm_channel
    res = acknowledged(await ann.slash("flood play", difficulty="easy"))
    message_id = res.response.id
    assert button_labels(fetch(dm, message_id))[-2:] == ["Hint", "Resign"]
    # The red button's action is the one a game's message carried before Resign asked: a message
    # drawn before then asks too, instead of resigning at once.
    [red] = [c for c in flat_components(fetch(dm, message_id)) if c.get("label") == "Resign"]
    assert red["custom_id"].endswith(":resign")
    question = "Resign this game? It counts as a loss and ends your win streak of 3."
    await asked_then_kept(ann, dm, message_id, label="Resign", question=question)
    assert simcord_bot.solo.of(ann.id, "flood") is not None, "neither click ended anything"

    await resign(ann, dm, message_id)
    ended = fetch(dm, message_id)
    assert ended.embeds[0].title == "🌊 The flood won"
    assert "Streak reset. Best streak: 3 · 3/4 won." in ended.embeds[0].description
    assert simcord_bot.solo.of(ann.id, "flood") is None


async def test_a_private_flood_game_asks_without_a_streak_and_an_old_question_ends_nothing(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    lou = guild.add_member(env.create_user("lou"))
    simcord_bot.solo.seeds = [short_win()]
    first = acknowledged(await lou.slash(channel, "flood play", difficulty="easy", deck="standard"))
    assert first.ephemeral
    message = await asked(lou, channel, first.response.id, lou, label="Resign")
    assert message.embeds[0].description.startswith("Resign this game? It counts as a loss.\n")
    assert "streak" not in message.embeds[0].description, "no streak to lose: none is named"

    # The game shown again in another message, and played on there: the question's move is past.
    again = acknowledged(await lou.slash(channel, "flood play", difficulty="easy", deck="standard"))
    session = simcord_bot.solo.of(lou.id, "flood")
    assert session is not None and isinstance(session.game, FloodGame)
    await greedy_move(lou, fetch(channel, again.response.id, lou), session.game)
    assert session.move == 1
    await refused_as_stale(lou, channel, first.response.id, lou, label="Resign")
    assert simcord_bot.solo.of(lou.id, "flood") is session and not session.phase.is_over
    shown = fetch(channel, first.response.id, lou)
    assert "move 1" in shown.embeds[0].footer.text and "Hint" in button_labels(shown)

    await resign(lou, channel, first.response.id, lou)
    assert fetch(channel, first.response.id, lou).embeds[0].title == "🌊 The flood won"
    [stats] = await simcord_bot.records.solo_stats(lou.id, "flood")
    assert (stats.games, stats.wins) == (1, 0)


async def test_resign_in_solitaire_asks_first_and_an_old_question_ends_nothing(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    sol = await on_a_streak(simcord_env, simcord_bot, "sol", "solitaire", "draw3", 2)
    dm = sol.dm_channel
    simcord_bot.solo.seeds = [5]
    message_id = acknowledged(await sol.slash("solitaire play")).response.id
    question = "Resign this game? It counts as a loss and ends your win streak of 2."
    await asked_then_kept(sol, dm, message_id, label="Resign", question=question)

    await asked(sol, dm, message_id, label="Resign")
    again = acknowledged(await sol.slash("solitaire play"))
    acknowledged(await sol.click(fetch(dm, again.response.id), label="Draw 3"))
    await refused_as_stale(sol, dm, message_id, label="Resign")
    assert simcord_bot.solo.of(sol.id, "solitaire") is not None

    await resign(sol, dm, again.response.id)
    ended = fetch(dm, again.response.id)
    assert ended.embeds[0].title == "🃏 UNO Solitaire: game over"
    assert "Streak reset. Best streak: 2 · 2/3 won." in ended.embeds[0].description


async def test_give_up_on_the_daily_puzzle_asks_first_and_names_the_daily_streak(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    ada = simcord_env.create_user("ada")
    dm = ada.dm_channel
    for days_before in (2, 1):
        await simcord_bot.store.record_daily_puzzle(
            ada.id, "ada", SIMCORD_FIRST_DAY - timedelta(days=days_before), solved=True, moves=10, undos=0
        )
    message_id = acknowledged(await ada.slash("puzzle daily")).response.id
    assert button_labels(fetch(dm, message_id))[-3:] == ["Undo", "Restart", "Give up"]
    question = "Give up this puzzle? It counts as not solved and ends your daily streak of 2."
    await asked_then_kept(ada, dm, message_id, label="Give up", question=question)

    # Asked, then a card played on another showing of the puzzle: the old question ends nothing.
    await asked(ada, dm, message_id, label="Give up")
    again = acknowledged(await ada.slash("puzzle daily"))
    session = simcord_bot.solo.of(ada.id, "puzzle-daily")
    assert session is not None and isinstance(session.game, ChainPuzzle)
    order = solve_uno1(session.game.hand).order
    assert order is not None
    card = f"solo:{session.game_id}:0:{PlayCard(order[0])}"
    acknowledged(await ada.click(fetch(dm, again.response.id), custom_id=card))
    assert session.move == 1
    await refused_as_stale(ada, dm, message_id, label="Give up")
    assert not session.phase.is_over

    await resign(ada, dm, again.response.id, label="Give up")
    ended = fetch(dm, again.response.id).embeds[0]
    assert ended.title.startswith("🧩 Given up · Daily puzzle")
    assert "Daily streak: **0** (best 2)" in ended.description
    assert await simcord_bot.store.daily_puzzle_result(ada.id, SIMCORD_FIRST_DAY) is False


async def test_give_up_on_a_practice_puzzle_and_a_duel_asks_first(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("puzzles")
    kai = guild.add_member(env.create_user("kai"))
    for command, question, ended in (
        ("puzzle random", "Give up this puzzle? It counts as not solved.\n", "🧩 Given up · Practice puzzle"),
        ("puzzle duel", "Give up this duel? The bot wins it.\n", "⚔️ Duel: the bot won"),
    ):
        res = acknowledged(await kai.slash(channel, command))
        assert res.ephemeral
        message = await asked(kai, channel, res.response.id, kai, label="Give up")
        assert message.embeds[0].description.startswith(question)
        assert simcord_bot.solo.sessions_of(kai.id), "asking ends nothing"
        acknowledged(await kai.click(message, label="Give up"))
        assert fetch(channel, res.response.id, kai).embeds[0].title.startswith(ended)
        assert not simcord_bot.solo.sessions_of(kai.id)


async def test_keep_playing_on_a_question_left_behind_shows_the_game_as_it_stands(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    """Keep playing asks for nothing to be done: the game moving on meanwhile is no refusal."""
    sol = simcord_env.create_user("sol")
    dm = sol.dm_channel
    simcord_bot.solo.seeds = [5]
    message_id = acknowledged(await sol.slash("solitaire play")).response.id
    await asked(sol, dm, message_id, label="Resign")
    again = acknowledged(await sol.slash("solitaire play"))
    acknowledged(await sol.click(fetch(dm, again.response.id), label="Draw 3"))

    kept = acknowledged(await sol.click(fetch(dm, message_id), label="Keep playing"))
    assert not [m.content for m in kept.followups if STALE in str(m.content)]
    back, played_on = fetch(dm, message_id), fetch(dm, again.response.id)
    assert "Undo" in button_labels(back), "the controls of the move played since"
    assert button_labels(back) == button_labels(played_on)
    assert back.embeds[0] == played_on.embeds[0], "the game as it stands"

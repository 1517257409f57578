"""The daily puzzle's day, as players see it, checked against reports filed on other daily-puzzle
games (the engine-side checks are in tests/test_peer_reports_solo_rules.py)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from bot.app import UnoBot
from bot.games.puzzles import ChainPuzzle
from bot.games.puzzles import daily_puzzle
from tests.discord.test_puzzle_play import SIMCORD_FIRST_DAY
from tests.discord.test_puzzle_play import session_of
from tests.discord.test_puzzle_play import solve_from_scratch
from tests.discord.uno_driver import acknowledged


# https://github.com/cwackerfuss/reactle/issues/114 (friends given different words on the same
# day), https://ofb.biz/safari/article/1193.html (a streak extended just before midnight, then
# the next day's game, played just after it, counted as a streak of one) and
# https://github.com/Checkora/Checkora/pull/1499 (days kept on one clock, checked on another):
# one puzzle per UTC day for everyone, wherever they ask, and days solved either side of
# midnight UTC make a streak of two.
async def test_everyone_gets_the_days_puzzle_and_solving_either_side_of_midnight_is_a_streak(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("puzzles")
    bob = guild.add_member(env.create_user("bob"))
    ada = env.create_user("ada")

    # Bob asks in a server at midnight, Ada in her DMs ten minutes before the day ends.
    acknowledged(await bob.slash(channel, "puzzle daily"))
    bobs = session_of(simcord_bot, bob, "puzzle-daily").game
    await env.advance_time(23 * 3600 + 50 * 60)
    first = acknowledged(await ada.slash("puzzle daily")).response
    adas = session_of(simcord_bot, ada, "puzzle-daily")
    assert isinstance(bobs, ChainPuzzle) and isinstance(adas.game, ChainPuzzle)
    assert adas.game.hand == bobs.hand == daily_puzzle(SIMCORD_FIRST_DAY).hand
    solved = await solve_from_scratch(ada, ada.dm_channel, first.id, adas)
    assert "🔥 Daily streak: **1** (best 1)" in solved.embeds[0].description

    # Twenty minutes later it is the next UTC day: the next puzzle, and the streak goes on.
    await env.advance_time(20 * 60)
    second = acknowledged(await ada.slash("puzzle daily")).response
    adas = session_of(simcord_bot, ada, "puzzle-daily")
    assert isinstance(adas.game, ChainPuzzle)
    next_day = SIMCORD_FIRST_DAY + timedelta(days=1)
    assert adas.game.day == next_day and adas.game.hand == daily_puzzle(next_day).hand
    assert adas.game.hand != bobs.hand
    solved = await solve_from_scratch(ada, ada.dm_channel, second.id, adas)
    assert solved.embeds[0].title.startswith("🧩 Solved! · Daily puzzle · Friday 2 January")
    assert "🔥 Daily streak: **2** (best 2)" in solved.embeds[0].description

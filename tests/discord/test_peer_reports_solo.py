"""Bug reports filed on other game and stats bots, checked through SimCord against our boards and
solo games: each test pins a fault a peer project had (its report cited above the test) that
nothing else here pinned, or one we had too and fixed."""

from __future__ import annotations

from typing import Any

from bot.app import UnoBot
from tests.discord.flood_driver import fetch
from tests.discord.test_stats_boards import FILLERS
from tests.discord.test_stats_boards import lines
from tests.discord.test_stats_boards import shown
from tests.discord.test_stats_boards import world
from tests.discord.uno_driver import acknowledged
from tests.discord.uno_driver import button_labels


# https://github.com/webdevcody/code-racer/issues/332 (a leaderboard's page count disagreeing with
# its pages: pages with nobody on them); https://github.com/coding-blocks/boss/issues/365
async def test_a_page_the_board_no_longer_has_shows_its_last_page(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    channel, users, _ = await world(simcord_env, simcord_bot)
    first = shown(acknowledged(await users["cat"].slash(channel, "leaderboard", game="puzzle")))
    assert first.embeds[0].footer.text == "Page 1 of 2 · 15 players"
    # The second page's players ask to be forgotten while the first page is on screen.
    for user_id in FILLERS[7:]:
        await simcord_bot.records.forget_user(user_id)
    acknowledged(await users["cat"].click(first, label="Next ▶"))
    now = fetch(channel, first.id)
    assert now.embeds[0].footer.text == "Page 1 of 1 · 10 players"
    assert lines(now)[0] == "**1.** bob: best streak 7 · current streak 0 · 7 solved"
    assert button_labels(now) == []

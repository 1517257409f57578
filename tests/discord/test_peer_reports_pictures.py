"""Bug reports filed on other Discord bots that send pictures, checked through SimCord against what
our players see (the render-side reports are in tests/render/test_peer_reports_pictures.py)."""

from __future__ import annotations

import random
from typing import Any

from bot.app import UnoBot
from tests.discord.uno_driver import channel_table_message
from tests.discord.uno_driver import open_table
from tests.discord.uno_driver import take_turn
from tests.discord.uno_driver import whose_turn


# https://github.com/abalabahaha/eris/issues/1417 ("the generated images are stacking in the
# edited message every 15s": an edit appends its file unless it lists the attachments to keep),
# https://github.com/discord/discord-api-docs/issues/936 (replacing the image of an edited
# message) and https://github.com/Rapptz/discord.py/issues/5139 (after an edit the embed's
# attached image shows again above the embed): the table message is edited on every move; it
# keeps one picture, the current one, shown inside its embed.
async def test_the_table_message_keeps_one_picture_that_follows_the_moves(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    channel, players = await open_table(simcord_env, ["alice", "bob"], start=True)
    by_id = {player.id: player for player in players}
    [first] = channel_table_message(channel).attachments
    rng = random.Random(2)
    for _ in range(4):
        await take_turn(by_id[whose_turn(channel_table_message(channel))], channel, players, rng)
    table_message = channel_table_message(channel)
    [picture] = table_message.attachments
    assert picture.filename == "table.png"
    assert table_message.embeds[0].image.url == "attachment://table.png"
    assert picture.description != first.description, "the picture follows the moves"
    pictured = [m.id for m in channel.history() if m.attachments]
    assert pictured == [table_message.id], "no other message carries a picture of the table"

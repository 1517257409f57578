"""`/preferences`: each of a player's choices, said back as it now stands."""

from __future__ import annotations

from typing import Any

from bot.app import UnoBot
from tests.discord.uno_driver import acknowledged

PICTURES_ON = "Card pictures are on."
PINGS_ON, PINGS_OFF = "Turn pings are on:", "Turn pings are off:"


async def test_turn_pings_switch_off_and_on_for_that_player_alone(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("general")
    ann_user = simcord_env.create_user("ann")
    ann, bob = guild.add_member(ann_user), guild.add_member(simcord_env.create_user("bob"))

    shown = acknowledged(await ann.slash(channel, "preferences"))
    assert shown.ephemeral
    assert shown.response.content.splitlines() == [
        f"{PICTURES_ON} Change it with `/preferences pictures:`.",
        f"{PINGS_ON} at a server table with other people, a short message mentions you when your "
        "turn comes. Change it with `/preferences turn_pings:`.",
    ]

    told = acknowledged(await ann.slash(channel, "preferences", turn_pings="off"))
    assert told.ephemeral and told.response.content.startswith(PINGS_OFF)
    assert "pictures" not in told.response.content.split(".")[0], "only the choice made is said"
    assert not await simcord_bot.preferences.turn_pings_for(ann.id)
    assert await simcord_bot.preferences.turn_pings_for(bob.id)
    assert await simcord_bot.preferences.pictures_for(ann.id, guild.id), "pictures stay as they were"

    told = acknowledged(await ann.slash(channel, "preferences", pictures="off"))
    assert "Turn pings" not in told.response.content
    assert not await simcord_bot.preferences.turn_pings_for(ann.id), "turn pings stay as they were"

    told = acknowledged(await ann_user.slash("preferences", turn_pings="on"))  # in a DM with the bot
    assert told.response.content.startswith(PINGS_ON)
    assert await simcord_bot.preferences.turn_pings_for(ann.id)

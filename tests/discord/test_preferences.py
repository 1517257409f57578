"""`/preferences`: each of a player's choices, said back as it now stands."""

from __future__ import annotations

from typing import Any

import discord

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
        "turn comes, and between rounds when the table names you to deal. "
        "Change it with `/preferences turn_pings:`.",
    ]

    told = acknowledged(await ann.slash(channel, "preferences", turn_pings="off"))
    assert told.ephemeral and told.response.content.startswith(PINGS_OFF)
    # The deal's ping stops too: said, so nobody waits for one.
    assert "names you to deal" in told.response.content
    assert "pictures" not in told.response.content.split(".")[0], "only the choice made is said"
    assert not await simcord_bot.preferences.turn_pings_for(ann.id, guild.id)
    assert await simcord_bot.preferences.turn_pings_for(bob.id, guild.id)
    assert await simcord_bot.preferences.pictures_for(ann.id, guild.id), "pictures stay as they were"

    told = acknowledged(await ann.slash(channel, "preferences", pictures="off"))
    assert "Turn pings" not in told.response.content
    assert not await simcord_bot.preferences.turn_pings_for(ann.id, guild.id), "turn pings stay as they were"

    told = acknowledged(await ann_user.slash("preferences", turn_pings="on"))  # in a DM with the bot
    assert told.response.content.startswith(PINGS_ON)
    assert await simcord_bot.preferences.turn_pings_for(ann.id, guild.id)


SERVER_OFF = "This server has turn pings off, so you are not mentioned here whatever you choose."


async def test_preferences_tell_a_player_when_their_server_has_turn_pings_off(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    env = simcord_env
    guild, other = env.create_guild(), env.create_guild()
    channel, elsewhere = guild.create_text_channel("general"), other.create_text_channel("general")
    admins = guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(env.create_user("admin"), roles=[admins])
    ann_user = env.create_user("ann")
    ann = guild.add_member(ann_user)
    ann_elsewhere = other.add_member(ann_user)
    acknowledged(await admin.slash(channel, "uno settings", turn_pings=False))

    shown = acknowledged(await ann.slash(channel, "preferences")).response.content.splitlines()
    assert shown[1].startswith(PINGS_ON) and shown[2:] == [SERVER_OFF], shown
    told = acknowledged(await ann.slash(channel, "preferences", turn_pings="on"))
    assert told.response.content.splitlines()[1:] == [SERVER_OFF]
    assert not await simcord_bot.preferences.turn_pings_for(ann.id, guild.id)
    told = acknowledged(await ann.slash(channel, "preferences", pictures="off"))
    assert SERVER_OFF not in told.response.content, "only about pings"

    # Elsewhere, and in a DM, only her own choice.
    for told in (
        acknowledged(await ann_elsewhere.slash(elsewhere, "preferences", turn_pings="on")),
        acknowledged(await ann_user.slash("preferences", turn_pings="on")),
    ):
        assert told.response.content.startswith(PINGS_ON) and SERVER_OFF not in told.response.content
    assert await simcord_bot.preferences.turn_pings_for(ann.id, other.id)


async def test_pictures_as_the_server_says_is_said_back_as_following_the_server(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    """Before, `pictures:server` answered "Card pictures are on.", as if the player had turned
    them on: nothing said they now follow each server's setting."""
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("general")
    ann_user = simcord_env.create_user("ann")
    ann = guild.add_member(ann_user)
    await simcord_bot.preferences.set_server_pictures(guild.id, False)
    acknowledged(await ann.slash(channel, "preferences", pictures="on"))
    told = acknowledged(await ann.slash(channel, "preferences", pictures="server"))
    assert told.ephemeral
    assert told.response.content == (
        "Card pictures now follow each server's setting: off in this server. "
        "Change it with `/preferences pictures:`."
    )
    assert not await simcord_bot.preferences.pictures_for(ann.id, guild.id)
    told = acknowledged(await ann_user.slash("preferences", pictures="server"))  # in a DM with the bot
    assert told.response.content == (
        "Card pictures now follow each server's setting (on in DMs with the bot). "
        "Change it with `/preferences pictures:`."
    )

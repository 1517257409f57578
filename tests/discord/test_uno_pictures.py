"""Card pictures through Discord: the table and hand messages carry their picture with its text
description, a player's text-only preference removes theirs, and a server's default removes the
table's."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.app import UnoBot
from tests.discord.conftest import ClientLocales
from tests.discord.uno_driver import acknowledged
from tests.discord.uno_driver import channel_table_message
from tests.discord.uno_driver import flat_components
from tests.discord.uno_driver import open_hand


async def start_table(env: Any, guild: Any, channel: Any, names: list[str]) -> list[Any]:
    players = [guild.add_member(env.create_user(name)) for name in names]
    acknowledged(await players[0].slash(channel, "uno start"))
    for player in players[1:]:
        acknowledged(await player.click(channel.last_message, label="Join"))
    acknowledged(await players[0].click(channel.last_message, label="Start"))
    return players


async def test_table_and_hand_carry_pictures_until_a_player_turns_them_off(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("pictures")
    players = await start_table(env, guild, channel, ["alice", "bob"])
    table_message = channel_table_message(channel)
    [picture] = table_message.attachments
    assert picture.filename == "table.png"
    assert picture.description and "alice" in picture.description and "7 cards" in picture.description
    assert table_message.embeds[0].image.url.endswith("table.png")

    hand = await open_hand(players[1], table_message, players, channel)
    [card_picture] = hand.attachments
    assert card_picture.filename == "hand.png"
    assert card_picture.description.startswith("Your hand: 1 ")

    told = acknowledged(await players[1].slash(channel, "preferences", pictures="off"))
    assert "Card pictures are off" in told.response.content
    hand = await open_hand(players[1], table_message, players, channel)
    assert hand.attachments == []
    # The text is all there without the picture.
    assert "Your hand" in hand.content
    # Alice kept hers.
    hand = await open_hand(players[0], table_message, players, channel)
    assert len(hand.attachments) == 1


async def test_a_server_default_off_leaves_the_table_as_text(simcord_env: Any, simcord_bot: UnoBot) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("plain")
    admins = guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(env.create_user("admin"), roles=[admins])
    told = acknowledged(await admin.slash(channel, "uno settings", pictures=False))
    assert "off" in told.response.content
    players = await start_table(env, guild, channel, ["carol", "dan"])
    table_message = channel_table_message(channel)
    assert table_message.attachments == []
    assert table_message.embeds[0].image.url is None
    hand = await open_hand(players[0], table_message, players, channel)
    assert hand.attachments == []
    # A player's own choice beats the server's default.
    acknowledged(await players[1].slash(channel, "preferences", pictures="on"))
    hand = await open_hand(players[1], table_message, players, channel)
    assert len(hand.attachments) == 1


async def test_a_refused_picture_leaves_the_table_and_the_hand_as_text(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("refused")
    players = [guild.add_member(env.create_user(name)) for name in ("erin", "finn")]
    acknowledged(await players[0].slash(channel, "uno start"))
    acknowledged(await players[1].click(channel.last_message, label="Join"))
    # Discord refuses the table's first picture (too large, say): the game starts all the same.
    too_large: dict[str, Any] = {"status": 413, "code": 40005, "message": "Request entity too large"}
    env.inject_error("PATCH", f"/channels/{channel.id}/messages/*", **too_large)
    acknowledged(await players[0].click(channel.last_message, label="Start"))
    assert simcord_bot.tables.in_channel(channel.id).game is not None
    table_message = channel_table_message(channel)
    assert table_message.attachments == []
    assert table_message.embeds[0].image.url is None
    assert "turn 1" in table_message.embeds[0].footer.text, "the table is shown, as text"

    # A refused hand picture: the hand comes as text. (The click is acknowledged first; the hand
    # follows through the interaction's webhook.)
    env.inject_error("POST", "/webhooks/*", **too_large)
    hand = await open_hand(players[1], table_message, players, channel)
    assert hand.attachments == [] and "Your hand" in hand.content
    # Nothing refused any more: the pictures are back.
    hand = await open_hand(players[0], table_message, players, channel)
    assert len(hand.attachments) == 1


async def test_the_card_menu_lists_the_playable_cards_in_the_pictures_order(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    """The hand picture shows the cards sorted by colour and number, numbered; the menu of cards to
    play lists the playable ones in that same order, not in the order they were dealt."""
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("order")
    players = await start_table(env, guild, channel, ["alice", "bob", "carol", "dave"])
    table = simcord_bot.tables.in_channel(channel.id)
    assert table is not None and table.game is not None
    current = next(p for p in players if p.id == table.members[table.game.current].user_id)
    hand = await open_hand(current, channel_table_message(channel), players, channel)
    described = hand.attachments[0].description.removeprefix("Your hand: ").split(", ")
    playable = [
        item.split(" ", 1)[1].removesuffix(" (playable)") for item in described if "(playable)" in item
    ]
    select = next(c for c in flat_components(hand) if c["type"] == 3)
    labels = [option["label"] for option in select["options"]]
    assert len(labels) == len(playable) >= 2, (labels, playable)
    assert all(name in label for name, label in zip(playable, labels, strict=True)), (playable, labels)


async def test_the_pictures_speak_the_tables_and_the_readers_language(
    simcord_env: Any, simcord_bot: UnoBot, client_locales: ClientLocales
) -> None:
    """The table's picture is in the table's language and a hand's in its reader's, as their
    text is: a German server's table is described in German, a French player's hand in French.
    Before, both pictures spoke English wherever they were shown."""
    env = simcord_env
    guild = env.create_guild()
    client_locales.servers[guild.id] = "de"
    channel = guild.create_text_channel("bilder")
    alice, bob = (guild.add_member(env.create_user(name)) for name in ("alice", "bob"))
    acknowledged(await alice.slash(channel, "uno start"))
    acknowledged(await bob.click(channel.last_message, label="Beitreten"))
    acknowledged(await alice.click(channel.last_message, label="Starten"))
    client_locales.users[bob.id] = "fr"
    table_message = channel.last_message
    [picture] = table_message.attachments
    assert picture.description.startswith("Oberste Karte "), picture.description
    assert re.search(r"alice( \(am Zug\))?: 7 Karten", picture.description), picture.description

    hand = acknowledged(await bob.click(table_message, label="Meine Hand zeigen")).response
    [card_picture] = hand.attachments
    assert card_picture.description.startswith("Votre main : "), card_picture.description

"""Discord's limits hold for the biggest tables: 10 players, a 60-card hand."""

from __future__ import annotations

from typing import Any

from bot.app import UnoBot
from tests.discord.uno_driver import SEEN_CUSTOM_IDS
from tests.discord.uno_driver import assert_table_message_matches
from tests.discord.uno_driver import button_labels
from tests.discord.uno_driver import channel_table_message
from tests.discord.uno_driver import flat_components
from tests.discord.uno_driver import open_hand
from tests.discord.uno_driver import table_of
from tests.discord.uno_driver import whose_turn


async def test_ten_players_and_a_sixty_card_hand_fit_discord_limits(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("uno")
    players = [
        guild.add_member(env.create_user(f"player{i:02d}"), nick=f"A very long nickname {i:02d}")
        for i in range(10)
    ]
    await players[0].slash(channel, "uno start")
    lobby = channel.last_message
    for player in players[1:]:
        await player.click(lobby, label="Join")
    eleventh = guild.add_member(env.create_user("late"))
    res = await eleventh.click(channel.last_message, label="Join")
    assert "full" in res.followups[0].content
    await players[0].click(channel.last_message, label="Start")
    table = table_of(simcord_bot, channel)
    game = table.game
    assert game is not None
    by_id = {p.id: p for p in players}
    await assert_a_move_fits(channel, table, by_id, players)


async def test_a_sixty_card_hand_fits_discord_limits(simcord_env: Any, simcord_bot: UnoBot) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("uno")
    players = [guild.add_member(env.create_user(name)) for name in ("alice", "bob")]
    await players[0].slash(channel, "uno start")
    await players[1].click(channel.last_message, label="Join")
    await players[0].click(channel.last_message, label="Start")
    table = table_of(simcord_bot, channel)
    game = table.game
    assert game is not None
    # Hand the player to move 60 cards from the draw pile (SimCord checks every limit on send).
    seat = game.current
    while len(game.hands[seat]) < 60:
        game.hands[seat].append(game.draw_pile.pop())
    assert game.card_count == 108
    hand = await assert_a_move_fits(channel, table, {p.id: p for p in players}, players)
    assert "(61 cards)" in hand.content, "60 cards, then one drawn"


async def assert_a_move_fits(channel: Any, table: Any, by_id: dict[int, Any], players: list[Any]) -> Any:
    message = channel_table_message(channel)
    current = by_id[whose_turn(message)]
    hand = await open_hand(current, message, players, channel)
    assert len(hand.content) <= 2000
    for select in (c for c in flat_components(hand) if c["type"] == 3):
        assert len(select["options"]) <= 25
    # A move edits the table message with every player listed: a draw, or where the rules refuse
    # it to a player who can play (twist, T5), the first card the hand offers.
    if "Draw" in button_labels(hand):
        await current.click(hand, label="Draw")
    else:
        select = next(c for c in flat_components(hand) if c["type"] == 3)
        await current.select(hand, [select["options"][0]["value"]], custom_id=select["custom_id"])
    message = channel_table_message(channel)
    assert_table_message_matches(message, table)
    embed = message.embeds[0]
    assert len(embed) <= 6000
    assert all(len(f.value) <= 1024 for f in embed.fields)
    assert all(len(custom_id) <= 100 for custom_id in SEEN_CUSTOM_IDS)
    return hand


async def test_a_ten_player_twist_table_in_five_teams_with_a_sixty_card_hand_fits(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    """Twist says more per player (teams, their scores, suits): the biggest table still fits."""
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("twist")
    players = [
        guild.add_member(env.create_user(f"player{i:02d}"), nick=f"A very long nickname {i:02d}")
        for i in range(10)
    ]
    await players[0].slash(channel, "uno start", ruleset="twist", teams="5")
    for player in players[1:]:
        await player.click(channel.last_message, label="Join")
    await players[0].click(channel.last_message, label="Start")
    table = table_of(simcord_bot, channel)
    game = table.game
    assert game is not None and game.ruleset.playing_cards and len(game.teams) == 5
    seat = game.current
    while len(game.hands[seat]) < 60:
        game.hands[seat].append(game.draw_pile.pop())
    hand = await assert_a_move_fits(channel, table, {p.id: p for p in players}, players)
    assert "(59 cards)" in hand.content, "60 cards, then one played"

"""Picture preferences: a player's own choice beats the server's default, which is on unless
the server's admins switched it off. Turn pings: on unless the player or their server switched
them off (either "off" wins)."""

from __future__ import annotations

from bot.store import Store

USER, OTHER, GUILD, ELSEWHERE = 10**17 + 1, 10**17 + 2, 10**17 + 3, 10**17 + 4


async def test_pictures_are_on_until_someone_says_otherwise(store: Store) -> None:
    assert await store.pictures_on(USER, GUILD)
    assert await store.pictures_on(USER, None)
    assert await store.guild_pictures_on(GUILD)


async def test_the_server_default_applies_to_those_without_a_choice(store: Store) -> None:
    await store.set_guild_pictures(GUILD, False)
    assert not await store.guild_pictures_on(GUILD)
    assert not await store.pictures_on(USER, GUILD)
    assert await store.pictures_on(USER, ELSEWHERE)
    await store.set_user_pictures(USER, True)
    assert await store.pictures_on(USER, GUILD)
    assert not await store.pictures_on(OTHER, GUILD)
    # Back to following the server.
    await store.set_user_pictures(USER, None)
    assert not await store.pictures_on(USER, GUILD)
    await store.set_guild_pictures(GUILD, True)
    assert await store.pictures_on(USER, GUILD)


async def test_a_player_who_turns_pictures_off_gets_none_anywhere(store: Store) -> None:
    await store.set_user_pictures(USER, False)
    assert not await store.pictures_on(USER, GUILD)
    assert not await store.pictures_on(USER, None)
    await store.forget_user(USER)
    assert await store.pictures_on(USER, GUILD)


async def test_turn_pings_are_on_until_the_player_switches_them_off(store: Store) -> None:
    assert await store.turn_pings_on(USER, None)
    await store.set_user_turn_pings(USER, False)
    assert not await store.turn_pings_on(USER, None)
    assert await store.turn_pings_on(OTHER, None), "one player's choice is theirs alone"
    await store.set_user_turn_pings(USER, True)
    assert await store.turn_pings_on(USER, None)


async def test_turn_pings_and_pictures_are_two_choices_of_one_player(store: Store) -> None:
    await store.set_user_pictures(USER, False)
    await store.set_user_turn_pings(USER, False)
    assert not await store.pictures_on(USER, GUILD) and not await store.turn_pings_on(USER, None)
    await store.set_user_pictures(USER, None)
    assert await store.pictures_on(USER, GUILD) and not await store.turn_pings_on(USER, None)
    await store.set_user_turn_pings(OTHER, False)
    assert await store.pictures_on(OTHER, GUILD), "a turn-ping choice leaves pictures to the server"
    await store.set_guild_pictures(GUILD, False)
    assert not await store.pictures_on(OTHER, GUILD)


async def test_forgetting_a_player_forgets_their_turn_ping_choice(store: Store) -> None:
    await store.set_user_turn_pings(USER, False)
    await store.set_user_turn_pings(OTHER, False)
    await store.forget_user(USER)
    assert await store.turn_pings_on(USER, None)
    assert not await store.turn_pings_on(OTHER, None)


async def test_a_server_with_turn_pings_off_pings_nobody_there_whatever_its_players_chose(
    store: Store,
) -> None:
    assert await store.guild_turn_pings_on(GUILD) and await store.turn_pings_on(USER, GUILD)
    await store.set_user_turn_pings(USER, True)
    await store.set_guild_turn_pings(GUILD, False)
    assert not await store.guild_turn_pings_on(GUILD)
    assert not await store.turn_pings_on(USER, GUILD), "the server's off beats a player's on"
    assert not await store.turn_pings_on(OTHER, GUILD)
    assert await store.turn_pings_on(USER, ELSEWHERE) and await store.turn_pings_on(USER, None)
    assert await store.guild_turn_pings_on(ELSEWHERE) and await store.guild_turn_pings_on(None)

    await store.set_guild_turn_pings(GUILD, True)
    assert await store.turn_pings_on(USER, GUILD) and await store.turn_pings_on(OTHER, GUILD)
    await store.set_user_turn_pings(USER, False)
    assert not await store.turn_pings_on(USER, GUILD), "a player's off beats the server's on"
    assert await store.turn_pings_on(OTHER, GUILD)


async def test_a_servers_turn_pings_and_pictures_are_two_choices(store: Store) -> None:
    await store.set_guild_turn_pings(GUILD, False)
    assert await store.guild_pictures_on(GUILD), "switching pings off leaves pictures to the default"
    await store.set_guild_pictures(GUILD, False)
    assert not await store.guild_turn_pings_on(GUILD), "switching pictures leaves pings as they were"
    await store.set_guild_turn_pings(GUILD, True)
    assert not await store.guild_pictures_on(GUILD) and await store.guild_turn_pings_on(GUILD)
    await store.set_guild_pictures(GUILD, True)
    assert await store.guild_turn_pings_on(GUILD)

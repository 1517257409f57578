"""What the bot keeps about people and servers, and how it goes, checked against Discord's
Developer Terms and against bug reports filed on other bots and apps about deleting data: each
test pins a fault a peer project had (its report cited above the test) that nothing else here
pinned, or one we had too and fixed. Store tests run on a SQLite file, and on PostgreSQL when
TEST_DATABASE_URL names one (tests/store/conftest.py); what players see is in
tests/discord/test_peer_reports_data.py.

Discord's Developer Terms of Service, section 5(b), "API Data Sharing & Retention"
(https://github.com/discord/discord-api-docs/blob/main/docs/policies_and_agreements/Developer_Terms_of_Service.md):
delete API Data promptly when "retaining it is no longer necessary for your Application's stated
... functionality" or when "the applicable user requests you delete it", and "give users an
easily accessible way to ask for their API Data to be modified and deleted"."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from datetime import UTC
from datetime import date
from datetime import datetime

import pytest

from bot.sessions.manager import TableManager
from bot.sessions.places import TablePlace
from bot.sessions.records import Records
from bot.sessions.solo import SoloManager
from bot.store import GameRecord
from bot.store import GuildTablePlace
from bot.store import SeatResult
from bot.store import StaleGameSave
from bot.store import Store
from tests.store import conftest as store_fixtures
from tests.store.test_store_forget import tables_naming

# The store's fixtures, for this file outside tests/store: every backend the store runs on.
database_url = store_fixtures.database_url
pg_database = store_fixtures.pg_database
store = store_fixtures.store

# Distinct snowflakes: a column holding one of them names that user or server.
ALICE = 1_800_000_000_000_000_001
BOB = 1_800_000_000_000_000_002
CAROL = 1_800_000_000_000_000_003
LEFT = 1_800_000_000_000_000_100  # the server that removes the bot
STAYS = 1_800_000_000_000_000_101  # a server that keeps it
CHANNEL = 1_800_000_000_000_000_200
OTHER_CHANNEL = 1_800_000_000_000_000_201
ROLE = 1_800_000_000_000_000_300
T0 = datetime(2026, 6, 1, 20, 0, tzinfo=UTC)
DAY = date(2026, 6, 1)


async def configure(store: Store, guild_id: int, by: int) -> None:
    """Everything an admin can set for a server: its rules, where tables run, its switches."""
    await store.set_guild_uno_settings(guild_id, "twist", {"stacking": True}, updated_by=by)
    await store.set_guild_table_place(GuildTablePlace(guild_id, True, (CHANNEL,), ROLE))
    await store.set_guild_pictures(guild_id, False)
    await store.set_guild_turn_pings(guild_id, False)


async def finish_game(store: Store, guild_id: int, winner: int, loser: int) -> int:
    game_id = await store.record_finished_game(
        kind="uno",
        ruleset="official",
        guild_id=guild_id,
        channel_id=CHANNEL,
        finished_at=T0,
        seats=[
            SeatResult(winner, f"n{winner % 10}", 0, 30, True),
            SeatResult(loser, f"n{loser % 10}", 1, 0, False),
        ],
        record=GameRecord(7, {"ruleset": "official"}, {"seating": [0, 1], "moves": [[0, "draw"]]}, 1, 2),
    )
    assert game_id is not None
    return game_id


# ---------------------------------------------------------------- a server that removed the bot


# https://github.com/nhcarrigan/becca-lyria/issues/200 ("if I kick the bot of my server, the data
# collected by the bot ... continues existing": settings, roles and channels);
# https://github.com/HyacinthBots/LilyBot/issues/128 ("Data from guilds Lily has left is kept
# forever"); https://github.com/aternosorg/modbot/pull/221 (delete data if the bot is removed)
async def test_a_server_that_removed_the_bot_leaves_no_settings_behind(store: Store) -> None:
    await configure(store, LEFT, by=ALICE)
    await configure(store, STAYS, by=BOB)
    kept = await tables_naming(store.engine, STAYS)
    assert set(await tables_naming(store.engine, LEFT)) == {
        "guild_uno_settings",
        "guild_table_place",
        "guild_preference",
    }
    assert await store.forget_guild(LEFT)
    assert await tables_naming(store.engine, LEFT) == {}
    assert await store.guild_uno_settings(LEFT) is None and await store.guild_table_place(LEFT) is None
    assert await store.guild_pictures_on(LEFT) and await store.guild_turn_pings_on(LEFT)
    # Another server keeps every setting; forgetting again, or a server with nothing, is harmless.
    assert await tables_naming(store.engine, STAYS) == kept
    assert not await store.forget_guild(LEFT)
    assert not await store.forget_guild(1_800_000_000_000_009_999)


# https://github.com/strinking/futaba/issues/174 and https://github.com/discord-tickets/bot/issues/322
# (wiping a server's data on removal also wiped what its members had: our players' records are
# theirs, not the server's). The games played there stay in each player's /stats and on the
# everyone-boards, and /privacy forget still removes them.
async def test_the_players_records_of_a_server_that_removed_the_bot_stay_theirs(store: Store) -> None:
    await configure(store, LEFT, by=ALICE)
    game = await finish_game(store, LEFT, ALICE, BOB)
    await store.forget_guild(LEFT)
    stats = await store.player_stats(ALICE)
    assert [(k.kind, k.games, k.wins) for k in stats.kinds] == [("uno", 1, 1)]
    board = await store.leaderboard("uno", None, "wins")
    assert [row.user_id for row in board.rows] == [ALICE, BOB]
    assert await store.finished_game(game) is not None
    await store.forget_user(ALICE)
    assert await tables_naming(store.engine, ALICE) == {}


# Which servers hold settings: what a process compares with the servers it is in when it
# starts, for a server that removed the bot while it was offline (no event came for it).
async def test_the_servers_holding_settings_are_listed_once_each(store: Store) -> None:
    await configure(store, LEFT, by=ALICE)
    await store.set_guild_pictures(STAYS, False)
    assert await store.guilds_with_settings() == (LEFT, STAYS)
    await store.forget_guild(LEFT)
    assert await store.guilds_with_settings() == (STAYS,)


# ---------------------------------------------------------------- a player who asked to be forgotten


# https://github.com/codewars/codewars.com/issues/1097 (a deleted account stayed on one
# leaderboard after the others were fixed: "The method to remove from leaderboard was missing
# authored kata/translation leaderboard"); https://github.com/langx/langx/issues/549
async def test_a_forgotten_player_is_on_no_board_at_all(store: Store) -> None:
    await finish_game(store, STAYS, ALICE, BOB)
    for user in (ALICE, BOB):
        await store.record_solo_result(user, "flood", "easy", True, display_name=f"n{user % 10}")
        await store.record_daily_puzzle(user, f"n{user % 10}", DAY, solved=True, moves=5, undos=0, today=DAY)
    await store.forget_user(ALICE)
    boards = [(await store.leaderboard("uno", scope, "wins")).rows for scope in (STAYS, None)] + [
        (await store.solo_leaderboard("flood", "easy", "best_streak")).rows,
        (await store.solo_leaderboard("flood", "easy", "wins")).rows,
        (await store.puzzle_leaderboard(today=DAY)).rows,
    ]
    assert [[row.user_id for row in rows] for rows in boards] == [[BOB]] * len(boards)


# https://github.com/ppy/osu-web/issues/10224 ("Deleted user reappearing on leaderboards": scores of
# a user deleted under GDPR came back weeks later): a forgotten player who plays again starts anew,
# and nothing of before comes back with the new game.
async def test_a_forgotten_player_who_plays_again_starts_from_nothing(store: Store) -> None:
    for _ in range(3):
        await finish_game(store, STAYS, ALICE, BOB)
    await store.record_solo_result(ALICE, "flood", "easy", True, display_name="n1")
    await store.forget_user(ALICE)
    await finish_game(store, STAYS, BOB, ALICE)
    stats = await store.player_stats(ALICE)
    assert [(k.games, k.wins) for k in stats.kinds] == [(1, 0)]
    assert await store.solo_stats(ALICE, "flood") == ()
    # Bob keeps his three losses to her, as games of his; she has only the new one.
    board = (await store.leaderboard("uno", None, "wins")).rows
    assert [(r.user_id, r.games, r.wins) for r in board] == [(BOB, 4, 1), (ALICE, 1, 0)]


# https://github.com/Priyanshu-byte-coder/devtrack/issues/1632 ("Account Deletion Is Reversible via
# Stale Session": the next request of a session still open wrote the deleted user back): a table's
# save, or its result, made from a state older than the deletion writes nothing.
async def test_a_running_games_late_save_or_result_does_not_write_a_forgotten_player_back(
    store: Store,
) -> None:
    saved = {"kind": "uno", "guild_id": STAYS, "channel_id": CHANNEL, "user_ids": [ALICE, BOB]}
    await store.save_running_game("uno-late", state={"seats": [ALICE, BOB]}, move_count=4, **saved)
    await store.forget_user(ALICE)
    late = {"state": {"seats": [ALICE, BOB]}, "move_count": 5, "seats_changed": False}
    with pytest.raises(StaleGameSave):
        await store.save_running_game("uno-late", expected_move_count=4, **late, **saved)
    counted = await store.record_finished_game(
        kind="uno",
        ruleset="official",
        guild_id=STAYS,
        channel_id=CHANNEL,
        finished_at=T0,
        seats=[SeatResult(ALICE, "alice", 0, 20, True), SeatResult(BOB, "bob", 1, 0, False)],
        ends="uno-late",
    )
    assert counted is None
    await store.record_daily_puzzle(ALICE, "alice", DAY, solved=True, moves=3, undos=0, ends="puzzle-late")
    await store.record_practice_puzzle(ALICE, "alice", solved=True, ends="practice-late")
    assert await tables_naming(store.engine, ALICE) == {}


# https://github.com/heroiclabs/nakama/issues/413 ("Update username in leaderboard records": the
# name stayed as it was when the record was made). The store's side of a player's new name: it
# replaces the one kept, adds nobody who has nothing kept, and a forgotten player stays forgotten.
async def test_a_new_name_replaces_the_kept_one_and_adds_nobody(store: Store) -> None:
    await finish_game(store, STAYS, ALICE, BOB)
    assert await store.rename_player(ALICE, "Ally")
    assert not await store.rename_player(ALICE, "Ally")
    assert [row.display_name for row in (await store.leaderboard("uno", None, "wins")).rows] == ["Ally", "n2"]
    assert not await store.rename_player(CAROL, "carol")
    assert await store.get_player(CAROL) is None
    await store.forget_user(ALICE)
    assert not await store.rename_player(ALICE, "Ally again")
    assert await tables_naming(store.engine, ALICE) == {}


# https://github.com/RTByte/RTByte/issues/101, https://github.com/botlabs-gg/yagpdb/issues/92
# (settings left naming deleted channels): an admin's /uno settings and a deletion at the same
# moment each read the place, then each wrote back what the other had just changed.
async def test_an_admins_settings_and_a_channel_deleted_meanwhile_both_hold(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    records = Records(store, TableManager(), SoloManager())
    guild, uno, cards, players = 10, 11, 12, 13
    await records.save_table_place(guild, TablePlace(channel_ids=(uno, cards)))
    read = store.guild_table_place

    async def slow_read(guild_id: int) -> GuildTablePlace | None:
        found = await read(guild_id)
        await asyncio.sleep(0.05)  # the other change reads meanwhile
        return found

    monkeypatch.setattr(store, "guild_table_place", slow_read)
    await asyncio.gather(
        records.change_table_place(guild, lambda place: replace(place, role_id=players)),
        records.place_gone(guild, uno),
    )
    assert await records.table_place(guild) == TablePlace(channel_ids=(cards,), role_id=players)

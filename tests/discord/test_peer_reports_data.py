"""What the bot keeps about people and servers, as players and admins meet it, checked against
Discord's Developer Terms and bug reports filed on other bots and apps about deleting data: each
test pins a fault a peer project had (its report cited above the test) that nothing else here
pinned, or one we had too and fixed. The store's side is in tests/test_peer_reports_data.py.

Discord's Developer Terms of Service, section 5(b)
(https://github.com/discord/discord-api-docs/blob/main/docs/policies_and_agreements/Developer_Terms_of_Service.md):
delete API Data promptly once "retaining it is no longer necessary" for the app's functionality,
and when "the applicable user requests you delete it"."""

from __future__ import annotations

import json
import logging
import re
from typing import Any

import discord
import pytest

from bot.app import UnoBot
from bot.sessions.solo import SoloPhase
from bot.sessions.table import TablePhase
from tests.discord.conftest import BotFactory
from tests.discord.uno_driver import acknowledged
from tests.discord.uno_driver import open_table
from tests.discord.uno_driver import table_of
from tests.store.test_store_forget import tables_naming


def said(res: Any) -> str:
    """Everything an answer shows: its text, its embeds' titles, descriptions and fields."""
    parts = []
    for message in (m for m in (res.response, *res.followups) if m is not None):
        parts.append(message.content or "")
        for embed in message.embeds:
            parts += [embed.title or "", embed.description or ""]
            parts += [f"{f.name}: {f.value}" for f in embed.fields]
    return "\n".join(parts)


async def configured_server(env: Any, names: list[str]) -> tuple[Any, Any, list[Any]]:
    """A server whose admin (the first of `names`) set every server setting, with a game played
    to its end there (the others leave: the admin wins) and a table of everyone running."""
    guild = env.create_guild()
    channel = guild.create_text_channel("uno")
    admins = guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    players = [guild.add_member(env.create_user(names[0]), roles=[admins])]
    players += [guild.add_member(env.create_user(name)) for name in names[1:]]
    admin = players[0]
    acknowledged(
        await admin.slash(
            channel,
            "uno settings",
            ruleset="classic",
            channels=f"<#{channel.id}>",
            pictures=False,
            turn_pings=False,
        )
    )
    for round_ in range(2):
        acknowledged(await admin.slash(channel, "uno start"))
        for player in players[1:]:
            acknowledged(await player.click(channel.last_message, label="Join"))
        acknowledged(await admin.click(channel.last_message, label="Start"))
        if round_ == 0:  # the first game ends: everyone else leaves, the admin wins it
            for player in players[1:]:
                acknowledged(await player.slash(channel, "uno leave"))
    return guild, channel, players


# ---------------------------------------------------------------- a server that removed the bot


# https://github.com/nhcarrigan/becca-lyria/issues/200 (kicked, the bot kept the server's settings,
# roles and channels); https://github.com/HyacinthBots/LilyBot/issues/128 ("Data from guilds Lily
# has left is kept forever"); https://github.com/badBlackShark/shrkbot/pull/102 (purge a server's
# data when the bot is removed, but keep what is a member's own)
async def test_the_bot_removed_from_a_server_forgets_its_settings_and_leaves_the_players_records(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    env = simcord_env
    guild, channel, (admin, bob) = await configured_server(env, ["admin", "bob"])
    other, other_channel, (carol, _dave) = await configured_server(env, ["carol", "dave"])
    table = table_of(simcord_bot, channel)
    assert set(await tables_naming(simcord_bot.store.engine, guild.id)) >= {
        "guild_uno_settings",
        "guild_table_place",
        "guild_preference",
        "running_game",
        "finished_game",
    }
    kept = await tables_naming(simcord_bot.store.engine, other.id)

    env.backend.remove_guild(guild.id)  # kicked: Discord sends GUILD_DELETE
    await env.settle()
    assert table.phase.is_over
    # Only the finished game stays: it is its players' record, not the server's.
    assert await tables_naming(simcord_bot.store.engine, guild.id) == {"finished_game": 1}
    assert await tables_naming(simcord_bot.store.engine, other.id) == kept
    assert not table_of(simcord_bot, other_channel).phase.is_over
    # The admin and bob still find the game in their own /stats, in their DMs.
    for player, line in ((admin, "1 game · 1 win"), (bob, "1 game · 0 wins")):
        assert line in said(acknowledged(await player.user.slash("stats")))
    # The other server's tables still open with its own defaults (classic) and pictures off.
    acknowledged(await carol.slash(other_channel, "uno end"))
    acknowledged(await carol.slash(other_channel, "uno start"))
    assert table_of(simcord_bot, other_channel).settings.ruleset == "classic"


# https://github.com/badBlackShark/shrkbot/pull/102 ("discordrb already swallows outage-flagged
# GUILD_DELETE payloads, so the handler only fires on real removal — no accidental purges during
# Discord outages") and https://github.com/HyacinthBots/LilyBot/issues/128 ("some sort of safety
# system so an accidental kick doesn't wipe all the guild's tags"): a server Discord cannot reach
# for a while keeps its settings and its tables.
async def test_a_server_discord_cannot_reach_for_a_while_keeps_its_settings_and_tables(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    env = simcord_env
    guild, channel, _players = await configured_server(env, ["admin", "bob"])
    before = await tables_naming(simcord_bot.store.engine, guild.id)
    env.backend.emit("GUILD_DELETE", {"id": str(guild.id), "unavailable": True})
    await env.settle()
    cached = simcord_bot.get_guild(guild.id)
    assert cached is not None and cached.unavailable, "the bot heard of the outage"
    assert await tables_naming(simcord_bot.store.engine, guild.id) == before
    assert not table_of(simcord_bot, channel).phase.is_over


async def restart_removed_from(env: Any, guild: Any, make_bot: BotFactory) -> UnoBot:
    """The bot restarted, removed from `guild` while it was down: Discord tells an offline bot
    nothing, and at its next start the server is simply not among its servers."""
    backend = env.backend
    for channel_id in list(backend.guilds[guild.id].channel_ids):
        backend.channels.pop(channel_id, None)
        backend.messages.pop(channel_id, None)
    del backend.guilds[guild.id]
    new_bot = make_bot()
    await env.restart_bot(new_bot)
    await env.settle()
    return new_bot


# https://github.com/discord-tickets/bot/issues/322 (data of servers the bot is no longer in,
# removed while it could not hear of it, was kept until an admin of the bot cleaned it by hand);
# https://github.com/strinking/futaba/issues/174 (forget a server the bot is not back in)
async def test_a_server_that_removed_the_bot_while_it_was_offline_is_forgotten_at_the_next_start(
    simcord_env: Any, simcord_bot: UnoBot, make_bot: BotFactory
) -> None:
    env = simcord_env
    gone, gone_channel, _ = await configured_server(env, ["admin", "bob"])
    stays, stays_channel, (carol, _dave) = await configured_server(env, ["carol", "dave"])
    kept = await tables_naming(simcord_bot.store.engine, stays.id)
    gone_table = table_of(simcord_bot, gone_channel).game_id
    new_bot = await restart_removed_from(env, gone, make_bot)
    assert await tables_naming(new_bot.store.engine, gone.id) == {"finished_game": 1}
    assert await new_bot.store.get_running_game(gone_table) is None
    assert await tables_naming(new_bot.store.engine, stays.id) == kept
    # The server that kept the bot plays on.
    status = acknowledged(await carol.slash(stays_channel, "uno status"))
    assert status.ephemeral and table_of(new_bot, stays_channel).phase is TablePhase.PLAYING


# ---------------------------------------------------------------- solo games in a server that removed the bot

# Flood, Solitaire and the puzzles may be played privately in a server: in a private thread of their
# own, or privately in a channel. Before, the bot's removal ended the server's tables but left those
# games running until their player next asked for that game: in the meantime a new one in their DMs
# was refused ("You already have a game running in another server", where the bot is no more).
SERVER_LEFT = (
    "I was removed from the server where your {game} game was, so that game was closed without being counted."
)


async def solo_games_in_a_server(env: Any, bot: UnoBot) -> tuple[Any, Any, list[Any]]:
    """ann's solo games in a new server: Flood in a private thread of its own, Solitaire and the
    daily puzzle privately in a channel."""
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    ann = env.create_user("ann")
    member = guild.add_member(ann)
    acknowledged(await member.slash(channel, "flood play", difficulty="easy", thread=True))
    acknowledged(await member.slash(channel, "solitaire play"))
    acknowledged(await member.slash(channel, "puzzle daily"))
    games = [bot.solo.of(ann.id, kind) for kind in ("flood", "solitaire", "puzzle-daily")]
    assert all(game is not None and game.guild_id == guild.id for game in games), games
    assert games[0] is not None and games[0].in_thread
    return guild, ann, games


async def a_new_game_in_dms_at_once(bot: UnoBot, ann: Any, old: Any) -> None:
    """ann was told in her DMs, uncounted, and starts a new game there at once."""
    told = [m.content for m in ann.dm_channel.history(viewer=ann)]
    for game in ("Survive the Flood", "UNO Solitaire", "daily puzzle"):
        assert any(SERVER_LEFT.format(game=game) in line for line in told), told
    res = acknowledged(await ann.slash("flood play", difficulty="easy"))
    shown = said(res)
    assert "already" not in shown and "is gone" not in shown, shown
    new = bot.solo.of(ann.id, "flood")
    assert new is not None and new is not old and new.guild_id is None
    assert "No finished games yet" in said(acknowledged(await ann.slash("flood stats")))


async def test_the_bot_removed_from_a_server_ends_the_solo_games_played_privately_there_at_once(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    env = simcord_env
    guild, ann, games = await solo_games_in_a_server(env, simcord_bot)
    # Games elsewhere play on: bea's in her DMs, and ann's own in a server that keeps the bot.
    bea = env.create_user("bea")
    acknowledged(await bea.slash("flood play", difficulty="easy"))
    stays = env.create_guild()
    stays_channel = stays.create_text_channel("games")
    acknowledged(await stays.add_member(ann).slash(stays_channel, "puzzle duel"))

    env.backend.remove_guild(guild.id)  # kicked: Discord sends GUILD_DELETE
    await env.settle()
    assert all(game.phase is SoloPhase.ABORTED for game in games), [game.phase for game in games]
    running = {saved.game_id for saved in await simcord_bot.store.load_running_games()}
    assert not running & {game.game_id for game in games}
    duel, bea_game = simcord_bot.solo.of(ann.id, "puzzle-duel"), simcord_bot.solo.of(bea.id, "flood")
    assert duel is not None and not duel.phase.is_over
    assert bea_game is not None and not bea_game.phase.is_over
    await a_new_game_in_dms_at_once(simcord_bot, ann, games[0])


async def test_solo_games_in_a_server_that_removed_the_bot_while_it_was_offline_end_at_the_next_start(
    simcord_env: Any, simcord_bot: UnoBot, make_bot: BotFactory
) -> None:
    env = simcord_env
    guild, ann, games = await solo_games_in_a_server(env, simcord_bot)
    ids = {game.game_id for game in games}
    new_bot = await restart_removed_from(env, guild, make_bot)
    assert not {session.game_id for session in new_bot.solo.sessions} & ids
    assert not {saved.game_id for saved in await new_bot.store.load_running_games()} & ids
    await a_new_game_in_dms_at_once(new_bot, ann, None)


# https://github.com/RTByte/rtbyte/pull/101 ("In the channelDelete and roleDelete events, the bot
# checks if the deleted channel or role has been configured anywhere ... No need to leave ghost
# configs behind"); https://github.com/botlabs-gg/yagpdb/issues/92 (a feature broken by a deleted
# channel left in its settings). A channel, category or role a server deletes leaves its settings
# too: members are no longer sent to a channel that is gone, nor asked for a role nobody can have.
async def test_a_deleted_channel_or_role_leaves_the_servers_settings(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    env = simcord_env
    guild = env.create_guild()
    games = guild.create_category("Games")
    uno = guild.create_text_channel("uno")
    cards = guild.create_text_channel("cards", category=games)
    general = guild.create_text_channel("general")
    players = guild.create_role("players")
    admins = guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(env.create_user("admin"), roles=[admins])
    bob = guild.add_member(env.create_user("bob"))
    carol = guild.add_member(env.create_user("carol"), roles=[players])
    allowed = f"<#{uno.id}> <#{games.id}>"
    acknowledged(await admin.slash(general, "uno settings", channels=allowed, role=players))

    env.backend.delete_channel(uno.id)
    await env.settle()
    refused = said(acknowledged(await carol.slash(general, "uno start")))
    assert f"<#{games.id}>" in refused and f"<#{uno.id}>" not in refused, refused
    assert "needs the" in said(acknowledged(await bob.slash(cards, "uno start")))

    env.backend.delete_role(guild.id, players.id)
    await env.settle()
    acknowledged(await bob.slash(cards, "uno start"))
    assert simcord_bot.tables.in_channel(cards.id) is not None, "no role is needed any more"

    env.backend.delete_channel(games.id)  # the category: no allowed place is left
    await env.settle()
    shown = said(acknowledged(await admin.slash(general, "uno settings")))
    assert "tables run in any channel, in the channel itself; everyone can" in shown, shown
    acknowledged(await carol.slash(general, "uno start"))
    assert simcord_bot.tables.in_channel(general.id) is not None


# A moderation bot cleaning up after a raid deletes many channels and roles within a second: each
# deletion leaves the settings on its own, none bringing back one another took out.
async def test_channels_and_a_role_deleted_at_once_all_leave_the_servers_settings(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    env = simcord_env
    guild = env.create_guild()
    uno = guild.create_text_channel("uno")
    cards = guild.create_text_channel("cards")
    kept = guild.create_text_channel("kept")
    general = guild.create_text_channel("general")
    players = guild.create_role("players")
    admins = guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(env.create_user("admin"), roles=[admins])
    allowed = f"<#{uno.id}> <#{cards.id}> <#{kept.id}>"
    acknowledged(await admin.slash(general, "uno settings", channels=allowed, role=players))

    env.backend.delete_channel(uno.id)
    env.backend.delete_channel(cards.id)
    env.backend.delete_role(guild.id, players.id)
    await env.settle()
    place = await simcord_bot.records.table_place(guild.id)
    assert place.channel_ids == (kept.id,) and place.role_id is None, place


# ---------------------------------------------------------------- a player who asked to be forgotten


# https://github.com/trebeljahr/tiao/issues/148 (after deleting their account, the match history
# and the replay still showed the player's name); https://github.com/DevWars/devwars-api/pull/31
# (a deleted user who had played a past game kept the other players' games from loading)
async def test_the_history_and_replay_of_a_forgotten_players_game_name_them_no_more_and_still_open(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    env = simcord_env
    channel, (alice, bob, carol) = await open_table(env, ["alice", "bob", "carol"], start=True)
    for leaver in (carol, alice):  # bob wins the game alice played in
        acknowledged(await leaver.slash(channel, "uno leave"))
    listed = said(acknowledged(await bob.slash(channel, "uno history")))
    assert "alice" in listed, "the check below can fail"
    game_id = int(re.search(r"\*\*#(\d+)\*\*", listed).group(1))  # type: ignore[union-attr]

    done = await alice.click(
        acknowledged(await alice.slash(channel, "privacy forget")).response, label="Yes, delete my data"
    )
    assert "deleted" in said(acknowledged(done))
    listed = said(acknowledged(await bob.slash(channel, "uno history")))
    assert "alice" not in listed and "a former player" in listed and "won by **bob**" in listed
    replay = acknowledged(await carol.slash(channel, "uno replay", game=game_id))
    assert replay.ephemeral and f"Game #{game_id}" in said(replay)
    assert "alice" not in said(replay)
    assert "1 game · 1 win" in said(acknowledged(await bob.slash(channel, "stats")))


# https://github.com/ppy/osu-web/issues/10224 (players who deleted their account found their scores
# still shown, as a "DeletedUser": "This is intentional and how we display deleted users"), and
# https://github.com/bookwyrm-social/bookwyrm/issues/2420 (a "delete" that kept more than it said):
# before anything goes, the question says what goes and what stays, as it then happens.
async def test_forgetting_says_beforehand_what_goes_and_what_stays_with_the_other_players(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    channel, (alice, _bob) = await open_table(simcord_env, ["alice", "bob"])
    asked = acknowledged(await alice.slash(channel, "privacy forget"))
    assert asked.ephemeral
    question = said(asked)
    for goes in ("scores", "stats", "streaks", "finished solo games", "`/preferences`"):
        assert goes in question, goes
    assert "a former player" in question and "other people" in question


# https://github.com/home-assistant/core/pull/17777 ("Remove username from log entry") and
# https://github.com/FreshRSS/FreshRSS/issues/4316 ("even if you delete those accounts, the logs
# might linger on"): the bot's own log lines name players by id, never by name, so a log kept
# after /privacy forget holds no name of theirs.
async def test_the_bots_log_names_no_player_by_name(
    simcord_env: Any, simcord_bot: UnoBot, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    channel, (alice, bob) = await open_table(simcord_env, ["alice", "bob"], start=True)
    acknowledged(await alice.slash(channel, "uno status"))
    acknowledged(await bob.slash(channel, "uno leave"))  # alice wins: her result is recorded
    acknowledged(await alice.user.slash("stats"))
    asked = acknowledged(await alice.slash(channel, "privacy forget"))
    acknowledged(await alice.click(asked.response, label="Yes, delete my data"))
    ours = [r for r in caplog.records if r.name.split(".")[0] in {"bot", "cogs"}]
    assert any(str(alice.id) in r.getMessage() for r in ours), "the check below can fail"
    for record in ours:
        assert "alice" not in record.getMessage() and "bob" not in record.getMessage(), record.getMessage()


# ---------------------------------------------------------------- a player's name


# https://github.com/Cog-Creators/Red-DiscordBot/issues/687 ("Leaderboard should display current
# username": it showed the name stored when the player signed up), https://github.com/heroiclabs/nakama/issues/413
# and https://github.com/HabitRPG/habitica/issues/1608 (an old name, a player's full name, still
# shown after they changed it). Discord's Developer Terms 5(b): "promptly update the API Data upon
# request from ... the applicable user". A player who renames themselves and asks for their stats
# or a board is shown, and shown to everyone, by their new name, without playing again.
async def test_a_player_who_changed_their_name_is_shown_by_the_new_one_once_they_ask(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    channel, (alice, bob) = await open_table(simcord_env, ["alice", "bob"], start=True)
    acknowledged(await bob.slash(channel, "uno leave"))  # alice wins
    board = said(acknowledged(await bob.slash(channel, "leaderboard", scope="everyone")))
    assert "alice" in board, "the check below can fail"
    simcord_env.backend.edit_member(channel.guild.id, alice.id, {"nick": "Ally"})
    assert "Ally" in said(acknowledged(await alice.slash(channel, "stats")))
    for scope in ("this server", "everyone"):
        board = said(acknowledged(await bob.slash(channel, "leaderboard", scope=scope)))
        assert "Ally" in board and "alice" not in board, board
    # Asking for someone else's stats renames nobody.
    simcord_env.backend.edit_member(channel.guild.id, bob.id, {"nick": "Bobby"})
    acknowledged(await alice.slash(channel, "stats", user=bob.user))
    assert "bob" in said(acknowledged(await alice.slash(channel, "leaderboard")))


# https://github.com/codidact/qpixel/issues/718 (a deleted user's post showed the "deleted user"
# icon while the post's edit history still showed the original avatar) and
# https://github.com/openstreetmap/openstreetmap-website/issues/6844 (a deleted user named in one
# place and not in another): someone who joined a table's lobby and left it, then asked to be
# forgotten, is named by the table's recent lines, shown and saved, no more, whether the table was
# in memory or resting since a restart.
@pytest.mark.parametrize("restarted", [False, True], ids=["live", "resting"])
async def test_a_lobby_leaver_who_is_forgotten_leaves_no_name_in_the_tables_lines(
    simcord_env: Any, simcord_bot: UnoBot, make_bot: BotFactory, restarted: bool
) -> None:
    env = simcord_env
    channel, (bob, alice, carol) = await open_table(env, ["bob", "alice", "carol"])
    acknowledged(await alice.slash(channel, "uno leave"))
    acknowledged(await bob.click(channel.last_message, label="Start"))
    table_id = table_of(simcord_bot, channel).game_id
    assert "alice" in said_on(channel), "the check below can fail"
    bot = simcord_bot
    if restarted:
        bot = make_bot()
        await env.restart_bot(bot)

    asked = acknowledged(await alice.slash(channel, "privacy forget"))
    assert "deleted" in said(acknowledged(await alice.click(asked.response, label="Yes, delete my data")))
    acknowledged(await carol.slash(channel, "uno status"))
    shown = said_on(channel)
    assert "alice" not in shown and "a former player" in shown, shown
    saved = await bot.store.get_running_game(table_id)
    assert saved is not None
    for trace in ("alice", str(alice.id)):
        assert trace not in json.dumps(saved.state), f"the saved table still holds {trace}"


def said_on(channel: Any) -> str:
    """What the table's message shows now (its embed's fields)."""
    message = next(m for m in reversed(channel.history()) if m.embeds)
    return "\n".join(f"{f.name}: {f.value}" for f in message.embeds[0].fields)


# https://github.com/HyacinthBots/LilyBot/issues/128 ("There should probably be some sort of
# safety system so an accidental kick doesn't wipe all the guild's tags. A DM to the owner, if
# possible, would work well"): a removed bot can no longer say anything there, so the admins'
# help says beforehand what removing the bot deletes and what stays.
async def test_the_admins_help_says_what_removing_the_bot_deletes(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    _guild, channel, (admin, _bob) = await configured_server(simcord_env, ["admin", "bob"])
    shown = said(acknowledged(await admin.slash(channel, "help", topic="admin")))
    assert "Removing the bot" in shown and "privacy forget" in shown, shown

"""Playing against computer players at a table, through SimCord (issue 16)."""

from __future__ import annotations

import re
import threading
from collections.abc import Awaitable
from collections.abc import Callable
from collections.abc import Sequence
from datetime import timedelta
from typing import Any

import pytest

from bot.app import UnoBot
from bot.games.uno.ai import HeuristicPlayer
from bot.games.uno.ai.hard import HardPlayer
from bot.games.uno.events import Event
from bot.i18n.text import Text
from bot.sessions.table import Table
from bot.sessions.table import TablePhase
from bot.sessions.table import TurnPing
from bot.sessions.table import awaited_seat
from tests.discord.conftest import BotFactory
from tests.discord.uno_driver import acknowledged
from tests.discord.uno_driver import assert_table_message_matches
from tests.discord.uno_driver import channel_table_message
from tests.discord.uno_driver import click_action
from tests.discord.uno_driver import open_table
from tests.discord.uno_driver import table_of

Show = Callable[[Table, Sequence[Event], TurnPing], Awaitable[Text | None]]


def watch_the_table_message(bot: UnoBot, channel: Any, shown: list[tuple[int, bool]]) -> None:
    """After every change the cog presents, note the table's version and whether the channel's
    table message then matched the table (an assertion inside the presenter would only be logged)."""
    cog = bot.get_cog("UNO")
    assert cog is not None
    show: Show = cog.show  # type: ignore[attr-defined]

    async def show_and_look(table: Table, events: Sequence[Event], ping: TurnPing) -> Text | None:
        unshown = await show(table, events, ping)
        if table.game is None or table.phase.is_over:
            return unshown
        try:
            assert_table_message_matches(channel_table_message(channel), table)
            shown.append((table.version, True))
        except AssertionError:
            shown.append((table.version, False))
        return unshown

    bot.tables.presenter = cog.show = show_and_look  # type: ignore[attr-defined]


def message_text(message: Any) -> str:
    parts = [message.content or ""]
    for embed in message.embeds:
        parts += [embed.title or "", embed.description or ""]
        parts += [f"{f.name} {f.value}" for f in embed.fields]
    return "\n".join(parts)


async def play_as_people(table: Table, channel: Any, people: list[Any], *, on_turn: Any = None) -> int:
    """The people make a careful player's choice through their hand until the game ends;
    `on_turn(person)` may take a person's turn instead (returns True when it did). Returns the
    number of moves the computer players made meanwhile."""
    careful = HeuristicPlayer()
    by_id = {p.id: p for p in people}
    computer_moves = 0
    for _ in range(2000):
        if table.phase.is_over:
            return computer_moves
        game = table.game
        assert game is not None
        member = table.members[awaited_seat(game)]  # between rounds, the seat named to deal
        assert not member.is_computer, "the game waits on a computer player that does not move"
        assert_table_message_matches(channel_table_message(channel), table)
        person = by_id[member.user_id]
        if on_turn is not None and await on_turn(person):
            continue
        version = table.version
        await click_action(person, channel, people, careful.choose(game.view(game.current)))
        computer_moves += table.version - version - 1
    raise AssertionError("the game did not end")


async def test_a_person_plays_three_computer_players_to_the_end(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    simcord_bot.tables.computer_pause = timedelta(0)
    channel, (ann,) = await open_table(simcord_env, ["ann"], points=50, bots=3, level="normal")
    table = table_of(simcord_bot, channel)
    assert [m.level for m in table.members] == [None, "normal", "normal", "normal"]
    shown: list[tuple[int, bool]] = []
    watch_the_table_message(simcord_bot, channel, shown)
    acknowledged(await ann.click(channel.last_message, label="Start"))
    moves = await play_as_people(table, channel, [ann])
    assert table.phase is TablePhase.FINISHED
    assert moves > 10, "the computer players hardly moved"
    # Every change, the computer players' moves included, was shown at once and matched.
    versions = [v for v, _ in shown]
    assert versions == list(range(versions[0], versions[0] + len(versions)))
    assert all(ok for _, ok in shown)
    # Hands private: ann saw her hand privately at every move (`open_hand` checks it), and no
    # message in the channel ever showed a hand, a computer player's or hers.
    assert not [m for m in channel.history() if "**Your hand**" in message_text(m)]
    # Recorded, but off the people-only board.
    stats = await simcord_bot.records.player_stats(ann.id)
    assert [(k.kind, k.games) for k in stats.kinds] == [("uno_vs_normal", 1)]
    res = acknowledged(await ann.slash(channel, "leaderboard"))
    board = (res.followups or [res.response])[-1]
    assert "No finished games yet" in board.embeds[0].description


async def test_a_computer_player_takes_over_a_timed_out_seat(simcord_env: Any, simcord_bot: UnoBot) -> None:
    simcord_bot.tables.computer_pause = timedelta(0)
    channel, (ann, bob) = await open_table(
        simcord_env, ["ann", "bob"], points=50, turn_timer=30, bots=1, level="easy", takeover="normal"
    )
    acknowledged(await ann.click(channel.last_message, label="Start"))
    table = table_of(simcord_bot, channel)
    seats = len(table.members)

    async def bob_sleeps(person: Any) -> bool:
        if person is not bob:
            return False
        await simcord_env.advance_time(30)
        return True

    await play_as_people(table, channel, [ann, bob], on_turn=bob_sleeps)
    assert table.phase is TablePhase.FINISHED
    assert len(table.members) == seats and not table.is_seated(bob.id)
    assert [m.name for m in table.members if m.level == "normal"] == ["Computer 2 (normal)"]
    bob_stats = await simcord_bot.records.player_stats(bob.id)
    assert [(k.kind, k.games, k.wins) for k in bob_stats.kinds] == [("uno_vs_normal", 1, 0)]


async def test_a_restart_during_a_computer_players_pause_resumes_and_it_moves(
    simcord_env: Any, simcord_bot: UnoBot, make_bot: BotFactory
) -> None:
    # Longer than SimCord's settle timeout: the pause waits for the virtual clock.
    pause = timedelta(seconds=10)
    simcord_bot.tables.computer_pause = pause
    channel, (ann,) = await open_table(simcord_env, ["ann"], bots=1, level="hard")
    acknowledged(await ann.click(channel.last_message, label="Start"))
    table = table_of(simcord_bot, channel)
    careful = HeuristicPlayer()
    for _ in range(20):
        game = table.game
        assert game is not None
        if table.members[awaited_seat(game)].is_computer:
            break
        await click_action(ann, channel, [ann], careful.choose(game.view(game.current)))
    assert table.computer_move is not None
    turn, planned = table.turn, table.computer_move

    new_bot = make_bot()
    new_bot.tables.computer_pause = pause
    await simcord_env.restart_bot(new_bot)
    after = table_of(new_bot, channel)
    assert after.turn == turn and after.computer_move == planned
    await simcord_env.advance_time(11)
    assert after.turn > turn, "the computer player did not move after the restart"
    assert_table_message_matches(channel_table_message(channel), after)


async def test_a_computer_players_turn_is_worked_out_off_the_event_loop(
    simcord_env: Any, simcord_bot: UnoBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A hard player's search takes tens of milliseconds, at times more: on the event loop it
    would hold up every other table and player of the bot meanwhile."""
    threads: list[threading.Thread] = []
    choose = HardPlayer.choose

    def watched(self: HardPlayer, *args: Any) -> Any:
        threads.append(threading.current_thread())
        return choose(self, *args)

    monkeypatch.setattr(HardPlayer, "choose", watched)
    simcord_bot.tables.computer_pause = timedelta(0)
    channel, (ann,) = await open_table(simcord_env, ["ann"], points=50, bots=1, level="hard")
    acknowledged(await ann.click(channel.last_message, label="Start"))
    table = table_of(simcord_bot, channel)
    careful = HeuristicPlayer()
    for _ in range(5):
        game = table.game
        if game is None or table.phase.is_over or table.members[game.current].is_computer:
            break
        await click_action(ann, channel, [ann], careful.choose(game.view(game.current)))
    assert threads, "the computer player never chose"
    assert threading.main_thread() not in threads, "a computer player chose on the event loop"


async def test_uno_solo_plays_alone_against_computer_players_in_a_dm(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    simcord_bot.tables.computer_pause = timedelta(0)
    guild = simcord_env.create_guild()
    lobby = guild.create_text_channel("general")
    user = simcord_env.create_user("eve")
    eve = guild.add_member(user)
    res = acknowledged(await eve.slash(lobby, "uno solo", opponents=2, level="easy", points=50))
    assert res.ephemeral
    assert "in your DMs" in (res.followups or [res.response])[-1].content
    assert simcord_bot.tables.in_channel(lobby.id) is None, "nothing is posted in the server"
    dm = user.dm_channel
    table = table_of(simcord_bot, dm)
    assert [m.level for m in table.members].count("easy") == 2 and table.phase is not TablePhase.LOBBY
    # A second one, asked in the server while the first runs, is refused with where the first is.
    res = acknowledged(await eve.slash(lobby, "uno solo", opponents=3, level="hard"))
    assert (res.followups or [res.response])[-1].content == (
        "You already have a table against computer players in your DMs with me: "
        "finish it there, or close it there with `/uno end`."
    )
    assert table_of(simcord_bot, dm) is table
    await play_as_people(table, dm, [user])
    assert table.phase is TablePhase.FINISHED
    stats = await simcord_bot.records.player_stats(eve.id)
    assert [(k.kind, k.games) for k in stats.kinds] == [("uno_vs_easy", 1)]
    # Asked in the DM itself, the next table opens there too.
    res = acknowledged(await user.slash("uno solo", opponents=9, level="easy"))
    assert "is below" in (res.followups or [res.response])[-1].content
    assert len(table_of(simcord_bot, dm).members) == 10


async def test_a_game_against_computer_players_is_in_the_history_and_replays(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    """Kept off the people's boards, a game with computer players is still a finished game of the
    server: /uno history lists it with every seat named, /stats links it, and it replays to its
    recorded final scores, the computer players' included."""
    simcord_bot.tables.computer_pause = timedelta(0)
    channel, (ann,) = await open_table(simcord_env, ["ann"], points=50, bots=2, level="easy")
    acknowledged(await ann.click(channel.last_message, label="Start"))
    table = table_of(simcord_bot, channel)
    game = table.game
    assert game is not None
    await play_as_people(table, channel, [ann])
    assert table.phase is TablePhase.FINISHED
    final = {m.name: game.scores[seat] for seat, m in enumerate(table.members)}
    winner = table.members[game.winner or 0].name

    listed = acknowledged(await ann.slash(channel, "uno history")).response
    description = listed.embeds[0].description or ""
    found = re.search(r"\*\*#(\d+)\*\*", description)
    assert found, description
    game_id = int(found.group(1))
    assert f"won by **{winner}**" in description and "a former player" not in description
    for name in final:
        assert name in description

    stats = acknowledged(await ann.slash(channel, "stats")).response.embeds[0]
    recent = next(f for f in stats.fields if f.name.startswith("Recent UNO games"))
    assert recent.value.startswith(f"**#{game_id}** · ")

    message = acknowledged(await ann.slash(channel, "uno replay", game=game_id)).response
    last = acknowledged(await ann.click(message, label="Last ⏭")).response.embeds[0]
    for name, points in final.items():
        assert f"{name}: {points}" in (last.footer.text or ""), (name, points, last.footer.text)
    assert f"{winner}: {final[winner]} (won)" in (last.footer.text or "")


async def test_forgetting_the_only_person_of_a_game_against_computer_players_deletes_that_game(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    """A finished game where the forgotten person played computer players alone used to stay in
    the server's /uno history ("won by a former player") and replayed move by move, every hand
    face up, for any member: a record of how they played, kept for nobody else. Like their solo
    games it now goes whole; a game another person played is kept, with its results."""
    simcord_bot.tables.computer_pause = timedelta(0)
    channel, (ann,) = await open_table(simcord_env, ["ann"], points=50, bots=2, level="easy")
    guild = channel.guild
    bob = guild.add_member(simcord_env.create_user("bob"))
    other = guild.create_text_channel("other")
    for player, where in ((ann, channel), (bob, other)):
        if where is other:
            acknowledged(await player.slash(where, "uno start", points=50, bots=2, level="easy"))
        acknowledged(await player.click(where.last_message, label="Start"))
        table = table_of(simcord_bot, where)
        await play_as_people(table, where, [player])
        assert table.phase is TablePhase.FINISHED
    listed = acknowledged(await bob.slash(channel, "uno history")).response.embeds[0].description or ""
    anns, bobs = (int(n) for n in sorted(re.findall(r"\*\*#(\d+)\*\*", listed)))
    bobs_stats = await simcord_bot.records.player_stats(bob.id)

    asked = acknowledged(await ann.slash(channel, "privacy forget"))
    acknowledged(await ann.click(asked.response, label="Yes, delete my data"))

    listed = acknowledged(await bob.slash(channel, "uno history")).response.embeds[0].description or ""
    assert f"**#{anns}**" not in listed and "a former player" not in listed, listed
    assert f"**#{bobs}**" in listed and "bob" in listed, listed
    replay = acknowledged(await bob.slash(channel, "uno replay", game=anns))
    assert not (replay.response or replay.followups[0]).embeds, "ann's game no longer replays"
    assert await simcord_bot.store.finished_game(anns) is None
    assert await simcord_bot.store.finished_game(bobs) is not None
    assert await simcord_bot.records.player_stats(bob.id) == bobs_stats


async def test_a_solo_table_answers_the_table_commands_in_its_dm(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    """A /uno solo table is played in the DM: the commands of a table work there as in a channel
    (status, hand, play, leave, end); without them the person could not even close it."""
    simcord_bot.tables.computer_pause = timedelta(seconds=20)  # the computer players wait
    user = simcord_env.create_user("eve")
    acknowledged(await user.slash("uno solo", opponents=2, level="easy"))
    dm = user.dm_channel
    table = table_of(simcord_bot, dm)
    status = acknowledged(await user.slash("uno status"))
    shown = (status.followups or [status.response])[-1]
    assert shown.embeds and "Top card" in message_text(shown), message_text(shown)
    hand = acknowledged(await user.slash("uno hand"))
    assert "**Your hand**" in message_text((hand.followups or [hand.response])[-1])
    ended = acknowledged(await user.slash("uno end"))
    assert "The table is closed." in (ended.followups or [ended.response])[-1].content
    assert table.phase is TablePhase.ABORTED
    assert simcord_bot.tables.in_channel(dm.id) is None
    # A new one opens at once, and the person may leave it.
    acknowledged(await user.slash("uno solo", opponents=2, level="easy"))
    again = table_of(simcord_bot, dm)
    left = acknowledged(await user.slash("uno leave"))
    assert "You left the table." in (left.followups or [left.response])[-1].content
    assert again.phase is TablePhase.ABORTED


async def test_a_refused_uno_solo_leaves_no_table_behind(simcord_env: Any, simcord_bot: UnoBot) -> None:
    """Twist needs three players: /uno solo with one opponent is refused, and the DM keeps no
    half-made table (a lobby that held the DM for ten minutes, refusing the next /uno solo)."""
    user = simcord_env.create_user("eve")
    res = acknowledged(await user.slash("uno solo", opponents=1, level="easy", ruleset="twist"))
    assert "3 to 10 players" in (res.followups or [res.response])[-1].content
    dm = user.dm_channel
    assert simcord_bot.tables.in_channel(dm.id) is None
    res = acknowledged(await user.slash("uno solo", opponents=2, level="easy", ruleset="twist"))
    assert "is below" in (res.followups or [res.response])[-1].content
    assert table_of(simcord_bot, dm).phase is not TablePhase.LOBBY


async def test_hard_computer_players_play_on_when_a_partner_leaves_a_twist_table(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    """Twist with partners, two people and two hard computer players: when a person leaves,
    three seats play on (T7's even count is for the start). A hard player's search used to build
    its imagined games as new ones, which three partners may not be: it could not choose, and
    the table waited out the whole turn timer at each of its turns."""
    simcord_bot.tables.computer_pause = timedelta(0)
    channel, (ann, bob) = await open_table(
        simcord_env, ["ann", "bob"], ruleset="twist", teams="partners", points=50, bots=2, level="hard"
    )
    acknowledged(await ann.click(channel.last_message, label="Start"))
    table = table_of(simcord_bot, channel)
    left = acknowledged(await bob.slash(channel, "uno leave"))
    assert "You left the table." in (left.followups or [left.response])[-1].content
    assert len(table.members) == 3
    moves = await play_as_people(table, channel, [ann])
    assert table.phase is TablePhase.FINISHED
    assert moves > 0

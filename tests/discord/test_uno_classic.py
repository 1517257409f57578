"""The seed-002 preset (C1-C8) through Discord: elimination at 250 (C7) shown, skipped and
recorded; a time-out under rules that refuse a plain draw."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import timedelta
from typing import Any
from typing import cast

from bot.app import UnoBot
from bot.games.uno.actions import Play
from bot.games.uno.ai import HeuristicPlayer
from bot.games.uno.events import Event
from bot.games.uno.game import Phase
from bot.i18n.text import Text
from bot.sessions.table import Table
from bot.sessions.table import TablePhase
from bot.sessions.table import TurnPing
from tests.discord.conftest import BotFactory
from tests.discord.uno_driver import acknowledged
from tests.discord.uno_driver import channel_table_message
from tests.discord.uno_driver import click_action
from tests.discord.uno_driver import field
from tests.discord.uno_driver import open_hand
from tests.discord.uno_driver import open_table
from tests.discord.uno_driver import play_like_a_careful_player
from tests.discord.uno_driver import table_of


def short_hands(game: Any, keep: int = 2) -> None:
    """Hands of `keep` cards, the rest under the draw pile: a short round, every card kept."""
    for hand in game.hands:
        game.draw_pile[0:0] = hand[keep:]
        del hand[keep:]
    assert game.card_count == 108


async def open_classic_table(env: Any, names: list[str], **options: Any) -> tuple[Any, list[Any]]:
    channel, players = await open_table(env, names, channel="classic", ruleset="classic", **options)
    lobby = channel.last_message.embeds[0]
    assert any(f.name == "Out above" and f.value == "250 points" for f in lobby.fields)
    acknowledged(await players[0].click(channel.last_message, label="Start"))
    return channel, players


async def test_a_player_above_250_is_out_skipped_and_recorded(simcord_env: Any, simcord_bot: UnoBot) -> None:
    env = simcord_env
    channel, players = await open_classic_table(env, ["alice", "bob", "carol", "dave"])
    table = table_of(simcord_bot, channel)
    game = table.game
    assert game is not None and game.ruleset.name == "classic"
    # Near-end scores, set before anyone moves: two players stand at the threshold, so whoever
    # goes out, someone with cards left passes it (C7) through the bot's own flow.
    game.scores[:] = [250, 250, 0, 0]
    short_hands(game)
    await play_like_a_careful_player(table, channel, players, until=lambda: game.round_winner is not None)
    out = [seat for seat in range(4) if game.eliminated[seat]]
    assert out, "someone passed 250"
    assert all(game.scores[seat] > 250 for seat in out)
    assert all(game.scores[seat] <= 250 for seat in range(4) if seat not in out)
    message = channel_table_message(channel)
    lines = field(message, "Players").splitlines()
    for seat in range(4):
        assert ("**out**" in lines[seat]) == (seat in out), lines[seat]
    recent = "\n".join(table.recent)
    for seat in out:
        assert f"❌ {table.members[seat].name} is out of the game with {game.scores[seat]}" in recent
    assert table.phase is TablePhase.ROUND_OVER, "two players are still in"

    # The next round deals nobody who is out, and never gives them a turn.
    acknowledged(await players[0].click(message, label="Deal next round"))
    assert game.round_number == 2
    for seat in out:
        assert not game.hands[seat]
        member = next(p for p in players if p.id == table.members[seat].user_id)
        hand = await open_hand(member, channel_table_message(channel), players, channel)
        assert "You are out of this game" in hand.content
    turns_of_the_out: list[int] = []
    standing = [seat for seat in range(4) if seat not in out]
    # The survivors now stand at the threshold as well, so this round ends the game.
    for seat in standing:
        game.scores[seat] = 250
    short_hands(game)

    def finished() -> bool:
        if game.current in out:
            turns_of_the_out.append(game.current)
        return table.phase.is_over

    await play_like_a_careful_player(table, channel, players, until=finished)
    assert not turns_of_the_out
    assert table.phase is TablePhase.FINISHED and game.winner is not None
    winner = table.members[game.winner]
    assert channel.last_message.content.startswith(f"🎉 <@{winner.user_id}> is the last player standing")
    # Recorded: the winner won; everyone put out lost, with the points that put them out.
    store = simcord_bot.store
    for seat, member in enumerate(table.members):
        stats = await store.player_stats(member.user_id, guild_id=channel.guild.id)
        uno = next(k for k in stats.kinds if k.kind == "uno")
        assert (uno.games, uno.wins) == (1, 1 if seat == game.winner else 0)
        assert uno.points == game.scores[seat]


async def test_a_time_out_plays_a_card_where_the_rules_refuse_a_draw(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    env = simcord_env
    channel, _ = await open_classic_table(env, ["alice", "bob", "carol"], turn_timer=30)
    table = table_of(simcord_bot, channel)
    game = table.game
    assert game is not None
    # Make sure the player to move holds a card they can play: C3 then refuses a draw.
    seat = game.current
    if not any(isinstance(a, Play) for a in game.legal_actions(seat)):
        top = game.discard_top
        card = next(c for c in game.draw_pile if c.colour is top.colour and c.role.value == "number")
        game.draw_pile.remove(card)
        game.draw_pile.insert(0, game.hands[seat].pop())
        game.hands[seat].append(card)
    assert "draw" not in {str(a) for a in game.legal_actions(seat)}
    cards, turn = len(game.hands[seat]), game.turn
    await env.advance_time(31)
    assert game.turn > turn
    assert len(game.hands[seat]) == cards - 1, "a card was played for them, not drawn"
    assert f"{table.members[seat].name} ran out of time." in table.recent


async def test_the_only_person_put_out_sees_the_computer_players_finish_the_game_at_once(
    simcord_env: Any, simcord_bot: UnoBot, make_bot: BotFactory
) -> None:
    """ann plays three computer players under classic rules and is put out (C7): nobody is left
    to play, so in that very change the computer players play the game out, no pause between
    their moves; the table shows how it ended and who won, ann's loss is recorded, and the
    channel is free again, before and after a restart."""
    env = simcord_env
    # Longer than SimCord's settle timeout: a computer player's move waits for advance_time.
    simcord_bot.tables.computer_pause = timedelta(seconds=10)
    shown: list[tuple[bool, bool]] = []  # for each change shown: ann out, the table over
    cog = simcord_bot.get_cog("UNO")
    assert cog is not None
    show = cog.show  # type: ignore[attr-defined]

    async def show_and_note(table: Table, events: Sequence[Event], ping: TurnPing) -> Text | None:
        game = table.game
        if game is not None and table.is_seated(ann.id):
            shown.append((game.eliminated[table.seat_of(ann.id)], table.phase.is_over))
        return cast(Text | None, await show(table, events, ping))

    cog.show = show_and_note  # type: ignore[attr-defined]
    channel, (ann,) = await open_table(
        env, ["ann"], channel="classic", ruleset="classic", bots=3, level="normal"
    )
    acknowledged(await ann.click(channel.last_message, label="Start"))
    table = table_of(simcord_bot, channel)
    assert table.game is not None
    seat = table.seat_of(ann.id)
    # At the limit: the first round ann does not win puts her out.
    table.game.scores[seat] = table.game.ruleset.target_score
    careful = HeuristicPlayer()
    for _ in range(1000):
        game = table.game
        assert game is not None
        if table.phase.is_over or game.eliminated[seat]:
            break
        if game.phase is Phase.ROUND_OVER or game.current == seat:
            await click_action(ann, channel, [ann], careful.choose(game.view(seat)))
        else:
            await env.advance_time(10)
    game = table.game
    assert game is not None and game.eliminated[seat], "ann was never put out"
    # The change that put ann out ended the game: no change was shown with her out and the
    # table still going.
    assert shown[-1] == (True, True)
    assert (True, False) not in shown
    assert table.phase is TablePhase.FINISHED and game.winner is not None
    winner = table.members[game.winner]
    assert winner.is_computer

    message = next(m for m in channel.history() if m.id == table.message_id)
    embed = message.embeds[0]
    played_out = "Only computer players were left in the game, so they played the rest of it out."
    assert embed.title == "UNO: game over" and embed.description == played_out
    lines = field(message, "Players").splitlines()
    assert "**out**" in lines[seat] and "ann" in lines[seat]
    announcement = channel.last_message.content
    assert announcement.startswith(f"{played_out}\n🎉 🤖 {winner.name} is the last player standing"), (
        announcement
    )
    stats = await simcord_bot.records.player_stats(ann.id)
    assert [(k.kind, k.games, k.wins) for k in stats.kinds] == [("uno_vs_normal", 1, 0)]

    # Nothing steps on: no deadline, no table in the channel, nothing more said in it.
    assert simcord_bot.tables.in_channel(channel.id) is None
    assert simcord_bot.tables.deadlines.armed == ()
    said = [(m.id, m.content, [e.description for e in m.embeds]) for m in channel.history()]
    await env.advance_time(60)
    new_bot = make_bot()
    await env.restart_bot(new_bot)
    await env.advance_time(60)
    assert new_bot.tables.in_channel(channel.id) is None and new_bot.tables.deadlines.armed == ()
    assert [(m.id, m.content, [e.description for e in m.embeds]) for m in channel.history()] == said
    opened = acknowledged(await ann.slash(channel, "uno start"))
    assert opened.ephemeral and table_of(new_bot, channel).phase is TablePhase.LOBBY

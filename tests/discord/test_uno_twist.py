"""Twist (T1-T9) through Discord: playing cards shown as playing cards, partners across the
table, a round won by a team, the team's score, and the partners recorded."""

from __future__ import annotations

from typing import Any

from bot.app import UnoBot
from bot.games.uno.actions import Play
from bot.games.uno.game import Phase
from bot.games.uno.playing_cards import PlayingCard
from bot.games.uno.playing_cards import Rank
from bot.render.uno_text import card_short
from bot.sessions.table import Table
from bot.sessions.table import TablePhase
from tests.discord.uno_driver import acknowledged
from tests.discord.uno_driver import channel_table_message
from tests.discord.uno_driver import field
from tests.discord.uno_driver import flat_components
from tests.discord.uno_driver import open_hand
from tests.discord.uno_driver import open_table
from tests.discord.uno_driver import play_like_a_careful_player
from tests.discord.uno_driver import table_of

# T8, written out again here so the test does not check the engine against itself.
T8_POINTS = {
    **dict.fromkeys(("3", "4", "5", "6", "7"), 5),
    **dict.fromkeys(("8", "9", "10", "Q", "K"), 10),
    "A": 20,
    "2": 20,
    "J": 30,
    "JK": 50,
}
SUIT_SYMBOLS = "♠♥♦♣"


async def open_twist_table(env: Any, names: list[str], **options: Any) -> tuple[Any, list[Any]]:
    return await open_table(env, names, channel="twist", ruleset="twist", **options)


async def test_a_partners_game_of_twist_is_played_through_the_buttons(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    env = simcord_env
    names = ["alice", "bob", "carol", "dave"]
    channel, players = await open_twist_table(env, names, teams="partners", points=50)
    lobby = channel.last_message.embeds[0]
    rules = next(f.value for f in lobby.fields if f.name == "Rules")
    assert "twist" in rules and "4 decks" in rules and "partners" in rules
    acknowledged(await players[0].click(channel.last_message, label="Start"))

    table = table_of(simcord_bot, channel)
    game = table.game
    assert game is not None and game.ruleset.playing_cards and game.card_count == 216
    # T7: partners sit across: seats 0 and 2 play together, 1 and 3.
    assert [game.team_of(seat) for seat in range(4)] == [0, 1, 0, 1]
    message = channel_table_message(channel)
    teams = field(message, "Teams (lowest total wins)").splitlines()
    for team, seats in enumerate(((0, 2), (1, 3))):
        mates = " and ".join(table.members[s].name for s in seats)
        assert teams[team].startswith(f"**Team {'AB'[team]}** ({mates})")
    assert "Team A" in field(message, "Players") and "Team B" in field(message, "Players")

    # The hand shows playing cards as playing cards: ranks and suits, no UNO colours.
    current = next(p for p in players if p.id == table.members[game.current].user_id)
    hand = await open_hand(current, message, players, channel)
    assert "You play for **Team" in hand.content
    assert any(symbol in hand.content for symbol in SUITS_OR_JOKER)
    assert not any(square in hand.content for square in "🟥🟨🟩🟦")
    top = field(message, "Top card")
    assert top[-1] in SUIT_SYMBOLS, top
    options = [o for c in hand.components for o in _select_options(c)]
    for option in options:
        code = option["value"].split()[1]
        card = PlayingCard.parse(code)
        shown = "Joker" if card.rank is Rank.JOKER else f"{card.rank.value}{card.suit.symbol}"
        assert option["label"].startswith(shown) or shown in option["label"]

    # To the end of the first round, every move a careful player's choice made by clicking.
    play_like = play_like_a_careful_player
    await play_like(table, channel, players, until=lambda: game.round_winner is not None)
    assert game.round_winner is not None
    winning_team = game.team_of(game.round_winner)
    # T8: the team that went out scores 0; the other team the sum of its members' hands.
    expected = [0, 0]
    for seat in range(4):
        if game.team_of(seat) != winning_team:
            expected[game.team_of(seat)] += sum(T8_POINTS[c.rank.value] for c in game.hands[seat])
    assert list(game.team_scores()) == expected
    shown = next(m for m in reversed(channel.history()) if m.embeds)
    teams = field(shown, "Teams (lowest total wins)").splitlines()
    for team, total in enumerate(expected):
        assert teams[team].endswith(f": {total} pts"), teams
    mates = " and ".join(table.members[s].name for s in game.teams[winning_team])
    recent = "\n".join(table.recent)
    assert f"Team {'AB'[winning_team]} ({mates}) won the round" in recent

    # On to the end of the game, then the partners are in the store (T9).
    await play_like(table, channel, players, until=lambda: table.phase.is_over)
    assert table.phase is TablePhase.FINISHED
    winners = set(game.winners)
    assert len(winners) == 2 and len({game.team_of(s) for s in winners}) == 1
    totals = game.team_scores()
    assert totals[game.team_of(next(iter(winners)))] == min(totals), "T8: the lowest total wins"
    announcement = channel.last_message.content
    assert announcement.startswith("🎉 Team") and "lowest total" in announcement
    for seat in winners:
        assert f"<@{table.members[seat].user_id}>" in announcement
    await assert_partners_recorded(simcord_bot, channel, table, winners)


async def assert_partners_recorded(bot: UnoBot, channel: Any, table: Table, winners: set[int]) -> None:
    """T9: each of four players' one game is recorded with the partner across, won or lost."""
    for seat, member in enumerate(table.members):
        partner = table.members[(seat + 2) % 4]
        best = await bot.store.best_partners(member.user_id, guild_id=channel.guild.id)
        assert [(p.partner_id, p.games, p.wins) for p in best] == [
            (partner.user_id, 1, 1 if seat in winners else 0)
        ]


SUITS_OR_JOKER = (*SUIT_SYMBOLS, "🃏")


def _select_options(row: Any) -> list[dict[str, Any]]:
    row_dict = row if isinstance(row, dict) else row.to_dict()
    return [o for c in row_dict.get("components", []) if c["type"] == 3 for o in c["options"]]


async def test_a_twist_table_with_a_house_rule_survives_a_restart_and_takes_typed_cards(
    simcord_env: Any, simcord_bot: UnoBot, make_bot: Any
) -> None:
    env = simcord_env
    channel, players = await open_twist_table(env, ["alice", "bob", "carol"], points=300)
    settings = (await players[0].click(channel.last_message, label="Settings")).response
    house = next(c for c in flat_components(settings) if c["custom_id"].endswith(":set:house"))
    acknowledged(await players[0].select(settings, ["jump_in"], custom_id=house["custom_id"]))
    acknowledged(await players[0].click(channel.last_message, label="Start"))
    table = table_of(simcord_bot, channel)
    assert table.settings.rules().jump_in and table.settings.target_score == 300
    game = table.game
    assert game is not None
    await play_like_a_careful_player(table, channel, players, until=lambda: game.turn >= 6)
    state, settings_before = game.to_json(), table.settings

    new_bot = make_bot()
    await env.restart_bot(new_bot)
    after = table_of(new_bot, channel)
    assert after.settings == settings_before and after.game is not None
    assert after.game.to_json() == state
    rules = after.game.ruleset
    assert (rules.name, rules.jump_in, rules.target_score, rules.decks) == ("twist", True, 300, 4)

    # The player to move types a playing card: autocomplete offers their playable cards, named
    # as playing cards, and the code (suits as letters or symbols) plays it.
    game = after.game
    by_id = {p.id: p for p in players}
    if game.phase is not Phase.PLAYING:
        await play_like_a_careful_player(after, channel, players, until=lambda: game.phase is Phase.PLAYING)
    seat = game.current
    mover = by_id[after.members[seat].user_id]
    if not any(isinstance(a, Play) for a in game.legal_actions(seat)):
        # Give them, for one of theirs, a card from the pile that plays: a 2 on a pending 2
        # (T4), else a plain card of the suit in force.
        def fits(c: PlayingCard) -> bool:
            if game.pending_draw:
                return c.role is game.discard_top.role
            return c.colour is game.colour and c.role.value == "number"

        card = next(c for c in game.draw_pile if fits(c))
        game.draw_pile[game.draw_pile.index(card)] = game.hands[seat].pop()
        game.hands[seat].append(card)
    plays = [a.card for a in game.legal_actions(seat) if isinstance(a, Play)]
    choices = await mover.autocomplete(channel, "uno play", "card", "")
    assert {c["value"] for c in choices} == {str(card) for card in plays}
    for choice in choices:
        assert not any(square in choice["name"] for square in "🟥🟨🟩🟦🌈")
    assert plays
    card = plays[0]
    typed = str(card) if card.suit is None else f"{card.rank.value}{card.suit.symbol}"
    held = len(game.hands[seat])
    res = acknowledged(await mover.slash(channel, "uno play", card=typed.lower()))
    assert res.ephemeral
    assert len(game.hands[seat]) == held - 1 and game.discard_top == card
    assert f"played {card_short(card)}" in "\n".join(after.recent)


async def test_twist_everyone_for_themselves_speaks_of_players_not_teams(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    """T7-T8 without teams, three people through the buttons to the game's end: each player
    counts alone, so the table never names a team (there was a 'Team C (bob) won the round.'
    line under the round's winner), and the lowest total wins."""
    env = simcord_env
    channel, players = await open_twist_table(env, ["alice", "bob", "carol"], points=50, turn_timer=600)
    acknowledged(await players[0].click(channel.last_message, label="Start"))
    table = table_of(simcord_bot, channel)
    game = table.game
    assert game is not None and not game.is_team_game
    assert all(f.name != "Teams (lowest total wins)" for f in channel_table_message(channel).embeds[0].fields)
    seen: set[str] = set()

    def round_over_or_done() -> bool:
        seen.update(table.recent)
        return table.phase is TablePhase.ROUND_OVER or table.phase.is_over

    while not table.phase.is_over:
        await play_like_a_careful_player(table, channel, players, until=round_over_or_done)
        if table.phase is TablePhase.ROUND_OVER:
            acknowledged(await players[1].click(channel_table_message(channel), label="Deal next round"))
    seen.update(table.recent)
    assert any("went out and won the round" in line for line in seen), seen
    assert not [line for line in seen if "Team" in line]
    final = channel.history()[-2]
    assert final.embeds[0].title == "UNO: game over" and "Team" not in field(final, "Recent")
    winner = game.winner
    assert winner is not None and game.scores[winner] == min(game.scores)
    mention, points = f"<@{table.members[winner].user_id}>", game.scores[winner]
    announced = channel.last_message.content
    assert announced == f"🎉 {mention} wins the game with the lowest total, {points} points!"

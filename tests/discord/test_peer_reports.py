"""Bug reports filed on other UNO bots and games, checked against ours: each test pins a fault a
peer project had (its report cited above the test) that nothing else here pinned, or one we had
too and fixed. The rules of docs/rules.md decide where a peer's players expected otherwise."""

from __future__ import annotations

from typing import Any

import pytest

from bot.app import UnoBot
from bot.games.uno.actions import CALL_UNO
from bot.games.uno.actions import CATCH
from bot.games.uno.actions import CHALLENGE
from bot.games.uno.actions import DRAW
from bot.games.uno.actions import LEAVE
from bot.games.uno.actions import choose
from bot.games.uno.actions import jump_in
from bot.games.uno.actions import play
from bot.games.uno.actions import swap_with
from bot.games.uno.cards import Card
from bot.games.uno.cards import Colour
from bot.games.uno.cards import Role
from bot.games.uno.events import CardsDrawn
from bot.games.uno.events import ChallengeResolved
from bot.games.uno.events import HandsSwapped
from bot.games.uno.events import PenaltyPending
from bot.games.uno.events import PileReshuffled
from bot.games.uno.events import TurnSkipped
from bot.games.uno.game import Phase
from bot.games.uno.game import UnoGame
from bot.games.uno.ruleset import CLASSIC
from bot.games.uno.ruleset import OFFICIAL
from bot.games.uno.ruleset import Ruleset
from bot.i18n.words import Words
from bot.render.uno_text import hand_text
from tests.discord.flood_driver import fetch
from tests.discord.uno_driver import COLOUR_LABELS
from tests.discord.uno_driver import acknowledged
from tests.discord.uno_driver import button_labels
from tests.discord.uno_driver import channel_table_message
from tests.discord.uno_driver import field
from tests.discord.uno_driver import flat_components
from tests.discord.uno_driver import open_hand
from tests.discord.uno_driver import open_table
from tests.discord.uno_driver import table_of
from tests.discord.uno_driver import whose_turn
from tests.uno.test_uno_classic_rules import c
from tests.uno.test_uno_classic_rules import plays
from tests.uno.test_uno_classic_rules import vrig

# ---------------------------------------------------------------- the engine


# https://github.com/jh0ker/mau_mau_bot/pull/64 (a Wild's player gone before its colour: "the
# next player will properly get +4"); https://github.com/jh0ker/mau_mau_bot/issues/57
@pytest.mark.parametrize(
    ("rules", "wild", "owed"),
    [
        (CLASSIC, "W4", 4),  # C2: no challenge, the next player draws four
        (CLASSIC, "W", 1),  # C2: a Wild makes the next player draw one
        (OFFICIAL.with_house_rules("no_bluffing"), "W4", 4),  # H6: no challenge either
    ],
)
def test_a_penalty_wilds_player_leaving_before_its_colour_still_costs_the_next_player(
    rules: Ruleset, wild: str, owed: int
) -> None:
    """As under the official rules (the Wild Draw Four's player leaving before the challenge),
    the card's penalty still falls when its player leaves before naming its colour."""
    game = vrig(rules, [f"{wild} B1 B2", "G1 G2", "Y1 Y2 Y3"], "R3")
    game.apply(0, play(c(wild)))
    assert game.phase is Phase.AWAITING_COLOUR
    events = game.apply(0, LEAVE)
    # The victim, seat 1, is now seat 0: it draws and is skipped; the seat after it plays.
    drawn = [e for e in events if isinstance(e, CardsDrawn)]
    assert [(e.seat, len(e.cards)) for e in drawn] == [(0, owed)], events
    assert TurnSkipped(0) in events
    assert [len(h) for h in game.hands] == [2 + owed, 3]
    assert game.current == 1 and game.phase is Phase.PLAYING and game.colour is not None


def test_a_stacking_wild_draw_fours_player_leaving_before_its_colour_passes_its_four_on() -> None:
    """Where penalties stack (H1) the four are passed on to answer or draw, as if the colour had
    been named; a penalty the leaver faced before answering it lapses with them (docs/rules.md)."""
    rules = OFFICIAL.with_house_rules("stacking_wd4", "no_bluffing")
    game = vrig(rules, ["W4 B1 B2", "G1 G2", "Y1 Y2 Y3"], "R3")
    game.apply(0, play(c("W4")))
    events = game.apply(0, LEAVE)
    assert PenaltyPending(0, 4) in events
    assert game.pending_draw == 4 and game.current == 0
    answered = vrig(rules, ["RD B1", "W4 G1 G2", "Y1 Y2 Y3"], "R3")
    answered.apply(0, play(c("RD")))
    answered.apply(1, play(c("W4")))
    answered.apply(1, LEAVE)
    assert answered.pending_draw == 4 and answered.current == 1, "the two it answered lapse"


def test_a_penalty_wilds_player_leaving_a_table_of_two_ends_the_game_with_no_draw() -> None:
    game = vrig(CLASSIC, ["W4 B1 B2", "G1 G2"], "R3")
    game.apply(0, play(c("W4")))
    events = game.apply(0, LEAVE)
    assert game.phase is Phase.FINISHED and game.winner == 0
    assert not any(isinstance(e, CardsDrawn) for e in events)


# https://github.com/jh0ker/mau_mau_bot/issues/67 (a challenge judged against the colour called)
def test_a_challenge_judges_the_colour_in_force_before_the_wild_draw_four_not_the_one_called() -> None:
    """O6: holding no yellow under a yellow 4, the player of the Wild Draw Four is innocent even
    though they hold a red card and called red."""
    game = vrig(OFFICIAL, ["W4 RS", "B1 B2", "G1"], "Y4")
    game.apply(0, play(c("W4")))
    game.apply(0, choose(Colour.RED))
    events = game.apply(1, CHALLENGE)
    assert not next(e for e in events if isinstance(e, ChallengeResolved)).guilty
    assert [len(h) for h in game.hands] == [1, 8, 1] and game.current == 2


# https://github.com/smogon/pokemon-showdown/issues/3713 (a second Wild Draw Four judged wrongly)
def test_a_wild_draw_four_on_a_wild_draw_four_is_judged_against_the_colour_called() -> None:
    """O3, O6: after a Wild Draw Four the colour in force is the one called; a second Wild Draw
    Four is fair when its player holds none of it, a bluff when they do."""
    for second_hand, guilty in (("W4 G5 G6", False), ("W4 B5 G6", True)):
        game = vrig(OFFICIAL, ["W4 R1 R2", "Y1 Y2", second_hand], "R3")
        game.apply(0, play(c("W4")))
        game.apply(0, choose(Colour.BLUE))
        game.apply(1, CHALLENGE)  # a bluff: seat 0 held red; seat 0 draws and seat 1 plays on
        game.apply(1, DRAW)
        if game.drawn_card is not None:
            game.apply(1, next(a for a in game.legal_actions(1) if str(a) == "pass"))
        assert game.current == 2 and play(c("W4")) in game.legal_actions(2)
        game.apply(2, play(c("W4")))
        game.apply(2, choose(Colour.GREEN))
        events = game.apply(0, CHALLENGE)
        assert next(e for e in events if isinstance(e, ChallengeResolved)).guilty is guilty


# https://github.com/CampbellCrowley/SpikeyBot-Discord/issues/51 (a Wild's colour lost on a draw)
def test_the_colour_called_for_a_wild_on_top_survives_a_reshuffle() -> None:
    """O8: the discard pile goes back under the Wild on top, whose called colour stays in force."""
    game = vrig(OFFICIAL, ["R1 R2", "B1 B2", "Y1"], "W4", colour="B")
    game.discard[0:0], game.draw_pile[:] = game.draw_pile, []
    events = game.apply(0, DRAW)
    assert any(isinstance(e, PileReshuffled) for e in events)
    assert game.discard == [c("W4")] and game.colour is Colour.BLUE
    assert plays(game, 1) == ["play B1", "play B2"]


# https://github.com/Monika-After-Story/MonikaModDev/issues/9481 (UNO not callable again)
def test_a_player_on_one_card_who_draws_a_playable_card_can_call_uno_again() -> None:
    game = vrig(OFFICIAL, ["G1", "B1 B2", "Y1 Y2"], "R3", draw="R5")
    game.apply(0, DRAW)
    assert game.drawn_card == c("R5") and CALL_UNO in game.legal_actions(0)
    game.apply(0, CALL_UNO)
    game.apply(0, play(c("R5")))
    assert game.uno_catchable is None and CATCH not in game.legal_actions(1)


# https://github.com/letsuno/uno-online/pull/28 (a penalty drawn, then a play forced)
def test_drawing_a_stacked_penalty_ends_the_turn_even_under_forced_play_and_draw_to_match() -> None:
    """H1 with H4 and H5: the player who draws the pending sum is skipped; nothing drawn for a
    penalty is forced onto the pile, nor does the drawing go on to a playable card."""
    rules = OFFICIAL.with_house_rules("stacking", "forced_play", "draw_to_match")
    game = vrig(rules, ["RD B1 B2", "G1 G2", "Y1 Y2"], "R3", draw="R5 R6 G7")
    game.apply(0, play(c("RD")))
    events = game.apply(1, DRAW)
    assert [len(e.cards) for e in events if isinstance(e, CardsDrawn)] == [2]
    assert TurnSkipped(1) in events and game.current == 2 and game.drawn_card is None


# https://github.com/Pasta-Devs/Marinara-Engine/pull/2721 (a 7 jumped in skips Seven-O's swap)
def test_a_seven_played_by_jumping_in_still_asks_its_player_whom_to_swap_with() -> None:
    rules = OFFICIAL.with_house_rules("seven_o", "jump_in")
    game = vrig(rules, ["B1", "G1 G2 G3", "R7 Y2"], "R7", current=1)
    game.apply(2, jump_in(c("R7")))
    assert game.phase is Phase.AWAITING_SWAP and game.current == 2
    events = game.apply(2, swap_with(1))
    assert HandsSwapped(2, 1) in events and [len(h) for h in game.hands] == [1, 1, 3]
    assert game.current == 0


# https://github.com/letsuno/uno-online/pull/46 (caught without UNO while choosing a colour)
def test_a_player_caught_while_choosing_their_wilds_colour_still_chooses_it() -> None:
    game = vrig(OFFICIAL, ["W B1", "G1 G2", "Y1 Y2"], "R3", draw="R5 R6")
    game.apply(0, play(c("W")))
    assert game.phase is Phase.AWAITING_COLOUR and CATCH in game.legal_actions(2)
    game.apply(2, CATCH)
    assert len(game.hands[0]) == 3 and game.phase is Phase.AWAITING_COLOUR and game.current == 0
    game.apply(0, choose(Colour.GREEN))
    assert game.colour is Colour.GREEN and game.current == 1 and game.phase is Phase.PLAYING


# https://github.com/ackwell/ninjabot/issues/19 (a leaver out of turn moves the turn);
# https://github.com/smogon/pokemon-showdown/pull/8614 (the turn goes to the first seat)
@pytest.mark.parametrize("direction", [1, -1])
def test_a_player_leaving_out_of_turn_leaves_the_turn_where_it_was(direction: int) -> None:
    game = vrig(OFFICIAL, ["R1 R2", "B1 B2", "Y1 Y2", "G1 G2"], "R3", current=2, direction=direction)
    game.apply(0, LEAVE)
    assert game.current == 1 and game.hands[1] == [c("Y1"), c("Y2")]
    assert game.next_seat() == (2 if direction == 1 else 0)


# https://github.com/smogon/pokemon-showdown/pull/4846 (a crash removing a player who owes UNO)
def test_a_player_who_can_be_caught_leaving_leaves_nobody_to_catch() -> None:
    game = vrig(OFFICIAL, ["R1 R2", "B1 B2", "Y1 Y2"], "R3")
    game.apply(0, play(c("R1")))
    assert game.uno_catchable == 0
    game.apply(0, LEAVE)
    assert game.uno_catchable is None and CATCH not in game.legal_actions(1)
    assert game.current == 0 and game.hands[0] == [c("B1"), c("B2")]


# https://github.com/ruby-rbot/rbot/issues/8 (the last one left scored their own hand)
def test_the_last_player_left_wins_without_scoring_any_hand() -> None:
    """O9 scores a round won by going out; a game won because everyone else left scores nothing."""
    game = vrig(OFFICIAL, ["R1 W4 BS", "B1 B2", "Y1 Y2"], "R3")
    game.scores[:] = [30, 40, 50]
    game.apply(1, LEAVE)
    game.apply(1, LEAVE)
    assert game.phase is Phase.FINISHED and game.winner == 0 and game.scores == [30]


# ---------------------------------------------------------------- Discord


def hold(game: UnoGame, seat: int, wanted: list[Card]) -> None:
    """`seat` holds just `wanted`: its cards go under the draw pile and each wanted card comes
    from the draw pile, or from another hand that gets the draw pile's top card instead."""
    hand = game.hands[seat]
    game.draw_pile[0:0] = hand
    hand.clear()
    for card in wanted:
        if card in game.draw_pile:
            game.draw_pile.remove(card)
        else:
            other = next(h for s, h in enumerate(game.hands) if s != seat and card in h)
            other.remove(card)
            other.append(game.draw_pile.pop())
        hand.append(card)
    assert game.card_count == 108


async def dealt_table(env: Any, bot: UnoBot) -> tuple[Any, list[Any], UnoGame]:
    """Three players at a dealt table, past a Wild turned first."""
    channel, players = await open_table(env, ["alice", "bob", "carol"], start=True, turn_timer=600)
    game = table_of(bot, channel).game
    assert game is not None
    if game.phase is Phase.AWAITING_COLOUR:
        game.apply(game.current, choose(Colour.RED))
    return channel, players, game


# https://github.com/shiawasenahikari/UnoCard/issues/3 (the challenged hand not shown);
# https://github.com/HardlyDifficult/HardlyBot/issues/56 (shown privately to the challenger)
async def test_a_challenge_shows_the_wild_draw_fours_player_hand_to_the_challenger_alone(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    """O6 through the buttons: the player hit presses Challenge on the table; the bluffer's hand
    at that moment comes to them in a private reply, and to nobody else, nor into the log."""
    channel, players, game = await dealt_table(simcord_env, simcord_bot)
    table = table_of(simcord_bot, channel)
    by_id = {p.id: p for p in players}
    seat = game.current
    held = next(card for card in game.draw_pile if card.colour is game.colour and card.role is Role.NUMBER)
    other = next(card for card in game.draw_pile if card.colour not in (None, game.colour))
    hold(game, seat, [Card.parse("W4"), held, other])
    offender = by_id[table.members[seat].user_id]
    acknowledged(await offender.slash(channel, "uno play", card="W4"))
    called = next(label for label in COLOUR_LABELS if Colour[label.upper()] is not game.colour)
    shown = await open_hand(offender, channel_table_message(channel), players, channel)
    acknowledged(await offender.click(shown, label=called))
    assert game.phase is Phase.AWAITING_CHALLENGE
    victim = by_id[table.members[game.current].user_id]
    bystander = next(p for p in players if p not in (offender, victim))

    res = acknowledged(await victim.click(channel_table_message(channel), label="Challenge"))
    revealed = Words("en")(hand_text([held, other]))
    told = [m for m in [res.response, *res.followups] if m is not None and m.content]
    assert any("was bluffing. Their hand" in m.content and revealed in m.content for m in told), told
    assert all(m.ephemeral for m in told)
    assert "was bluffing" in field(channel_table_message(channel), "Recent")
    for viewer in (offender, bystander):
        seen = [m.content or "" for m in channel.history(viewer=viewer)]
        seen += [str(f.value) for m in channel.history(viewer=viewer) for e in m.embeds for f in e.fields]
        assert not any("Their hand" in said for said in seen), viewer
        # The offender's own hand message lists those cards; nothing the bystander sees does.
        assert viewer is offender or not any(revealed in said for said in seen)


# https://github.com/letsuno/uno-online/issues/149 (UNO! out of reach behind the colour picker);
# https://github.com/letsuno/uno-online/pull/46 (a catch during the colour choice breaks it)
async def test_a_wild_as_second_to_last_card_leaves_uno_beside_the_colours_and_a_catch_keeps_them(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    channel, players, game = await dealt_table(simcord_env, simcord_bot)
    table = table_of(simcord_bot, channel)
    by_id = {p.id: p for p in players}
    seat = game.current
    hold(game, seat, [Card.parse("W"), next(card for card in game.draw_pile if card.colour is not None)])
    forgetful = by_id[table.members[seat].user_id]
    shown = await open_hand(forgetful, channel_table_message(channel), players, channel)
    assert "UNO!" in button_labels(shown), "UNO! can be called before the card goes down"
    select = next(c for c in flat_components(shown) if c["type"] == 3)
    acknowledged(await forgetful.select(shown, ["play W"], custom_id=select["custom_id"]))
    labels = button_labels(fetch(channel, shown.id, viewer=forgetful))
    assert set(COLOUR_LABELS) <= set(labels) and "UNO!" in labels, labels

    catcher = next(p for p in players if p is not forgetful)
    acknowledged(await catcher.click(channel_table_message(channel), label="Catch!"))
    game = table.game
    assert game is not None and len(game.hands[seat]) == 3 and game.phase is Phase.AWAITING_COLOUR
    shown = await open_hand(forgetful, channel_table_message(channel), players, channel)
    labels = button_labels(shown)
    assert set(COLOUR_LABELS) <= set(labels) and "UNO!" not in labels, labels
    acknowledged(await forgetful.click(shown, label="Green"))
    assert game.colour is Colour.GREEN and game.phase is Phase.PLAYING
    assert whose_turn(channel_table_message(channel)) != forgetful.id

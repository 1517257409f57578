"""The official rules, O1-O10 of docs/rules.md, one or more tests each."""

from __future__ import annotations

from collections import Counter

import pytest

from bot.games.errors import GameOver
from bot.games.errors import IllegalAction
from bot.games.errors import NotYourTurn
from bot.games.uno.actions import ACCEPT
from bot.games.uno.actions import CALL_UNO
from bot.games.uno.actions import CATCH
from bot.games.uno.actions import CHALLENGE
from bot.games.uno.actions import DEAL_NEXT_ROUND
from bot.games.uno.actions import DRAW
from bot.games.uno.actions import LEAVE
from bot.games.uno.actions import PASS
from bot.games.uno.actions import choose
from bot.games.uno.actions import play
from bot.games.uno.cards import Card
from bot.games.uno.cards import Colour
from bot.games.uno.cards import Face
from bot.games.uno.cards import official_deck
from bot.games.uno.events import CardsDrawn
from bot.games.uno.events import ChallengeResolved
from bot.games.uno.events import DrawReason
from bot.games.uno.events import FirstCardReturned
from bot.games.uno.events import GameWon
from bot.games.uno.events import PileReshuffled
from bot.games.uno.events import RoundWon
from bot.games.uno.events import SeatLeft
from bot.games.uno.events import TurnSkipped
from bot.games.uno.events import UnoCaught
from bot.games.uno.game import Phase
from bot.games.uno.game import UnoGame
from bot.games.uno.ruleset import OFFICIAL
from tests.uno.uno_rig import cards
from tests.uno.uno_rig import rig

R, Y, G, B = Colour.RED, Colour.YELLOW, Colour.GREEN, Colour.BLUE


def c(code: str) -> Card:
    return Card.parse(code)


# ---------------------------------------------------------------- O1 deck and deal


def test_o1_deck_has_108_cards_of_the_official_mix() -> None:
    deck = official_deck()
    counts = Counter(deck)
    assert len(deck) == 108
    for colour in Colour:
        assert counts[Card.of(colour, Face.ZERO)] == 1
        for face in Face:
            if face not in (Face.ZERO, Face.WILD, Face.WILD_DRAW_FOUR):
                assert counts[Card.of(colour, face)] == 2
    assert counts[c("W")] == 4
    assert counts[c("W4")] == 4


@pytest.mark.parametrize("players", [2, 3, 7, 10])
def test_o1_each_player_is_dealt_seven(players: int) -> None:
    game, _ = UnoGame.new(OFFICIAL, players, seed=players)
    drawn_at_start = 2 if game.discard_top.face is Face.DRAW_TWO else 0
    counts = sorted(len(h) for h in game.hands)
    assert counts[-1] == 7 + drawn_at_start
    assert sum(counts) == 7 * players + drawn_at_start
    assert game.card_count == 108


@pytest.mark.parametrize("players", [1, 11])
def test_o1_two_to_ten_players(players: int) -> None:
    with pytest.raises(IllegalAction, match="2 to 10 players"):
        UnoGame.new(OFFICIAL, players, seed=1)


# ---------------------------------------------------------------- O2 the first card


def first_card_game(face: Face, players: int = 4) -> UnoGame:
    """A fresh game whose first turned card has the given face (found by trying seeds)."""
    for seed in range(5000):
        game, events = UnoGame.new(OFFICIAL, players, seed)
        if game.discard_top.face is face and not any(isinstance(e, FirstCardReturned) for e in events):
            return game
    raise AssertionError(f"no seed turns a {face} first")


def test_o2_first_wild_draw_four_goes_back_and_another_is_turned() -> None:
    for seed in range(20000):
        game, events = UnoGame.new(OFFICIAL, 4, seed)
        returned = [e for e in events if isinstance(e, FirstCardReturned)]
        if returned:
            assert returned[0].card == c("W4")
            assert game.discard_top.face is not Face.WILD_DRAW_FOUR
            assert len(game.discard) == 1
            assert game.card_count == 108
            return
    raise AssertionError("no seed turned a Wild Draw Four first")


def test_o2_first_wild_lets_the_first_player_call_then_play() -> None:
    game = first_card_game(Face.WILD)
    first = (game.dealer + 1) % 4
    assert game.current == first
    assert game.phase is Phase.AWAITING_COLOUR
    assert game.colour is None
    game.apply(first, choose(B))
    assert game.colour is B
    assert game.phase is Phase.PLAYING
    assert game.current == first, "the first player calls the colour and then plays"


def test_o2_first_draw_two_makes_the_first_player_draw_and_miss_the_turn() -> None:
    game = first_card_game(Face.DRAW_TWO)
    victim = (game.dealer + 1) % 4
    assert len(game.hands[victim]) == 9
    assert game.current == (game.dealer + 2) % 4


def test_o2_first_skip_skips_the_first_player() -> None:
    game = first_card_game(Face.SKIP)
    assert game.current == (game.dealer + 2) % 4
    assert all(len(h) == 7 for h in game.hands)


def test_o2_first_reverse_the_dealer_starts_and_play_goes_the_other_way() -> None:
    game = first_card_game(Face.REVERSE)
    assert game.current == game.dealer
    assert game.direction == -1


def test_o2_first_number_card_the_dealers_left_starts() -> None:
    game = first_card_game(Face.SEVEN)
    assert game.current == (game.dealer + 1) % 4
    assert game.direction == 1


# ---------------------------------------------------------------- O3 what may be played


def test_o3_colour_number_or_symbol_match() -> None:
    game = rig(["R2 B7 G5 YS W", "R1"], top="R7")
    legal = game.legal_actions(0)
    assert play(c("R2")) in legal  # colour
    assert play(c("B7")) in legal  # number
    assert play(c("W")) in legal  # wild
    assert play(c("G5")) not in legal
    assert play(c("YS")) not in legal
    game2 = rig(["YS G5", "R1"], top="RS")
    assert play(c("YS")) in game2.legal_actions(0)  # symbol


def test_o3_after_a_wild_only_the_called_colour_counts() -> None:
    game = rig(["G5 B5 W", "R1"], top="W", colour="G")
    legal = game.legal_actions(0)
    assert play(c("G5")) in legal
    assert play(c("B5")) not in legal


def test_o3_refuses_a_card_that_does_not_match_and_a_card_not_held() -> None:
    game = rig(["G5 R2", "R1"], top="R7")
    before = game.to_json()
    with pytest.raises(IllegalAction, match="does not go on"):
        game.apply(0, play(c("G5")))
    with pytest.raises(IllegalAction, match="don't hold"):
        game.apply(0, play(c("B9")))
    assert game.to_json() == before


def test_o3_wild_draw_four_may_be_played_as_a_bluff_and_is_judged_later() -> None:
    game = rig(["R2 W4 G1", "B1 B2", "Y1"], top="R7")
    assert play(c("W4")) in game.legal_actions(0)
    game.apply(0, play(c("W4")))
    assert game.wd4_guilty is True
    honest = rig(["W4 G1 B3", "B1 B2", "Y1"], top="R7")
    honest.apply(0, play(c("W4")))
    assert honest.wd4_guilty is False


def test_o3_out_of_turn_play_is_refused() -> None:
    game = rig(["R2", "R3", "R4"], top="R7")
    with pytest.raises(NotYourTurn):
        game.apply(1, play(c("R3")))


# ---------------------------------------------------------------- O4 drawing


def test_o4_a_player_may_always_draw_even_holding_a_playable_card() -> None:
    game = rig(["R2 G1", "B1", "Y1"], top="R7", draw="B9")
    assert DRAW in game.legal_actions(0)
    game.apply(0, DRAW)
    assert c("B9") in game.hands[0]
    assert game.current == 1, "the drawn Blue 9 cannot be played, so the turn ends"


def test_o4_the_drawn_card_may_be_played_at_once_and_only_it() -> None:
    game = rig(["R2 G1", "B1", "Y1"], top="R7", draw="R9")
    game.apply(0, DRAW)
    assert game.current == 0
    assert game.drawn_card == c("R9")
    assert set(game.legal_actions(0)) == {play(c("R9")), PASS, LEAVE}
    with pytest.raises(IllegalAction, match="only play the card you drew"):
        game.apply(0, play(c("R2")))
    with pytest.raises(IllegalAction, match="already drawn"):
        game.apply(0, DRAW)
    game.apply(0, play(c("R9")))
    assert game.discard_top == c("R9")
    assert game.current == 1


def test_o4_the_drawn_card_may_be_kept_by_passing() -> None:
    game = rig(["R2 G1", "B1", "Y1"], top="R7", draw="R9")
    with pytest.raises(IllegalAction, match="only pass after drawing"):
        game.apply(0, PASS)
    game.apply(0, DRAW)
    game.apply(0, PASS)
    assert game.current == 1
    assert c("R9") in game.hands[0]


# ---------------------------------------------------------------- O5 action cards


def test_o5_skip_skips_the_next_player() -> None:
    game = rig(["RS R1", "B1", "Y1"], top="R7")
    events = game.apply(0, play(c("RS")))
    assert TurnSkipped(1) in events
    assert game.current == 2


def test_o5_reverse_changes_direction() -> None:
    game = rig(["RR R1", "B1", "Y1", "G1"], top="R7")
    game.apply(0, play(c("RR")))
    assert game.direction == -1
    assert game.current == 3


def test_o5_two_player_reverse_acts_as_skip() -> None:
    game = rig(["RR R1", "B1 B2"], top="R7")
    game.apply(0, play(c("RR")))
    assert game.current == 0, "with two players Reverse lets the same player go again"


def test_o5_draw_two_makes_the_next_draw_two_and_lose_the_turn() -> None:
    game = rig(["RD R1", "B1", "Y1"], top="R7", draw="G1 G2")
    game.apply(0, play(c("RD")))
    assert Counter(game.hands[1]) == Counter(cards("B1 G1 G2"))
    assert game.current == 2


def test_o5_wild_calls_any_colour_including_the_current_one() -> None:
    game = rig(["W R1", "B1", "Y1"], top="R7")
    game.apply(0, play(c("W")))
    assert game.phase is Phase.AWAITING_COLOUR
    assert game.current == 0
    with pytest.raises(IllegalAction, match="Choose a colour"):
        game.apply(0, play(c("R1")))
    game.apply(0, choose(R))
    assert game.colour is R
    assert game.current == 1


def test_o5_colour_call_when_none_is_asked_is_refused() -> None:
    game = rig(["R1 R2", "B1"], top="R7")
    with pytest.raises(IllegalAction, match="No colour is asked"):
        game.apply(0, choose(B))


def test_o5_wild_draw_four_next_draws_four_and_is_skipped() -> None:
    game = rig(["W4 G1", "B1", "Y1"], top="R7", draw="G2 G3 G4 G5")
    game.apply(0, play(c("W4")))
    game.apply(0, choose(G))
    assert game.phase is Phase.AWAITING_CHALLENGE
    assert game.current == 1
    game.apply(1, ACCEPT)
    assert len(game.hands[1]) == 5
    assert game.current == 2
    assert game.colour is G


# ---------------------------------------------------------------- O6 the challenge


def test_o6_challenge_of_a_guilty_player_they_draw_four_and_the_challenger_plays() -> None:
    game = rig(["W4 R2 G1", "B1 B2", "Y1"], top="R7", draw="G2 G3 G4 G5")
    game.apply(0, play(c("W4")))
    game.apply(0, choose(B))
    events = game.apply(1, CHALLENGE)
    resolved = next(e for e in events if isinstance(e, ChallengeResolved))
    assert resolved.guilty
    assert resolved.private_to == 1
    assert Counter(resolved.offender_hand) == Counter(cards("R2 G1"))
    assert len(game.hands[0]) == 6
    assert len(game.hands[1]) == 2, "the challenger does not draw"
    assert game.current == 1, "the challenger then plays their turn"
    assert game.phase is Phase.PLAYING
    assert play(c("B1")) in game.legal_actions(1)


def test_o6_challenge_of_an_innocent_player_challenger_draws_six_and_is_skipped() -> None:
    game = rig(["W4 G1", "B1 B2", "Y1"], top="R7")
    game.apply(0, play(c("W4")))
    game.apply(0, choose(B))
    events = game.apply(1, CHALLENGE)
    assert not next(e for e in events if isinstance(e, ChallengeResolved)).guilty
    assert len(game.hands[1]) == 8
    assert len(game.hands[0]) == 1
    assert game.current == 2


def test_o6_challenge_when_none_is_pending_is_refused() -> None:
    game = rig(["R1 R2", "B1"], top="R7")
    before = game.to_json()
    with pytest.raises(IllegalAction, match="no Wild Draw Four to challenge"):
        game.apply(0, CHALLENGE)
    assert game.to_json() == before


def test_o6_only_the_player_hit_may_challenge() -> None:
    game = rig(["W4 G1 G2", "B1 B2", "Y1"], top="R7")
    game.apply(0, play(c("W4")))
    game.apply(0, choose(B))
    with pytest.raises(NotYourTurn):
        game.apply(2, CHALLENGE)
    assert set(game.legal_actions(1)) == {CHALLENGE, ACCEPT, LEAVE}


# ---------------------------------------------------------------- O7 UNO


def test_o7_missed_uno_is_caught_until_the_next_player_acts() -> None:
    game = rig(["R1 R2", "B1 B2", "Y1 Y2"], top="R7", draw="G1 G2")
    game.apply(0, play(c("R1")))
    assert game.uno_catchable == 0
    assert CATCH in game.legal_actions(2)
    events = game.apply(2, CATCH)
    assert UnoCaught(2, 0) in events
    drawn = next(e for e in events if isinstance(e, CardsDrawn))
    assert drawn.reason is DrawReason.MISSED_UNO
    assert len(game.hands[0]) == 3


def test_o7_the_player_who_forgot_cannot_catch_themselves_and_is_told_to_call_uno() -> None:
    game = rig(["R1 R2", "B1 B2", "Y1 Y2"], top="R7")
    game.apply(0, play(c("R1")))
    before = game.to_json()
    with pytest.raises(IllegalAction, match="call UNO! yourself"):
        game.apply(0, CATCH)
    assert game.to_json() == before
    game.apply(0, CALL_UNO)
    assert game.uno_catchable is None


def test_o7_the_catch_window_closes_when_the_next_player_acts() -> None:
    game = rig(["R1 R2", "R3 B2 B3", "Y1 Y2"], top="R7")
    game.apply(0, play(c("R1")))
    game.apply(1, play(c("R3")))
    assert game.uno_catchable is None
    with pytest.raises(IllegalAction, match="Nobody can be caught"):
        game.apply(2, CATCH)


def test_o7_calling_uno_protects_the_player() -> None:
    game = rig(["R1 R2", "B1 B2", "Y1 Y2"], top="R7")
    game.apply(0, play(c("R1")))
    game.apply(0, CALL_UNO)
    assert game.uno_catchable is None
    assert CATCH not in game.legal_actions(2)
    declared = rig(["R1 R2", "B1 B2", "Y1 Y2"], top="R7")
    declared.apply(0, CALL_UNO)  # before playing the second-to-last card
    declared.apply(0, play(c("R1")))
    assert declared.uno_catchable is None


def test_o7_uno_cannot_be_called_with_more_cards() -> None:
    game = rig(["R1 R2 R3", "B1 B2"], top="R7")
    with pytest.raises(IllegalAction, match="second-to-last"):
        game.apply(0, CALL_UNO)


# ---------------------------------------------------------------- O8 reshuffle


def test_o8_empty_draw_pile_reshuffles_the_discard_pile_except_its_top() -> None:
    game = rig(["R1 R2", "B1 B2"], top="G9", draw="", discard_below="G8")
    assert game.draw_pile == []
    discard_size = len(game.discard)
    events = game.apply(0, DRAW)
    assert any(isinstance(e, PileReshuffled) for e in events)
    assert game.discard == [c("G9")]
    assert len(game.draw_pile) == discard_size - 2
    assert game.card_count == 108


def test_o8_nothing_to_draw_ends_the_turn() -> None:
    # Every card except the discard top is in a hand.
    everything = Counter(official_deck())
    everything.subtract([c("G9")])
    hand = " ".join(str(card) for card in everything.elements())
    game = rig([hand, ""], top="G9")
    game.hands[1], game.hands[0] = game.hands[0][:50], game.hands[0][50:]
    game.current = 0
    events = game.apply(0, DRAW)
    drawn = next(e for e in events if isinstance(e, CardsDrawn))
    assert drawn.cards == ()
    assert game.current == 1
    assert game.card_count == 108


# ---------------------------------------------------------------- O9 round end and scoring


def test_o9_going_out_wins_the_round_and_scores_other_hands() -> None:
    game = rig(["R1", "B5 GS W", "Y9 W4"], top="R7")
    events = game.apply(0, play(c("R1")))
    won = next(e for e in events if isinstance(e, RoundWon))
    assert won.seat == 0
    assert won.points == 5 + 20 + 50 + 9 + 50
    assert game.scores == [134, 0, 0]
    assert game.phase is Phase.ROUND_OVER


def test_o9_a_final_draw_two_still_makes_the_next_player_draw() -> None:
    game = rig(["RD", "B5", "Y9"], top="R7", draw="G1 G2")
    events = game.apply(0, play(c("RD")))
    assert len(game.hands[1]) == 3
    assert next(e for e in events if isinstance(e, RoundWon)).points == 5 + 1 + 2 + 9


def test_o9_a_final_wild_draw_four_still_makes_the_next_player_draw() -> None:
    game = rig(["W4", "B5", "Y9"], top="R7", draw="G1 G2 G3 G4")
    events = game.apply(0, play(c("W4")))
    assert game.phase is Phase.ROUND_OVER, "no colour is asked when the round is over"
    assert len(game.hands[1]) == 5
    assert next(e for e in events if isinstance(e, RoundWon)).points == 5 + 1 + 2 + 3 + 4 + 9


def test_o9_actions_after_the_round_are_refused_until_the_deal() -> None:
    game = rig(["R1", "B5"], top="R7")
    game.apply(0, play(c("R1")))
    assert game.legal_actions(1) == [DEAL_NEXT_ROUND, LEAVE]
    with pytest.raises(GameOver):
        game.apply(1, DRAW)


# ---------------------------------------------------------------- O10 game to the target


def test_o10_rounds_continue_until_the_target_and_the_deal_moves_left() -> None:
    game = rig(["R1", "B5", "Y9"], top="R7")
    game.dealer = 2
    game.apply(0, play(c("R1")))
    assert game.phase is Phase.ROUND_OVER
    game.apply(1, DEAL_NEXT_ROUND)
    assert game.dealer == 0
    assert game.round_number == 2
    assert game.scores == [14, 0, 0]
    assert game.card_count == 108


def test_o10_reaching_500_points_wins_the_game() -> None:
    game = rig(["R1", "B5 W W W W W4 W4 W4 W4"], top="R7")
    game.scores = [0, 490]
    game.apply(0, play(c("R1")))
    assert game.scores[0] == 5 + 50 * 8
    assert game.phase is Phase.ROUND_OVER, "405 is short of 500"
    game2 = rig(["R1", "B5 W W W W W4 W4 W4 W4"], top="R7")
    game2.scores = [100, 0]
    events = game2.apply(0, play(c("R1")))
    assert game2.scores[0] == 505
    assert game2.phase is Phase.FINISHED
    assert GameWon(0, (505, 0)) in events
    with pytest.raises(GameOver):
        game2.apply(1, DEAL_NEXT_ROUND)


def test_o10_the_target_is_a_table_setting() -> None:
    game = rig(["R1", "B5"], top="R7", ruleset=OFFICIAL.with_target(5))
    game.apply(0, play(c("R1")))
    assert game.phase is Phase.FINISHED


# ---------------------------------------------------------------- leaving a table


def test_a_leaving_players_cards_go_under_the_draw_pile_and_play_goes_on() -> None:
    game = rig(["R1 R2", "B1 B2 B3", "Y1 Y2"], top="R7", current=1)
    bottom_before = game.draw_pile[0]
    events = game.apply(1, LEAVE)
    assert SeatLeft(1, 3) in events
    assert game.seat_count == 2
    assert Counter(game.draw_pile[:3]) == Counter(cards("B1 B2 B3"))
    assert game.draw_pile[3] == bottom_before
    assert game.current == 1, "the turn passes to the seat after the leaver (now seat 1)"
    assert [len(h) for h in game.hands] == [2, 2]
    assert game.card_count == 108


def test_a_leaver_who_owed_a_colour_gets_one_drawn_for_them() -> None:
    game = rig(["W R2 R3", "B1 B2", "Y1 Y2"], top="R7")
    game.apply(0, play(c("W")))
    game.apply(0, LEAVE)
    assert game.phase is Phase.PLAYING
    assert game.colour is not None
    assert game.current == 0, "seat 1 moved down to seat 0 and plays next"


def test_the_last_player_left_wins() -> None:
    game = rig(["R1 R2", "B1 B2"], top="R7")
    events = game.apply(0, LEAVE)
    assert game.phase is Phase.FINISHED
    assert game.winner == 0
    assert any(isinstance(e, GameWon) for e in events)

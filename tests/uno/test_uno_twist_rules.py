"""Twist (seed 003), T1-T9 of docs/rules.md: playing cards, ranks in UNO roles, stacking,
teams and lowest-total scoring."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import pytest

from bot.games.errors import IllegalAction
from bot.games.uno.actions import CATCH
from bot.games.uno.actions import DRAW
from bot.games.uno.actions import choose
from bot.games.uno.actions import parse_action
from bot.games.uno.actions import play
from bot.games.uno.ai import HeuristicPlayer
from bot.games.uno.cards import Role
from bot.games.uno.events import CardsDrawn
from bot.games.uno.events import DirectionReversed
from bot.games.uno.events import DrawReason
from bot.games.uno.events import Event
from bot.games.uno.events import GameWon
from bot.games.uno.events import PenaltyPending
from bot.games.uno.events import RoundWon
from bot.games.uno.events import TeamWonGame
from bot.games.uno.events import TeamWonRound
from bot.games.uno.events import TurnSkipped
from bot.games.uno.game import SUIT_CHOICES
from bot.games.uno.game import Phase
from bot.games.uno.game import UnoGame
from bot.games.uno.playing_cards import PlayingCard
from bot.games.uno.playing_cards import Rank
from bot.games.uno.playing_cards import Suit
from bot.games.uno.playing_cards import playing_card_deck
from bot.games.uno.ruleset import TWIST
from bot.games.uno.ruleset import ruleset_named
from bot.games.uno.teams import seat_teams
from tests.uno.test_uno_classic_rules import c
from tests.uno.test_uno_classic_rules import cards
from tests.uno.test_uno_classic_rules import plays
from tests.uno.test_uno_classic_rules import vrig

PARTNERS = TWIST.with_options(teams="partners")
THREE_TEAMS = TWIST.with_options(teams="3")


def drawn_count(events: Sequence[Event]) -> int:
    return sum(len(e.cards) for e in events if isinstance(e, CardsDrawn))


# ---------------------------------------------------------------- T1 cards and deal


def test_t1_four_decks_with_jokers_make_216_cards_and_more_decks_are_a_setting() -> None:
    """T1: four decks of 52 playing cards with two jokers each; a table may add decks."""
    deck = playing_card_deck(4)
    counts = Counter(deck)
    assert len(deck) == 216 and TWIST.deck_size == 216
    assert counts[PlayingCard.of(None, Rank.JOKER)] == 8
    assert all(counts[PlayingCard.of(s, r)] == 4 for s in Suit for r in Rank if r is not Rank.JOKER)
    six = TWIST.with_options(decks=6)
    game, _ = UnoGame.new(six, 5, seed=2)
    assert game.card_count == 324 == six.deck_size
    with pytest.raises(IllegalAction, match="decks"):
        TWIST.with_options(decks=0)


def test_t1_three_or_more_players_seven_cards_each_and_the_first_card_just_starts_the_pile() -> None:
    """T1: 3 or more players; 7 cards each; the first card turned starts the discard pile."""
    assert ruleset_named("twist") is TWIST
    with pytest.raises(IllegalAction, match="3 to 10"):
        UnoGame.new(TWIST, 2, seed=1)
    actions_first = 0
    for seed in range(60):
        game, _ = UnoGame.new(TWIST, 3, seed)
        assert [len(h) for h in game.hands] == [7, 7, 7]
        top = game.discard_top
        assert top.role is not Role.DRAW_FIVE, "a Joker goes back: nothing would lie beneath it"
        assert game.current == (game.dealer + 1) % 3 and game.direction == 1
        assert game.colour is top.colour
        actions_first += top.role is not Role.NUMBER
    assert actions_first, "some first cards were Aces, 2s, 7s or Jacks and did nothing"


@pytest.mark.parametrize("decks", [1, 2, 3])
def test_t1_twist_needs_at_least_four_decks(decks: int) -> None:
    """T1 and the decisions: four decks at least; a table may add more, never fewer."""
    with pytest.raises(IllegalAction, match="at least 4"):
        TWIST.with_options(decks=decks)
    assert TWIST.decks == 4 and TWIST.with_options(decks=8).decks == 8


# ---------------------------------------------------------------- T2 matching


def test_t2_suit_or_rank_matches_and_jacks_and_jokers_always_play() -> None:
    """T2: a card plays on a matching suit or rank, or when it is a Jack or a Joker."""
    game = vrig(TWIST, ["3H 5C 9S JD JK 6D", "4C 4D", "8C 8D"], "5H")
    assert plays(game, 0) == ["play 3H", "play 5C", "play JD", "play JK"]
    with pytest.raises(IllegalAction, match="does not go on"):
        game.apply(0, play(c("9S")))
    assert parse_action("play 10H") == play(PlayingCard.of(Suit.HEARTS, Rank.TEN))


# ---------------------------------------------------------------- T3 actions


def test_t3_an_ace_reverses() -> None:
    """T3: Ace reverses."""
    game = vrig(TWIST, ["AH 4S", "4C 4D", "8C 8D", "9C 9D"], "5H")
    events = game.apply(0, play(c("AH")))
    assert DirectionReversed(-1) in events and game.current == 3


def test_t3_a_two_makes_the_next_player_draw_two() -> None:
    """T3: 2 makes the next player draw 2 (and lose the turn, when they do not stack)."""
    game = vrig(TWIST, ["2H 4S", "4C 4D", "8C 8D"], "5H")
    game.apply(0, play(c("2H")))
    assert game.pending_draw == 2 and game.current == 1
    events = game.apply(1, DRAW)
    assert drawn_count(events) == 2 and TurnSkipped(1) in events and game.current == 2


def test_t3_a_seven_skips_the_next_player() -> None:
    """T3: 7 skips the next player."""
    game = vrig(TWIST, ["7H 4S", "4C 4D", "8C 8D"], "5H")
    events = game.apply(0, play(c("7H")))
    assert TurnSkipped(1) in events and game.current == 2


def test_t3_with_more_than_two_teams_a_seven_jumps_to_the_next_teammate() -> None:
    """T3 (and the decisions): with more than two teams the turn goes to the next teammate."""
    game = vrig(THREE_TEAMS, ["7H 4S", "4C", "8C", "9C", "10C", "QC"], "5H")
    assert [game.team_of(s) for s in range(6)] == [0, 1, 2, 0, 1, 2]
    events = game.apply(0, play(c("7H")))
    assert [e.seat for e in events if isinstance(e, TurnSkipped)] == [1, 2]
    assert game.current == 3


def test_t3_with_partners_across_a_seven_is_an_ordinary_skip() -> None:
    """T3 (decisions): teams of two across, two teams: the 7 is an ordinary skip."""
    game = vrig(PARTNERS, ["7H 4S", "4C", "8C", "9C"], "5H")
    events = game.apply(0, play(c("7H")))
    assert [e.seat for e in events if isinstance(e, TurnSkipped)] == [1]
    assert game.current == 2 == game.teams[0][1]


def test_t3_a_jack_is_wild_and_names_a_suit() -> None:
    """T3: Jack is wild: the player names a suit."""
    game = vrig(TWIST, ["JD 4S", "4C 4D", "8C 8D"], "5H")
    game.apply(0, play(c("JD")))
    assert game.phase is Phase.AWAITING_COLOUR
    assert game.legal_actions(0)[:4] == list(SUIT_CHOICES)
    with pytest.raises(IllegalAction, match="suit"):
        game.apply(0, parse_action("colour R"))
    game.apply(0, choose(Suit.CLUBS))
    assert game.colour is Suit.CLUBS and game.current == 1
    assert plays(game, 1) == ["play 4C"]


def test_t3_a_joker_draws_five_keeps_the_suit_and_the_next_plays_on_the_card_beneath() -> None:
    """T3: Joker: the next player draws 5; the suit stays; the one after plays on the card
    beneath the Joker (decisions: the victim draws and loses the turn)."""
    game = vrig(TWIST, ["JK 4S", "4C 4D", "5C 8D 9S", "6H"], "5H")
    game.apply(0, play(c("JK")))
    assert game.colour is Suit.HEARTS, "the Joker does not change the suit"
    events = game.apply(1, DRAW)
    assert drawn_count(events) == 5, "exactly five, not ten"
    assert next(e for e in events if isinstance(e, CardsDrawn)).reason is DrawReason.JOKER
    assert game.current == 2 and game.pending_draw == 0
    assert plays(game, 2) == ["play 5C"], "5C matches the 5H beneath the Joker by rank"
    assert game.view(2).play_on == c("5H") and game.view(2).discard_top == c("JK")


# ---------------------------------------------------------------- T4 stacking


def test_t4_long_chains_of_twos_sum_correctly() -> None:
    """T4: 2 on 2 on 2 ...: the player who cannot answer draws the whole sum."""
    hands = ["2H 3S", "2C 3C", "2D 3D", "2S 3H", "2H 4C", "9C 9D"]
    game = vrig(TWIST, hands, "5H")
    for seat in range(5):
        events = game.apply(seat, play(game.hands[seat][0]))
        assert PenaltyPending(seat + 1, 2 * (seat + 1)) in events
    events = game.apply(5, DRAW)
    assert drawn_count(events) == 10
    assert next(e for e in events if isinstance(e, CardsDrawn)).reason is DrawReason.STACKED
    assert game.current == 0 and game.pending_draw == 0


def test_t4_jokers_stack_and_the_next_single_joker_is_five_again() -> None:
    """T4: Jokers on Jokers sum (5, 10, 15); after someone draws, a fresh Joker is 5 again:
    the peer bug of a player drawing 10 instead of 5 after an earlier chain."""
    game = vrig(TWIST, ["JK JK 3S", "JK 3C", "JK 3D", "4H 4C", "8H 9C"], "5H")
    game.apply(0, play(c("JK")))
    game.apply(1, play(c("JK")))
    events = game.apply(2, play(c("JK")))
    assert PenaltyPending(3, 15) in events
    assert plays(game, 3) == []
    events = game.apply(3, DRAW)
    assert drawn_count(events) == 15 and game.current == 4
    assert plays(game, 4) == ["play 8H"], "the suit in force is still hearts"
    game.apply(4, play(c("8H")))
    game.apply(0, play(c("JK")))
    events = game.apply(1, DRAW)
    assert drawn_count(events) == 5


def test_t4_twos_and_jokers_do_not_mix() -> None:
    """T4: 2s and Jokers do not mix."""
    game = vrig(TWIST, ["2H 3S", "JK 2C 3C", "3D"], "5H")
    game.apply(0, play(c("2H")))
    assert plays(game, 1) == ["play 2C"]
    with pytest.raises(IllegalAction, match="pending"):
        game.apply(1, play(c("JK")))
    joker = vrig(TWIST, ["JK 3S", "2C JK 3C", "3D"], "5H")
    joker.apply(0, play(c("JK")))
    assert plays(joker, 1) == ["play JK"]


def test_t4_the_card_beneath_a_joker_chain_survives_a_reshuffle() -> None:
    """T4/T3 with O8: a reshuffle keeps the Jokers on top and the card beneath them."""
    game = vrig(TWIST, ["JK 3S", "4C 4D", "5C 9D", "6H"], "5H", below="8C 9C")
    game.draw_pile, rest = game.draw_pile[-2:], game.draw_pile[:-2]
    game.discard[:0] = rest
    game.apply(0, play(c("JK")))
    game.apply(1, DRAW)
    assert game.discard[-2:] == cards("5H JK") and game.card_count == 216
    assert plays(game, 2) == ["play 5C"]


# ---------------------------------------------------------------- T5 drawing


def test_t5_draw_one_and_pass_the_drawn_card_waits_for_the_next_turn() -> None:
    """T5: a player who cannot play draws one and the turn passes; the drawn card is playable
    no earlier than their next turn."""
    game = vrig(TWIST, ["9S 4S", "4C 4D", "8C 8D"], "5H", draw="6H")
    assert DRAW in game.legal_actions(0)
    game.apply(0, DRAW)
    assert game.current == 1 and game.drawn_card is None and c("6H") in game.hands[0]
    able = vrig(TWIST, ["5S 4S", "4C 4D", "8C 8D"], "5H")
    with pytest.raises(IllegalAction, match="so you may not draw"):
        able.apply(0, DRAW)


# ---------------------------------------------------------------- T6 UNO


def test_t6_a_player_caught_without_uno_draws_one() -> None:
    """T6: UNO at one card left; a player caught draws 1."""
    game = vrig(TWIST, ["5S 4S", "4C 4D", "8C 8D"], "5H")
    game.apply(0, play(c("5S")))
    game.apply(1, CATCH)
    assert len(game.hands[0]) == 2


# ---------------------------------------------------------------- T7 teams


def test_t7_partners_sit_across_and_teams_alternate() -> None:
    """T7: partners (even count) sit across; teams of equal size alternate."""
    assert seat_teams("partners", 4) == [0, 1, 0, 1]
    assert seat_teams("partners", 6) == [0, 1, 2, 0, 1, 2]
    assert seat_teams("2", 6) == [0, 1, 0, 1, 0, 1]
    assert seat_teams("3", 6) == [0, 1, 2, 0, 1, 2]
    assert seat_teams("none", 3) == [0, 1, 2]
    with pytest.raises(IllegalAction, match="even"):
        UnoGame.new(PARTNERS, 5, seed=1)
    with pytest.raises(IllegalAction, match="equal teams"):
        UnoGame.new(THREE_TEAMS, 4, seed=1)
    game, _ = UnoGame.new(PARTNERS, 4, seed=1)
    assert game.teams == ((0, 2), (1, 3)) and game.is_team_game
    assert game.view(1).teams == (0, 1, 0, 1)


def test_t7_when_a_player_goes_out_their_whole_team_wins_the_round() -> None:
    """T7/T8: the partner's cards count for nothing; the other team adds its hands up."""
    game = vrig(PARTNERS, ["5S", "4C 4D KC", "JK JK 8D 9D 10D", "AC 2C"], "5H")
    events = game.apply(0, play(c("5S")))
    # Team 1 (seats 1 and 3): 5 + 5 + 10, then 20 + 20.
    assert RoundWon(0, 0, (0, 20, 0, 40)) in events
    assert TeamWonRound(0, (0, 2), (0, 60)) in events
    assert game.team_scores() == (0, 60) and game.view(3).team_scores == (0, 60)


# ---------------------------------------------------------------- T8 scoring


def test_t8_card_points() -> None:
    """T8: 3-7 are 5, 8-10, Q, K are 10, A and 2 are 20, J 30, Joker 50."""
    points = {r: PlayingCard.of(None if r is Rank.JOKER else Suit.HEARTS, r).points for r in Rank}
    assert [points[Rank(code)] for code in ["3", "4", "5", "6", "7"]] == [5] * 5
    assert [points[Rank(code)] for code in ["8", "9", "10", "Q", "K"]] == [10] * 5
    assert points[Rank.ACE] == points[Rank.TWO] == 20
    assert points[Rank.JACK] == 30 and points[Rank.JOKER] == 50


def test_t8_at_the_threshold_the_lowest_total_wins() -> None:
    """T8: scores accumulate; when a side reaches the threshold the lowest total wins."""
    game = vrig(TWIST.with_target(100), ["5S", "JK JK", "4C"], "5H")
    game.scores = [90, 0, 40]
    events = game.apply(0, play(c("5S")))
    assert game.scores == [90, 100, 45]
    assert GameWon(2, (90, 100, 45)) in events, "seat 2 has the lowest total"
    assert game.winner == 2 and game.phase is Phase.FINISHED


def test_t8_a_team_game_ends_with_the_lowest_team_winning() -> None:
    """T8: a team's score is the sum of its members'; the lowest team total wins."""
    game = vrig(PARTNERS.with_target(100), ["5S", "JK", "4C 4D", "KC"], "5H")
    game.scores = [50, 20, 60, 10]
    events = game.apply(0, play(c("5S")))
    assert game.team_scores() == (110, 90)
    assert TeamWonGame(1, (1, 3), (110, 90)) in events
    assert game.winners == (1, 3) and game.winning_team == 1


def test_t8_without_teams_a_round_is_won_by_a_player_not_a_team() -> None:
    """T7-T8 alone: each player is their own side, so no team wins the round, the player does."""
    game = vrig(TWIST, ["5S", "4C", "4D"], "5H")
    events = game.apply(0, play(c("5S")))
    assert not game.is_team_game
    assert any(isinstance(e, RoundWon) and e.seat == 0 for e in events)
    assert not [e for e in events if isinstance(e, TeamWonRound)]


def test_t8_a_whole_partners_game_of_twist_is_played_to_its_end() -> None:
    """T1-T8: heuristic players finish a four-player partners game; scores add up by team."""
    game, _ = UnoGame.new(PARTNERS, 4, seed=5)
    agent = HeuristicPlayer()
    rounds = []
    for _ in range(20_000):
        if game.is_over:
            break
        seat = game.current
        if game.phase is Phase.ROUND_OVER:
            events = game.apply(seat, parse_action("deal"))
        else:
            events = game.apply(seat, agent.choose(game.view(seat)))
        rounds += [e for e in events if isinstance(e, TeamWonRound)]
        assert game.card_count == 216
    assert game.is_over and rounds
    totals = game.team_scores()
    assert totals == (game.scores[0] + game.scores[2], game.scores[1] + game.scores[3])
    assert max(totals) >= TWIST.target_score
    assert totals[game.winning_team or 0] == min(totals)


# ---------------------------------------------------------------- T9 partners recorded


def test_t9_team_membership_is_exposed_for_recording_partners() -> None:
    """T9: the game tells who played with whom and how their team did (the store records it)."""
    game = vrig(PARTNERS, ["5S", "4C", "4D", "KC"], "5H")
    assert [game.team_of(s) for s in range(4)] == [0, 1, 0, 1]
    events = game.apply(0, play(c("5S")))
    won = next(e for e in events if isinstance(e, TeamWonRound))
    assert won.seats == (0, 2) and won.team_scores == (0, 15)
    restored = UnoGame.from_json(game.to_json())
    assert restored == game and restored.teams == ((0, 2), (1, 3))

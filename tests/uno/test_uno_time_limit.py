"""T8's "or when the table's time is up": a ruleset's time limit and `UnoGame.call_time`.

The engine reads no clock: the table calls time. The round in play is then played to its end
and the game ends (at once between rounds); the winner is the ruleset's (T8: the lowest team
total). The call is in the log, so seed + log still replays to the same game.
"""

from __future__ import annotations

import json

import pytest

from bot.games.errors import GameOver
from bot.games.errors import IllegalAction
from bot.games.uno.actions import DEAL_NEXT_ROUND
from bot.games.uno.actions import DRAW
from bot.games.uno.actions import play
from bot.games.uno.ai import HeuristicPlayer
from bot.games.uno.events import GameWon
from bot.games.uno.events import RoundWon
from bot.games.uno.events import TeamWonGame
from bot.games.uno.events import TeamWonRound
from bot.games.uno.events import TimeCalled
from bot.games.uno.explain import explain
from bot.games.uno.game import TABLE
from bot.games.uno.game import TIME_CALLED
from bot.games.uno.game import Phase
from bot.games.uno.game import UnoGame
from bot.games.uno.ruleset import CLASSIC
from bot.games.uno.ruleset import OFFICIAL
from bot.games.uno.ruleset import RULESETS
from bot.games.uno.ruleset import TWIST
from tests.uno.test_uno_classic_rules import c
from tests.uno.test_uno_classic_rules import vrig

TIMED_TWIST = TWIST.with_options(time_limit=30)
TIMED_PARTNERS = TWIST.with_options(teams="partners", time_limit=30)


def play_until(game: UnoGame, done: object, limit: int = 5000) -> None:
    """Careful players move until `done()` (or the game ends); a finished round is dealt on."""
    agent = HeuristicPlayer()
    for _ in range(limit):
        if game.is_over or done():  # type: ignore[operator]
            return
        seat = game.current
        if game.phase is Phase.ROUND_OVER:
            game.apply(seat, DEAL_NEXT_ROUND)
        else:
            game.apply(seat, agent.choose(game.view(seat)))
    raise AssertionError("the game did not get there")


# ---------------------------------------------------------------- the option


def test_t8_the_time_limit_is_an_option_from_5_to_600_minutes_or_none() -> None:
    """T8: a table's time limit, in minutes; 0 means none; nonsense is refused with why."""
    assert TWIST.time_limit == 0 and TIMED_TWIST.time_limit == 30
    assert TIMED_TWIST.options() == {"time_limit": 30}
    assert TWIST.with_options(time_limit=5).time_limit == 5
    assert TWIST.with_options(time_limit=600).time_limit == 600
    assert TIMED_TWIST.with_options(time_limit=0).options() == {}
    for minutes in (1, 4, 601, -30):
        with pytest.raises(IllegalAction, match="5 to 600 minutes, or 0 for none"):
            TWIST.with_options(time_limit=minutes)
    with pytest.raises(IllegalAction, match="time_limit` takes a whole number"):
        TWIST.with_options(time_limit="30")
    with pytest.raises(IllegalAction, match="time_limit` takes a whole number"):
        TWIST.with_options(time_limit=True)
    # Any ruleset may have one: each scoring scheme names its winner when time is called.
    for preset in RULESETS.values():
        assert preset.with_options(time_limit=45).time_limit == 45
    # A saved game keeps it among its options.
    assert OFFICIAL.options() == {} and OFFICIAL.with_options(time_limit=45).options() == {"time_limit": 45}


def test_t8_the_rules_in_force_explain_the_time_limit_and_who_wins_on_time() -> None:
    """T8: `/uno rules` (explain.explain) says the round in play is played out, then who wins."""
    assert not any("Time limit" in str(line) for line in explain(TWIST))
    twist = next(str(line) for line in explain(TIMED_TWIST) if str(line).startswith("Time limit"))
    assert "30 minutes" in twist and "round in play is played to its end" in twist
    assert "the player with the lowest total wins" in twist
    partners = next(str(line) for line in explain(TIMED_PARTNERS) if str(line).startswith("Time limit"))
    assert "the team with the lowest total wins" in partners
    classic = str(explain(CLASSIC.with_options(time_limit=60))[-1])
    assert "60 minutes" in classic and "the player still in with the lowest total wins" in classic
    official = str(explain(OFFICIAL.with_options(time_limit=90))[-1])
    assert "90 minutes" in official and "the highest score wins" in official


# ---------------------------------------------------------------- calling time


def test_t8_time_called_mid_round_the_round_is_played_out_then_the_lowest_team_total_wins() -> None:
    """T8: time is up during a round: that round is the last. It goes on as usual; when a
    player goes out their team scores 0, the others add their hands, and the team with the
    lowest total wins although no team reached the threshold."""
    hands = ["5S 6S", "4C 4D", "KC 9D", "QC 8C"]
    game = vrig(TIMED_PARTNERS, hands, "5H")
    game.scores = [100, 30, 20, 40]
    legal_before = game.legal_actions(0)
    events = game.call_time()
    assert events == [TimeCalled(1, True)]
    assert game.time_called and game.phase is Phase.PLAYING and not game.is_over
    assert game.legal_actions(0) == legal_before, "the round goes on as before"
    game.apply(0, play(c("5S")))
    game.apply(1, DRAW)  # nothing of 4C 4D goes on the 5S
    assert not game.is_over and game.current == 2
    play_until(game, lambda: game.round_winner is not None)
    assert game.round_number == 1, "no further round is dealt"
    assert game.is_over and game.phase is Phase.FINISHED
    totals = game.team_scores()
    assert max(totals) < 500, "the threshold was not reached: time ended the game"
    assert totals == (game.scores[0] + game.scores[2], game.scores[1] + game.scores[3])
    assert game.winning_team is not None and totals[game.winning_team] == min(totals)
    assert set(game.winners) == set(game.teams[game.winning_team])


def test_t8_a_team_that_went_out_still_loses_on_time_with_the_higher_total() -> None:
    """T8: the last round's winners score 0 for it, but the game on time goes to the lowest
    total: the other team here."""
    game = vrig(TIMED_PARTNERS, ["5S", "4C 4D", "KC", "QC"], "5H")
    game.scores = [100, 30, 20, 40]
    game.call_time()
    events = game.apply(0, play(c("5S")))
    # Team B (seats 1 and 3) adds 5 + 5 and 10: 30 + 40 + 20 = 90 against team A's 120.
    assert RoundWon(0, 0, (100, 40, 20, 50)) in events
    assert TeamWonRound(0, (0, 2), (120, 90)) in events
    assert GameWon(1, (100, 40, 20, 50)) in events
    assert TeamWonGame(1, (1, 3), (120, 90)) in events
    assert game.winners == (1, 3) and game.phase is Phase.FINISHED
    # The same round without the call: the game goes on to another round.
    untimed = vrig(TIMED_PARTNERS, ["5S", "4C 4D", "KC", "QC"], "5H")
    untimed.scores = [100, 30, 20, 40]
    untimed.apply(0, play(c("5S")))
    assert untimed.phase is Phase.ROUND_OVER and not untimed.is_over


def test_t8_time_called_between_rounds_ends_the_game_at_once() -> None:
    """T8: with no round in play the game ends when time is called; nothing more is dealt."""
    game = vrig(TIMED_TWIST, ["5S", "4C 4D", "KC QC"], "5H")
    game.scores = [60, 10, 40]
    game.apply(0, play(c("5S")))
    assert game.phase is Phase.ROUND_OVER and game.scores == [60, 20, 60]
    events = game.call_time()
    assert events[0] == TimeCalled(1, False)
    assert GameWon(1, (60, 20, 60)) in events and game.winner == 1 and game.is_over
    with pytest.raises(GameOver):
        game.apply(1, DEAL_NEXT_ROUND)


def test_t8_a_tie_on_time_goes_to_the_side_that_went_out_last() -> None:
    """T8 (as at the threshold): equal lowest totals: the side that went out last wins."""
    game = vrig(TIMED_TWIST, ["5S", "4C", "KC"], "5H")
    game.scores = [50, 50, 45]
    game.call_time()
    game.apply(0, play(c("5S")))
    assert game.scores == [50, 55, 55] and game.winner == 0
    between = vrig(TIMED_TWIST, ["5S", "4C", "KC"], "5H")
    between.scores = [50, 50, 45]
    between.apply(0, play(c("5S")))
    between.call_time()
    assert between.winner == 0


def test_c7_on_time_the_lowest_total_of_the_players_still_in_wins() -> None:
    """C7 with a time limit: the eliminated are out of it; the lowest total still in wins."""
    game = vrig(CLASSIC.with_options(time_limit=20), ["R5", "R4 G4", "B9", "Y1"], "R3")
    game.scores = [200, 100, 300, 180]
    game.eliminated = [False, False, True, False]
    game.hands[2] = []
    game.draw_pile += [c("B9")]
    game.call_time()
    events = game.apply(0, play(c("R5")))
    # Seat 1 adds 8 (108), seat 3 adds 1 (181); seat 2 is out with 300; seat 0 went out: 200.
    assert game.scores == [200, 108, 300, 181]
    assert GameWon(1, (200, 108, 300, 181)) in events and game.winner == 1


def test_o10_on_time_the_highest_score_wins() -> None:
    """Official scoring with a time limit: the winner takes the points, so the highest wins."""
    game = vrig(OFFICIAL.with_options(time_limit=60), ["R5", "R4 G4", "B9"], "R3")
    game.scores = [0, 120, 300]
    game.call_time()
    events = game.apply(0, play(c("R5")))
    assert RoundWon(0, 17, (17, 120, 300)) in events
    assert GameWon(2, (17, 120, 300)) in events and game.winner == 2


def test_t8_time_is_called_once_only_where_there_is_a_limit_and_not_after_the_end() -> None:
    """Refusals leave the game as it was."""
    untimed = vrig(TWIST, ["5S 6S", "4C", "KC"], "5H")
    before = untimed.to_json()
    with pytest.raises(IllegalAction, match="no time limit"):
        untimed.call_time()
    assert untimed.to_json() == before
    game = vrig(TIMED_TWIST, ["5S 6S", "4C", "KC"], "5H")
    game.call_time()
    before = game.to_json()
    with pytest.raises(IllegalAction, match="already been called"):
        game.call_time()
    assert game.to_json() == before
    ended = vrig(TIMED_TWIST, ["5S", "4C", "KC"], "5H")
    ended.apply(0, play(c("5S")))
    ended.call_time()
    with pytest.raises(GameOver):
        ended.call_time()


def test_t8_the_call_is_saved_and_replayed_from_the_log() -> None:
    """T8: seed + log (with the table's call in it) replays to the same game, and the JSON
    round-trip keeps the call; both go on to end the game after the same round."""
    game, _ = UnoGame.new(TIMED_PARTNERS, 4, seed=11)
    play_until(game, lambda: game.turn >= 12)
    game.call_time()
    assert game.log[-1] == (TABLE, TIME_CALLED)
    play_until(game, lambda: game.turn >= 16)
    assert not game.is_over
    replayed = UnoGame.replay(TIMED_PARTNERS, 4, 11, game.log)
    assert replayed == game and replayed.time_called
    restored = UnoGame.from_json(json.loads(json.dumps(game.to_json())))
    assert restored == game and restored.time_called
    last_round = game.round_number
    for copy in (game, replayed, restored):
        play_until(copy, lambda: False)
        assert copy.is_over and copy.round_number == last_round
    assert replayed == game == restored
    # A game saved before time limits existed (or with none called, which is not saved) loads
    # with no time called.
    data = UnoGame.new(TIMED_TWIST, 3, seed=2)[0].to_json()
    data.pop("time_called", None)
    assert UnoGame.from_json(data).time_called is False

"""The greedy player, the hint, Undo, and the known wins and losses other tests build on."""

from __future__ import annotations

from itertools import islice

import pytest
from tableau_rig import board
from tableau_rig import deal_with
from tableau_rig import game_with
from tableau_rig import play

from bot.games.actions import DRAW
from bot.games.actions import RESIGN
from bot.games.actions import UNDO
from bot.games.errors import IllegalAction
from bot.games.tableau.actions import Place
from bot.games.tableau.actions import parse_action
from bot.games.tableau.ai import GreedyPlayer
from bot.games.tableau.ai import greedy_seeds
from bot.games.tableau.ai import play_greedy
from bot.games.tableau.events import MoveUndone
from bot.games.tableau.events import Outcome
from bot.games.tableau.game import TableauGame
from bot.games.tableau.geometry import Slot
from bot.games.tableau.planner import HINT_BUDGET
from bot.games.tableau.planner import Planner
from bot.games.tableau.planner import hint
from bot.games.tableau.planner import remember
from bot.games.tableau.view import ActionPileView
from bot.games.uno.cards import Card


def test_greedy_seeds_give_known_wins_and_losses_that_replay() -> None:
    """A later test can seed a game the greedy player wins and one it loses, and click through
    the greedy player's log."""
    for won in (True, False):
        for seed in islice(greedy_seeds(won=won), 2):
            game = play_greedy(TableauGame.new(seed))
            assert game.won is won
            assert game.outcome is not Outcome.RESIGNED
            replayed = TableauGame.replay(game.log, seed=seed)
            assert replayed == game and replayed.won is won


def test_the_greedy_player_holds_wilds_back_until_the_next_draw_would_lose() -> None:
    """Greedy: a Wild goes up only when nothing else saves the game."""
    deal = deal_with("W Y1 Y2 Y3 Y4 Y5 Y6")
    deal.remove(Card.parse("Y8"))
    game = TableauGame([*deal, Card.parse("Y8")])  # the last card drawn cannot go up
    player = GreedyPlayer()
    assert player.choose(game.view()) == DRAW
    while game.stock:
        game.apply(DRAW)
    view = game.view()
    assert view.draw_ends_game
    assert str(player.choose(view)) == "f 0.0"


def test_the_hint_is_the_planners_choice_when_that_is_safe() -> None:
    """Hint: where the greedy player places a card to avoid S12(a), the planner's move is
    hinted whenever it does not lose at once."""
    checked = 0
    for seed in range(40):
        game = play_greedy(TableauGame.new(seed))
        for i, text in enumerate(game.log):
            if text.startswith("p "):
                before = TableauGame.replay(game.log[:i], seed=seed)
                assert before.draw_ends_game
                chosen = Planner(budget=HINT_BUDGET).choose(remember(before))
                trial = before.copy()
                trial.apply(chosen)
                if trial.outcome is None or trial.won:
                    assert hint(before) == chosen
                    checked += 1
                break
        if checked >= 3:
            break
    assert checked >= 3


def test_the_hint_is_none_when_every_move_loses() -> None:
    """Hint: at the last Draw of a game lost by S12(a) nothing else was possible."""
    for seed in greedy_seeds(won=False):
        game = play_greedy(TableauGame.new(seed))
        if game.outcome is Outcome.REPEATING:
            break
    before = TableauGame.replay(game.log[:-1], seed=seed)
    assert before.draw_ends_game and hint(before) is None
    assert hint(game) is None  # and none once the game is over


def test_undo_takes_back_the_last_move_and_counts_the_undo() -> None:
    """Undo restores the position before the last move; the game counts the undos used and the
    log keeps them, so the seed and the log still replay the game."""
    game = game_with("R9 Y2 Y3 Y4 Y5 Y6 Y7", "G3 G4 G5")
    start = board(game)
    play(game, "draw")
    after_draw, drawn = board(game), tuple(game.waste)
    play(game, "f 0.0")
    # Each undo names the cards its move had moved, for the player to read what was taken back.
    assert game.apply(UNDO) == [MoveUndone("f 0.0", 1, (Card.parse("R9"),))]
    assert board(game) == after_draw
    assert game.apply(UNDO) == [MoveUndone("draw", 2, drawn)]
    assert len(drawn) == 3
    assert board(game) == start and game.undos == 2 and game.view().undos == 2
    assert game.log == ["draw", "f 0.0", "undo", "undo"]
    assert UNDO not in game.legal_actions()
    with pytest.raises(IllegalAction, match="no move to undo"):
        game.apply(UNDO)
    seeded = TableauGame.new(8)
    play(seeded, "draw", "draw", "undo", "draw")
    assert TableauGame.replay(seeded.log, seed=8) == seeded
    # Turning the waste over moved no card from the stock: its undo names none.
    game = game_with("R9 Y2 Y3 Y4 Y5 Y6 Y7", "G3 G4 G5")
    play(game, "f 0.0")  # a card moved, so turning the waste over does not end the game
    while game.view().stock_size:
        play(game, "draw")
    play(game, "draw")
    assert game.view().stock_size and not game.view().waste_size, "the waste was turned over"
    assert game.apply(UNDO) == [MoveUndone("draw", 1, ())]


def test_the_view_shows_what_the_discord_layer_draws() -> None:
    """View: rows with slots and exposed flags, foundations with their next card, waste top,
    stock size, the warning before a losing Draw."""
    game = game_with("R9 RS Y3 Y4 Y5 Y6 Y7", "R5 B1 B2 R8")
    play(game, "f 0.0", "draw", "p 1.0")
    view = game.view()
    assert [len(row) for row in view.rows] == [7, 6, 7]
    assert view.card_at(Slot(1, 0)) == Card.parse("R8")
    assert not view.rows[0][0].exposed and not view.rows[0][1].exposed and view.rows[0][2].exposed
    assert view.rows[1][0].rests_on == (Slot(0, 0), Slot(0, 1))
    assert str(view.colour_foundations[0].top) == "R9"
    assert str(view.colour_foundations[0].next_card) == "R8"
    assert view.stock_size == 97 and view.waste_size == 2 and str(view.waste_top) == "B2"
    assert not view.draw_ends_game and not view.is_over and view.moves == 3
    assert parse_action("f 1.0") in view.legal and RESIGN in view.legal
    assert not [a for a in view.legal if isinstance(a, Place)]  # the Blue 2 fits nowhere
    assert ActionPileView(None, 0).next_label == "any action card"
    assert ActionPileView(Card.parse("W4"), 3).next_label == "any action card"
    assert ActionPileView(Card.parse("GR"), 1).next_label == "a Green action card, a Reverse or a Wild"

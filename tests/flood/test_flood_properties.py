"""Invariants of the Survive the Flood engine under random legal play (hypothesis)."""

from __future__ import annotations

import json
import random
from collections import Counter

from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from bot.games.errors import GameError
from bot.games.flood import DRAW
from bot.games.flood import RESIGN
from bot.games.flood import Action
from bot.games.flood import Card
from bot.games.flood import DeckKind
from bot.games.flood import Difficulty
from bot.games.flood import FloodGame
from bot.games.flood import FloodOptions
from bot.games.flood import GreedyPlayer
from bot.games.flood import Phase
from bot.games.flood import RandomPlayer
from bot.games.flood import bury
from bot.games.flood import call
from bot.games.flood import play
from bot.games.flood import play_out
from bot.games.flood.cards import ALL_CARDS
from bot.games.flood.cards import Suit
from bot.games.flood.events import GameEnded
from bot.games.flood.game import card_sort_key

OPTIONS = st.builds(
    FloodOptions.make,
    st.sampled_from(list(Difficulty)),
    st.sampled_from(list(DeckKind)),
    st.none(),
    st.booleans(),
)
SEEDS = st.integers(min_value=0, max_value=2**32)
EVERY_ACTION: tuple[Action, ...] = (
    *(play(c) for c in ALL_CARDS),
    *(bury(c) for c in ALL_CARDS),
    *(call(s) for s in Suit),
    DRAW,
    RESIGN,
)


def check_step(game: FloodGame, full_deck: Counter[Card]) -> None:
    assert game.all_cards() == full_deck, "a card was created or lost"
    legal = game.legal_actions()
    view = game.view()
    assert view.legal == tuple(legal)
    assert view.can_draw == (DRAW in legal)
    if game.phase is Phase.PLAYING and game.obliged():
        # F6/F14: with a play obliging, Draw is offered only under the penalty table rule.
        assert (DRAW in legal) == game.options.penalty_draws
    if game.phase is Phase.PLAYING:
        assert game.suit is not None and legal[:-1], "there is always something to do"
    assert sorted(view.hand, key=str) == sorted((c for _, group in view.hand_by_suit for c in group), key=str)
    # The game keeps its hand in hand order (cards drawn are put in place), so a view copies it.
    assert list(view.hand) == sorted(view.hand, key=card_sort_key)
    assert view.draw_pile_size + view.discard_size + len(view.hand) + len(view.reserve) == sum(
        full_deck.values()
    )


@settings(max_examples=60, deadline=None)
@given(options=OPTIONS, seed=SEEDS, player_seed=SEEDS)
def test_random_games_keep_every_invariant(options: FloodOptions, seed: int, player_seed: int) -> None:
    """F1, F6, F8, F9, F14: no card created or lost; Draw never offered while a play obliges
    (unless F14 is on); a finished game is won exactly when the rounds reached the target."""
    game, _ = FloodGame.new(options, seed)
    full_deck = Counter(options.full_deck())
    player = RandomPlayer(random.Random(player_seed))
    last: list[object] = []
    while not game.is_over:
        check_step(game, full_deck)
        last = list(game.apply(player.choose(game.view())))
    check_step(game, full_deck)
    assert game.won == (game.rounds_done >= options.target)
    assert isinstance(last[-1], GameEnded) and last[-1].won == game.won
    assert game.legal_actions() == []


@settings(max_examples=40, deadline=None)
@given(options=OPTIONS, seed=SEEDS, player_seed=SEEDS, stop=st.integers(0, 200))
def test_offered_actions_are_accepted_and_others_refused_without_change(
    options: FloodOptions, seed: int, player_seed: int, stop: int
) -> None:
    """Every offered action is accepted; every other action is refused and changes nothing."""
    game, _ = FloodGame.new(options, seed)
    player = RandomPlayer(random.Random(player_seed))
    for _ in range(stop):
        if game.is_over:
            break
        game.apply(player.choose(game.view()))
    saved = game.to_json()
    legal = set(game.legal_actions())
    for action in EVERY_ACTION:
        copy = FloodGame.from_json(saved)
        if action in legal:
            assert copy.apply(action), f"{action} was offered, so it must be accepted"
        else:
            try:
                copy.apply(action)
            except GameError as refusal:
                assert str(refusal), "a refusal explains itself"
            else:
                raise AssertionError(f"{action} was not offered but was accepted")
            assert copy.to_json() == saved, f"refusing {action} changed the game"


@settings(max_examples=40, deadline=None)
@given(options=OPTIONS, seed=SEEDS, player_seed=SEEDS, greedy=st.booleans())
def test_seeded_replay_and_json_restore_equal_the_original(
    options: FloodOptions, seed: int, player_seed: int, greedy: bool
) -> None:
    """The seed plus the action log replays to the same game; JSON (through a real JSON string)
    restores the same game, mid-game and at the end."""
    game, _ = FloodGame.new(options, seed)
    player = GreedyPlayer() if greedy else RandomPlayer(random.Random(player_seed))
    halfway = None
    moves = 0
    while not game.is_over:
        game.apply(player.choose(game.view()))
        moves += 1
        if moves == 15:
            halfway = game.to_json()
    if halfway is not None:
        restored = FloodGame.from_json(json.loads(json.dumps(halfway)))
        assert restored.to_json() == halfway
        # The restored game goes on exactly as the original did, RNG included.
        for text in game.log[len(restored.log) :]:
            restored.apply(next(a for a in restored.legal_actions() if str(a) == text))
        assert restored == game
    assert FloodGame.replay(options, seed, game.log) == game
    assert FloodGame.from_json(json.loads(json.dumps(game.to_json()))) == game


@settings(max_examples=20, deadline=None)
@given(options=OPTIONS, seed=SEEDS, player_seed=SEEDS)
def test_a_game_from_a_chosen_deck_replays_with_its_deck(
    options: FloodOptions, seed: int, player_seed: int
) -> None:
    """A game built from an explicit deck order replays from that order, and keeps it in JSON."""
    deck = options.full_deck()
    random.Random(seed).shuffle(deck)
    game, _ = FloodGame.from_deck(options, deck, seed)
    assert [str(c) for c in game.hand + game.reserve] != [] and game.discard[0] == deck[7]
    play_out(game, RandomPlayer(random.Random(player_seed)))
    assert FloodGame.replay(options, seed, game.log, deck) == game
    assert FloodGame.from_json(game.to_json()).stacked_deck == tuple(deck)

"""A seed replays alike in every process: the order of the legal plays (and so what a seeded
player picks) must not depend on Python's string hashing, which each process randomises. The
standard deck's four Queens are all Wilds; they once shared one sort key, so their order fell
back on a set's order."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GAMES = """
import hashlib, random
from bot.games.flood import FloodGame, FloodOptions, RandomPlayer
digest = hashlib.sha256()
for seed in range(25):
    for difficulty in ("easy", "master"):
        game, _ = FloodGame.new(FloodOptions.make(difficulty, "standard"), seed)
        player = RandomPlayer(random.Random(seed))
        while not game.is_over:
            view = game.view()
            digest.update(repr(view.legal).encode())
            game.apply(player.choose(view))
print(digest.hexdigest())
"""


def played_in_a_process(hash_seed: str) -> str:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", GAMES], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )
    return done.stdout.strip()


def test_seeded_games_play_alike_whatever_the_string_hashing() -> None:
    assert played_in_a_process("1") == played_in_a_process("2") == played_in_a_process("3")


def test_every_card_of_a_deck_has_a_place_of_its_own() -> None:
    from bot.games.flood.cards import master_standard_deck
    from bot.games.flood.cards import master_uno_deck
    from bot.games.flood.cards import standard_deck
    from bot.games.flood.cards import uno_deck

    for deck in (standard_deck(), uno_deck(), master_standard_deck(), master_uno_deck()):
        cards = set(deck)
        assert len({c.order for c in cards}) == len(cards)


def test_a_game_copied_or_sent_to_another_process_plays_on_alike() -> None:
    # Cards are compared by identity: a copy must hold the very same card objects.
    import copy
    import pickle
    import random

    from bot.games.flood import FloodGame
    from bot.games.flood import FloodOptions
    from bot.games.flood import RandomPlayer

    game, _ = FloodGame.new(FloodOptions.make("easy", "uno"), 7)
    opening = RandomPlayer(random.Random(1))
    for _ in range(10):
        game.apply(opening.choose(game.view()))
    copies = [copy.deepcopy(game), pickle.loads(pickle.dumps(game))]
    assert all(mine is theirs for twin in copies for mine, theirs in zip(twin.hand, game.hand, strict=True))
    for twin in [game, *copies]:
        player = RandomPlayer(random.Random(2))
        while not twin.is_over:
            twin.apply(player.choose(twin.view()))
    assert copies[0].to_json() == copies[1].to_json() == game.to_json()

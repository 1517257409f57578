"""How often the greedy player (GreedyPlayer, the Hint in /flood) wins each difficulty, deck
and penalty rule.

Written by `python bench/flood.py --odds N`; do not edit by hand.
"""

from bot.games.odds import WinRate

# (difficulty, deck, penalty rule on): wins of deals 0..deals-1
PLAYER_ODDS: dict[tuple[str, str, bool], WinRate] = {
    ("easy", "standard", False): WinRate(1135, 1182),
    ("medium", "standard", False): WinRate(350, 2000),
    ("hard", "standard", False): WinRate(162, 2000),
    ("master", "standard", False): WinRate(0, 2000),
    ("master-inhand", "standard", False): WinRate(0, 2000),
}

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
    ("easy", "uno", False): WinRate(1014, 1129),
    ("medium", "uno", False): WinRate(256, 1811),
    ("hard", "uno", False): WinRate(104, 1412),
    ("master", "uno", False): WinRate(0, 2000),
    ("master-inhand", "uno", False): WinRate(0, 2000),
    ("easy", "standard", True): WinRate(983, 1025),
    ("medium", "standard", True): WinRate(290, 1604),
    ("hard", "standard", True): WinRate(122, 1529),
    ("master", "standard", True): WinRate(0, 2000),
    ("master-inhand", "standard", True): WinRate(0, 2000),
    ("easy", "uno", True): WinRate(1138, 1261),
    ("medium", "uno", True): WinRate(283, 2000),
    ("hard", "uno", True): WinRate(139, 2000),
    ("master", "uno", True): WinRate(0, 2000),
    ("master-inhand", "uno", True): WinRate(0, 2000),
}

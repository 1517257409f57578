"""How often the planner (Planner, the Hint in /flood) wins each difficulty, deck and penalty
rule.

Written by `python bench/flood.py --odds N`; do not edit by hand.
"""

from bot.games.odds import WinRate

# (difficulty, deck, penalty rule on): wins of deals 0..deals-1
PLAYER_ODDS: dict[tuple[str, str, bool], WinRate] = {
    ("easy", "standard", False): WinRate(1952, 2000),
    ("medium", "standard", False): WinRate(1504, 2000),
    ("hard", "standard", False): WinRate(631, 2000),
    ("master", "standard", False): WinRate(87, 2000),
    ("master-inhand", "standard", False): WinRate(0, 2000),
    ("easy", "uno", False): WinRate(1904, 2000),
    ("medium", "uno", False): WinRate(1426, 2000),
    ("hard", "uno", False): WinRate(365, 2000),
    ("master", "uno", False): WinRate(2, 2000),
    ("master-inhand", "uno", False): WinRate(0, 2000),
    ("easy", "standard", True): WinRate(1952, 2000),
    ("medium", "standard", True): WinRate(1504, 2000),
    ("hard", "standard", True): WinRate(631, 2000),
    ("master", "standard", True): WinRate(87, 2000),
    ("master-inhand", "standard", True): WinRate(0, 2000),
    ("easy", "uno", True): WinRate(1904, 2000),
    ("medium", "uno", True): WinRate(1426, 2000),
    ("hard", "uno", True): WinRate(365, 2000),
    ("master", "uno", True): WinRate(2, 2000),
    ("master-inhand", "uno", True): WinRate(0, 2000),
}

"""How often the planner (FloodPlanner) wins each difficulty, deck and penalty rule.

Written by `python bench/flood.py --odds N`; do not edit by hand.
"""

from bot.games.odds import WinRate

# (difficulty, deck, penalty rule on): wins of deals 0..deals-1
PLANNER_ODDS: dict[tuple[str, str, bool], WinRate] = {
    ("easy", "standard", False): WinRate(9, 10),
    ("medium", "standard", False): WinRate(1, 2),
    ("hard", "standard", False): WinRate(2, 3),
    ("master", "standard", False): WinRate(0, 30),
    ("master-inhand", "standard", False): WinRate(0, 145),
    ("easy", "uno", False): WinRate(2, 5),
    ("medium", "uno", False): WinRate(3, 8),
    ("hard", "uno", False): WinRate(3, 10),
    ("master", "uno", False): WinRate(0, 203),
    ("master-inhand", "uno", False): WinRate(0, 674),
    ("easy", "standard", True): WinRate(61, 61),
    ("medium", "standard", True): WinRate(13, 13),
    ("hard", "standard", True): WinRate(4, 4),
    ("master", "standard", True): WinRate(49, 49),
    ("master-inhand", "standard", True): WinRate(171, 210),
    ("easy", "uno", True): WinRate(63, 63),
    ("medium", "uno", True): WinRate(5, 5),
    ("hard", "uno", True): WinRate(3, 3),
    ("master", "uno", True): WinRate(48, 48),
    ("master-inhand", "uno", True): WinRate(121, 125),
}

"""How often the planner (Planner, the Hint in /flood) wins each difficulty, deck and penalty
rule.

Written by `python bench/flood.py --odds N`; do not edit by hand.
"""

from bot.games.odds import WinRate

# (difficulty, deck, penalty rule on): wins of deals 0..deals-1
PLAYER_ODDS: dict[tuple[str, str, bool], WinRate] = {
    ("easy", "standard", False): WinRate(549, 560),
    ("medium", "standard", False): WinRate(79, 269),
    ("hard", "standard", False): WinRate(37, 294),
    ("master", "standard", False): WinRate(40, 905),
    ("master-inhand", "standard", False): WinRate(0, 2000),
    ("easy", "uno", False): WinRate(380, 396),
    ("medium", "uno", False): WinRate(63, 354),
    ("hard", "uno", False): WinRate(24, 394),
    ("master", "uno", False): WinRate(2, 2000),
    ("master-inhand", "uno", False): WinRate(0, 2000),
    ("easy", "standard", True): WinRate(530, 540),
    ("medium", "standard", True): WinRate(70, 223),
    ("hard", "standard", True): WinRate(43, 347),
    ("master", "standard", True): WinRate(40, 929),
    ("master-inhand", "standard", True): WinRate(0, 2000),
    ("easy", "uno", True): WinRate(463, 486),
    ("medium", "uno", True): WinRate(63, 354),
    ("hard", "uno", True): WinRate(24, 396),
    ("master", "uno", True): WinRate(2, 2000),
    ("master-inhand", "uno", True): WinRate(0, 2000),
}

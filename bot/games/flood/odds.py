"""How often the planner (FloodPlanner) wins each difficulty, deck and penalty rule.

Written by `python bench/flood.py --odds N`; do not edit by hand.
"""

from bot.games.odds import WinRate

# (difficulty, deck, penalty rule on): wins of deals 0..deals-1
PLANNER_ODDS: dict[tuple[str, str, bool], WinRate] = {
    ('easy', 'standard', False): WinRate(1, 1),
    ('medium', 'standard', False): WinRate(0, 0),
    ('hard', 'standard', False): WinRate(0, 0),
    ('master', 'standard', False): WinRate(0, 0),
    ('master-inhand', 'standard', False): WinRate(0, 0),
    ('easy', 'uno', False): WinRate(0, 0),
    ('medium', 'uno', False): WinRate(0, 0),
    ('hard', 'uno', False): WinRate(0, 0),
    ('master', 'uno', False): WinRate(0, 0),
    ('master-inhand', 'uno', False): WinRate(0, 0),
    ('easy', 'standard', True): WinRate(0, 0),
    ('medium', 'standard', True): WinRate(0, 0),
    ('hard', 'standard', True): WinRate(0, 0),
    ('master', 'standard', True): WinRate(0, 0),
    ('master-inhand', 'standard', True): WinRate(0, 0),
    ('easy', 'uno', True): WinRate(0, 0),
    ('medium', 'uno', True): WinRate(0, 0),
    ('hard', 'uno', True): WinRate(0, 0),
    ('master', 'uno', True): WinRate(0, 0),
    ('master-inhand', 'uno', True): WinRate(0, 0),
}

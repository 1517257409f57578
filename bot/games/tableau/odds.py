"""How often the greedy UNO Solitaire player wins, over seeds 0..deals-1.

Written by `python bench/solitaire.py --player greedy --write-odds`; do not edit by hand.
"""

from bot.games.odds import WinRate

SOLITAIRE_ODDS = WinRate(7530, 10000)

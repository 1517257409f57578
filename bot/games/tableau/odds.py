"""How often the strong UNO Solitaire player wins, over seeds 0..deals-1.

Written by `python bench/solitaire.py --player strong --write-odds`; do not edit by hand.
"""

from bot.games.odds import WinRate

SOLITAIRE_ODDS = WinRate(9993, 10000)

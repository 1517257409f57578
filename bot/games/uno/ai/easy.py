"""The `easy` computer player: plays a legal card with little thought, and is human about it.

It plays whenever it can, any playable card at random (a Wild as readily as a number), calls a
colour at random, forgets to call UNO one time in three, catches others only now and then,
challenges a Wild Draw Four at random, and never jumps in."""

from __future__ import annotations

import random

from bot.games.uno.actions import ACCEPT
from bot.games.uno.actions import CALL_UNO
from bot.games.uno.actions import CATCH
from bot.games.uno.actions import CHALLENGE
from bot.games.uno.actions import DEAL_NEXT_ROUND
from bot.games.uno.actions import DRAW
from bot.games.uno.actions import LEAVE
from bot.games.uno.actions import PASS
from bot.games.uno.actions import Action
from bot.games.uno.actions import ChooseColour
from bot.games.uno.actions import Play
from bot.games.uno.actions import SwapWith
from bot.games.uno.ai.history import PublicHistory
from bot.games.uno.game import Phase
from bot.games.uno.game import SeatView

FORGETS_UNO = 0.35
CATCHES = 0.3
CHALLENGES = 0.2


class EasyPlayer:
    level = "easy"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: SeatView, history: PublicHistory) -> Action:
        legal = view.legal
        rng = self.rng
        if DEAL_NEXT_ROUND in legal:
            return DEAL_NEXT_ROUND
        if CALL_UNO in legal and rng.random() >= FORGETS_UNO:
            return CALL_UNO
        if CATCH in legal and rng.random() < CATCHES:
            return CATCH
        if view.phase is Phase.AWAITING_COLOUR:
            return rng.choice([a for a in legal if isinstance(a, ChooseColour)])
        if view.phase is Phase.AWAITING_SWAP:
            return rng.choice([a for a in legal if isinstance(a, SwapWith)])
        if view.phase is Phase.AWAITING_CHALLENGE:
            return CHALLENGE if rng.random() < CHALLENGES else ACCEPT
        plays = [a for a in legal if isinstance(a, Play)]
        if plays:
            return rng.choice(plays)
        for fallback in (PASS, DRAW):
            if fallback in legal:
                return fallback
        return next((a for a in legal if a is not LEAVE and a is not CALL_UNO and a is not CATCH), LEAVE)

    def react(self, view: SeatView, history: PublicHistory) -> Action | None:
        if CALL_UNO in view.legal and self.rng.random() < 0.5:
            return CALL_UNO
        if CATCH in view.legal and self.rng.random() < CATCHES:
            return CATCH
        return None

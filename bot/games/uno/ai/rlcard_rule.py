"""An outside baseline: the policy of rlcard's UNO rule agent ("uno-rule-v1", rlcard 1.2,
rlcard/models/uno_rule_models.py), restated in this engine's words.

rlcard's agent draws when it cannot play; plays a Wild Draw Four as soon as it holds one its
rules let it play (no card of the colour in force: rlcard allows no bluff), calling the colour
its other cards hold most of; otherwise plays a random legal card, Wilds only when nothing else
goes, a Wild's colour being part of the random choice. rlcard's game plays a drawn card that can
be played at once. Its rules have no UNO call, no challenge, no jump-in and no hand swapping, so
here the agent always calls UNO (its game never penalises a missed call), never catches, accepts
every Wild Draw Four, never jumps in and swaps with a random player. Under twist, the Joker
takes the Wild Draw Four's place and a Jack the Wild's."""

from __future__ import annotations

import random
from collections import Counter

from bot.games.uno.actions import ACCEPT
from bot.games.uno.actions import CALL_UNO
from bot.games.uno.actions import DRAW
from bot.games.uno.actions import LEAVE
from bot.games.uno.actions import PASS
from bot.games.uno.actions import Action
from bot.games.uno.actions import ChooseColour
from bot.games.uno.actions import Play
from bot.games.uno.actions import SwapWith
from bot.games.uno.actions import choose
from bot.games.uno.ai.history import PublicHistory
from bot.games.uno.ai.tactics import first_duty
from bot.games.uno.cards import Role
from bot.games.uno.game import Phase
from bot.games.uno.game import SeatView
from bot.games.uno.playing_cards import AnyColour


class RlcardRulePlayer:
    level = "rlcard-rule-v1"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self._colour: AnyColour | None = None

    def choose(self, view: SeatView, history: PublicHistory) -> Action:
        legal = view.legal
        duty = first_duty(legal, catches=False)
        if duty is not None:
            return duty
        if view.phase is Phase.AWAITING_COLOUR:
            colours = [a.colour for a in legal if isinstance(a, ChooseColour)]
            planned = self._colour if self._colour in colours else self.rng.choice(colours)
            self._colour = None
            assert planned is not None
            return choose(planned)
        if view.phase is Phase.AWAITING_SWAP:
            return self.rng.choice([a for a in legal if isinstance(a, SwapWith)])
        if view.phase is Phase.AWAITING_CHALLENGE:
            return ACCEPT
        plays = [a for a in legal if isinstance(a, Play)]
        if view.drawn_card is not None and plays:
            return plays[0]  # rlcard plays a playable drawn card at once
        if not plays:
            for fallback in (PASS, DRAW):
                if fallback in legal:
                    return fallback
            return LEAVE
        honest = not any(c.colour == view.colour for c in view.hand if not c.role.is_wild)
        for action in plays:
            role = action.card.role
            if role is Role.DRAW_FIVE or (role is Role.WILD_DRAW_FOUR and honest):
                counts = Counter(c.colour for c in view.hand if not c.role.is_wild)
                self._colour = max(counts, key=lambda c: counts[c]) if counts else None
                return action
        tame = [a for a in plays if not a.card.role.is_wild]
        return self.rng.choice(tame or plays)

    def react(self, view: SeatView, history: PublicHistory) -> Action | None:
        return CALL_UNO if CALL_UNO in view.legal else None

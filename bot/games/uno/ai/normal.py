"""The `normal` computer player: the engine's first heuristic (`baseline.HeuristicPlayer`),
improved. It calls UNO and catches, keeps its Wilds for last, sheds its costly cards, hurts an
opponent close to going out, steers the colour towards what it holds and away from what the next
opponent holds, judges a Wild Draw Four by the odds of a bluff, and in twist teams spares its
partner the skips and penalties it can."""

from __future__ import annotations

import random

from bot.games.uno.actions import CALL_UNO
from bot.games.uno.actions import CATCH
from bot.games.uno.actions import DRAW
from bot.games.uno.actions import LEAVE
from bot.games.uno.actions import PASS
from bot.games.uno.actions import Action
from bot.games.uno.actions import JumpIn
from bot.games.uno.actions import Play
from bot.games.uno.actions import play
from bot.games.uno.ai.history import PublicHistory
from bot.games.uno.ai.knowledge import Knowledge
from bot.games.uno.ai.knowledge import KnowledgeReader
from bot.games.uno.ai.tactics import HURTING
from bot.games.uno.ai.tactics import challenge_choice
from bot.games.uno.ai.tactics import colour_choice
from bot.games.uno.ai.tactics import colour_counts
from bot.games.uno.ai.tactics import danger
from bot.games.uno.ai.tactics import first_duty
from bot.games.uno.ai.tactics import same_side
from bot.games.uno.ai.tactics import seat_after
from bot.games.uno.ai.tactics import swap_choice
from bot.games.uno.cards import Role
from bot.games.uno.game import Phase
from bot.games.uno.game import SeatView
from bot.games.uno.playing_cards import AnyCard


class NormalPlayer:
    level = "normal"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self.ruleset_seven_o = False
        self._knowledge = KnowledgeReader(strict=False)

    def choose(self, view: SeatView, history: PublicHistory) -> Action:
        legal = view.legal
        duty = first_duty(legal)
        if duty is not None:
            return duty
        knowledge = self._knowledge.infer(view, history)
        if view.phase is Phase.AWAITING_COLOUR:
            return colour_choice(view, knowledge)
        if view.phase is Phase.AWAITING_SWAP:
            return swap_choice(view)
        if view.phase is Phase.AWAITING_CHALLENGE:
            return challenge_choice(view, knowledge, threshold=0.25)
        self.ruleset_seven_o = history.ruleset.seven_o
        return self.turn_choice(view, knowledge)

    def react(self, view: SeatView, history: PublicHistory) -> Action | None:
        """Out of turn: call UNO, catch, jump in."""
        legal = view.legal
        if CALL_UNO in legal:
            return CALL_UNO
        if CATCH in legal:
            return CATCH
        jumps = [action for action in legal if isinstance(action, JumpIn)]
        if jumps:
            # This player never forgets UNO (`first_duty`): down to one card, its jump calls it.
            return max(jumps, key=lambda action: action.uno)
        return None

    def turn_choice(self, view: SeatView, knowledge: Knowledge) -> Action:
        plays = [a.card for a in view.legal if isinstance(a, Play)]
        if not plays:
            for fallback in (PASS, DRAW):
                if fallback in view.legal:
                    return fallback
            return next((a for a in view.legal if a is not LEAVE), LEAVE)
        if view.pending_draw and not self._answer_penalty(view):
            return DRAW
        seven_o = self.ruleset_seven_o
        best = max(plays, key=lambda card: self.play_score(view, knowledge, card, seven_o))
        return play(best)

    @staticmethod
    def _answer_penalty(view: SeatView) -> bool:
        """Pass a pending penalty on, unless it would land on our partner (twist teams)."""
        return not same_side(view, view.seat, seat_after(view, view.seat))

    def play_score(self, view: SeatView, knowledge: Knowledge, card: AnyCard, seven_o: bool = False) -> float:
        role = card.role
        follower = seat_after(view, view.seat)
        hostile = not same_side(view, view.seat, follower)
        threat = danger(view) <= 2
        next_low = view.hand_counts[follower] <= 2
        score = card.points / 10
        if role.is_wild:
            # Kept for when nothing else goes, or played while an opponent is about to go out.
            score = -6.0 if len(view.hand) > 2 else 0.0
            if role is not Role.WILD and hostile and (next_low or threat):
                score += 8
        elif role in HURTING or role is Role.REVERSE:
            if not hostile and role in HURTING and not self._own_team_turn(view, card):
                score -= 5
            elif hostile:
                score += 4 if next_low else 1
        # Staying in a colour we hold keeps the next turns easy.
        left = colour_counts(list(view.hand))
        if card.colour is not None:
            score += 0.6 * (left[card.colour] - 1)
            void = knowledge.voids.get(follower)
            if hostile and void is not None and card.colour in void.colours:
                score += 1.5
        if seven_o and card.face.value in ("7", "0"):
            score += self._seven_o_gain(view, card)
        return score + self.rng.random() * 0.01

    @staticmethod
    def _seven_o_gain(view: SeatView, card: AnyCard) -> float:
        """Seven-O (H2): a 7 trades our hand for the smallest opponent's, a 0 for the hand of
        the seat before us; worth it by the cards saved."""
        mine = len(view.hand) - 1
        if card.face.value == "7":
            others = [view.hand_counts[s] for s in range(view.seat_count) if s != view.seat]
            return 0.8 * (mine - min(others)) if others else 0.0
        before = seat_after(view, view.seat, view.seat_count - 1)
        return 0.5 * (mine - view.hand_counts[before])

    @staticmethod
    def _own_team_turn(view: SeatView, card: AnyCard) -> bool:
        """Twist's 7 with three or more teams hands the turn to our teammate (T3)."""
        return card.role is Role.SKIP and len(set(view.teams)) > 2

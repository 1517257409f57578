"""The `hard` computer player: determinized Monte Carlo search over the hidden cards.

On its turn it imagines the hidden cards many times (the other hands and the draw pile, dealt
from the cards it has not seen, each hand keeping the voids its draws and its Wilds revealed:
players keep their Wilds for last), and for every
move it could make plays each imagined game to the end of the round with a quick policy for
every seat. It makes the `normal` player's move unless another's rollouts clearly did better.
The same guesses are used for every move and the rollouts' policy is deterministic, so the moves
are compared on equal luck. A Wild's play is searched together with the colour it will call.

The budget is a number of rollouts and of simulated moves, not a time, so a seed gives the same
moves on any machine; `bench/ai.py` measures the time a move takes. The other decisions (the
colour of a Wild the search did not plan, a Wild Draw Four challenge, Seven-O's swap, UNO,
catching, jumping in) use the shared judgements of `tactics`.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from bot.games.errors import GameError
from bot.games.uno.actions import ACCEPT
from bot.games.uno.actions import CALL_UNO
from bot.games.uno.actions import CATCH
from bot.games.uno.actions import DRAW
from bot.games.uno.actions import LEAVE
from bot.games.uno.actions import PASS
from bot.games.uno.actions import Action
from bot.games.uno.actions import ChooseColour
from bot.games.uno.actions import Play
from bot.games.uno.actions import SwapWith
from bot.games.uno.actions import choose
from bot.games.uno.ai.determinize import Determinizer
from bot.games.uno.ai.determinize import clone
from bot.games.uno.ai.history import PublicHistory
from bot.games.uno.ai.knowledge import Knowledge
from bot.games.uno.ai.knowledge import KnowledgeReader
from bot.games.uno.ai.normal import NormalPlayer
from bot.games.uno.ai.tactics import HURTING
from bot.games.uno.ai.tactics import best_colour
from bot.games.uno.ai.tactics import challenge_choice
from bot.games.uno.ai.tactics import colour_choice
from bot.games.uno.ai.tactics import first_duty
from bot.games.uno.ai.tactics import same_side
from bot.games.uno.ai.tactics import swap_choice
from bot.games.uno.cards import Role
from bot.games.uno.game import Phase
from bot.games.uno.game import SeatView
from bot.games.uno.game import UnoGame
from bot.games.uno.playing_cards import AnyCard
from bot.games.uno.playing_cards import AnyColour
from bot.games.uno.seats import seat_after

# The search deals guesses in rounds of ROUND to every move still in the race; after each round
# the moves whose paired gain over the preferred one lies DROP standard errors below nothing
# leave it, so the guesses go to the moves that might still overrule (successive halving).
ROUND = 8
DROP = 1.0
# The most guesses a move is given.
ROLLOUTS = 192
# How many standard errors a move's gain over the heuristic's must stand above nothing for the
# search to overrule it (about one chance in forty of overruling on luck alone).
OVERRULE = 2.0
# Rollouts stop after this many moves and are judged by the hands left (`_value`).
ROLLOUT_MOVES = 30
# The search deals no new round once it has simulated this many moves (a measure of time that a
# seed replays exactly): long rounds, as under the classic rules, get fewer guesses.
MOVE_BUDGET = 7200
# Read a Wild's play as a void in what it was played on (`knowledge.infer`'s habits).
READ_HABITS = True
# Challenge a Wild Draw Four when the odds of a bluff beat this (`normal` asks for 0.25).
CHALLENGE_ODDS = 0.18
_OVER = frozenset({Phase.ROUND_OVER, Phase.FINISHED})

Candidate = tuple[Action, ...]


class HardPlayer:
    level = "hard"

    def __init__(
        self,
        seed: int = 0,
        rollouts: int = ROLLOUTS,
        move_budget: int = MOVE_BUDGET,
        rollout_moves: int | None = None,
    ) -> None:
        self.rng = random.Random(seed)
        self.rollouts = rollouts
        self.move_budget = move_budget
        # Read when the player is made, not when the class was: bench/ai_ab.py's variants set it.
        self.rollout_moves = ROLLOUT_MOVES if rollout_moves is None else rollout_moves
        self._fallback = NormalPlayer(seed)
        self._knowledge = KnowledgeReader(strict=False, habits=READ_HABITS)
        # The colour the search chose with the Wild it played: (turn, colour).
        self._planned: tuple[int, AnyColour] | None = None

    def choose(self, view: SeatView, history: PublicHistory) -> Action:
        legal = view.legal
        duty = first_duty(legal)
        if duty is not None:
            return duty
        knowledge = self._knowledge.infer(view, history)
        if view.phase is Phase.AWAITING_COLOUR:
            return self._colour(view, knowledge)
        if view.phase is Phase.AWAITING_SWAP:
            return swap_choice(view)
        if view.phase is Phase.AWAITING_CHALLENGE:
            return challenge_choice(view, knowledge, threshold=CHALLENGE_ODDS)
        candidates = self.candidates(view, knowledge)
        if len(candidates) == 1:
            return self._commit(view, candidates[0])
        searcher = Determinizer(view, history.ruleset, knowledge, self.rng.getrandbits(32))
        preferred = self._fallback.turn_choice(view, knowledge)
        best = self.search(view, searcher, candidates, preferred)
        return self._commit(view, best)

    def react(self, view: SeatView, history: PublicHistory) -> Action | None:
        return self._fallback.react(view, history)

    # ------------------------------------------------------------------ search

    def candidates(self, view: SeatView, knowledge: Knowledge) -> list[Candidate]:
        """Every distinct move, a Wild's with each of the two colours it would most likely
        call."""
        found: list[Candidate] = []
        colours: list[AnyColour] | None = None
        for action in view.legal:
            if action is LEAVE or action is CATCH or action is CALL_UNO:
                continue
            if isinstance(action, Play) and action.card.role in (Role.WILD, Role.WILD_DRAW_FOUR):
                if colours is None:
                    colours = self._likely_colours(view, knowledge, action)
                found += [(action, choose(colour)) for colour in colours]
            else:
                found.append((action,))
        return found

    @staticmethod
    def _likely_colours(view: SeatView, knowledge: Knowledge, action: Play) -> list[AnyColour]:
        every = _colours_of(view)
        first = best_colour(view, every, knowledge, keep=action.card)
        rest = [c for c in every if c != first]
        second = best_colour(view, rest, knowledge, keep=action.card)
        return [first, second]

    def search(
        self,
        view: SeatView,
        searcher: Determinizer,
        candidates: list[Candidate],
        preferred: Action,
    ) -> Candidate:
        """The `normal` player's choice (`preferred`), unless a candidate beat it in the
        rollouts by more than chance explains: the same guesses and random numbers serve every
        candidate, so each guess gives a paired difference, and a candidate overrules only when
        the mean difference stands OVERRULE standard errors above nothing. With few guesses the
        best-looking candidate is mostly the luckiest; the test keeps those from overruling.
        The guesses come in rounds, and the candidates clearly behind the preferred move get no
        more of them: a close call gets many guesses, a plain one few."""
        values: list[list[float]] = [[] for _ in candidates]
        mine = _preferred(candidates, preferred)
        racing = list(range(len(candidates)))
        rng = self.rng
        spent = 0
        done = 0
        while done < self.rollouts and spent <= self.move_budget:
            for _ in range(ROUND):
                game = searcher.sample(rng)
                seed = rng.getrandbits(32)
                for index in racing:
                    value, moves = rollout(game, view, candidates[index], seed, self.rollout_moves)
                    values[index].append(value)
                    spent += moves
            done += ROUND
            racing = _still_racing(racing, mine, values)
            if len(racing) <= max(1, len(mine)):
                break
        chosen = _overruling([candidates[i] for i in racing], [values[i] for i in racing], preferred)
        return candidates[racing[chosen]]

    def _commit(self, view: SeatView, candidate: Candidate) -> Action:
        if len(candidate) == 2 and isinstance(candidate[1], ChooseColour):
            self._planned = (view.turn, candidate[1].colour)
        return candidate[0]

    def _colour(self, view: SeatView, knowledge: Knowledge) -> Action:
        planned, self._planned = self._planned, None
        if planned is not None and planned[0] == view.turn:
            action = choose(planned[1])
            if action in view.legal:
                return action
        return colour_choice(view, knowledge)


def _preferred(candidates: list[Candidate], preferred: Action) -> list[int]:
    """The indices of the preferred move's candidates: a Wild's with each colour searched, the
    one with the better mean played without the overrule's margin."""
    return [i for i, candidate in enumerate(candidates) if candidate[0] == preferred]


def _paired_gain(row: list[float], base: list[float]) -> tuple[float, float]:
    """The mean of a candidate's gains over the base's on the same guesses, and its standard
    error."""
    gains = [a - b for a, b in zip(row, base, strict=True)]
    count = len(gains)
    mean = sum(gains) / count
    spread = math.sqrt(sum((g - mean) ** 2 for g in gains) / max(1, count - 1))
    return mean, spread / math.sqrt(count)


def _still_racing(racing: list[int], mine: list[int], values: list[list[float]]) -> list[int]:
    """The candidates worth more guesses: the preferred move's, and those whose gain over it
    is not DROP standard errors below nothing."""
    if not mine:
        return racing
    base = max(mine, key=lambda i: sum(values[i]))
    kept = []
    for index in racing:
        if index in mine:
            kept.append(index)
            continue
        mean, error = _paired_gain(values[index], values[base])
        if mean + DROP * error >= 0:
            kept.append(index)
    return kept


def _overruling(candidates: list[Candidate], values: list[list[float]], preferred: Action) -> int:
    """The index of the candidate to play: the preferred move's best colour, or the candidate
    whose paired gain over it is largest once OVERRULE standard errors are taken off."""
    means = [sum(v) / len(v) for v in values]
    mine = _preferred(candidates, preferred)
    if not mine:
        return max(range(len(candidates)), key=lambda i: means[i])
    base = max(mine, key=lambda i: means[i])
    best, best_gain = base, 0.0
    for index, row in enumerate(values):
        if index in mine:
            continue
        mean, error = _paired_gain(row, values[base])
        gain = mean - OVERRULE * error
        if gain > best_gain:
            best, best_gain = index, gain
    return best


def _colours_of(view: SeatView) -> list[AnyColour]:
    """The colours (suits) a wild card may call at this table."""
    from bot.games.uno.cards import COLOURS
    from bot.games.uno.playing_cards import SUITS
    from bot.games.uno.playing_cards import PlayingCard

    if isinstance(view.discard_top, PlayingCard) or any(isinstance(c, PlayingCard) for c in view.hand):
        return list(SUITS)
    return list(COLOURS)


def rollout(
    sample: UnoGame,
    view: SeatView,
    candidate: Sequence[Action],
    seed: int,
    most_moves: int = ROLLOUT_MOVES,
) -> tuple[float, int]:
    """Play `candidate` in a copy of `sample`, then the round out with `quick_action` for every
    seat: 1 when our side went out first, 0 when another did (a little less the more points we
    hold), and when cut short a share by the cards each side has left; and the number of moves simulated."""
    game = clone(sample, seed)
    me = view.seat
    moves = 0
    try:
        game.apply(me, candidate[0])
        if len(candidate) > 1 and game.phase is Phase.AWAITING_COLOUR:
            game.apply(me, candidate[1])
        for _ in range(most_moves):
            if game.phase in _OVER:
                break
            seat = game.current
            game.apply(seat, quick_action(game, seat))
            moves += 1
    except GameError:
        # A guess can be a state no real deal reaches (the inference is not exact); a move the
        # engine refuses there ends the rollout as a loss.
        return 0.0, moves
    return _value(game, view), moves


def _value(game: UnoGame, view: SeatView) -> float:
    out = set(view.eliminated)
    me = view.seat
    for seat, hand in enumerate(game.hands):
        if not hand and seat not in out:
            if same_side(view, me, seat):
                return 1.0
            return -0.002 * sum(c.points for c in game.hands[me])
    # Cut short: judged by how close each side is to going out.
    ours = min(len(h) for s, h in enumerate(game.hands) if s not in out and same_side(view, me, s))
    theirs = min(
        (len(h) for s, h in enumerate(game.hands) if s not in out and not same_side(view, me, s)),
        default=ours,
    )
    return min(0.9, max(0.1, 0.5 + 0.08 * (theirs - ours)))


def quick_action(game: UnoGame, seat: int) -> Action:
    """A fast policy for the rollouts, read straight from the imagined game: the `normal`
    player's judgement of a card (keep Wilds, stay in the colour held most, hurt an opponent
    close to going out, spare a partner), so the imagined opponents play as the real ones do.
    It has no random nudge (ties go to the first legal move): the guess alone varies the
    rollouts, so two candidates' rollouts of one guess part only where the candidates do, and
    their paired difference is the candidate's, not luck's (paired A/B of 2026-11-24: 17 games
    won that the nudged policy lost, 7 the reverse, in 100)."""
    phase = game.phase
    legal = game.legal_actions(seat)
    hand = game.hands[seat]
    if phase is Phase.AWAITING_COLOUR:
        held = _colours_held(hand)
        colours = [a for a in legal if isinstance(a, ChooseColour)]
        return max(colours, key=lambda a: held.get(a.colour, 0))
    if phase is Phase.AWAITING_SWAP:
        swaps = [a for a in legal if isinstance(a, SwapWith)]
        return min(swaps, key=lambda a: len(game.hands[a.seat]))
    if phase is Phase.AWAITING_CHALLENGE:
        return ACCEPT
    if CALL_UNO in legal:
        return CALL_UNO
    plays = [a for a in legal if type(a) is Play]
    if plays:
        held = _colours_held(hand)
        follower = seat_after(seat, 1, game.direction, game.eliminated)
        hostile = game.team_list[follower] != game.team_list[seat]
        next_low = len(game.hands[follower]) <= 2
        many = len(hand) > 2
        return max(
            plays,
            key=lambda a: _rollout_score(a.card, held, hostile, next_low, many),
        )
    if PASS in legal:
        return PASS
    if DRAW in legal:
        return DRAW
    return next(a for a in legal if a is not LEAVE and a is not CATCH)


def _colours_held(hand: Sequence[AnyCard]) -> dict[object, int]:
    held: dict[object, int] = {}
    for card in hand:
        colour = card.colour
        if colour is not None:
            held[colour] = held.get(colour, 0) + 1
    return held


_POINTS: dict[AnyCard, float] = {}


def _rollout_score(
    card: AnyCard, held: dict[object, int], hostile: bool, next_low: bool, many: bool
) -> float:
    """`NormalPlayer.play_score` without what only a view's history tells."""
    role = card.role
    score = _POINTS.get(card)
    if score is None:
        score = _POINTS[card] = card.points / 10
    if role.is_wild:
        score = -6.0 if many else 0.0
        if role is not Role.WILD and hostile and next_low:
            score += 8
        return score
    if role in HURTING or role is Role.REVERSE:
        if hostile:
            score += 4 if next_low else 1
        elif role in HURTING:
            score -= 5
    return score + 0.6 * (held.get(card.colour, 0) - 1)

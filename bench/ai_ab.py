"""Paired A/B of the hard player: the same seeded games played by the current `hard` and by a
few candidates (variants of it: module constants set while they play, listed in VARIANTS),
each against `normal`, so that the difference is measured on equal luck. Games where both make
the same decisions end the same; only the discordant games count.

    nice -n 10 python bench/ai_ab.py --variant NAME[,NAME] [--games 400] [--seats 2] [--first 0]

Printed: each side's wins, the discordant pairs (candidate won where current lost, and the
reverse) with a sign test's two-sided p, and the CPU time per hard decision of each side.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections.abc import Callable
from collections.abc import Iterator
from contextlib import AbstractContextManager
from contextlib import contextmanager
from pathlib import Path
from statistics import NormalDist

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.ai import RULESETS
from bench.ai import Matchup
from bench.ai import play_one
from bot.games.uno.actions import Action
from bot.games.uno.actions import Play
from bot.games.uno.ai import hard
from bot.games.uno.ai.determinize import Determinizer
from bot.games.uno.ai.hard import Candidate
from bot.games.uno.ai.knowledge import Knowledge
from bot.games.uno.ai.tactics import same_side
from bot.games.uno.game import SeatView
from bot.games.uno.game import UnoGame
from bot.games.uno.playing_cards import AnyColour

# A variant's context: what it changes in hard (constants, the search) while it plays.
Context = Callable[[], AbstractContextManager[None]]
VARIANTS: dict[str, Context] = {}


def patched(**values: object) -> Iterator[None]:
    """Module constants set for the candidate; the player's own defaults (bound when its class
    was defined) follow ROLLOUTS and MOVE_BUDGET."""
    old = {name: getattr(hard, name) for name in values}
    init = hard.HardPlayer.__init__
    defaults = init.__defaults__
    for name, value in values.items():
        setattr(hard, name, value)
    init.__defaults__ = (0, hard.ROLLOUTS, hard.MOVE_BUDGET, None)
    try:
        yield
    finally:
        for name, value in old.items():
            setattr(hard, name, value)
        init.__defaults__ = defaults


def patch_variant(name: str, **values: object) -> None:
    """A variant that only sets some of hard's module constants."""
    VARIANTS[name] = lambda: contextmanager(patched)(**values)


def flat_variant(name: str, **values: object) -> None:
    """A variant that plays the flat search (`_flat_search`) with some constants set."""
    VARIANTS[name] = lambda: contextmanager(searching)(_flat_search, **values)


def _same() -> Iterator[None]:
    yield


patch_variant("nohabits", READ_HABITS=False)


# Rollouts of 10 moves, more guesses: heads-up +67 -94 of 600 from 12600 (p = 0.04, worse),
# four-handed +58 -46 of 600 from 12000 (p = 0.28).
flat_variant("short", ROLLOUT_MOVES=10, FLAT_MAX=150)


patch_variant("overrule1", OVERRULE=1.0)


flat_variant("budget3", FLAT_BUDGET=3600, FLAT_MAX=150, FLAT_ROLLOUTS=480)


# Four times the guesses, and the best-looking move played (no overrule margin). Heads-up,
# games 10000-10449 and 13000-13099: +117 -103 of 550 (p = 0.38); four-handed +14 -20 of 100;
# at 4.5x the CPU per decision.
flat_variant("wide0", FLAT_BUDGET=4800, FLAT_MAX=192, FLAT_ROLLOUTS=640, OVERRULE=0.0)


# The best-looking move at today's budget: heads-up +12 -28 of 100 (worse: few guesses make
# the best-looking move mostly the luckiest).
flat_variant("argmax", OVERRULE=0.0)


# Rollouts cut short judged by every seat's hand, not only the closest opponent's. Four-handed:
# +25 -21 of 950 games from 11000 and 13000 (with OVERRULE 1.0: +37 -35 of 350 from 11400).
def _share_value(game: UnoGame, view: SeatView) -> float:
    """A cut rollout judged by each seat's chance of going out first, a weight exp(-k cards)
    per seat (every opponent counts, not only the closest), our side's share of the weights."""
    out = set(view.eliminated)
    me = view.seat
    if any(not hand and seat not in out for seat, hand in enumerate(game.hands)):
        return _FINISHED_VALUE(game, view)
    ours = 0.0
    total = 0.0
    for seat, hand in enumerate(game.hands):
        if seat in out:
            continue
        weight = math.exp(-SHARE_K * len(hand))
        total += weight
        if same_side(view, me, seat):
            ours += weight
    return ours / total


SHARE_K = 0.35
# hard's own value of a finished rollout (read before a variant replaces `hard._value`).
_FINISHED_VALUE = hard._value


patch_variant("share", _value=_share_value)


patch_variant("share1", _value=_share_value, OVERRULE=1.0)


# Rollouts four times as long at the same guesses: heads-up +13 -24 of 150 from 12000.
flat_variant("long", ROLLOUT_MOVES=80, FLAT_BUDGET=3200)


# The search before successive halving (2026-11-25): every candidate given the same guesses,
# max(FLAT_MIN, min(FLAT_MAX, FLAT_ROLLOUTS // candidates)) of them, or fewer once FLAT_BUDGET
# moves were simulated. Variants of it: flat_variant.
FLAT_ROLLOUTS = 160
FLAT_MIN = 8
FLAT_MAX = 48
FLAT_BUDGET = 1200


def _flat_search(
    self: hard.HardPlayer,
    view: SeatView,
    searcher: Determinizer,
    candidates: list[Candidate],
    preferred: Action,
) -> Candidate:
    samples = max(FLAT_MIN, min(FLAT_MAX, FLAT_ROLLOUTS // len(candidates)))
    values: list[list[float]] = [[] for _ in candidates]
    rng = self.rng
    spent = 0
    for done in range(samples):
        if done >= 2 and spent > FLAT_BUDGET:
            break
        game = searcher.sample(rng)
        seed = rng.getrandbits(32)
        for index, candidate in enumerate(candidates):
            value, moves = hard.rollout(game, view, candidate, seed, self.rollout_moves)
            values[index].append(value)
            spent += moves
    return candidates[hard._overruling(candidates, values, preferred)]


def searching(replacement: Callable[..., Candidate], **values: object) -> Iterator[None]:
    """hard's search replaced by `replacement`, with some constants set (this module's FLAT_*,
    which the flat search reads, and hard's)."""
    here = sys.modules[__name__]
    mine = {k: v for k, v in values.items() if k.startswith("FLAT_")}
    theirs = {k: v for k, v in values.items() if k not in mine}
    old = {name: getattr(here, name) for name in mine}
    search = hard.HardPlayer.search
    hard.HardPlayer.search = replacement  # type: ignore[method-assign]
    for name, value in mine.items():
        setattr(here, name, value)
    try:
        yield from patched(**theirs)
    finally:
        hard.HardPlayer.search = search  # type: ignore[method-assign]
        for name, value in old.items():
            setattr(here, name, value)


# Successive halving (today's search) against the flat search, counted for halving. At
# MOVE_BUDGET 7200 and 192 guesses (today's): heads-up +46 -25 of 300 games from 10300, +40 -35
# of 300 from 10600, +45 -43 of 400 from 11200 (together +131 -103 of 1,000, p = 0.08);
# four-handed +19 -10 of 200 from 11000, +24 -10 of 200 from 11600 (+43 -20 of 400,
# p = 0.006); 25 ms a decision against 8. At 3600 and 96: heads-up +84 -62 of 600 from 10000
# (15.5 ms); at 3600 with OVERRULE 1.5: +45 -33 of 300 from 10300.
flat_variant("flat")


# The flat search at three times the budget, overruling at one standard error: heads-up
# +51 -47 of 300 from 10000 (26.7 ms a decision against 9.0).
flat_variant("deep3o1", FLAT_BUDGET=3600, FLAT_MAX=150, FLAT_ROLLOUTS=480, OVERRULE=1.0)


# Four-handed: more than half the rollouts of 30 moves are cut short (games 10000-10019),
# judged by the hands left; longer rollouts, or more guesses, at twice the budget. Four-handed,
# games 10000-10099: long60 +9 -11 (42 ms a decision against 25), full (rollouts to the end)
# +11 -14 (52 ms), wide2 +6 -13 (41 ms); stopped there. wide2 heads-up (2026-11-27), games
# 10000-10999: 57.8% against 58.4%, +103 -109 (p = 0.73), 27.8 ms a decision against 17.3
# (1.6x): twice the guesses and budget buy nothing heads-up either.
patch_variant("long60", ROLLOUT_MOVES=60, MOVE_BUDGET=14400)


patch_variant("full", ROLLOUT_MOVES=200, MOVE_BUDGET=21600)


patch_variant("wide2", ROLLOUTS=384, MOVE_BUDGET=14400)


# Rollouts to the end at three times the budget, with the overrule's margin lowered: is the
# search's own judgement better than normal's when its rollouts are not cut short? Four-handed
# (2026-11-27), against hard on the same games, at 2.1x its CPU a decision (40-41 ms against 19):
# full0 (the best-looking move, no margin), games 40000-40999: 27.9% against 26.8%, +160 -149
# (p = 0.57): the search alone is as good as normal's move once its rollouts run to the end (cut
# at 30 moves it won 19%). full1, games 40000-40999: 29.3% against 26.8%, +132 -107 (p = 0.12);
# re-played on 41000-41999: 28.6% against 28.2%, +128 -124 (p = 0.85). full05, 41000-41999:
# 27.3% against 28.2%, +142 -151. Not kept: no gain that a second thousand games confirms.
patch_variant("full0", ROLLOUT_MOVES=200, MOVE_BUDGET=21600, OVERRULE=0.0)


patch_variant("full1", ROLLOUT_MOVES=200, MOVE_BUDGET=21600, OVERRULE=1.0)


patch_variant("full05", ROLLOUT_MOVES=200, MOVE_BUDGET=21600, OVERRULE=0.5)


# Compute as the limit: rollouts to the end with four times the guesses and twelve times the
# budget, far over the move time allowed, to see what more search alone could buy four-handed.
# Games 42000-42999 (2026-11-27): 30.4% against hard's 28.7%, +133 -116 (p = 0.31), at 5.4x the
# CPU a decision (100 ms against 18.6). Five times the search does not reach 31% either.
patch_variant("full8", ROLLOUT_MOVES=200, ROLLOUTS=768, MOVE_BUDGET=86400, OVERRULE=1.0)


# Tried and dropped (the code is in commit 3a56b46):
# - Guesses judged by the seats' last choices: a guess in which a seat's last play or colour
#   called is not what `normal`'s habits would make of its hand is guessed again (kept with
#   probability 0.1, or 0). A `normal` seat's true hand always explains its last choice (1,390
#   of 1,390 readings, games 20000-20039); a random guess fails 15% of plays and 43% of colours
#   called. Four-handed, games 10000-10399: +31 -31 (kept with 0.1), +28 -28 (with 0); 25 ms a
#   decision against 23.
# - Rollouts whose players challenge a Wild Draw Four as `normal` does (odds of a bluff over
#   0.25: the offender held 9 cards or more, or 3 or more with the challenger on 2 or fewer),
#   rather than never: four-handed, games 10000-10399, +27 -36 (p = 0.31).


# Twice the budget and an overrule at 1.5 standard errors: the search overrules `normal`
# about once in three four-handed games (14 times in games 30000-30039); more guesses to
# overrule more often. Four-handed, games 10000-10399: +38 -34 (p = 0.72), 36 ms a decision
# against 22; heads-up, games 10000-10399: +49 -56 (p = 0.56), 32 ms against 20.
patch_variant("wide15", ROLLOUTS=384, MOVE_BUDGET=14400, OVERRULE=1.5)


# hard's own choice of the preferred move's candidates, read before a variant (colourbar) replaces
# `hard._preferred`.
_PREFERRED = hard._preferred


def _no_search(
    self: hard.HardPlayer,
    view: SeatView,
    searcher: Determinizer,
    candidates: list[Candidate],
    preferred: Action,
) -> Candidate:
    mine = _PREFERRED(candidates, preferred)
    return candidates[mine[0] if mine else 0]


# No search: `normal`'s move with hard's other judgements, to measure what the search adds.
# Four-handed, games 10000-10399: 23.2% against 27.5%, +25 -42 (p = 0.05); heads-up, games
# 10000-10399: 53.2% against 63.0%, +28 -67 (p < 0.001). The search is worth about four games
# in a hundred four-handed and ten heads-up; twice its guesses (wide2, wide15) add nothing seen.
VARIANTS["nosearch"] = lambda: contextmanager(searching)(_no_search)


# Rollouts of 15 moves, twice the guesses at today's budget (the flat search's `short` leaned
# that way four-handed). Four-handed, games 10000-10399: +31 -39 (p = 0.40), 20 ms a decision
# against 22.
patch_variant("short15", ROLLOUT_MOVES=15, ROLLOUTS=384)


# A stricter overrule than today's 2 standard errors (1.5 and 1.0 were tried before).
# Four-handed, games 10000-10299: +8 -8.
patch_variant("overrule25", OVERRULE=2.5)


# Ablations: one of hard's judgements other than its search swapped for `normal`'s, to find
# any that lose (the search off, "nosearch", won 23.2% four-handed, below a normal's 25%).
# Four-handed, games 14000-14199 (current 26.5%): challenge25 (normal's threshold for a Wild
# Draw Four challenge) +1 -0; nohabits (above: no Wild read as a void) +8 -13; unplanned (below:
# the colour after a Wild called as normal calls it) +10 -16. None of hard's own judgements
# loses to normal's; nosearch's 23.2% of 400 games is within chance of 25%.
patch_variant("challenge25", CHALLENGE_ODDS=0.25)


def methods(**replacements: Callable[..., object]) -> Iterator[None]:
    """Some of HardPlayer's methods replaced while the candidate plays."""
    # As stored in the class (a staticmethod stays one when restored).
    old = {name: vars(hard.HardPlayer)[name] for name in replacements}
    for name, method in replacements.items():
        setattr(hard.HardPlayer, name, method)
    try:
        yield
    finally:
        for name, method in old.items():
            setattr(hard.HardPlayer, name, method)


def _unplanned_commit(self: hard.HardPlayer, view: SeatView, candidate: Candidate) -> Action:
    return candidate[0]


# The colour after a Wild called as `normal` calls it, not the one the search played it with.
VARIANTS["unplanned"] = lambda: contextmanager(methods)(_commit=_unplanned_commit)


# Tried and dropped (the code is in commit d44ed6c): hard's voids read more fully (KEEP_VOIDS:
# a draw by choice also means no Wild held, a drawn card passed is no freer than the hand, a new
# void adds to an older one no card since has escaped). True for normal seats in all of 8,615
# readings four-handed and 6,236 heads-up (games 30000-30299), 19% more colours excluded; the
# old reading against it: four-handed, games 15000-15199, +12 -14; heads-up, games
# 15000-15299, +20 -23. With a Wild Draw Four's play read as a void too (wrong in 53 of 6,636
# readings heads-up, 223 of 9,632 four-handed), against KEEP_VOIDS: heads-up, games
# 16000-16299, +17 -19.
# Screens of `normal`'s card scores (a tweaked normal in one seat against plain normals, the
# same games with a plain normal there; a script not kept), for a better base move: four-handed,
# games 20000-23999, the largest effect was holding a Skip or Draw Two while the next player
# holds more than 2 cards, +106 -82 (p = 0.09); a Skip, Draw Two or Reverse penalised when it
# hands the turn to an opponent on 1-2 cards, +69 -56 of 6,000 games from 20000; a Wild Draw
# Four kept unless the next player is the one close to going out +52 -40; the colour held
# weighed twice or less, Wilds played earlier, points ignored, the next player's void weighed
# twice: within +-10. Heads-up, games 20000-23999: the void weighed twice +86 -60 (p = 0.04),
# the rest within +-10. A card's score moves a normal's result by a point at most.
# Diagnostic (not kept): the search given the true hands of the other seats (the draw pile
# still shuffled) won 46.0% four-handed against 26.5%, +55 -16 in games 14000-14199: the
# search is strong when its guesses are right; what limits it is how little the public history
# says about the hands. Given only the next seat's true hand: 31.5%, +25 -15 (p = 0.16).


def _every_colour(view: SeatView, knowledge: Knowledge, action: Play) -> list[AnyColour]:
    every = hard._colours_of(view)
    first = _LIKELY(view, knowledge, action)
    return first + [c for c in every if c not in first]


_LIKELY = hard.HardPlayer._likely_colours


# A Wild searched with every colour it could call, not only the two the hand favours. Heads-up,
# games 16000-16299 (against today's search with KEEP_VOIDS, d44ed6c): +27 -33 (at 100 games
# +6 -16: the early lean did not last).
VARIANTS["allcolours"] = lambda: contextmanager(methods)(_likely_colours=staticmethod(_every_colour))


# Today's search overruling at 1.5 standard errors (the flat search's figures above). Heads-up,
# games 16000-16299 (with KEEP_VOIDS, d44ed6c): +26 -16 (p = 0.17); not confirmed: heads-up,
# games 17000-17399 (with KEEP_VOIDS), +24 -28; four-handed, games 17000-17199, +5 -12.
patch_variant("overrule15", OVERRULE=1.5)


# The search chose the second colour of the Wild it was to play in 20 of 49 such plays (heads-up,
# games 40000-40039), the colour with the better mean, without the overrule's margin. Here the
# second must overrule the first: heads-up, games 17000-17399 (with KEEP_VOIDS), +32 -29;
# four-handed, games 17000-17199, +10 -9.
def _first_preferred(candidates: list[Candidate], preferred: Action) -> list[int]:
    return _PREFERRED(candidates, preferred)[:1]


patch_variant("colourbar", _preferred=_first_preferred)


def _one_colour(view: SeatView, knowledge: Knowledge, action: Play) -> list[AnyColour]:
    return _LIKELY(view, knowledge, action)[:1]


# A Wild searched only with the colour the hand favours (fewer candidates to overrule on luck).
# Four-handed, games 16000-16199 (with KEEP_VOIDS, d44ed6c): +21 -19.
VARIANTS["onecolour"] = lambda: contextmanager(methods)(_likely_colours=staticmethod(_one_colour))


# The overrule's margin grown with the moves that could overrule (Bonferroni): each of the k
# candidates still racing besides normal's move is held to the one-sided chance that 2 standard
# errors give one alone (2.3%), split k ways: 2.0 standard errors for one, 2.28 for two, 2.44
# for three, 2.63 for five. Heads-up, games 10000-10999: +20 -26 (p = 0.46; +3 -12 at 300
# games, p = 0.04, did not last); the same CPU.
def _bonferroni_overruling(candidates: list[Candidate], values: list[list[float]], preferred: Action) -> int:
    rivals = sum(1 for candidate in candidates if candidate[0] != preferred)
    alpha = NormalDist().cdf(-_OVERRULE)
    margin = NormalDist().inv_cdf(1 - alpha / max(1, rivals))
    old = hard.OVERRULE
    hard.OVERRULE = margin
    try:
        return _OVERRULING(candidates, values, preferred)
    finally:
        hard.OVERRULE = old


_OVERRULE = hard.OVERRULE
_OVERRULING = hard._overruling


patch_variant("bonferroni", _overruling=_bonferroni_overruling)


# Tried and dropped (the code is in commit 8bdb079): rollouts whose seats play as `normal` does
# (ROLLOUT_VOIDS): 1.5 for a colour the next opponent is believed to lack, as normal reads the
# public history and as the rollout's own draws show, in the card played and the colour called;
# a Wild Draw Four while any opponent is on 2 cards or fewer, not only the next. Heads-up, games
# 10000-10999: +102 -99 (p = 0.89), 19.5 ms a decision against 17.3 (1.13x); four-handed, games
# 10000-10399: 27.3% against 27.5%, +33 -34, 20.8 ms against 18.2. The opponents' steering
# that the rollouts missed moves nothing measurable.


# Successive halving dropping a move sooner (half a standard error behind normal's) or later
# (two), not at one. Heads-up, games 11000-11599 (current 56.8%): drop05 57.2%, +67 -65
# (p = 0.93) at 13.0 ms a decision against 17.6 (0.74x); drop2 56.3%, +62 -65 (p = 0.86) at 25.0
# ms (1.42x). Where the guesses go among the moves changes nothing seen.
patch_variant("drop05", DROP=0.5)


patch_variant("drop2", DROP=2.0)


def sign_p(better: int, worse: int) -> float:
    """Two-sided sign test on the discordant pairs (normal approximation)."""
    n = better + worse
    if not n:
        return 1.0
    z = (abs(better - worse) - 1) / math.sqrt(n)
    return math.erfc(max(0.0, z) / math.sqrt(2))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--variant", required=True, help="comma-separated candidates")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--ruleset", default="official")
    args = parser.parse_args()
    names = args.variant.split(",")
    sides: list[Context] = [contextmanager(_same)]
    sides += [VARIANTS[name] for name in names]
    matchup = Matchup(args.ruleset, args.seats, "hard", "normal", args.games, args.seats > 2)
    assert matchup.ruleset in RULESETS
    count = len(sides)
    wins = [0] * count
    better = [0] * count
    worse = [0] * count
    cpu = [0.0] * count
    decisions = [0] * count
    for game in range(args.first, args.first + args.games):
        results = []
        for side, context in enumerate(sides):
            start = time.process_time()
            with context():
                won, times = play_one((matchup, game))
            cpu[side] += time.process_time() - start
            decisions[side] += len(times.get("hard", []))
            wins[side] += won
            results.append(won)
            better[side] += won and not results[0]
            worse[side] += results[0] and not won
        done = game - args.first + 1
        if done % 50 == 0 or done == args.games:
            print(
                f"{done:>5} games  current {wins[0] / done:6.1%} "
                f"({1000 * cpu[0] / max(1, decisions[0]):.1f} ms/decision)",
                flush=True,
            )
            for side in range(1, count):
                print(
                    f"      {names[side - 1]:<14} {wins[side] / done:6.1%}  discordant "
                    f"+{better[side]} -{worse[side]} p={sign_p(better[side], worse[side]):.3f}  "
                    f"{1000 * cpu[side] / max(1, decisions[side]):.1f} ms/decision",
                    flush=True,
                )


if __name__ == "__main__":
    main()

"""Rulesets as data: one registry maps a name to its ruleset, and `/uno rules` reads the same data."""

from __future__ import annotations

from dataclasses import dataclass, replace

from bot.games.errors import IllegalAction


@dataclass(frozen=True, slots=True)
class Ruleset:
    name: str
    title: str
    hand_size: int = 7
    target_score: int = 500
    min_players: int = 2
    max_players: int = 10

    def with_target(self, target_score: int) -> Ruleset:
        if not 1 <= target_score <= 100_000:
            raise IllegalAction("The points target must be between 1 and 100000.")
        return replace(self, target_score=target_score)

    def explain(self) -> list[str]:
        """The rules in force, in the bot's own words, one line each."""
        return [
            f"{self.title}: {self.min_players}-{self.max_players} players, "
            f"{self.hand_size} cards each, 108-card deck.",
            "Match the top card by colour, number or symbol. A Wild is always playable; a Wild Draw "
            "Four only when you hold no card of the colour in force, though you may bluff.",
            "First card: a Wild Draw Four is returned and another turned; a Wild lets the first "
            "player call the colour; Draw Two makes the first player draw 2 and lose the turn; Skip "
            "skips them; Reverse lets the dealer start, playing the other way.",
            "You may always draw instead of playing. If the drawn card can be played you may play it "
            "at once (only that card); otherwise your turn ends.",
            "Skip skips the next player; Reverse turns play around (with two players it acts as a "
            "Skip); Draw Two: the next player draws 2 and is skipped; Wild: call a colour; Wild Draw "
            "Four: call a colour, the next player draws 4 and is skipped.",
            "Hit by a Wild Draw Four, you may challenge it: if its player held a card of the colour "
            "in force they draw 4 instead; if not, you draw 6 and are skipped.",
            "Call UNO when you play your second-to-last card. Until the next player acts, anyone "
            "may catch you if you did not: you draw 2.",
            "When the draw pile runs out, the discard pile (less its top card) is shuffled into a "
            "new one.",
            "The first to empty their hand wins the round (a last Draw Two or Wild Draw Four still "
            "makes the next player draw) and scores the cards left in the other hands: numbers at "
            "face value, Skip, Reverse and Draw Two 20, Wilds 50.",
            f"Rounds go on until someone reaches {self.target_score} points; the deal moves left "
            "each round.",
        ]


OFFICIAL = Ruleset(name="official", title="Official UNO rules")

RULESETS: dict[str, Ruleset] = {r.name: r for r in (OFFICIAL,)}


def ruleset_named(name: str) -> Ruleset:
    try:
        return RULESETS[name]
    except KeyError:
        known = ", ".join(sorted(RULESETS))
        raise IllegalAction(f"There is no ruleset called `{name}`. Known rulesets: {known}.") from None

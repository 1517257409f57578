"""`/uno rules`: the rules in force, written from a ruleset's data, one sentence per rule.

Each sentence is a `Text` (bot/i18n/text.py): whole sentences, one per case, so that every
language can put its words in its own order; the presenter translates them."""

from __future__ import annotations

from bot.games.uno.cards import Role
from bot.games.uno.ruleset import FIRST_CARD_NUMBER
from bot.games.uno.ruleset import FIRST_CARD_OFFICIAL
from bot.games.uno.ruleset import NO_TEAMS
from bot.games.uno.ruleset import PARTNERS
from bot.games.uno.ruleset import Ruleset
from bot.i18n.text import AnyOf
from bot.i18n.text import Clauses
from bot.i18n.text import Text
from bot.i18n.text import counted
from bot.i18n.text import text

# A penalty card as an answer ("a Joker"), and as the card the penalty came on ("on a Joker"):
# each its own words, since a language may decline the card after its preposition (German "auf
# einen Joker", beside "ein Joker").
_ROLE_NAMES = {
    Role.DRAW_TWO: (text("a Draw Two"), text("on a Draw Two")),
    Role.WILD: (text("a Wild"), text("on a Wild")),
    Role.WILD_DRAW_FOUR: (text("a Wild Draw Four"), text("on a Wild Draw Four")),
    Role.DRAW_FIVE: (text("a Joker"), text("on a Joker")),
}
_TWIST_ROLE_NAMES = {
    Role.DRAW_TWO: (text("a 2"), text("on a 2")),
    Role.DRAW_FIVE: (text("a Joker"), text("on a Joker")),
}


def explain(rules: Ruleset) -> list[Text]:
    lines: list[Text | None] = [
        _players_and_deck(rules),
        _first_card(rules),
        _matching(rules),
        _actions(rules),
    ]
    if rules.challenge and not rules.no_bluffing:
        lines.append(
            text(
                "Hit by a Wild Draw Four, you may challenge it: if its player held a card of the "
                "colour in force they draw 4 instead; if not, you draw 6 and are skipped."
            )
        )
    lines += [_stacking(rules), _drawing(rules)]
    if rules.go_out_on_number_only:
        lines.append(text("You may not go out on an action card or a Wild: your last card is a number."))
    if rules.seven_o:
        lines.append(
            text(
                "Seven-O: playing a 7, you swap hands with a player you choose; playing a 0 passes "
                "every hand one seat along the direction of play."
            )
        )
    if rules.jump_in:
        lines.append(_jump_in(rules))
    lines.append(_calling_uno(rules))
    lines.append(_reshuffle(rules))
    if rules.playing_cards:
        lines.append(_teams(rules))
    lines.append(rules.scoring.explain(rules.target_score))
    lines.append(_time_limit(rules))
    return [line for line in lines if line is not None]


def _players_and_deck(rules: Ruleset) -> Text:
    if rules.playing_cards:
        return text(
            "{title}: {low}-{high} players, {hand} cards each, {decks} decks of playing cards "
            "with two Jokers each ({cards} cards).",
            title=rules.title,
            low=rules.min_players,
            high=rules.max_players,
            hand=rules.hand_size,
            decks=rules.decks,
            cards=rules.deck_size,
        )
    return text(
        "{title}: {low}-{high} players, {hand} cards each, the 108-card UNO deck.",
        title=rules.title,
        low=rules.min_players,
        high=rules.max_players,
        hand=rules.hand_size,
    )


def _first_card(rules: Ruleset) -> Text:
    if rules.first_card == FIRST_CARD_OFFICIAL:
        return text(
            "First card: a Wild Draw Four is returned and another turned; a Wild lets the first "
            "player call the colour; Draw Two makes the first player draw 2 and lose the turn; "
            "Skip skips them; Reverse lets the dealer start, playing the other way."
        )
    if rules.first_card == FIRST_CARD_NUMBER:
        return text(
            "First card: it must be a number card; any other goes to the bottom of the deck until one is."
        )
    return text(
        "First card: it starts the discard pile and does nothing else (a Joker goes back into "
        "the deck and another is turned)."
    )


def _matching(rules: Ruleset) -> Text:
    if rules.playing_cards:
        return text("Match the top card by suit or rank; a Jack or a Joker plays on anything.")
    if rules.wild_last_resort:
        return text(
            "Match the top card by colour, number or symbol; a Wild plays on anything. Wild and "
            "Wild Draw Four only when you have no other card to play."
        )
    if rules.no_bluffing:
        return text(
            "Match the top card by colour, number or symbol; a Wild plays on anything. A Wild "
            "Draw Four only when you hold no card of the colour in force: no bluffing, and no "
            "challenge."
        )
    return text(
        "Match the top card by colour, number or symbol; a Wild plays on anything. A Wild Draw "
        "Four only when you hold no card of the colour in force, though you may bluff."
    )


def _actions(rules: Ruleset) -> Text:
    if rules.playing_cards:
        if rules.teams != NO_TEAMS:
            return text(
                "Ace reverses play; 2: the next player draws 2 and is skipped; 7 skips the next "
                "player (with more than two teams, the turn jumps to the next player of your "
                "team); Jack is wild: name a suit; Joker: the next player draws 5 and is skipped, "
                "the suit does not change and the player after plays on the card beneath the Joker."
            )
        return text(
            "Ace reverses play; 2: the next player draws 2 and is skipped; 7 skips the next "
            "player; Jack is wild: name a suit; Joker: the next player draws 5 and is skipped, "
            "the suit does not change and the player after plays on the card beneath the Joker."
        )
    if rules.two_player_skip_reverse_void:
        two = text("with two players Skip and Reverse have no effect")
    else:
        two = text("with two players it acts as a Skip")
    if rules.wild_draw:
        # Counted: a language that says "cards" after the number says "card" after a 1.
        return counted(
            "Skip skips the next player; Reverse turns play around ({two}); Draw Two: the next "
            "player draws 2 and is skipped; Wild: call a colour, the next player draws {count} "
            "and is skipped; Wild Draw Four: call a colour, the next player draws 4 and is "
            "skipped.",
            "Skip skips the next player; Reverse turns play around ({two}); Draw Two: the next "
            "player draws 2 and is skipped; Wild: call a colour, the next player draws {count} "
            "and is skipped; Wild Draw Four: call a colour, the next player draws 4 and is "
            "skipped.",
            two=two,
            count=rules.wild_draw,
        )
    return text(
        "Skip skips the next player; Reverse turns play around ({two}); Draw Two: the next "
        "player draws 2 and is skipped; Wild: call a colour; Wild Draw Four: call a colour, the "
        "next player draws 4 and is skipped.",
        two=two,
    )


def _stacking(rules: Ruleset) -> Text | None:
    answers = rules.stack_answers
    if not answers:
        return None
    names = _TWIST_ROLE_NAMES if rules.playing_cards else _ROLE_NAMES
    parts = [
        text(
            "{on}, {answers}",
            on=names[pending][1],
            answers=AnyOf(tuple(names[r][0] for r in sorted(allowed, key=list(Role).index))),
        )
        for pending, allowed in answers.items()
    ]
    return text(
        "Stacking: hit by a penalty card you may answer with another instead of drawing "
        "({answers}); the summed penalty passes on until someone cannot or will not answer, who "
        "draws it all and is skipped.",
        answers=Clauses(tuple(parts)),
    )


def _drawing(rules: Ruleset) -> Text:
    if rules.drawn_card_waits:
        if rules.must_play_if_able:
            return text(
                "If you cannot play, draw one card and your turn passes; the drawn card can be "
                "played no earlier than your next turn."
            )
        return text(
            "Instead of playing, draw one card and your turn passes; the drawn card can be "
            "played no earlier than your next turn."
        )
    if rules.draw_to_match and rules.forced_play:
        return text(
            "You may always draw instead of playing: you draw until a card can be played. A "
            "drawn card that can be played must be played at once."
        )
    if rules.draw_to_match:
        return text(
            "You may always draw instead of playing: you draw until a card can be played. If the "
            "drawn card can be played you may play it at once (only that card); otherwise your "
            "turn ends."
        )
    if rules.forced_play:
        return text(
            "You may always draw instead of playing. A drawn card that can be played must be played at once."
        )
    return text(
        "You may always draw instead of playing. If the drawn card can be played you may play it "
        "at once (only that card); otherwise your turn ends."
    )


def _jump_in(rules: Ruleset) -> Text:
    if rules.playing_cards:
        return text(
            "Jump-in: holding the very card on top (suit and rank; not a wild card), you may play "
            "it out of turn; play goes on from you. Not while a penalty is pending."
        )
    return text(
        "Jump-in: holding the very card on top (colour and symbol; not a wild card), you may "
        "play it out of turn; play goes on from you. Not while a penalty is pending."
    )


def _calling_uno(rules: Ruleset) -> Text:
    if rules.catch_until_card_laid:
        # C6: the next player's draw does not end the window; their card does.
        return text(
            "Call UNO when you play your second-to-last card. Until the next player lays a card "
            "(a draw does not count), anyone may catch you if you did not: you draw {count} cards.",
            count=rules.uno_penalty,
        )
    if rules.uno_penalty == 1:
        return text(
            "Call UNO when you play your second-to-last card. Until the next player acts, anyone "
            "may catch you if you did not: you draw 1 card."
        )
    return text(
        "Call UNO when you play your second-to-last card. Until the next player acts, anyone may "
        "catch you if you did not: you draw {count} cards.",
        count=rules.uno_penalty,
    )


def _reshuffle(rules: Ruleset) -> Text:
    if rules.playing_cards:
        return text(
            "When the draw pile runs out, the discard pile is shuffled into a new one, less its "
            "top card (and the card beneath, when the top is a Joker)."
        )
    return text(
        "When the draw pile runs out, the discard pile is shuffled into a new one, less its top card."
    )


def _teams(rules: Ruleset) -> Text:
    if rules.teams == NO_TEAMS:
        return text("Everyone plays for themselves.")
    if rules.teams == PARTNERS:
        return text(
            "Partners sit across from each other. When a player goes out, their whole team goes "
            "out and wins the round; a team's score is the sum of its members'."
        )
    return text(
        "{count} teams of equal size sit alternately. When a player goes out, their whole team "
        "goes out and wins the round; a team's score is the sum of its members'.",
        count=int(rules.teams),
    )


def _time_limit(rules: Ruleset) -> Text | None:
    """T8's "or when the table's time is up", for any ruleset that sets a time limit."""
    minutes = rules.time_limit
    if not minutes:
        return None
    return text(
        "Time limit: {minutes} minutes from the first deal. When the time is up, the round in "
        "play is played to its end and the game ends ({winner}; a tie goes to the side that went "
        "out last); between rounds it ends at once.",
        minutes=minutes,
        winner=rules.scoring.winner_on_time_text(rules.teams != NO_TEAMS),
    )

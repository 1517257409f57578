"""`/uno rules`: the rules in force, written from a ruleset's data, one line per rule."""

from __future__ import annotations

from bot.games.uno.cards import Role
from bot.games.uno.ruleset import (
    FIRST_CARD_NUMBER,
    FIRST_CARD_OFFICIAL,
    NO_TEAMS,
    PARTNERS,
    Ruleset,
)

_ROLE_NAMES = {
    Role.DRAW_TWO: "Draw Two",
    Role.WILD: "Wild",
    Role.WILD_DRAW_FOUR: "Wild Draw Four",
    Role.DRAW_FIVE: "Joker",
}
_TWIST_ROLE_NAMES = {Role.DRAW_TWO: "2", Role.DRAW_FIVE: "Joker"}


def explain(rules: Ruleset) -> list[str]:
    twist = rules.playing_cards
    lines = [_players_and_deck(rules), _first_card(rules), _matching(rules), _actions(rules)]
    if rules.challenge and not rules.no_bluffing:
        lines.append(
            "Hit by a Wild Draw Four, you may challenge it: if its player held a card of the "
            "colour in force they draw 4 instead; if not, you draw 6 and are skipped."
        )
    lines.append(_stacking(rules))
    lines.append(_drawing(rules))
    if rules.go_out_on_number_only:
        lines.append("You may not go out on an action card or a Wild: your last card is a number.")
    if rules.seven_o:
        lines.append(
            "Seven-O: playing a 7, you swap hands with a player you choose; playing a 0 passes "
            "every hand one seat along the direction of play."
        )
    if rules.jump_in:
        card = "suit and rank" if twist else "colour and symbol"
        lines.append(
            f"Jump-in: holding the very card on top ({card}; not a wild card), you may play it "
            "out of turn; play goes on from you. Not while a penalty is pending."
        )
    penalty = rules.uno_penalty
    lines.append(
        f"Call UNO when you play your second-to-last card. Until the next player acts, anyone "
        f"may catch you if you did not: you draw {penalty} card{'s' if penalty != 1 else ''}."
    )
    keep = " (and the card beneath, when the top is a Joker)" if twist else ""
    lines.append(
        "When the draw pile runs out, the discard pile is shuffled into a new one, less its top "
        f"card{keep}."
    )
    if twist:
        lines.append(_teams(rules))
    lines.append(_scoring(rules))
    lines.append(_time_limit(rules))
    return [line for line in lines if line]


def _players_and_deck(rules: Ruleset) -> str:
    if rules.playing_cards:
        deck = (
            f"{rules.decks} deck{'s' if rules.decks != 1 else ''} of playing cards with two "
            f"Jokers each ({rules.deck_size} cards)"
        )
    else:
        deck = "the 108-card UNO deck"
    return (
        f"{rules.title}: {rules.min_players}-{rules.max_players} players, {rules.hand_size} cards "
        f"each, {deck}."
    )


def _first_card(rules: Ruleset) -> str:
    if rules.first_card == FIRST_CARD_OFFICIAL:
        return (
            "First card: a Wild Draw Four is returned and another turned; a Wild lets the first "
            "player call the colour; Draw Two makes the first player draw 2 and lose the turn; "
            "Skip skips them; Reverse lets the dealer start, playing the other way."
        )
    if rules.first_card == FIRST_CARD_NUMBER:
        return (
            "First card: it must be a number card; any other goes to the bottom of the deck "
            "until one is."
        )
    return (
        "First card: it starts the discard pile and does nothing else (a Joker goes back into "
        "the deck and another is turned)."
    )


def _matching(rules: Ruleset) -> str:
    if rules.playing_cards:
        text = "Match the top card by suit or rank; a Jack or a Joker plays on anything."
    else:
        text = "Match the top card by colour, number or symbol; a Wild plays on anything."
        if rules.wild_last_resort:
            text += " Wild and Wild Draw Four only when you have no other card to play."
        elif rules.no_bluffing:
            text += (
                " A Wild Draw Four only when you hold no card of the colour in force: no "
                "bluffing, and no challenge."
            )
        else:
            text += (
                " A Wild Draw Four only when you hold no card of the colour in force, though "
                "you may bluff."
            )
    return text


def _actions(rules: Ruleset) -> str:
    if rules.playing_cards:
        seven = "7 skips the next player"
        if rules.teams != NO_TEAMS:
            seven += " (with more than two teams, the turn jumps to the next player of your team)"
        return (
            f"Ace reverses play; 2: the next player draws 2 and is skipped; {seven}; Jack is "
            "wild: name a suit; Joker: the next player draws 5 and is skipped, the suit does not "
            "change and the player after plays on the card beneath the Joker."
        )
    if rules.two_player_skip_reverse_void:
        two = "(with two players Skip and Reverse have no effect)"
    else:
        two = "(with two players it acts as a Skip)"
    wild = "Wild: call a colour"
    if rules.wild_draw:
        wild += f", the next player draws {rules.wild_draw} and is skipped"
    return (
        f"Skip skips the next player; Reverse turns play around {two}; Draw Two: the next "
        f"player draws 2 and is skipped; {wild}; Wild Draw Four: call a colour, the next "
        "player draws 4 and is skipped."
    )


def _stacking(rules: Ruleset) -> str:
    answers = rules.stack_answers
    if not answers:
        return ""
    names = _TWIST_ROLE_NAMES if rules.playing_cards else _ROLE_NAMES
    parts = []
    for pending, allowed in answers.items():
        ordered = sorted(allowed, key=list(Role).index)
        parts.append(f"on a {names[pending]}, a {' or '.join(names[r] for r in ordered)}")
    return (
        "Stacking: hit by a penalty card you may answer with another instead of drawing ("
        + "; ".join(parts)
        + "); the summed penalty passes on until someone cannot or will not answer, who draws "
        "it all and is skipped."
    )


def _drawing(rules: Ruleset) -> str:
    if rules.drawn_card_waits:
        when = "If you cannot play" if rules.must_play_if_able else "Instead of playing"
        return (
            f"{when}, draw one card and your turn passes; the drawn card can be played no "
            "earlier than your next turn."
        )
    if rules.draw_to_match:
        text = "You may always draw instead of playing: you draw until a card can be played."
    else:
        text = "You may always draw instead of playing."
    if rules.forced_play:
        return text + " A drawn card that can be played must be played at once."
    return text + (
        " If the drawn card can be played you may play it at once (only that card); "
        "otherwise your turn ends."
    )


def _teams(rules: Ruleset) -> str:
    if rules.teams == NO_TEAMS:
        return "Everyone plays for themselves."
    if rules.teams == PARTNERS:
        kind = "Partners sit across from each other"
    else:
        kind = f"{rules.teams} teams of equal size sit alternately"
    return (
        f"{kind}. When a player goes out, their whole team goes out and wins the round; a "
        "team's score is the sum of its members'."
    )


def _scoring(rules: Ruleset) -> str:
    return rules.scoring.explain(rules.target_score)


def _time_limit(rules: Ruleset) -> str:
    """T8's "or when the table's time is up", for any ruleset that sets a time limit."""
    minutes = rules.time_limit
    if not minutes:
        return ""
    winner = rules.scoring.winner_on_time_text(rules.teams != NO_TEAMS)
    return (
        f"Time limit: {minutes} minutes from the first deal. When the time is up, the round in "
        f"play is played to its end and the game ends ({winner}; a tie goes to the side that "
        "went out last); between rounds it ends at once."
    )

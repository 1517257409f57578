"""UNO Solitaire on a tableau (S1-S12 of docs/rules.md).

A game is a deal (the 108 cards in dealing order) and the moves made on it. A seeded game shuffles
its deal with its own `random.Random(seed)`; nothing is random after the deal, so the seed (or
the deal) plus the action log replays to the same state, and Undo replays all moves but the last.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from collections.abc import Sequence
from typing import Any

from bot.games.actions import DRAW
from bot.games.actions import RESIGN
from bot.games.actions import UNDO
from bot.games.actions import Draw
from bot.games.actions import Resign
from bot.games.actions import Undo
from bot.games.errors import CorruptState
from bot.games.errors import GameOver
from bot.games.errors import IllegalAction
from bot.games.saved import ComparedBySave
from bot.games.saved import card_codes
from bot.games.saved import reading_save
from bot.games.tableau.actions import WASTE_TO_FOUNDATION
from bot.games.tableau.actions import Action
from bot.games.tableau.actions import Place
from bot.games.tableau.actions import ToFoundation
from bot.games.tableau.actions import parse_action
from bot.games.tableau.actions import place
from bot.games.tableau.actions import to_foundation
from bot.games.tableau.events import CardPlaced
from bot.games.tableau.events import CardsDrawn
from bot.games.tableau.events import Event
from bot.games.tableau.events import GameEnded
from bot.games.tableau.events import MovedToFoundation
from bot.games.tableau.events import MoveUndone
from bot.games.tableau.events import Outcome
from bot.games.tableau.events import SlotLeftEmpty
from bot.games.tableau.events import SlotRefilled
from bot.games.tableau.events import WasteTurnedOver
from bot.games.tableau.foundations import COLOUR_FOUNDATION_SIZE
from bot.games.tableau.foundations import COLOUR_RUNS
from bot.games.tableau.foundations import Foundations
from bot.games.tableau.foundations import tableau_match
from bot.games.tableau.geometry import COVER_INDICES
from bot.games.tableau.geometry import MAX_ROWS
from bot.games.tableau.geometry import SLOTS
from bot.games.tableau.geometry import SUPPORT_INDICES
from bot.games.tableau.geometry import Slot
from bot.games.tableau.geometry import covers
from bot.games.tableau.geometry import row_width
from bot.games.tableau.geometry import slot_at
from bot.games.tableau.geometry import supports
from bot.games.tableau.view import ActionPileView
from bot.games.tableau.view import ColourFoundationView
from bot.games.tableau.view import SlotView
from bot.games.tableau.view import TableauView
from bot.games.uno.cards import COLOURS
from bot.games.uno.cards import Card
from bot.games.uno.cards import Colour
from bot.games.uno.cards import official_deck
from bot.i18n.text import Text
from bot.i18n.text import text

STATE_VERSION = 1
ROW0_WIDTH = row_width(0)
DRAW_COUNT = 3
FULL_DECK: Counter[Card] = Counter(official_deck())
DECK_SIZE = sum(FULL_DECK.values())
_SUPPORTS: tuple[tuple[tuple[Slot, ...], ...], ...] = tuple(
    tuple(supports(slot) for slot in row) for row in SLOTS[: MAX_ROWS + 1]
)
# The cards of the rows, their exposed flags and the rows' views built from them.
_RowCache = tuple[tuple[tuple[Card | None, ...], ...], list[list[bool]], tuple[tuple[SlotView, ...], ...]]


WASTE_EMPTY = text("The waste is empty: draw first.")
# Each colour its own sentence, so that each language can make the colour agree with its noun.
_FOUNDATION_COMPLETE = {
    Colour.RED: text("the Red foundation is complete"),
    Colour.YELLOW: text("the Yellow foundation is complete"),
    Colour.GREEN: text("the Green foundation is complete"),
    Colour.BLUE: text("the Blue foundation is complete"),
}
_FOUNDATION_NEEDS = {
    Colour.RED: lambda card: text("the Red foundation needs the {card}", card=card),
    Colour.YELLOW: lambda card: text("the Yellow foundation needs the {card}", card=card),
    Colour.GREEN: lambda card: text("the Green foundation needs the {card}", card=card),
    Colour.BLUE: lambda card: text("the Blue foundation needs the {card}", card=card),
}


class TableauGame(ComparedBySave):
    """The whole state of one solitaire game. Mutated only through `apply`."""

    def __init__(self, deal: Sequence[Card], *, seed: int | None = None) -> None:
        """A game dealt from `deal`, the 108 cards in dealing order: the first 7 make row 0 (S1),
        the next one is the top of the stock. Use `new(seed)` for a shuffled game."""
        if Counter(deal) != FULL_DECK:
            raise IllegalAction(text("A solitaire deal must hold exactly the 108 UNO cards."))
        self._set_up(tuple(deal), seed)
        self._reset_to_deal()

    def _set_up(self, deal: tuple[Card, ...], seed: int | None) -> None:
        """Every field of a game, as before its first move, with nothing on the board yet."""
        self.deal = deal
        self.seed = seed
        self.rng: random.Random | None = None
        self.rows: list[list[Card | None]] = []
        self.stock: list[Card] = []  # the top is the end of the list
        self.waste: list[Card] = []  # the top is the end of the list
        self.foundations = Foundations()
        # S12(a): whether a card went to a foundation or the tableau since the waste was last
        # turned over (or since the deal).
        self.moved_since_turnover = False
        self.outcome: Outcome | None = None
        self.undos = 0
        self.moves: list[Action] = []  # the moves in force, newest last: what Undo takes back
        self.log: list[str] = []  # every action applied, Undo included
        self._row_cache: _RowCache | None = None

    @classmethod
    def new(cls, seed: int) -> TableauGame:
        """S1: the deck shuffled by the game's own generator, seeded with `seed`."""
        rng = random.Random(seed)
        deck = official_deck()
        rng.shuffle(deck)
        game = cls(deck, seed=seed)
        game.rng = rng
        return game

    @classmethod
    def at_position(
        cls,
        *,
        rows: list[list[Card | None]],
        stock: list[Card],
        waste: list[Card],
        colour_sizes: list[int],
        action_pile: list[Card],
        moved_since_turnover: bool,
    ) -> TableauGame:
        """A game already under way, for a planner's rollouts: it has no deal and no moves to
        go back to, so it offers no Undo and is not saved."""
        game = cls.__new__(cls)
        game._set_up((), None)
        game.rows = rows
        game.stock = stock
        game.waste = waste
        game.foundations.sizes = colour_sizes
        game.foundations.action_pile = action_pile
        game.moved_since_turnover = moved_since_turnover
        game.turnovers = 0
        return game

    @classmethod
    def replay(
        cls, log: Iterable[str], *, seed: int | None = None, deal: Sequence[Card] | None = None
    ) -> TableauGame:
        """The game that `log` leads to from a seed or from an explicit deal."""
        if (seed is None) == (deal is None):
            raise ValueError("replay needs either a seed or a deal")
        game = cls.new(seed) if seed is not None else cls(deal or ())
        for written in log:
            game.apply(parse_action(written))
        return game

    def _reset_to_deal(self) -> None:
        self.rows = [list(self.deal[:ROW0_WIDTH])]
        self.stock = list(reversed(self.deal[ROW0_WIDTH:]))
        self.waste = []
        self.foundations = Foundations()
        self.moved_since_turnover = False
        # How often the waste was turned over: after the first time every card of the stock has
        # been seen face up, so a player who remembers knows the stock's order (the planner does).
        self.turnovers = 0

    # ------------------------------------------------------------------ queries

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    @property
    def won(self) -> bool:
        return self.outcome is Outcome.WON

    @property
    def waste_top(self) -> Card | None:
        return self.waste[-1] if self.waste else None

    def card_at(self, slot: Slot) -> Card | None:
        if 0 <= slot.row < len(self.rows) and 0 <= slot.index < len(self.rows[slot.row]):
            return self.rows[slot.row][slot.index]
        return None

    def is_exposed(self, slot: Slot) -> bool:
        """S7: a present card on which no present card of the next row rests."""
        if self.card_at(slot) is None:
            return False
        below = slot.row + 1
        if below >= len(self.rows):
            return True
        row = self.rows[below]
        return all(row[s.index] is None for s in covers(slot))

    @property
    def draw_ends_game(self) -> bool:
        """S12(a): the next Draw would turn over a waste that nothing has left since the last
        turn-over, which ends the game."""
        return not self.stock and bool(self.waste) and not self.moved_since_turnover

    def tableau_cards(self) -> list[Card]:
        return [card for row in self.rows for card in row if card is not None]

    def all_cards(self) -> Counter[Card]:
        """Every card the game holds, wherever it lies (always the 108 of the deck)."""
        counts = Counter(self.tableau_cards())
        counts.update(self.stock)
        counts.update(self.waste)
        counts.update(self.foundations.colour_cards())
        counts.update(self.foundations.action_pile)
        return counts

    def _exposed_rows(self) -> list[list[bool]]:
        """S7 for every slot at once: flags[r][k] is whether slot r.k holds an exposed card."""
        rows = self.rows
        last = len(rows) - 1
        flags: list[list[bool]] = []
        for r, row in enumerate(rows):
            if r == last:
                flags.append([card is not None for card in row])
                continue
            below = rows[r + 1]
            flags.append(
                [
                    card is not None and all(below[j] is None for j in cover)
                    for card, cover in zip(row, COVER_INDICES[r], strict=True)
                ]
            )
        return flags

    def exposed_slots(self) -> list[Slot]:
        return [
            SLOTS[r][k]
            for r, row in enumerate(self._exposed_rows())
            for k, exposed in enumerate(row)
            if exposed
        ]

    def foundation_moves(self, exposed: list[list[bool]] | None = None) -> list[ToFoundation]:
        """Every card that may go to a foundation now: exposed tableau cards, then the waste top."""
        accepts = self.foundations.accepts
        moves: list[ToFoundation] = []
        for r, (row, flags) in enumerate(zip(self.rows, exposed or self._exposed_rows(), strict=True)):
            for k, card in enumerate(row):
                if flags[k] and accepts(card):  # type: ignore[arg-type]
                    moves.append(to_foundation(SLOTS[r][k]))
        if self.waste and accepts(self.waste[-1]):
            moves.append(WASTE_TO_FOUNDATION)
        return moves

    def placements(self) -> list[Place]:
        """S8: the empty slots of row 1 and deeper the waste top may go into."""
        if not self.waste:
            return []
        card = self.waste[-1]
        rows = self.rows
        depth = len(rows)
        targets: list[Place] = []
        for r in range(1, depth + 1):
            above = rows[r - 1]
            row = rows[r] if r < depth else None
            for k, support in enumerate(SUPPORT_INDICES[r]):
                if row is not None and row[k] is not None:
                    continue
                for j in support:
                    covered = above[j]
                    if covered is None or not tableau_match(card, covered):
                        break
                else:
                    targets.append(place(SLOTS[r][k]))
        return targets

    def legal_actions(self) -> list[Action]:
        """Every action `apply` accepts now, the foundation moves first (S10: all optional)."""
        return self._legal_actions(self._exposed_rows())

    def _legal_actions(self, exposed: list[list[bool]]) -> list[Action]:
        if self.outcome is not None:
            return []
        actions: list[Action] = [*self.foundation_moves(exposed), *self.placements()]
        if self.stock or self.waste:
            actions.append(DRAW)
        if self.moves:
            actions.append(UNDO)
        actions.append(RESIGN)
        return actions

    def _row_views(self) -> tuple[list[list[bool]], tuple[tuple[SlotView, ...], ...]]:
        """The exposed flags and the rows as the view shows them, one empty row below.

        Three moves in four are Draws, which leave the tableau as it was: the rows' views are
        kept for as long as the cards in the rows are the same (half a greedy game's time went
        into building them again)."""
        key = tuple(map(tuple, self.rows))
        cached = self._row_cache
        if cached is not None and cached[0] == key:
            return cached[1], cached[2]
        exposed = self._exposed_rows()
        rows = [
            tuple(
                SlotView(slot, card, flag, rests_on)
                for slot, card, flag, rests_on in zip(SLOTS[r], row, flags, _SUPPORTS[r], strict=True)
            )
            for r, (row, flags) in enumerate(zip(self.rows, exposed, strict=True))
        ]
        depth = len(self.rows)
        rows.append(
            tuple(
                SlotView(slot, None, False, rests_on)
                for slot, rests_on in zip(SLOTS[depth], _SUPPORTS[depth], strict=True)
            )
        )
        self._row_cache = (key, exposed, tuple(rows))
        return exposed, tuple(rows)

    def view(self) -> TableauView:
        exposed, rows = self._row_views()
        foundations = self.foundations
        colour_views = tuple(
            ColourFoundationView(
                colour,
                size,
                run[size - 1] if size else None,
                run[size] if size < COLOUR_FOUNDATION_SIZE else None,
            )
            for colour, size, run in zip(COLOURS, foundations.sizes, COLOUR_RUNS, strict=True)
        )
        pile = foundations.action_pile
        return TableauView(
            rows=rows,
            colour_foundations=colour_views,
            action_pile=ActionPileView(pile[-1] if pile else None, len(pile)),
            waste_top=self.waste[-1] if self.waste else None,
            waste_size=len(self.waste),
            stock_size=len(self.stock),
            draw_ends_game=self.draw_ends_game,
            legal=tuple(self._legal_actions(exposed)),
            outcome=self.outcome,
            moves=len(self.moves),
            undos=self.undos,
        )

    # ------------------------------------------------------------------ moves

    def apply(self, action: Action) -> list[Event]:
        """Carry out `action`, or raise (leaving the game unchanged) if the rules forbid it."""
        if self.outcome is not None:
            # The result is final, Undo included: a win or loss is recorded once, for streaks.
            raise GameOver(text("This game is over ({outcome}).", outcome=self.outcome.said))
        if isinstance(action, Undo):
            return self._undo()
        if isinstance(action, Resign):
            self.log.append(str(action))
            return self._end(Outcome.RESIGNED)
        self._check(action)
        events = self._perform(action)
        self.moves.append(action)
        self.log.append(str(action))
        if self.outcome is None:
            events += self._check_end()
        return events

    def _check(self, action: Action) -> None:
        if isinstance(action, Draw):
            if not self.stock and not self.waste:
                raise IllegalAction(text("The stock and the waste are both empty: there is nothing to draw."))
        elif isinstance(action, ToFoundation):
            self._check_to_foundation(action.source)
        elif isinstance(action, Place):
            self._check_place(action.slot)
        else:
            raise IllegalAction(text("`{action}` is not a solitaire move.", action=str(action)))

    def _check_to_foundation(self, source: Slot | None) -> None:
        if source is None:
            if not self.waste:
                raise IllegalAction(WASTE_EMPTY)
            card = self.waste[-1]
        else:
            found = self.card_at(source)
            if found is None:
                raise IllegalAction(text("There is no card in {slot}.", slot=source.said))
            if not self.is_exposed(source):
                raise IllegalAction(
                    text(
                        "The {card} in {slot} is covered: only exposed cards can move.",
                        card=found.named,
                        slot=source.said,
                    )
                )
            card = found
        if not self.foundations.accepts(card):
            raise IllegalAction(
                text("The {card} cannot go up now: {needs}.", card=card.named, needs=self._needs(card))
            )

    def _needs(self, card: Card) -> Text:
        if card.face.is_number:
            assert card.colour is not None
            wanted = self.foundations.next_card(card.colour)
            if wanted is None:
                return _FOUNDATION_COMPLETE[card.colour]
            return _FOUNDATION_NEEDS[card.colour](wanted.named)
        top = self.foundations.action_top
        pile = ActionPileView(top, len(self.foundations.action_pile))
        return text("the action pile needs {next}", next=pile.next_said)

    def _check_place(self, slot: Slot) -> None:
        if not slot.exists:
            raise IllegalAction(text("There is no {slot} in the tableau.", slot=slot.said))
        if slot.row == 0:
            raise IllegalAction(text("Nothing is ever placed into row 0; only the stock refills it."))
        if not self.waste:
            raise IllegalAction(WASTE_EMPTY)
        if self.card_at(slot) is not None:
            raise IllegalAction(text("There is already a card in {slot}.", slot=slot.said))
        card = self.waste[-1]
        for support in supports(slot):
            covered = self.card_at(support)
            if covered is None:
                raise IllegalAction(
                    text(
                        "A card in {slot} needs one in {support} to rest on.",
                        slot=slot.said,
                        support=support.said,
                    )
                )
            if not tableau_match(card, covered):
                raise IllegalAction(
                    text(
                        "The {card} cannot cover the {covered} in {slot}: "
                        "it must share its colour or its number or symbol.",
                        card=card.named,
                        covered=covered.named,
                        slot=support.said,
                    )
                )

    def _perform(self, action: Action) -> list[Event]:
        """Carry out a checked move: no validation, no end of game (Undo replays through here)."""
        if isinstance(action, Draw):
            return self._draw()
        if isinstance(action, ToFoundation):
            return self._to_foundation(action.source)
        assert isinstance(action, Place)
        card = self.waste.pop()
        slot = action.slot
        if slot.row == len(self.rows):
            self.rows.append([None] * row_width(slot.row))
        self.rows[slot.row][slot.index] = card
        self.moved_since_turnover = True
        return [CardPlaced(card, slot)]

    def _draw(self) -> list[Event]:
        stock = self.stock
        if stock:
            drawn = tuple(stock.pop() for _ in range(min(DRAW_COUNT, len(stock))))
            self.waste.extend(drawn)
            return [CardsDrawn(drawn)]
        if not self.moved_since_turnover:
            return self._end(Outcome.REPEATING)
        return self._turn_over()

    def _turn_over(self) -> list[Event]:
        """S5: no shuffle, so the new stock deals the same cards in the same order as the last."""
        self.waste.reverse()
        self.stock, self.waste = self.waste, []
        self.moved_since_turnover = False
        self.turnovers += 1
        return [WasteTurnedOver(len(self.stock))]

    def _to_foundation(self, source: Slot | None) -> list[Event]:
        if source is None:
            card = self.waste.pop()
        else:
            found = self.rows[source.row][source.index]
            assert found is not None
            card = found
            self.rows[source.row][source.index] = None
        self.foundations.add(card)
        self.moved_since_turnover = True
        events: list[Event] = [MovedToFoundation(card, source)]
        if source is not None:
            if source.row == 0:
                events += self._refill(source)
            else:
                while len(self.rows) > 1 and all(c is None for c in self.rows[-1]):
                    self.rows.pop()
        return events

    def _refill(self, slot: Slot) -> list[Event]:
        """S9: the top stock card takes the row-0 slot, the waste turned over first if need be."""
        events: list[Event] = []
        if not self.stock and self.waste:
            events += self._turn_over()
        if not self.stock:
            return [*events, SlotLeftEmpty(slot)]
        card = self.stock.pop()
        self.rows[0][slot.index] = card
        return [*events, SlotRefilled(slot, card)]

    def _check_end(self) -> list[Event]:
        if self.foundations.card_count == DECK_SIZE:
            return self._end(Outcome.WON)  # S11
        if not self.stock and not self.waste and not self.foundation_moves():
            return self._end(Outcome.STUCK)  # S12(b)
        return []

    def _end(self, outcome: Outcome) -> list[Event]:
        self.outcome = outcome
        return [GameEnded(outcome)]

    def _undo(self) -> list[Event]:
        if not self.moves:
            raise IllegalAction(text("There is no move to undo."))
        undone = self.moves.pop()
        waste = list(self.waste)
        # Nothing is random after the deal, so replaying the moves still in force from the deal
        # rebuilds the previous state exactly; the generator is never touched again.
        self._reset_to_deal()
        for move in self.moves:
            self._perform(move)
        self.undos += 1
        self.log.append(str(UNDO))
        return [MoveUndone(str(undone), self.undos, self._moved_by(undone, waste))]

    def _moved_by(self, undone: Action, waste: list[Card]) -> tuple[Card, ...]:
        """The cards `undone` had moved, read from the position before it (`waste` the waste
        after it): the card it took up or placed, or the cards it drew."""
        if isinstance(undone, ToFoundation) and undone.source is not None:
            card = self.card_at(undone.source)
        elif isinstance(undone, (ToFoundation, Place)):
            card = self.waste_top
        else:  # a draw: what it added to the waste (nothing when it turned the waste over)
            return tuple(waste[len(self.waste) :]) if self.stock else ()
        return (card,) if card is not None else ()

    def copy(self) -> TableauGame:
        other = TableauGame.__new__(TableauGame)
        other.deal = self.deal
        other.seed = self.seed
        other.rng = None
        if self.rng is not None:
            other.rng = random.Random()
            other.rng.setstate(self.rng.getstate())
        other.rows = [list(row) for row in self.rows]
        other.stock = list(self.stock)
        other.waste = list(self.waste)
        other.foundations = self.foundations.copy()
        other.moved_since_turnover = self.moved_since_turnover
        other.outcome = self.outcome
        other.undos = self.undos
        other.moves = list(self.moves)
        other.log = list(self.log)
        other._row_cache = self._row_cache
        other.turnovers = self.turnovers
        return other

    # ------------------------------------------------------------------ persistence

    def to_json(self) -> dict[str, Any]:
        rng: list[Any] | None = None
        if self.rng is not None:
            version, internal, gauss = self.rng.getstate()
            rng = [version, list(internal), gauss]
        return {
            "v": STATE_VERSION,
            "seed": self.seed,
            "rng": rng,
            "deal": card_codes(self.deal),
            "rows": [[str(c) if c is not None else None for c in row] for row in self.rows],
            "stock": card_codes(self.stock),
            "waste": card_codes(self.waste),
            "colour_foundations": {c.value: n for c, n in zip(COLOURS, self.foundations.sizes, strict=True)},
            "action_pile": card_codes(self.foundations.action_pile),
            "moved_since_turnover": self.moved_since_turnover,
            "outcome": self.outcome.name if self.outcome else None,
            "undos": self.undos,
            "moves": [str(m) for m in self.moves],
            "log": list(self.log),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TableauGame:
        with reading_save(data, STATE_VERSION, "solitaire game", format_key="v"):  # not shown to players
            game = cls(_cards(data["deal"]), seed=data["seed"])
            if data["rng"] is not None:
                version, internal, gauss = data["rng"]
                game.rng = random.Random()
                game.rng.setstate((version, tuple(internal), gauss))
            game.rows = [[Card.parse(c) if c is not None else None for c in row] for row in data["rows"]]
            game.stock = _cards(data["stock"])
            game.waste = _cards(data["waste"])
            sizes = data["colour_foundations"]
            game.foundations.sizes = [int(sizes[c.value]) for c in COLOURS]
            game.foundations.action_pile = _cards(data["action_pile"])
            game.moved_since_turnover = bool(data["moved_since_turnover"])
            game.outcome = Outcome[data["outcome"]] if data["outcome"] else None
            game.undos = int(data["undos"])
            game.moves = [parse_action(m) for m in data["moves"]]
            game.log = [str(text) for text in data["log"]]
        game._check_consistent()
        return game

    def _check_consistent(self) -> None:
        if not self.rows or any(len(row) != row_width(r) for r, row in enumerate(self.rows)):
            raise CorruptState(
                "The saved solitaire game's tableau has misshapen rows."  # not shown to players
            )
        if any(not 0 <= n <= COLOUR_FOUNDATION_SIZE for n in self.foundations.sizes):
            raise CorruptState("The saved solitaire game's foundations are overfull.")  # not shown to players
        if self.all_cards() != FULL_DECK:
            raise CorruptState(
                "The saved solitaire game does not hold the 108 cards of the deck."  # not shown to players
            )
        for r, row in enumerate(self.rows[1:], start=1):
            for k, card in enumerate(row):
                if card is not None and any(self.card_at(s) is None for s in supports(slot_at(r, k))):
                    raise CorruptState(f"The card in slot {r}.{k} rests on nothing.")  # not shown to players
        # Undo replays the moves in force from the deal, so they must lead to the saved board.
        replayed = TableauGame(self.deal)
        try:
            for move in self.moves:
                replayed._check(move)
                replayed._perform(move)
        except IllegalAction as exc:
            raise CorruptState(
                f"The saved solitaire game's moves do not replay: {exc}"  # not shown to players
            ) from exc
        if (replayed.rows, replayed.stock, replayed.waste) != (self.rows, self.stock, self.waste):
            raise CorruptState(
                "The saved solitaire game's moves do not lead to its board."  # not shown to players
            )
        self.turnovers = replayed.turnovers

    def __repr__(self) -> str:
        state = self.outcome.name if self.outcome else "playing"
        return (
            f"<TableauGame seed={self.seed} moves={len(self.moves)} "  # not shown to players
            f"stock={len(self.stock)} waste={len(self.waste)} "
            f"up={self.foundations.card_count} {state}>"
        )


def _cards(codes: Sequence[str]) -> list[Card]:
    return [Card.parse(code) for code in codes]

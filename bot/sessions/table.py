"""A group UNO table in one channel: lobby, game, timers, as an async state machine.

Every change goes through `_change` under the table's lock: validate (who, which turn) ->
apply to the engine -> persist -> present. A click made on an old turn is refused, so two clicks
at once apply once. Timers are data (a deadline saved with the table); the manager arms them.
A table with a time limit (T8) also keeps the game's deadline, set at the first deal; when it
passes the table calls time on the engine.
"""

from __future__ import annotations

import asyncio
import enum
import logging
import random
from collections.abc import Awaitable
from collections.abc import Callable
from collections.abc import Container
from collections.abc import Sequence
from contextlib import suppress
from dataclasses import dataclass
from dataclasses import field
from dataclasses import fields
from dataclasses import replace
from datetime import datetime
from datetime import timedelta
from functools import lru_cache
from typing import Any
from typing import Protocol

from bot.games.errors import as_text
from bot.games.uno.actions import ACCEPT
from bot.games.uno.actions import CALL_UNO
from bot.games.uno.actions import CATCH
from bot.games.uno.actions import DEAL_NEXT_ROUND
from bot.games.uno.actions import DRAW
from bot.games.uno.actions import LEAVE
from bot.games.uno.actions import PASS
from bot.games.uno.actions import Action
from bot.games.uno.actions import JumpIn
from bot.games.uno.actions import Play
from bot.games.uno.actions import parse_action
from bot.games.uno.actions import play
from bot.games.uno.ai import LEVEL_WORDS
from bot.games.uno.ai import LEVELS
from bot.games.uno.ai import ComputerPlayer
from bot.games.uno.ai import HeuristicPlayer
from bot.games.uno.ai import HistoryRecorder
from bot.games.uno.ai import computer_player
from bot.games.uno.events import Event
from bot.games.uno.events import GameWon
from bot.games.uno.events import TeamWonGame
from bot.games.uno.game import Phase
from bot.games.uno.game import SeatView
from bot.games.uno.game import UnoGame
from bot.games.uno.playing_cards import parse_card
from bot.games.uno.ruleset import OFFICIAL
from bot.games.uno.ruleset import Ruleset
from bot.games.uno.ruleset import ruleset_named
from bot.games.uno.scoring import EndReason
from bot.i18n.text import AllOf
from bot.i18n.text import Text
from bot.i18n.text import counted
from bot.i18n.text import from_json
from bot.i18n.text import symbols
from bot.i18n.text import text
from bot.i18n.text import to_json
from bot.i18n.words import Words
from bot.render.uno_text import describe_event
from bot.render.uno_text import told_end
from bot.sessions.core import GameEnded
from bot.sessions.core import MovedOn
from bot.sessions.core import NotAtTable as NotAtTable
from bot.sessions.core import SaveConflict
from bot.sessions.core import SessionError as SessionError
from bot.sessions.core import StaleClick as StaleClick
from bot.sessions.core import change_or_undo
from bot.sessions.core import present_saved

log = logging.getLogger(__name__)

MAX_PLAYERS = 10
TIMEOUTS_BEFORE_REMOVAL = 3
RECENT_LINES = 6
# The key of a server's table language among its saved defaults.
LANGUAGE_OPTION = "language"
# The language of a table saved before tables had one.
ENGLISH = "en"
# Once no person is left in play (C7 put them out, the others left), the computer players play
# the rest of the game out at once, in the change that left them alone: a table stepping on every
# 1.5 s for nobody would hold its channel for a game nobody plays. They make their own choices for
# this many moves of the remainder, then the careful player's (the turn timer's). Measured on a
# ten-seat classic table put out in its first round (about 1,000 moves left): hard players'
# searches, 40 ms a move here, would take 38 s for the whole remainder; 50 of them take about
# 2 s (off the event loop, in a thread), and the careful moves after them a few hundredths.
PLAY_OUT_CHOICES = 50
# Past this many moves (no game comes near it) the remainder is not played on: the table ends,
# unrecorded, as `/uno end` ends it.
PLAY_OUT_MOVES = 20_000
PLAYED_OUT = text("Only computer players were left in the game, so they played the rest of it out.")
NOT_PLAYED_OUT = text(
    "Only computer players were left in the game, and they could not finish it: the table has ended."
)
# A paused table runs no timer, so nothing else would end it: a host who paused and went away
# would hold the channel (one table a channel) until someone thought of `/uno end`. A pause lasts
# a day at most, long enough for a game put off until tomorrow; then the table ends as `/uno end`
# ends it.
PAUSE_LIMIT_HOURS = 24
PAUSE_LIMIT = timedelta(hours=PAUSE_LIMIT_HOURS)
PAUSE_RAN_OUT = counted(
    "The table was paused for {count} hour and has ended.",
    "The table was paused for {count} hours and has ended.",
    count=PAUSE_LIMIT_HOURS,
)


class TablePhase(enum.Enum):
    LOBBY = "lobby"
    PLAYING = "playing"
    AWAITING_COLOUR = "awaiting colour"  # not shown to players
    AWAITING_CHALLENGE = "awaiting challenge"  # not shown to players
    AWAITING_SWAP = (
        "awaiting swap"  # not shown to players; H2: the player of a 7 chooses whom to swap hands with
    )
    ROUND_OVER = "round over"  # not shown to players
    FINISHED = "finished"
    ABORTED = "aborted"

    @property
    def is_over(self) -> bool:
        return self in (TablePhase.FINISHED, TablePhase.ABORTED)


_IN_GAME = frozenset(
    {
        TablePhase.PLAYING,
        TablePhase.AWAITING_COLOUR,
        TablePhase.AWAITING_CHALLENGE,
        TablePhase.AWAITING_SWAP,
        TablePhase.ROUND_OVER,
        TablePhase.FINISHED,
        TablePhase.ABORTED,
    }
)
TRANSITIONS: dict[TablePhase, frozenset[TablePhase]] = {
    TablePhase.LOBBY: frozenset({TablePhase.LOBBY, TablePhase.ABORTED}) | _IN_GAME,
    TablePhase.PLAYING: _IN_GAME,
    TablePhase.AWAITING_COLOUR: _IN_GAME,
    TablePhase.AWAITING_CHALLENGE: _IN_GAME,
    TablePhase.AWAITING_SWAP: _IN_GAME,
    TablePhase.ROUND_OVER: _IN_GAME,
    TablePhase.FINISHED: frozenset(),
    TablePhase.ABORTED: frozenset(),
}
_FROM_ENGINE = {
    Phase.PLAYING: TablePhase.PLAYING,
    Phase.AWAITING_COLOUR: TablePhase.AWAITING_COLOUR,
    Phase.AWAITING_CHALLENGE: TablePhase.AWAITING_CHALLENGE,
    Phase.AWAITING_SWAP: TablePhase.AWAITING_SWAP,
    Phase.ROUND_OVER: TablePhase.ROUND_OVER,
    Phase.FINISHED: TablePhase.FINISHED,
}


@dataclass(frozen=True, slots=True)
class Member:
    """Someone seated at a table: a person, or a computer player (`level` set; its user_id is
    negative, so no Discord user has it)."""

    user_id: int
    name: str
    level: str | None = None

    @property
    def is_computer(self) -> bool:
        return self.level is not None

    def to_json(self) -> list[Any]:
        return [self.user_id, self.name] + ([self.level] if self.level else [])

    @classmethod
    def from_json(cls, data: Sequence[Any]) -> Member:
        return cls(int(data[0]), str(data[1]), str(data[2]) if len(data) > 2 else None)


# Who a line names once they asked to be forgotten: shown as "a former player", in the
# table's language.
_FORMER = Member(0, "")


# A player named in a recent line is marked by their place in the line's `who`, between two
# NULs (a character no name nor card text holds), so that names are filled in when shown.
_MARK = "\x00"


def named(place: int) -> str:
    """The mark of the player at `place` in a line's `who`, as a field of its `Text`."""
    return f"{_MARK}{place}{_MARK}"


def _name_of(member: Member, words: Callable[[Any], str]) -> str:
    if member is _FORMER or member == _FORMER:
        return words(text("a former player"))
    # As a field of a sentence: written as it reads, whatever Markdown it holds.
    return words(symbols("{name}", name=member.name))


@dataclass(frozen=True, slots=True)
class Line:
    """One line of the table's recent log: its words (a `Text`, put into the table's language
    when shown), with a mark for each player it names, and who those players are. The names are
    put in when the line is shown, so forgetting a player replaces them by user id, never by
    looking for their name inside text (a player named "a" must not change anyone else's
    line)."""

    said: Text
    who: tuple[Member, ...] = ()

    def render(self, words: Callable[[Any], str] = str) -> str:
        """The line in `words`' language (English by default), the players named."""
        parts = words(self.said).split(_MARK)
        parts[1::2] = [_name_of(self.who[int(place)], words) for place in parts[1::2]]
        return "".join(parts)

    def names(self, user_id: int) -> bool:
        return any(m.user_id == user_id for m in self.who)

    def without(self, user_id: int) -> Line:
        """This line with the player `user_id` named only as a former player."""
        return replace(self, who=tuple(_FORMER if m.user_id == user_id else m for m in self.who))

    def to_json(self) -> list[Any]:
        return [to_json(self.said), [[m.user_id, m.name] for m in self.who]]

    @classmethod
    def from_json(cls, data: Any) -> Line:
        if isinstance(data, str):  # saved before lines kept who they name: plain text
            return cls(as_text(data.replace(_MARK, "")))
        said, who = data
        # Saved before lines kept their Text: English words, shown as they are.
        kept = as_text(said) if isinstance(said, str) else from_json(said)
        return cls(kept, tuple(Member(int(uid), str(name)) for uid, name in who))


class TableEnded(GameEnded):
    """The table ended before this change could be made: the change waited for the table's lock
    while the one that ended it was saved and shown. `why` it ended (`Table.why_ended`), for
    the one who asked to be told, as a late click on an ended table is."""

    def __init__(self, why: Line | None) -> None:
        super().__init__(text("This table has ended. Start a new one with `/uno start`."))
        self.why = why


@dataclass(frozen=True, slots=True)
class Departure:
    """A player who left the game once it was dealt (or was removed after time-outs), with the
    points they had then. When the game finishes they are recorded with the others, as lost:
    leaving never dodges a loss."""

    member: Member
    points: int


@dataclass(frozen=True, slots=True)
class Paused:
    """The timers the host paused: the seconds the turn had left, and the game's time limit
    (None without one); and when the pause runs out (PAUSE_LIMIT), a deadline of the table's."""

    turn_seconds: float
    game_seconds: float | None
    until: datetime


@dataclass(frozen=True, slots=True)
class TableSettings:
    """A table's rules and timers. `options` are the ruleset's options that differ from its
    preset (`Ruleset.options()`: house rules, twist's decks and teams), the points target aside.

    The `with_*` methods return changed settings, or raise the engine's IllegalAction saying
    why a combination makes no sense."""

    ruleset: str = "official"
    target_score: int = 500
    turn_seconds: int = 60
    lobby_seconds: int = 600
    options: dict[str, Any] = field(default_factory=dict)
    # A computer player of this level takes the seat of a player removed after time-outs or
    # who left, so the game goes on; "" for none (the seat is then gone, as the engine's Leave).
    takeover: str = ""
    # The level of the computer players the host adds in the lobby.
    computer_level: str = "normal"
    # The language the table speaks in its channel (a catalogue's: "de", "pt_BR"...); a server's
    # defaults keep "" until an admin picks one, and a table saved before tables had a language
    # speaks English.
    language: str = ""

    @classmethod
    def of(
        cls,
        ruleset: str = "official",
        options: dict[str, Any] | None = None,
        *,
        target_score: int | None = None,
        turn_seconds: int = 60,
        lobby_seconds: int = 600,
    ) -> TableSettings:
        """Settings for `ruleset` with `options` (which may carry `target_score`); the points
        target is the preset's unless given."""
        options = dict(options or {})
        preset = ruleset_named(ruleset)
        target = options.pop("target_score", preset.target_score)
        if target_score is not None:
            target = target_score
        rules = preset.with_options(**options).with_target(int(target))
        return cls(ruleset, rules.target_score, turn_seconds, lobby_seconds, rules.options())

    def rules(self) -> Ruleset:
        """The ruleset these settings play."""
        options = tuple(self.options.items())
        try:
            hash(options)
        except TypeError:  # not an option's value: with_options says why
            return _rules(self.ruleset, options, self.target_score)
        return _cached_rules(self.ruleset, options, self.target_score)

    def to_json(self) -> dict[str, Any]:
        """The settings as a snapshot keeps them: `asdict`'s, without its deep copy of every
        field on each of a move's saves (an option's value is a number, a word or a flag)."""
        saved = {each.name: getattr(self, each.name) for each in fields(self)}
        saved["options"] = dict(self.options)
        return saved

    def with_ruleset(self, name: str) -> TableSettings:
        """Another preset, with its own points target and no option but the time limit: that is
        the table's, whatever it plays."""
        kept = {k: v for k, v in self.options.items() if k == "time_limit"}
        settings = TableSettings.of(
            name, kept, turn_seconds=self.turn_seconds, lobby_seconds=self.lobby_seconds
        )
        return replace(
            settings, takeover=self.takeover, computer_level=self.computer_level, language=self.language
        )

    @property
    def time_limit(self) -> int:
        """Minutes from the first deal until time is called (T8); 0 for none."""
        return int(self.options.get("time_limit", 0))

    def with_house_rules(self, names: Sequence[str]) -> TableSettings:
        """Exactly the house rules `names` (HOUSE_RULES), twist's decks and teams and the time
        limit kept."""
        kept = {k: v for k, v in self.options.items() if k in ("decks", "teams", "time_limit")}
        rules = (
            ruleset_named(self.ruleset)
            .with_options(**kept)
            .with_house_rules(*names)
            .with_target(self.target_score)
        )
        return replace(self, options=rules.options())

    def with_option(self, name: str, value: Any) -> TableSettings:
        """One option changed: `target_score`, `decks`, `teams`..."""
        rules = self.rules().with_options(**{name: value})
        return replace(self, target_score=rules.target_score, options=rules.options())

    def edited(
        self,
        *,
        ruleset: str | None = None,
        teams: str | None = None,
        decks: int | None = None,
        house_rules: Sequence[str] | None = None,
        target_score: int | None = None,
        time_limit: int | None = None,
    ) -> TableSettings:
        """These settings with what is given changed, in that order: another ruleset starts
        from its preset (the time limit kept); house rules replace those in force."""
        settings = self
        if ruleset is not None and ruleset != settings.ruleset:
            settings = settings.with_ruleset(ruleset)
        if teams is not None:
            settings = settings.with_option("teams", teams)
        if decks is not None:
            settings = settings.with_option("decks", decks)
        if house_rules is not None:
            settings = settings.with_house_rules(house_rules)
        if target_score is not None:
            settings = settings.with_option("target_score", target_score)
        if time_limit is not None:
            settings = settings.with_option("time_limit", time_limit)
        return settings

    def server_options(self) -> dict[str, Any]:
        """What a server keeps as its default: the options, the target when it is not the
        preset's, and the table language an admin picked."""
        options = dict(self.options)
        if self.target_score != ruleset_named(self.ruleset).target_score:
            options["target_score"] = self.target_score
        if self.language:
            options[LANGUAGE_OPTION] = self.language
        return options

    @classmethod
    def of_server(cls, ruleset: str, options: dict[str, Any]) -> TableSettings:
        """A server's saved defaults (`server_options`) back as settings."""
        options = dict(options)
        language = str(options.pop(LANGUAGE_OPTION, ""))
        return replace(cls.of(ruleset, options), language=language)


@dataclass(frozen=True, slots=True)
class TurnPing:
    """What a change does to the turn's ping: the one short message in a server table's channel
    that mentions the person whose turn has come (edits of the table message notify nobody).
    `retire` is the message id of the ping the turn has moved on from (or of the last one, once
    the table is over), to delete; `call` is the person the turn has just passed to, to ping.
    The table decides; the presenter posts and deletes, best effort, and asks each person's own
    preference before pinging them."""

    retire: int | None = None
    call: Member | None = None
    # Between rounds: `call` is the person the table names to deal the next round.
    deal: bool = False


NO_PING = TurnPing()


class Presenter(Protocol):
    """What a table needs from Discord. The cog implements it; tests may use a recorder."""

    async def show(self, table: Table, events: Sequence[Event], ping: TurnPing) -> Text | None:
        """Show the table as it now stands, and follow the turn with its ping (`TurnPing`). None
        once shown (or for a failure that may pass); the reason the table can no longer be shown
        where it is (Discord refuses its channel to the bot), which ends the table. A ping
        Discord refuses is no such reason."""
        ...


class TableRepository(Protocol):
    """What a table needs from the store."""

    async def save_table(self, table: Table) -> None: ...

    async def finish_table(self, table: Table) -> None: ...

    async def game_id_in_use(self, game_id: str) -> bool: ...

    async def hosted_elsewhere(self, user_id: int, held: Container[str]) -> int: ...


@dataclass(frozen=True, slots=True)
class SeatHand:
    """What one player's private hand shows: their seat's view and the few facts of the table a
    hand names, taken together under the table's lock, so a presenter reads no live table."""

    game_id: str
    view: SeatView
    names: tuple[str, ...]
    playing_cards: bool
    time_called: bool

    def name_of(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else "?"


@dataclass(slots=True)
class Change:
    """The result of one accepted change, for the caller to answer the player with: the events,
    and the hand of the player who made it as it stands right after (None for a change nobody
    made, or once they are no longer seated)."""

    events: list[Event]
    hand: SeatHand | None = None
    # Why the table ended right after this change: it could no longer be shown (Presenter.show).
    ended: Text | None = None


def _rules(name: str, options: tuple[tuple[str, Any], ...], target_score: int) -> Ruleset:
    return ruleset_named(name).with_options(**dict(options)).with_target(target_score)


# A table builds its ruleset each time it is woken from rest (twice): the same few settings, and
# a Ruleset is a frozen value, so each is built once.
_cached_rules = lru_cache(maxsize=1024)(_rules)


class Table:
    def __init__(
        self,
        *,
        game_id: str,
        guild_id: int,
        channel_id: int,
        host: Member,
        settings: TableSettings,
        seed: int,
        now: Callable[[], datetime],
    ) -> None:
        settings.rules()  # refuse an unknown ruleset or a bad combination before anyone joins
        self.game_id = game_id
        self.guild_id = guild_id
        self.channel_id = channel_id
        self.host_id = host.user_id
        self.settings = settings
        self.seed = seed
        self.now = now
        self.phase = TablePhase.LOBBY
        self.members: list[Member] = [host]
        # Who left after the deal, in the order they left (their seats are gone from the game).
        self.departed: list[Departure] = []
        # Who sat where at the deal, by user id (0 once forgotten): with the engine's move log,
        # what replays the game once it has finished.
        self.dealt: tuple[int, ...] = ()
        self.game: UnoGame | None = None
        self.message_id: int | None = None
        # The turn's ping in the channel (`TurnPing`), while it stands: saved with the table, so
        # the next turn deletes it after a restart too.
        self.ping_id: int | None = None
        # Opened in a thread of its own, which is archived when the game ends.
        self.in_thread = False
        self.version = 0
        # The version the store holds, which the next save must replace (None: never saved, so
        # the first save creates the row). Another process's newer save makes the store refuse ours.
        self.saved_version: int | None = None
        # The user ids that save stored (the store rewrites them only when they change).
        self.saved_seats: tuple[int, ...] | None = None
        # That save's snapshot as the store packed it: what the table rests as (bot.sessions.manager).
        self.saved_packed: str | None = None
        self.deadline: datetime | None = now() + timedelta(seconds=settings.lobby_seconds)
        # T8: when the game's time is up (set at the first deal when the rules have a limit).
        self.game_deadline: datetime | None = None
        # While the host has paused the timers: the seconds the turn (and the game's time
        # limit) had left. Data like the deadlines, so a pause holds across a restart.
        self.paused: Paused | None = None
        self.timeouts_in_row: dict[int, int] = {}
        self.log: list[Line] = []
        # Why the table ended early (shown on it), or how a finished game ended when that needs
        # saying: the computer players played it out (`_play_out`).
        self.ended_reason: Text | None = None
        # The log's line naming the game's winner, once it is won (not saved: a won table is
        # done with as soon as it is shown).
        self._won_line: Line | None = None
        self.lock = asyncio.Lock()
        self.presenter: Presenter | None = None
        self.repository: TableRepository | None = None
        self.on_change: Callable[[Table], Awaitable[None]] | None = None
        # A computer player's next move: (its user id, the action as text, the turn it was
        # chosen on), due at `computer_due`. Saved with the table: a restart re-arms it.
        self.computer_move: tuple[int, str, int] | None = None
        self.computer_due: datetime | None = None
        # The pause before a computer player moves, so people can follow (the manager sets it).
        self.computer_pause = timedelta(seconds=1.5)
        # Not saved: made again from the seed after a restart (a history then starts incomplete).
        self._computers: dict[int, ComputerPlayer] = {}
        self._recorders: dict[int, HistoryRecorder] = {}
        self._reacted: tuple[int, set[int]] = (-1, set())

    # ------------------------------------------------------------------ queries

    @property
    def recent(self) -> list[str]:
        """The table's last lines, in English."""
        return [line.render() for line in self.log]

    def recent_in(self, words: Callable[[Any], str]) -> list[str]:
        """The table's last lines in `words`' language, as the table message shows them."""
        return [line.render(words) for line in self.log]

    @property
    def language(self) -> str:
        """The language the table speaks in its channel (English for a table saved before
        tables had one)."""
        return self.settings.language or ENGLISH

    @property
    def words(self) -> Words:
        """Everything the table says in its channel, in its language."""
        return Words(self.language)

    @property
    def host(self) -> Member:
        return next((m for m in self.members if m.user_id == self.host_id), self.members[0])

    def seat_of(self, user_id: int) -> int:
        for seat, member in enumerate(self.members):
            if member.user_id == user_id:
                return seat
        raise NotAtTable(text("You are not playing at this table."))

    @property
    def user_ids(self) -> tuple[int, ...]:
        """Everyone the table names until it ends: those seated, then those who left (their
        result is still due)."""
        return (*(m.user_id for m in self.members), *(d.member.user_id for d in self.departed))

    def is_seated(self, user_id: int) -> bool:
        return any(m.user_id == user_id for m in self.members)

    def hand_of(self, user_id: int) -> SeatHand:
        """The private hand of a seated player, or a refusal they can read."""
        game = self.game
        if game is None or self.phase is TablePhase.LOBBY:
            raise SessionError(text("The game has not started yet."))
        return SeatHand(
            self.game_id,
            game.view(self.seat_of(user_id)),
            tuple(m.name for m in self.members),
            game.ruleset.playing_cards,
            self.time_is_called,
        )

    def typed(self, user_id: int, action: Action) -> Action:
        """What a move typed with `/uno play` means for the player now: a card typed out of turn
        is the jump-in (H3) the rules offer with it, calling UNO with it when it is their
        second-to-last card, as the hand's button does; anything else is meant as typed."""
        game = self.game
        if not isinstance(action, Play) or game is None or self.phase.is_over:
            return action
        seat = self.seat_of(user_id)
        jumps = [a for a in game.legal_actions(seat) if isinstance(a, JumpIn) and a.card == action.card]
        return max(jumps, key=lambda jump: jump.uno, default=action)

    @property
    def why_ended(self) -> Line | None:
        """Why the table is over, in the words its log said it: the reason it was ended for, or
        the line naming the game's winner. None while it goes on."""
        if self.phase is TablePhase.ABORTED and self.ended_reason is not None:
            return Line(self.ended_reason)
        if self.phase is TablePhase.FINISHED:
            return self._won_line
        return None

    @property
    def current_member(self) -> Member | None:
        if self.game is None or self.phase.is_over:
            return None
        return self.members[self.game.current]

    @property
    def turn(self) -> int:
        return self.game.turn if self.game else 0

    @property
    def time_is_called(self) -> bool:
        return self.game is not None and self.game.time_called

    @property
    def next_deadline(self) -> datetime | None:
        """The earliest thing the table waits for: the turn's (or lobby's) deadline, a computer
        player's move, the end of a pause, or the game's time limit (T8) until time has been
        called. The manager's scheduler wakes for it. An ended table waits for nothing, though it
        ended with its timer paused (play goes on during a pause)."""
        if self.phase.is_over:
            return None
        deadlines = [self.deadline] if self.deadline is not None else []
        if self.paused is not None:
            deadlines.append(self.paused.until)
        if self.computer_due is not None:
            deadlines.append(self.computer_due)
        if self.game_deadline is not None and not self.time_is_called:
            deadlines.append(self.game_deadline)
        return min(deadlines, default=None)

    async def remember_message(self, message_id: int) -> None:
        """The presenter sent a new table message: save its id so a restart edits it again.
        Called while presenting a change, so the table's lock is already held."""
        self.message_id = message_id
        if self.repository is not None and not self.phase.is_over:
            await self.repository.save_table(self)

    async def remember_ping(self, message_id: int) -> None:
        """The presenter posted the turn's ping: save its id so the next turn deletes it, after
        a restart too. Called while presenting a change, so the table's lock is already held."""
        self.ping_id = message_id
        if self.repository is not None and not self.phase.is_over:
            await self.repository.save_table(self)

    def _turn_holder(self) -> Awaited | None:
        """Whoever the game waits on: the one to move, or between rounds the one the table names
        to deal the next round (anyone may press Deal, but their timer runs: it deals for them);
        nobody before the deal or once over."""
        game = self.game
        if game is None or self.phase.is_over or game.phase is Phase.FINISHED:
            return None
        return Awaited(self.members[awaited_seat(game)], deal=game.phase is Phase.ROUND_OVER)

    def _turn_ping(self, holder_before: Awaited | None, actor: int | None) -> TurnPing:
        """The turn's ping after a change that began with `holder_before` awaited, made by
        `actor`: while the same person's turn goes on (a colour to call, a drawn card, a Skip at
        two) their ping stands, unless the change left fewer than two people in play (the others
        left, were removed, or a computer player took their seat): then it goes. Once the turn
        moves on (to another person, or from a turn to a deal and back), the ping stands no more
        and the person now awaited is called, if they are a person at a server table with two
        people or more in play (one person against computer players, the others put out (C7), is
        playing already; a DM table is theirs alone), and not the one whose click just gave them
        the turn (the host's Start, a deal, a jump-in, the move that ended the round): they are
        looking."""
        awaited = self._turn_holder()
        holder = awaited.member if awaited is not None else None
        same_holder = _awaited_key(awaited) == _awaited_key(holder_before)
        if same_holder and (self.ping_id is None or (holder is not None and self._several_in_play())):
            return NO_PING
        retire, self.ping_id = self.ping_id, None
        if same_holder or awaited is None or awaited.member.is_computer or not self.guild_id:
            return TurnPing(retire)
        if awaited.member.user_id == actor or not self._several_in_play():
            return TurnPing(retire)
        return TurnPing(retire, awaited.member, deal=awaited.deal)

    def _several_in_play(self) -> bool:
        """Whether two people or more are in play: a table where turn pings are of use."""
        return self._people_in_play() >= 2

    def _people_in_play(self) -> int:
        """The people seated and not out of the game (C7)."""
        game = self.game
        out = game.eliminated if game is not None else [False] * len(self.members)
        return sum(not member.is_computer and not out[seat] for seat, member in enumerate(self.members))

    async def forget_player(self, user_id: int) -> bool:
        """A player asked to be forgotten: out of their seat if they still have one, their name
        scrubbed from the table's log, and the result they left behind dropped if they had left,
        so nothing of theirs is saved or recorded when the game ends. One change, under the
        table's lock. False when they were never at this table, or it has ended."""
        known = any(m.user_id == user_id for m in self.members)
        known = known or any(d.member.user_id == user_id for d in self.departed)
        # Someone who left the lobby, or was removed from it, is named by its lines alone.
        known = known or any(line.names(user_id) for line in self.log)
        if not known or self.phase.is_over:
            return False

        def change() -> list[Event]:
            events = self._leave_seat(user_id) if self.is_seated(user_id) else []
            self.log = [line.without(user_id) for line in self.log]
            self.departed = [d for d in self.departed if d.member.user_id != user_id]
            self.dealt = tuple(0 if uid == user_id else uid for uid in self.dealt)
            return events

        try:
            await self._change(change)
        except SessionError:
            if self.phase.is_over:  # it ended while the forget waited for the lock
                return False
            raise
        return True

    # ------------------------------------------------------------------ lobby

    async def open(self) -> Change:
        """Save and show a new table's lobby."""
        return await self._change(list)

    async def join(self, member: Member) -> Change:
        def change() -> list[Event]:
            self._require(TablePhase.LOBBY, text("The game has already started; wait for the next one."))
            if self.is_seated(member.user_id):
                raise SessionError(text("You have already joined this table."))
            if len(self.members) >= MAX_PLAYERS:
                raise SessionError(text("The table is full ({count} players).", count=MAX_PLAYERS))
            self.members.append(member)
            self._note(text("{name} joined.", name=named(0)), member)
            return []

        return await self._change(change)

    async def leave(self, user_id: int) -> Change:
        return await self._change(lambda: self._leave_seat(user_id))

    def _leave_seat(self, user_id: int) -> list[Event]:
        seat = self.seat_of(user_id)
        member = self.members[seat]
        if self.phase is TablePhase.LOBBY:
            self.members.pop(seat)
            self._note(text("{name} left.", name=named(0)), member)
            if not self.has_people:
                self._end(text("Everyone left the table."))
            elif member.user_id == self.host_id:
                self._pass_host(self._people_from(0)[0])
            return []
        return self._remove_seat(seat, text("{name} left the table.", name=named(0)))

    async def add_computer(self, user_id: int, level: str, count: int = 1) -> Change:
        """The host seats `count` computer players of `level` in the lobby."""

        def change() -> list[Event]:
            self._require(TablePhase.LOBBY, text("Seats are fixed once the game has started."))
            if user_id != self.host_id:
                raise SessionError(
                    text("Only the host, {host}, can add computer players.", host=self.host.name)
                )
            if level not in LEVELS:
                raise SessionError(
                    text(
                        "There is no computer level called {level}: {levels}.",
                        level=level,
                        levels=AllOf(LEVELS),
                    )
                )
            if len(self.members) + count > MAX_PLAYERS:
                raise SessionError(text("The table is full ({count} players at most).", count=MAX_PLAYERS))
            for _ in range(count):
                self.members.append(self._new_computer(level))
            return []

        return await self._change(change)

    async def remove_computer(self, user_id: int) -> Change:
        """The host takes the last computer player seated in the lobby away."""

        def change() -> list[Event]:
            self._require(TablePhase.LOBBY, text("Seats are fixed once the game has started."))
            if user_id != self.host_id:
                raise SessionError(
                    text("Only the host, {host}, can remove computer players.", host=self.host.name)
                )
            computers = [m for m in self.members if m.is_computer]
            if not computers:
                raise SessionError(text("There is no computer player at this table."))
            self.members.remove(computers[-1])
            self._note(text("{name} left.", name=named(0)), computers[-1])
            return []

        return await self._change(change)

    def _new_computer(self, level: str, name: str | None = None) -> Member:
        used = [m.user_id for m in self.members] + [d.member.user_id for d in self.departed]
        user_id = min([0, *used]) - 1
        number = -user_id
        shown = LEVEL_WORDS.get(level, level)  # an outside baseline's level has no words
        name = name or self.words(text("Computer {number} ({level})", number=number, level=shown))
        return Member(user_id, name, level)

    @property
    def computers(self) -> list[Member]:
        return [m for m in self.members if m.is_computer]

    @property
    def computer_levels_seen(self) -> set[str]:
        """The levels of computer players who sat at the table and are gone (none today: a
        computer player never leaves its seat; kept so the record's kind never forgets one)."""
        return {d.member.level for d in self.departed if d.member.level}

    @property
    def has_people(self) -> bool:
        return any(not m.is_computer for m in self.members)

    async def start(self, user_id: int) -> Change:
        def change() -> list[Event]:
            self._require(TablePhase.LOBBY, text("The game has already started."))
            if user_id != self.host_id:
                raise SessionError(text("Only the host, {host}, can start the game.", host=self.host.name))
            if len(self.members) < 2:
                raise SessionError(
                    text("At least {count} players are needed: ask someone to press Join.", count=2)
                )
            # Seats are random at the first round (docs/rules.md, decisions). Teams follow
            # from the seats (T7, bot.games.uno.teams): partners across, teams alternating.
            random.Random(self.seed).shuffle(self.members)
            self.game, events = UnoGame.new(self.settings.rules(), len(self.members), self.seed)
            self._recorders = {
                m.user_id: HistoryRecorder(seat, self.game.ruleset)
                for seat, m in enumerate(self.members)
                if m.is_computer
            }
            self.dealt = tuple(m.user_id for m in self.members)
            if self.settings.time_limit:
                self.game_deadline = self.now() + timedelta(minutes=self.settings.time_limit)
            self._tell(events)
            self.timeouts_in_row = {m.user_id: 0 for m in self.members}
            return events

        return await self._change(change, actor=user_id)

    async def change_settings(self, user_id: int, edit: Callable[[TableSettings], TableSettings]) -> Change:
        """The host changes the lobby's settings: `edit` makes the new ones from the current
        ones under the lock (so two changes at once both count); a combination that makes no
        sense is refused with the engine's reason."""

        def change() -> list[Event]:
            self._require(TablePhase.LOBBY, text("Settings can only change before the game starts."))
            if user_id != self.host_id:
                raise SessionError(
                    text("Only the host, {host}, can change the table's settings.", host=self.host.name)
                )
            settings = edit(self.settings)
            settings.rules()
            self.settings = settings
            return []

        return await self._change(change)

    # ------------------------------------------------------------------ host tools

    def _require_host(self, user_id: int, admin: bool, refusal: Callable[[str], Text]) -> Member:
        """The host, or a member who manages the server, may do it; `refusal` says so to anyone
        else, given the host's name."""
        if user_id != self.host_id and not admin:
            raise SessionError(refusal(self.host.name))
        manager = Member(user_id, self.words(text("a server manager")))
        return next((m for m in self.members if m.user_id == user_id), manager)

    async def _host_tool(
        self,
        user_id: int,
        admin: bool,
        refusal: Callable[[str], Text],
        act: Callable[[Member], list[Event]],
    ) -> Change:
        """One of the host's tools, under the lock: the host (or a server manager) does `act`,
        given who did it; `refusal` answers anyone else."""
        return await self._change(lambda: act(self._require_host(user_id, admin, refusal)), actor=user_id)

    async def kick(self, user_id: int, target: int, *, admin: bool = False) -> Change:
        """The host (or a server manager) removes a player. Once dealt, the engine's Leave
        takes their seat out: their cards go under the draw pile, and if it was their turn the
        turn passes on as it would have."""

        def remove(by: Member) -> list[Event]:
            if target == user_id:
                raise SessionError(text("To leave the table yourself, use `/uno leave`."))
            seat = self.seat_of_other(target)
            removed = text("{name} was removed from the table by {by}.", name=named(0), by=named(1))
            if self.phase is TablePhase.LOBBY:
                member = self.members.pop(seat)
                self._note(removed, member, by)
                if not self.has_people:  # computer players do not start a game
                    self._end(text("Everyone left the table."))
                elif member.user_id == self.host_id:
                    self._pass_host(self._people_from(0)[0])
                return []
            if self.members[seat].is_computer:
                # Removing one would hand its points, or the win, to the others.
                raise SessionError(text("Seats are fixed once the game has started."))
            return self._remove_seat(seat, removed, by)

        return await self._host_tool(
            user_id,
            admin,
            lambda host: text("Only the host, {host}, or a server manager can remove a player.", host=host),
            remove,
        )

    async def hand_host(self, user_id: int, target: int, *, admin: bool = False) -> Change:
        def hand_on(by: Member) -> list[Event]:
            member = self.members[self.seat_of_other(target)]
            if member.user_id == self.host_id:
                raise SessionError(text("{name} is already the host.", name=member.name))
            self._note(text("{by} handed the host role to {name}.", name=named(0), by=named(1)), member, by)
            self.host_id = member.user_id
            return []

        return await self._host_tool(
            user_id,
            admin,
            lambda host: text(
                "Only the host, {host}, or a server manager can hand the host role on.", host=host
            ),
            hand_on,
        )

    async def pause(self, user_id: int, *, admin: bool = False) -> Change:
        """Stop the turn timer (and the game's time limit) until `resume`; players may still
        move meanwhile."""

        def pause_timer(by: Member) -> list[Event]:
            if self.game is None:
                raise SessionError(text("The timer runs once the game has started."))
            if self.paused is not None:
                raise SessionError(text("The timer is already paused: `/uno resume` starts it again."))
            now = self.now()
            turn_left = (self.deadline - now).total_seconds() if self.deadline else self.settings.turn_seconds
            game_left = (self.game_deadline - now).total_seconds() if self.game_deadline else None
            self.paused = Paused(
                max(turn_left, 0.0), None if game_left is None else max(game_left, 0.0), now + PAUSE_LIMIT
            )
            self.deadline = self.game_deadline = None
            self._note(text("{name} paused the timer.", name=named(0)), by)
            return []

        return await self._host_tool(
            user_id,
            admin,
            lambda host: text("Only the host, {host}, or a server manager can pause the timer.", host=host),
            pause_timer,
        )

    async def resume(self, user_id: int, *, admin: bool = False) -> Change:
        def resume_timer(by: Member) -> list[Event]:
            paused = self.paused
            if paused is None:
                raise SessionError(text("The timer is not paused."))
            now = self.now()
            self.deadline = now + timedelta(seconds=paused.turn_seconds)
            if paused.game_seconds is not None:
                self.game_deadline = now + timedelta(seconds=paused.game_seconds)
            self.paused = None
            self._note(text("{name} resumed the timer.", name=named(0)), by)
            return []

        return await self._host_tool(
            user_id,
            admin,
            lambda host: text("Only the host, {host}, or a server manager can resume the timer.", host=host),
            resume_timer,
        )

    def seat_of_other(self, user_id: int) -> int:
        for seat, member in enumerate(self.members):
            if member.user_id == user_id:
                return seat
        raise NotAtTable(text("That member is not playing at this table."))

    # ------------------------------------------------------------------ play

    async def act(self, user_id: int, action: Action, turn: int | None = None) -> Change:
        """A player's move. `turn` is the turn the click was made on (None for typed commands)."""

        def change() -> list[Event]:
            game = self._require_game()
            seat = self.seat_of(user_id)
            if turn is not None and turn != game.turn:  # two clicks made on one turn apply once
                raise StaleClick(
                    text(
                        "That button is from an earlier turn and no longer applies. "
                        "Press **Show my hand** for your current cards."
                    )
                )
            if action is LEAVE:
                return self._remove_seat(seat, text("{name} left the table.", name=named(0)))
            events = self._apply(seat, action)
            self.timeouts_in_row[user_id] = 0
            return events

        return await self._change(change, hand_for=user_id, actor=user_id)

    async def end(self, reason: Text) -> Change:
        def change() -> list[Event]:
            if self.phase.is_over:
                raise SessionError(text("This table has already ended."))
            self._end(reason)
            return []

        return await self._change(change)

    async def deadline_passed(self, version: int) -> Change:
        """The timer armed at `version` fired. Nothing happens if the table moved on since.
        The game's time limit (T8) comes first: a turn's time-out due too fires next."""

        def change() -> list[Event]:
            if self.phase is TablePhase.LOBBY:
                self._end(text("Nobody started the game within the time limit."))
                return []
            if self.paused is not None and self.now() >= self.paused.until:
                self._end(PAUSE_RAN_OUT)
                return []
            if self._game_time_is_up():
                return self._call_time()
            if self.computer_due is not None and self.now() >= self.computer_due:
                return self._computer_moves()
            if self.paused is not None:
                return []  # no turn runs out while the timer is paused
            return self._time_out()

        try:
            return await self._change(change, expected_version=version)
        except MovedOn:
            return Change([])  # another process fired it first (see `_take_newer`)

    def _game_time_is_up(self) -> bool:
        return self.game_deadline is not None and not self.time_is_called and self.now() >= self.game_deadline

    def _call_time(self) -> list[Event]:
        """T8: the game's time is up. The engine says what follows: the round in play is the
        last, or between rounds the game ends now."""
        game = self._require_game()
        events = game.call_time()
        self._tell(events)
        return events

    def _time_out(self) -> list[Event]:
        game = self._require_game()
        if game.phase is Phase.ROUND_OVER:
            # Dealt for the dealer the table named and pinged (the engine deals as O10 says
            # whoever presses Deal; the log, and so the replay, says who did).
            return self._apply(awaited_seat(game), DEAL_NEXT_ROUND)
        seat = game.current
        member = self.members[seat]
        count = self.timeouts_in_row.get(member.user_id, 0) + 1
        if count == TIMEOUTS_BEFORE_REMOVAL - 1 and not member.is_computer:
            # Said once before it happens, so nobody is removed all of a sudden.
            self._note(
                text(
                    "{name} ran out of time; one more time-out in a row and they leave the table.",
                    name=named(0),
                ),
                member,
            )
        else:
            self._note(text("{name} ran out of time.", name=named(0)), member)
        events = self._auto_move(seat)
        if member.is_computer:
            # Seats are fixed once dealt: a computer player is never removed (its win handed to
            # the others). It times out only when neither it nor the careful player could choose.
            return events
        self.timeouts_in_row[member.user_id] = count
        if count >= TIMEOUTS_BEFORE_REMOVAL and not game.is_over:
            events += self._remove_seat(
                self.seat_of(member.user_id),
                counted(
                    "{name} timed out {count} time in a row and was removed.",
                    "{name} timed out {count} times in a row and was removed.",
                    count=count,
                    name=named(0),
                ),
            )
        return events

    def _auto_move(self, seat: int) -> list[Event]:
        """On time-out the turn is played for the player, from their legal actions only: they
        draw and pass where the rules allow it; where they do not (C3, T5: a player who can play
        must; H5: a drawn card that can be played must be), a careful player's choice is made,
        as it is for a colour, a suit or a swap (H2). A Wild Draw Four is accepted, not
        challenged."""
        game = self._require_game()
        turn = game.turn
        events: list[Event] = []
        # A few steps at most: draw, then pass or play; a Wild's colour; nothing loops.
        for _ in range(4):
            if game.current != seat or game.turn != turn or game.phase in _NO_TURN:
                break
            legal = [a for a in game.legal_actions(seat) if a not in _NOT_A_TURN]
            if not legal:
                break
            if ACCEPT in legal:
                action: Action = ACCEPT
            elif DRAW in legal and game.drawn_card is None:
                action = DRAW
            elif PASS in legal:
                action = PASS
            else:
                action = _CAREFUL.choose(replace(game.view(seat), legal=tuple(legal)))
            events += self._apply(seat, action)
        return events

    def _remove_seat(self, seat: int, line: Text, *others: Member) -> list[Event]:
        """`line` names the leaver as `named(0)`, and `others` as `named(1)`... With a take-over level set
        (and people still at the table), a computer player takes the seat instead and the game
        goes on; the leaver's result is still recorded as lost."""
        self._note(line, self.members[seat], *others)
        if self.settings.takeover and self._may_take_over(seat):
            return self._take_over(seat)
        points = self._require_game().scores[seat]
        events = self._apply(seat, LEAVE)
        member = self.members.pop(seat)
        self.timeouts_in_row.pop(member.user_id, None)
        self.departed.append(Departure(member, points))
        if not self.has_people and not self._require_game().is_over:
            # Computer players do not play on alone.
            self._end(text("Everyone left the table."))
        elif member.user_id == self.host_id and self.has_people and not self._require_game().is_over:
            # As in the lobby, the table keeps a host: the player seated after the leaver, so
            # someone can still end the game. A game their leaving ended needs none: its log
            # ends with the win.
            self._pass_host(self._people_from(seat)[0])
        return events

    def _people_from(self, seat: int) -> list[Member]:
        """The people at the table, starting from `seat` round the table."""
        turned = self.members[seat % len(self.members) :] + self.members[: seat % len(self.members)]
        return [m for m in turned if not m.is_computer]

    def _may_take_over(self, seat: int) -> bool:
        game = self._require_game()
        leaver = self.members[seat]
        others = [m for m in self.members if m is not leaver]
        return not leaver.is_computer and not game.is_over and any(not m.is_computer for m in others)

    def _take_over(self, seat: int) -> list[Event]:
        game = self._require_game()
        leaver = self.members[seat]
        level = self.settings.takeover
        # Named as any computer player, never after the leaver: a name kept in a member's name
        # could not be scrubbed by user id if they ask to be forgotten. The lines before this
        # one say who left, by id.
        stand_in = self._new_computer(level)
        self.departed.append(Departure(leaver, game.scores[seat]))
        self.timeouts_in_row.pop(leaver.user_id, None)
        self.members[seat] = stand_in
        self._recorders[stand_in.user_id] = HistoryRecorder(seat, game.ruleset, complete=False)
        self._note(text("{name} takes over the seat.", name=named(0)), stand_in)
        if leaver.user_id == self.host_id:
            self._pass_host(self._people_from(seat)[0])
        return []

    # ------------------------------------------------------------------ computer players

    def _computer(self, member: Member) -> ComputerPlayer:
        player = self._computers.get(member.user_id)
        if player is None:
            player = computer_player(member.level or "normal", self.seed ^ (member.user_id & 0xFFFFFFFF))
            self._computers[member.user_id] = player
        return player

    def _recorder(self, member: Member) -> HistoryRecorder:
        recorder = self._recorders.get(member.user_id)
        if recorder is None:
            game = self._require_game()
            recorder = HistoryRecorder(self.seat_of(member.user_id), game.ruleset, complete=False)
            self._recorders[member.user_id] = recorder
        return recorder

    async def _plan_computer_move(self) -> None:
        """After every change: what a computer player will do next, if anything. Out of turn
        first (catching a missed UNO, calling UNO, jumping in: each computer player at most once
        a turn), then the move the game waits on. The move is made after the pause, through
        `deadline_passed`, the same path as the turn timer."""
        self.computer_move, self.computer_due = None, None
        game = self.game
        if game is None or self.phase.is_over or game.phase is Phase.FINISHED or not self.computers:
            return
        try:
            planned = self._computer_reaction(game)
        except Exception:  # a reaction is a chance, not owed: the move the game waits on still is
            log.exception("a computer player at table %s could not choose whether to react", self.game_id)
            planned = None
        try:
            planned = planned or await self._computer_turn(game)
        except Exception:
            # The change is made and must still be saved and shown, and the computer player the
            # game waits on still moves after its pause: the careful player (the turn timer's)
            # chooses for it, rather than hold the table up until its turn runs out.
            log.exception("a computer player at table %s could not choose", self.game_id)
            planned = self._careful_computer_turn(game)
        if planned is not None:
            member, action = planned
            self.computer_move = (member.user_id, str(action), game.turn)
            due = self.now() + self.computer_pause
            # The pause (up to 30 s) never outlasts the turn (15 s at least): a computer player
            # makes its move when the turn's time is up, it never runs out of time.
            if self.deadline is not None and self.deadline < due:
                due = self.deadline
            self.computer_due = due

    def _computer_reaction(self, game: UnoGame) -> tuple[Member, Action] | None:
        if not game.ruleset.jump_in and all(len(hand) != 1 for hand in game.hands):
            return None
        turn, reacted = self._reacted
        if turn != game.turn:
            reacted = set()
            self._reacted = (game.turn, reacted)
        for seat, member in enumerate(self.members):
            if not member.is_computer or seat == game.current or member.user_id in reacted:
                continue
            view = game.view(seat)
            if len(view.legal) <= 1:
                continue
            action = self._computer(member).react(view, self._recorder(member).history())
            if action is not None:
                reacted.add(member.user_id)
                return member, action
        return None

    async def _computer_turn(self, game: UnoGame) -> tuple[Member, Action] | None:
        """The move of the computer player the game waits on (`awaited_seat`), if it waits on one."""
        seat = awaited_seat(game)
        member = self.members[seat]
        if not member.is_computer:
            return None
        player = self._computer(member)
        view = game.view(seat)
        history = self._recorder(member).history()
        # A hard player searches (tens of milliseconds, more at times): in a thread, so the bot's
        # other tables and players are not kept waiting. It reads only this view and history,
        # values taken here; the table cannot change meanwhile, its lock is held.
        action = await asyncio.to_thread(player.choose, view, history)
        return member, action

    def _careful_computer_turn(self, game: UnoGame) -> tuple[Member, Action] | None:
        """The careful player's move for the computer player the game waits on, if any (None
        when even that fails: the turn timer then moves for it)."""
        seat = awaited_seat(game)
        member = self.members[seat]
        if not member.is_computer:
            return None
        try:
            return member, _CAREFUL.choose(game.view(seat))
        except Exception:
            log.exception("the careful player could not choose at table %s either", self.game_id)
            return None

    def _computer_moves(self) -> list[Event]:
        """The planned computer move is due: made if it still applies (the table may have moved
        on during the pause; then a new plan is made after this change)."""
        game = self._require_game()
        planned, self.computer_move, self.computer_due = self.computer_move, None, None
        if planned is None:
            return []
        user_id, text, turn = planned
        if turn != game.turn or not self.is_seated(user_id):
            return []
        seat = self.seat_of(user_id)
        action = parse_action(text)
        if action not in game.legal_actions(seat):
            return []
        return self._apply(seat, action)

    def _nobody_in_play(self) -> bool:
        """Whether the game goes on with computer players only: every person at the table is out
        of it (C7), none of them left in play."""
        game = self.game
        if game is None or game.is_over or self.phase.is_over or not self.computers:
            return False
        return self._people_in_play() == 0

    async def _play_out(self) -> list[Event]:
        """With no person left in play, the computer players play the game out now, each move
        through the engine as at any turn, so the game's own play says who wins; the table then
        ends as any game ends. Between moves the event loop runs (the table's lock is held: the
        moves are one change)."""
        if not self._nobody_in_play():
            return []
        game = self._require_game()
        events: list[Event] = []
        try:
            for moves in range(PLAY_OUT_MOVES):
                if game.is_over:
                    break
                events += await self._play_out_move(game, own=moves < PLAY_OUT_CHOICES)
                await asyncio.sleep(0)
        except Exception:
            # The moves made stand (each is a whole move of the game); the rest is played at
            # the computer players' pace, as before anyone was put out.
            log.exception("the computer players at table %s could not play the game out", self.game_id)
            return events
        if game.is_over:  # finished as any game finishes, and recorded so; the table says how
            self.ended_reason = PLAYED_OUT
            self._add_line(Line(PLAYED_OUT))
        else:
            self._end(NOT_PLAYED_OUT)
        return events

    async def _play_out_move(self, game: UnoGame, *, own: bool) -> list[Event]:
        """One move of the play-out: a computer player's reaction, else the move the game waits
        on: its own choice while `own`, else the careful player's (the next deal as the timer
        deals it)."""
        planned = self._computer_reaction(game)
        if planned is None and own and game.phase is not Phase.ROUND_OVER:
            planned = await self._computer_turn(game)
        if planned is not None:
            member, action = planned
            return self._apply(self.seat_of(member.user_id), action)
        seat = awaited_seat(game)
        if game.phase is Phase.ROUND_OVER:
            return self._apply(seat, DEAL_NEXT_ROUND)
        return self._apply(seat, _CAREFUL.choose(game.view(seat)))

    def _pass_host(self, member: Member) -> None:
        self.host_id = member.user_id
        self._note(text("{name} is now the host.", name=named(0)), member)

    def _apply(self, seat: int, action: Action) -> list[Event]:
        """The session's only call into the engine; events are told while seat names still
        match the engine's seats (a leaver's seat disappears right after)."""
        game = self._require_game()
        events = game.apply(seat, action)
        self._tell(events)
        return events

    def _tell(self, events: Sequence[Event]) -> None:
        who = tuple(self.members)
        names = [named(seat) for seat in range(len(who))]
        game = self.game
        scoring = (game.ruleset if game else OFFICIAL).scoring
        team_game = game is not None and game.is_team_game
        end = told_end(game.end_reason, game.time_called) if game is not None else EndReason.TARGET
        for event in events:
            line = describe_event(event, names, scoring=scoring, team_game=team_game, end=end)
            if line:
                told = Line(line, who)
                self._add_line(told)
                if isinstance(event, (GameWon, TeamWonGame)):
                    self._won_line = told
        for recorder in self._recorders.values():
            recorder.observe(events)

    # ------------------------------------------------------------------ the one way to change

    async def _change(
        self,
        mutate: Callable[[], list[Event]],
        *,
        expected_version: int | None = None,
        hand_for: int | None = None,
        actor: int | None = None,
    ) -> Change:
        async with self.lock:
            if expected_version is not None and expected_version != self.version:
                return Change([])
            if self.phase.is_over:  # it ended while this change waited for the lock
                raise TableEnded(self.why_ended)
            turn_before, phase_before, holder_before = self.turn, self.phase, self._turn_holder()
            before = self.snapshot()
            events = change_or_undo(mutate, save=lambda: before, restore=self.restore)
            events += await self._play_out()
            self._sync_phase()
            self.version += 1
            if self.turn != turn_before or self.phase is not phase_before:
                self._set_deadline()
            ping = self._turn_ping(holder_before, actor)
            await self._plan_computer_move()
            try:
                await self._persist()
            except SaveConflict as conflict:
                await self._take_newer(conflict.newer)
                raise MovedOn() from conflict
            except Exception:
                self._undo(before)
                raise
            hand = self._hand_after(hand_for)
            presenter = self.presenter
            unshown: Text | None = None
            if presenter is not None:
                what = f"change {self.version} of table {self.game_id}"  # not shown to players
                unshown = await present_saved(lambda: presenter.show(self, events, ping), what)
            if self.on_change is not None:
                await self.on_change(self)
        if unshown is None or self.phase.is_over:
            return Change(events, hand)
        # Nobody can follow a table that cannot be shown: it ends, as when its channel is deleted
        # (the end is a change of its own, saved and shown the one way).
        with suppress(SessionError):  # ended meanwhile
            await self.end(unshown)
        return Change(events, hand, ended=unshown)

    def _undo(self, before: dict[str, Any]) -> None:
        """A change the store did not take (it failed, for a moment or for good) is undone: the
        table holds nothing the store does not have, so the same click made again is taken, not
        refused as an earlier turn's, and a restart finds the table as its players left it. The
        computer players' memory of what they saw goes with it: they read the table afresh, as
        after a restart."""
        self.restore(before)
        self._recorders.clear()

    def _hand_after(self, user_id: int | None) -> SeatHand | None:
        if user_id is None or self.game is None or not self.is_seated(user_id):
            return None
        return self.hand_of(user_id)

    async def _persist(self) -> None:
        if self.repository is None:
            return
        if self.phase.is_over:
            await self.repository.finish_table(self)
        else:
            await self.repository.save_table(self)

    async def _take_newer(self, newer: dict[str, Any] | None) -> None:
        """Another process saved this table first: hold what it saved instead of our change (or,
        when it has ended the game, end ours without a word: that process announced it)."""
        if newer is None:
            self.phase = TablePhase.ABORTED
            self.deadline = None
        else:
            self.restore(newer)
            self.saved_version = self.version
            self.saved_packed = None
        if self.on_change is not None:
            await self.on_change(self)

    def _sync_phase(self) -> None:
        if self.phase.is_over or self.game is None:
            return
        new = _FROM_ENGINE[self.game.phase]
        if new not in TRANSITIONS[self.phase]:
            raise AssertionError(f"no transition from {self.phase} to {new}")
        self.phase = new

    def _set_deadline(self) -> None:
        if self.phase.is_over:
            self.deadline = None
        elif self.paused is not None:
            # A new turn while paused: it gets its whole time once the timer resumes.
            self.paused = replace(self.paused, turn_seconds=float(self.settings.turn_seconds))
        elif self.phase is not TablePhase.LOBBY:
            self.deadline = self.now() + timedelta(seconds=self.settings.turn_seconds)

    def _end(self, reason: Text) -> None:
        self.phase = TablePhase.ABORTED
        self.ended_reason = reason
        self._add_line(Line(reason))

    def _require(self, phase: TablePhase, message: Text) -> None:
        if self.phase is not phase:
            raise SessionError(message)

    def _require_game(self) -> UnoGame:
        if self.game is None:
            raise SessionError(text("The game has not started yet."))
        return self.game

    def _note(self, said: Text, *who: Member) -> None:
        """A line naming the players `who` where `said` has `named(0)`, `named(1)`..."""
        self._add_line(Line(said, who))

    def _add_line(self, line: Line) -> None:
        self.log.append(line)
        del self.log[:-RECENT_LINES]

    # ------------------------------------------------------------------ persistence

    def snapshot(self) -> dict[str, Any]:
        return {
            "game_id": self.game_id,
            "guild_id": self.guild_id,
            "channel_id": self.channel_id,
            "host_id": self.host_id,
            "settings": self.settings.to_json(),
            "seed": self.seed,
            "phase": self.phase.value,
            "members": [m.to_json() for m in self.members],
            "departed": [[d.member.user_id, d.member.name, d.points] for d in self.departed],
            "dealt": list(self.dealt),
            "game": self.game.to_json() if self.game else None,
            "message_id": self.message_id,
            "ping_id": self.ping_id,
            "in_thread": self.in_thread,
            "version": self.version,
            "deadline": self.deadline.isoformat() if self.deadline else None,
            "game_deadline": self.game_deadline.isoformat() if self.game_deadline else None,
            "timeouts_in_row": {str(k): v for k, v in self.timeouts_in_row.items()},
            "paused": self._paused_json(),
            "recent": [line.to_json() for line in self.log],
            "ended_reason": to_json(self.ended_reason) if self.ended_reason else None,
            "computer_move": list(self.computer_move) if self.computer_move else None,
            "computer_due": self.computer_due.isoformat() if self.computer_due else None,
        }

    def restore(self, data: dict[str, Any]) -> None:
        self.game_id = data["game_id"]
        self.guild_id = int(data["guild_id"])
        self.channel_id = int(data["channel_id"])
        self.host_id = int(data["host_id"])
        self.settings = replace(TableSettings(), **data["settings"])
        self.seed = int(data["seed"])
        self.phase = TablePhase(data["phase"])
        self.members = [Member.from_json(m) for m in data["members"]]
        # Tables saved before departures were kept have none.
        self.departed = [
            Departure(Member(int(uid), str(name)), int(points))
            for uid, name, points in data.get("departed", [])
        ]
        # Tables saved before replays were kept do not know the deal's seating.
        self.dealt = tuple(int(uid) for uid in data.get("dealt", ()))
        self.game = UnoGame.from_json(data["game"]) if data["game"] else None
        self.message_id = data["message_id"]
        # Tables saved before turn pings have none.
        self.ping_id = data.get("ping_id")
        self.in_thread = bool(data.get("in_thread", False))
        self.version = int(data["version"])
        self.deadline = datetime.fromisoformat(data["deadline"]) if data["deadline"] else None
        # Tables saved before time limits existed have none.
        game_deadline = data.get("game_deadline")
        self.game_deadline = datetime.fromisoformat(game_deadline) if game_deadline else None
        self.timeouts_in_row = {int(k): int(v) for k, v in data["timeouts_in_row"].items()}
        self.paused = self._paused_from(data.get("paused"))  # none: saved before pauses existed
        self.log = [Line.from_json(line) for line in data["recent"]]
        self._won_line = None
        reason = data["ended_reason"]  # English words, for a table saved before they were a Text
        self.ended_reason = (
            as_text(reason) if isinstance(reason, str) else from_json(reason) if reason else None
        )
        # Tables saved before computer players have none.
        move = data.get("computer_move")
        self.computer_move = (int(move[0]), str(move[1]), int(move[2])) if move else None
        due = data.get("computer_due")
        self.computer_due = datetime.fromisoformat(due) if due else None

    def _paused_json(self) -> list[Any] | None:
        paused = self.paused
        if paused is None:
            return None
        return [paused.turn_seconds, paused.game_seconds, paused.until.isoformat()]

    def _paused_from(self, data: Sequence[Any] | None) -> Paused | None:
        if not data:
            return None
        # A pause saved before pauses had a limit counts it from when it is read back.
        until = datetime.fromisoformat(data[2]) if len(data) > 2 else self.now() + PAUSE_LIMIT
        return Paused(float(data[0]), None if data[1] is None else float(data[1]), until)

    @classmethod
    def from_snapshot(cls, data: dict[str, Any], now: Callable[[], datetime]) -> Table:
        first = data["members"][0] if data["members"] else [data["host_id"], "host"]
        table = cls(
            game_id=data["game_id"],
            guild_id=int(data["guild_id"]),
            channel_id=int(data["channel_id"]),
            host=Member(int(first[0]), str(first[1])),
            settings=TableSettings(),
            seed=int(data["seed"]),
            now=now,
        )
        table.restore(data)
        table.saved_version = table.version
        return table


_NO_TURN = frozenset({Phase.ROUND_OVER, Phase.FINISHED})
# Actions that are no turn's move: a time-out never makes them for a player.
_NOT_A_TURN = frozenset({LEAVE, CALL_UNO, CATCH})
_CAREFUL = HeuristicPlayer()
_SUIT_SYMBOLS = str.maketrans({"♠": "S", "♥": "H", "♦": "D", "♣": "C"})
_ACTION_WORDS = frozenset({"draw", "pass", "uno", "catch", "leave", "deal", "accept", "challenge"})


def awaited_seat(game: UnoGame) -> int:
    """The seat the game waits on: the one to move, or between rounds the one whose deal it is
    (O10: anyone may deal; the table names this seat, and a computer player so named deals)."""
    return game.next_dealer if game.phase is Phase.ROUND_OVER else game.current


@dataclass(frozen=True, slots=True)
class Awaited:
    """Whom the game waits on (`Table._turn_holder`), and whether to deal the next round."""

    member: Member
    deal: bool


def _awaited_key(awaited: Awaited | None) -> tuple[int, bool] | None:
    """Who is awaited for what: a turn to play and a deal are two turns, even for one person."""
    return None if awaited is None else (awaited.member.user_id, awaited.deal)


def parse_card_action(text: str) -> Action:
    """Read what a player typed into `/uno play`: a card code (`R5`, `W4`; playing cards `7H`,
    `10S`, `JK`, suits also as ♠♥♦♣) or an action string (`draw`, `colour H`, `swap 2`)."""
    words = text.translate(_SUIT_SYMBOLS).split()
    if len(words) == 1 and words[0].lower() not in _ACTION_WORDS:
        return play(parse_card(words[0]))
    if words:
        words[0] = words[0].lower()
    return parse_action(" ".join(words))

"""What the store hands out and takes in: plain frozen values, never ORM objects."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from datetime import datetime
from typing import Any
from typing import Generic
from typing import Literal
from typing import TypeVar

LeaderboardMetric = Literal["wins", "points", "win_rate"]
SoloLeaderboardMetric = Literal["best_streak", "wins"]


class StoreError(Exception):
    """Something the store refuses; the message says what."""


class DatabaseUnreachable(StoreError):
    """The database could not be opened (no server answers there, a folder it cannot write): the
    message names it, its password hidden, and says why."""


class StaleGameSave(StoreError):
    """A compare-and-set save found another move count than the one it was based on.

    Nothing was written: the caller's state is older than the stored one (another writer got there
    first), or the game is gone (ended, or deleted by `forget_user`).
    """

    def __init__(self, game_id: str, expected_move_count: int, found_move_count: int | None) -> None:
        self.game_id = game_id
        self.expected_move_count = expected_move_count
        self.found_move_count = found_move_count
        found = "no such game" if found_move_count is None else f"move {found_move_count} stored"
        super().__init__(f"game {game_id}: saving on top of move {expected_move_count}, but {found}")


class SoloGameTaken(StoreError):
    """A solo game's save refused: its player already plays another game of that kind (saved by
    this process or another), and the store holds one per player and kind. Nothing was written."""

    def __init__(self, game_id: str, user_id: int, kind: str) -> None:
        self.game_id = game_id
        self.user_id = user_id
        self.kind = kind
        super().__init__(f"game {game_id}: user {user_id} already plays another {kind} game")


class WinRate:
    """Mixed into a record that counts games and wins: its win rate follows from them."""

    __slots__ = ()
    games: int
    wins: int

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


@dataclass(frozen=True, slots=True)
class PlayerRecord:
    user_id: int
    display_name: str
    last_seen: datetime


@dataclass(frozen=True, slots=True)
class RunningGame:
    """A game in progress, as saved after its last move."""

    game_id: str
    kind: str
    guild_id: int | None
    channel_id: int
    message_ids: tuple[int, ...]
    state: dict[str, Any]
    settings: dict[str, Any]
    deadline: datetime | None
    move_count: int
    user_ids: tuple[int, ...]
    updated_at: datetime


@dataclass(frozen=True, slots=True)
class PackedRunningGame:
    """A running game as its row keeps it, the state still packed (`bot.store.packing`)."""

    game_id: str
    guild_id: int | None
    channel_id: int
    deadline: datetime | None
    user_ids: tuple[int, ...]
    packed: str


@dataclass(frozen=True, slots=True)
class CorruptRunningGame:
    """A running-game row that cannot be read back: enough to close it and say so in its channel."""

    game_id: str
    kind: str
    guild_id: int | None
    channel_id: int
    message_ids: tuple[int, ...]
    user_ids: tuple[int, ...]
    error: str


@dataclass(frozen=True, slots=True)
class SeatResult:
    """One seat's outcome, handed to `Store.record_finished_game`."""

    user_id: int
    display_name: str
    seat: int
    points: int
    won: bool
    team: int | None = None


Row = TypeVar("Row")


@dataclass(frozen=True)  # no slots: a slotted generic dataclass cannot be built as Page[Row](...)
class Page(Generic[Row]):
    """One page of a leaderboard's rows."""

    rows: tuple[Row, ...]
    # Every row that qualifies, not just this page's: for "page 2 of 5".
    total: int


@dataclass(frozen=True, slots=True)
class LeaderboardRow:
    rank: int
    user_id: int
    display_name: str
    games: int
    wins: int
    points: int
    win_rate: float


LeaderboardPage = Page[LeaderboardRow]


@dataclass(frozen=True, slots=True)
class KindStats:
    """One player's record in one kind of game."""

    kind: str
    games: int
    wins: int
    points: int
    win_rate: float
    best_points: int
    best_game_id: int
    best_game_at: datetime


@dataclass(frozen=True, slots=True)
class PlayerStats:
    user_id: int
    display_name: str | None
    kinds: tuple[KindStats, ...]

    def for_kind(self, kind: str) -> KindStats | None:
        return next((stats for stats in self.kinds if stats.kind == kind), None)


@dataclass(frozen=True, slots=True)
class SoloStats(WinRate):
    user_id: int
    kind: str
    variant: str
    games: int
    wins: int
    current_streak: int
    best_streak: int


@dataclass(frozen=True, slots=True)
class SoloLeaderboardRow:
    rank: int
    user_id: int
    display_name: str | None
    games: int
    wins: int
    current_streak: int
    best_streak: int


SoloLeaderboardPage = Page[SoloLeaderboardRow]


@dataclass(frozen=True, slots=True)
class GuildUnoSettings:
    """A server's defaults for new UNO tables. The store keeps them as given: the caller
    validates them with the ruleset before saving."""

    guild_id: int
    ruleset: str
    # Ruleset.options() style: only the options that differ from the preset.
    options: dict[str, Any]
    # None once the admin who saved them has asked to be forgotten.
    updated_by: int | None
    updated_at: datetime


@dataclass(frozen=True, slots=True)
class PartnerStats(WinRate):
    """How a player did with one partner: the finished team games they played on one team."""

    partner_id: int
    partner_name: str
    games: int
    wins: int


@dataclass(frozen=True, slots=True)
class PartnershipRow(WinRate):
    """A pair of partners on a server's partners board; `first_id < second_id`."""

    rank: int
    first_id: int
    first_name: str
    second_id: int
    second_name: str
    games: int
    wins: int


PartnershipPage = Page[PartnershipRow]


@dataclass(frozen=True, slots=True)
class PuzzleStats:
    """A player's puzzles: the daily one (results and streak) and practice ones."""

    user_id: int
    solved: int
    # Days with a recorded result, solved or given up.
    attempted: int
    # Consecutive days solved, ending today or yesterday; 0 once a day was missed or given up.
    current_streak: int
    best_streak: int
    last_solved: date | None
    practice_solved: int
    practice_attempted: int = 0


@dataclass(frozen=True, slots=True)
class PuzzleLeaderboardRow:
    rank: int
    user_id: int
    name: str
    current_streak: int
    best_streak: int
    solved: int


PuzzleLeaderboardPage = Page[PuzzleLeaderboardRow]


@dataclass(frozen=True, slots=True)
class GameRecord:
    """What replays a finished game: kept as given, the caller knows its game's shapes.

    `rules` are the options of its ruleset, `log` the moves and the seating at the deal."""

    seed: int
    rules: dict[str, Any]
    log: dict[str, Any]
    rounds: int
    seat_count: int


@dataclass(frozen=True, slots=True)
class FinishedSeat:
    """A seat's result in a finished game, with the player's name."""

    seat: int
    user_id: int
    display_name: str
    points: int
    won: bool
    team: int | None


@dataclass(frozen=True, slots=True)
class FinishedGameSummary:
    """A finished game as history lists it. `seats` are those of players still known: a player
    who asked to be forgotten has no seat here, and `seat_count` still counts them."""

    game_id: int
    kind: str
    ruleset: str
    guild_id: int | None
    channel_id: int
    finished_at: datetime
    seats: tuple[FinishedSeat, ...]
    rounds: int | None
    seat_count: int | None
    replayable: bool

    @property
    def winners(self) -> tuple[FinishedSeat, ...]:
        return tuple(seat for seat in self.seats if seat.won)


@dataclass(frozen=True, slots=True)
class GuildTablePlace:
    """Where a server's UNO tables run; kept as given."""

    guild_id: int
    threads: bool
    # Channels or categories; empty for anywhere.
    channel_ids: tuple[int, ...]
    role_id: int | None

"""One solo game of a kind being played per player, held by the store: a running game's seat
carries the solo game's kind while it is played (NULL at a table and once the game has ended),
unique with its player. Two starts at once, in one process or two, can no longer both save a
game. The games running now are marked, one per player and kind (the latest saved, should the
race this closes have left two).

Revision ID: 0009_one_solo_game_per_kind
Revises: 0008_finished_table_id
Create Date: 2026-11-29
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy import text as sql  # named apart from the catalogue's text(): no player reads SQL

revision: str = "0009_one_solo_game_per_kind"
down_revision: str | Sequence[str] | None = "0008_finished_table_id"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

INDEX = "ux_running_game_seat_user_id_solo_kind"
TABLES_KIND = "uno"  # the group tables' kind; every other running game is a solo game

# Each seat of a running solo game gets its game's kind, unless the same player has a later-saved
# game of that kind (the latest wins; the game id breaks a tie). A game saved as it ended is
# marked too: the bot counts and removes it as it starts, before anyone can start another.
MARK_RUNNING = sql(
    """
    UPDATE running_game_seat
    SET solo_kind = (
        SELECT game.kind FROM running_game game WHERE game.game_id = running_game_seat.game_id
    )
    WHERE running_game_seat.game_id IN (
        SELECT game_id FROM running_game WHERE kind <> :tables
    )
    AND NOT EXISTS (
        SELECT 1
        FROM running_game this_game, running_game_seat other_seat, running_game other_game
        WHERE this_game.game_id = running_game_seat.game_id
        AND other_seat.user_id = running_game_seat.user_id
        AND other_game.game_id = other_seat.game_id
        AND other_game.kind = this_game.kind
        AND (
            other_game.updated_at > this_game.updated_at
            OR (other_game.updated_at = this_game.updated_at AND other_game.game_id > this_game.game_id)
        )
    )
    """
)


def upgrade() -> None:
    with op.batch_alter_table("running_game_seat") as batch:
        batch.add_column(sa.Column("solo_kind", sa.String(length=16), nullable=True))
    op.get_bind().execute(MARK_RUNNING, {"tables": TABLES_KIND})
    with op.batch_alter_table("running_game_seat") as batch:
        batch.create_index(INDEX, ["user_id", "solo_kind"], unique=True)


def downgrade() -> None:
    with op.batch_alter_table("running_game_seat") as batch:
        batch.drop_index(INDEX)
        batch.drop_column("solo_kind")

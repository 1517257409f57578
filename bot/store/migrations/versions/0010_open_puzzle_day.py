"""A running game's seat carries the UTC day of the daily puzzle its player plays there (NULL for
any other game): a daily streak that ended the day before that puzzle is not broken while it is
open past midnight, since its result still counts for its own day. Puzzles running now get their
day at their next save (their streak reads as before until then).

Revision ID: 0010_open_puzzle_day
Revises: 0009_one_solo_game_per_kind
Create Date: 2026-11-29
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0010_open_puzzle_day"
down_revision: str | Sequence[str] | None = "0009_one_solo_game_per_kind"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("running_game_seat") as batch:
        batch.add_column(sa.Column("puzzle_day", sa.Date(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("running_game_seat") as batch:
        batch.drop_column("puzzle_day")

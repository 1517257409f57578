"""A finished game keeps the game id its table's controls carried, so a click left on them after
a restart can be told who won. NULL for games finished before.

Revision ID: 0008_finished_table_id
Revises: 0007_server_turn_pings
Create Date: 2026-11-27
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0008_finished_table_id"
down_revision: str | Sequence[str] | None = "0007_server_turn_pings"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("finished_game") as batch:
        batch.add_column(sa.Column("table_id", sa.String(length=64), nullable=True))
        batch.create_index("ix_finished_game_table_id", ["table_id"])


def downgrade() -> None:
    with op.batch_alter_table("finished_game") as batch:
        batch.drop_index("ix_finished_game_table_id")
        batch.drop_column("table_id")

"""Finished games keep what replays them: the seed, the rules' options, the move log, how many
rounds were dealt and how many seats there were. Servers say where their tables run.

All nullable: games finished before this revision have no record and are simply not replayable.

Revision ID: 0005_history
Revises: 0003
Create Date: 2026-11-23
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005_history"
down_revision: str | Sequence[str] | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("finished_game") as batch:
        batch.add_column(sa.Column("seed", sa.BigInteger(), nullable=True))
        batch.add_column(sa.Column("rules_json", sa.Text(), nullable=True))
        batch.add_column(sa.Column("log_json", sa.Text(), nullable=True))
        batch.add_column(sa.Column("rounds", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("seat_count", sa.Integer(), nullable=True))
    op.create_table(
        "guild_table_place",
        sa.Column("guild_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("threads", sa.Boolean(), nullable=False),
        sa.Column("channel_ids_json", sa.Text(), nullable=False),
        sa.Column("role_id", sa.BigInteger(), nullable=True),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("guild_id", name="pk_guild_table_place"),
    )


def downgrade() -> None:
    op.drop_table("guild_table_place")
    with op.batch_alter_table("finished_game") as batch:
        batch.drop_column("seat_count")
        batch.drop_column("rounds")
        batch.drop_column("log_json")
        batch.drop_column("rules_json")
        batch.drop_column("seed")

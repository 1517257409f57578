"""A server's switch for turn pings: its admins may turn them off for every player there. NULL
(and no row) is on, the default. A server may now switch its pings without ever choosing its
pictures, so its pictures may be NULL too (on, the default, as with no row).

Revision ID: 0007_server_turn_pings
Revises: 0006_turn_pings
Create Date: 2026-11-26
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0007_server_turn_pings"
down_revision: str | Sequence[str] | None = "0006_turn_pings"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("guild_preference") as batch:
        batch.add_column(sa.Column("turn_pings", sa.Boolean(), nullable=True))
        batch.alter_column("pictures", existing_type=sa.Boolean(), nullable=True)


def downgrade() -> None:
    # A row without pictures held only the server's turn pings, which 0006 cannot keep.
    op.execute("DELETE FROM guild_preference WHERE pictures IS NULL")
    with op.batch_alter_table("guild_preference") as batch:
        batch.alter_column("pictures", existing_type=sa.Boolean(), nullable=False)
        batch.drop_column("turn_pings")

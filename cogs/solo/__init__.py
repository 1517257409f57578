"""The Discord side shared by the solo games (/flood, /solitaire, /puzzle): their buttons and
selects, starting a game, answering clicks, showing an idle game's end, and a player's stats.

Not an extension of its own: each solo game's cog registers `DYNAMIC_ITEMS` (again is a no-op)."""

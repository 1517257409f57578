"""Pure rules engines: no I/O, no Discord, no database, no asyncio (a test enforces it)."""

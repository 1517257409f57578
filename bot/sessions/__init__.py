"""Running games as async state machines: one per table or solo player, with locks and timers."""

"""UNO-family card games for Discord: rules engines, game sessions, persistence."""

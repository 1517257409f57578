"""How cards look: text and emoji now, card images later. No Discord objects here."""

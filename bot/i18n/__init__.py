"""Every word in the player's language: `text.py` (sentences not yet in any language, which the
engines may build: it needs only the standard library), `catalogue.py` (the gettext catalogues,
read with Babel), `words.py` (a reader's language), `commands.py` (the slash commands a sentence
names, under the reader's names for them) and `extract.py` (keeping the catalogues in step with
the code)."""

"""Every word in the player's language: the message catalogues and the choice of language."""

from bot.i18n.catalogue import LANGUAGES, SOURCE, Domain, language_of, load_domain, placeholders

__all__ = ["LANGUAGES", "SOURCE", "Domain", "language_of", "load_domain", "placeholders"]

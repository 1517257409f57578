"""Settings shared by the whole suite."""

import os

from hypothesis import settings

# CI replays the same examples on every run, so a red build always points at a change in the
# code; a developer's machine keeps exploring new ones (and saves any failure it finds).
settings.register_profile("ci", derandomize=True, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))

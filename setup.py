"""The project is described in pyproject.toml; this only adds the compiled engine when asked.

    UNO_BOT_COMPILE=1 pip install --no-build-isolation .    # with mypy and a C compiler at hand

The Docker image is built this way (see compile_engine.py for why editable installs never are).
"""

import os
import sys
from pathlib import Path

from setuptools import setup

ext_modules = []
if os.environ.get("UNO_BOT_COMPILE") == "1":
    from mypyc.build import mypycify

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from compile_engine import ENGINE_MODULES

    ext_modules = mypycify(ENGINE_MODULES)

setup(ext_modules=ext_modules)

"""Where Party Host keeps a user's files: under partyhost/ in each XDG base directory."""

from __future__ import annotations

import os
from pathlib import Path

BASES = {"cache": ("XDG_CACHE_HOME", ".cache"), "config": ("XDG_CONFIG_HOME", ".config"),
         "data": ("XDG_DATA_HOME", ".local/share"), "state": ("XDG_STATE_HOME", ".local/state")}
"""Each kind of user file: the XDG variable naming its base, and the base under the home
folder when the variable is unset or empty."""


def user_dir(kind: str, *parts: str) -> Path:
    """The folder `parts` of partyhost/ in the user's base directory of this kind ("cache",
    "config", "data" or "state")."""
    variable, fallback = BASES[kind]
    base = os.environ.get(variable) or str(Path.home() / fallback)
    return Path(base, "partyhost", *parts)

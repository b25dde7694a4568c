"""Sub-commands of `partyhost`: each module has `register(subparsers)` that adds its parser."""

from __future__ import annotations

import argparse
from typing import Any


class HelpFormatter(argparse.HelpFormatter):
    """Ends an option's help with its default, once, and only when there is one to tell: not
    for a flag, an empty list or None, nor when the help already names it."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        text = action.help
        default = action.default
        if (
            not text
            or "default" in text
            or default is None
            or default is argparse.SUPPRESS
            or isinstance(default, bool)
            or default in ([], (), "")
            or (not action.option_strings and action.nargs not in ("?", "*"))
        ):
            return text
        return f"{text} (default: %(default)s)"


class CommandParser(argparse.ArgumentParser):
    """`partyhost` and its sub-commands' parsers: one help formatter for all of them (the
    sub-parsers are made of the same class)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", HelpFormatter)
        super().__init__(*args, **kwargs)

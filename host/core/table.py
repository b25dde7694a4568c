"""Setting up any game's table from the command line: the teams as written, the first seat."""

from __future__ import annotations

from collections.abc import Sequence

from host.core.events import Seat
from host.core.protocols import SetupError


def teams_from_args(teams: Sequence[str]) -> list[list[str]]:
    """Teams as `--teams Ann,Bob Cat,Dan` writes them: one list of names per team."""
    return [[name.strip() for name in team.split(",") if name.strip()] for team in teams]


def first_seat(seats: Sequence[Seat], first: str | None) -> int:
    """The seat of the player named by --first (a team's member names its team); 0 unnamed."""
    if first is None:
        return 0
    for index, seat in enumerate(seats):
        if first.strip().lower() in (name.lower() for name in (seat.name, *seat.people)):
            return index
    names = ", ".join(seat.name for seat in seats)
    raise SetupError(
        f"--first {first}: not one of the players ({names}): give one of their names, "
        "or leave --first out and the first one starts"
    )

"""What every game shares: notes (what happened), refusals, and the event log record."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from transitions import Event, Machine, Transition


@dataclass(slots=True)
class Note:
    """Something that happened in the game; the host turns each note into a spoken line.

    Read-only by convention rather than frozen: a game makes some 900 notes, and a frozen
    dataclass's __init__ (object.__setattr__ per field) costs twice a plain one.
    """

    kind: str
    """Event kind and phrasebook key, e.g. "answer_accepted", "penalty_2", "round_won"."""
    params: Mapping[str, Any] = field(default_factory=dict)
    """Values the line needs, e.g. {"player": "Ann", "answer": "Amaze"}."""


class _DirectEvent(Event):
    """A transitions Event that, when nothing is hooked to the move, just makes it.

    transitions' full path builds an EventData, queues a partial, logs at every step and walks
    empty callback lists: some 18 µs a move. When the transition has no conditions or callbacks,
    the states no enter/exit hooks, the machine no state-change or event hooks, and no other
    move is queued, that path ends in exactly one thing: the model's state set to the
    destination. This event does that directly, and otherwise (or for a source with no
    transition, which must raise MachineError) defers to transitions' own trigger.
    """

    def __init__(self, name: str, machine: Machine) -> None:
        super().__init__(name, machine)
        self._routes: dict[Any, tuple[Transition, Any, Any, Any]] = {}
        """Source state value -> (transition, source State, dest State, dest value)."""

    def add_transition(self, transition: Transition) -> None:
        """Add a transition (and forget the direct routes, rebuilt on the next trigger)."""
        super().add_transition(transition)
        self._routes = {}

    def trigger(self, model: Any, *args: Any, **kwargs: Any) -> bool:
        """Move `model` along this event's transition from its current state."""
        machine = self.machine
        state = getattr(model, machine.model_attribute)
        route = self._routes.get(state) or self._route(state)
        if route is None or args or kwargs or machine._transition_queue:
            return bool(super().trigger(model, *args, **kwargs))
        transition, source, dest, value = route
        # The machine-wide hook lists are read behind their properties (transitions 0.9 keeps
        # them as these attributes; the properties cost a Python call each).
        if (
            transition.prepare or transition.conditions or transition.before
            or transition.after or source.on_exit or dest.on_enter or dest.final
            or machine._before_state_change or machine._after_state_change
            or machine._prepare_event or machine._finalize_event
        ):
            return bool(super().trigger(model, *args, **kwargs))
        setattr(model, machine.model_attribute, value)
        return True

    def _route(self, state: Any) -> tuple[Transition, Any, Any, Any] | None:
        route = self._routes.get(state)
        if route is None:
            source = self.machine.get_state(state)
            transitions = self.transitions.get(source.name, [])
            if len(transitions) != 1 or transitions[0].dest is None:
                return None  # none (an invalid move), or several to try in turn
            dest = self.machine.get_state(transitions[0].dest)
            route = self._routes[state] = (transitions[0], source, dest, dest.value)
        return route


class RulesMachine(Machine):
    """transitions' Machine whose moves without hooks take the direct path (_DirectEvent)."""

    event_cls = _DirectEvent


class IllegalEvent(ValueError):
    """An event the rules refuse; `reason` is the phrasebook key of the refusal."""

    def __init__(self, reason: str, **params: Any) -> None:
        super().__init__(f"{reason}: {params}" if params else reason)
        self.reason = reason
        self.params = params

    def note(self) -> Note:
        """The refusal as a note the host can say."""
        return Note("refused", {"reason": self.reason, **self.params})


@dataclass(frozen=True, slots=True)
class TimeUp:
    """The session's clock reached the deadline the game asked for."""

    token: int
    """The token of the timer note that armed this deadline; stale tokens are refused."""


@dataclass(frozen=True)
class Seat:
    """A place at the table: one player, or a team sharing a hand and a turn."""

    name: str
    members: tuple[str, ...] = ()

    @property
    def people(self) -> tuple[str, ...]:
        """Everyone who may speak for this seat."""
        return self.members or (self.name,)


def make_seats(
    players: list[str] | None = None, teams: list[list[str]] | None = None
) -> tuple[Seat, ...]:
    """Build seats from player names or from teams (a team is named after its members)."""
    if teams:
        return tuple(Seat(" and ".join(team), tuple(team)) for team in teams)
    return tuple(Seat(name) for name in players or [])

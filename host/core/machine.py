"""The event loop every game's rules share: a model driven by a `transitions` machine."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from enum import Enum
from typing import TYPE_CHECKING, Any, ClassVar

from transitions import Machine

from host.core.events import ArmTimer, IllegalEvent, Said, TimeUp

if TYPE_CHECKING:
    from transitions.core import TransitionConfigDict


GAME_OVER = "game_over"
STALE_TIMER = "stale_timer"
UNKNOWN_EVENT = "unknown_event"
"""The refusals every game shares (said with the core lines)."""


class MachineRules:
    """A game's rules model: each event class names a trigger of its machine (public API);
    an event its state does not take, or one a check refuses, changes nothing and gives one
    "refused" note. A subclass sets `triggers`, builds `self.machine` with itself as the model
    and says, in `_not_now`, how an event out of its moment is refused; its `current_timer`
    gives the timer `_arm` asks for."""

    triggers: ClassVar[Mapping[type, str]]
    not_now: ClassVar[Mapping[type, str]]
    """The refusal of each player event the game does not take in its state."""
    machine: Machine
    state: Any
    trigger: Callable[..., bool]
    _notes: list[Said]
    timer_token: int
    timer_name: str
    current_timer: Callable[[], ArmTimer]

    if TYPE_CHECKING:
        @property
        def over(self) -> bool:
            """True once the game is over (each game says when)."""

    def _start_machine(self, states: type[Enum], transitions: Sequence[TransitionConfigDict],
                       initial: Enum) -> None:
        """Build this game's own machine, the game as its model (states and transitions as
        data; time comes as TimeUp events, never from the machine's own timeouts)."""
        self.machine = Machine(model=self, states=states, transitions=transitions,
                               initial=initial, auto_transitions=False, queued=True)

    def handle(self, event: Any) -> list[Said]:
        """Apply an event; a refused event yields one "refused" note and changes nothing."""
        try:
            return self.push(event)
        except IllegalEvent as refusal:
            return [refusal.note()]

    def push(self, event: Any) -> list[Said]:
        """Apply an event, raising IllegalEvent when the rules refuse it."""
        trigger = self.triggers.get(type(event))
        if trigger is None or trigger not in self.machine.get_triggers(self.state):
            raise self._not_now(event)
        self._new_event()
        try:
            self.trigger(trigger, event)
        except IllegalEvent:
            self._notes = []
            raise
        return self._flush()

    def _new_event(self) -> None:
        """Forget what the last event worked out (a judgement) before the next one."""

    def _not_now(self, event: Any) -> IllegalEvent:
        """The refusal of an event the game does not take in its state: the game is over, a
        timer's late TimeUp (not said at all), or the move's own refusal (`not_now`), said to
        the player who made it."""
        if self.over:
            return IllegalEvent(GAME_OVER)
        if isinstance(event, TimeUp):
            return IllegalEvent(STALE_TIMER)
        player = getattr(event, "player", None)
        to_whom = {"player": player} if isinstance(player, str) else {}
        return IllegalEvent(self.not_now.get(type(event), UNKNOWN_EVENT), state=str(self.state),
                            **to_whom)

    def _arm(self, name: str) -> None:
        """Ask the session for the timer `name`; its TimeUp must bring the new token."""
        self.timer_token += 1
        self.timer_name = name
        self._notes.append(self.current_timer())

    def _flush(self) -> list[Said]:
        notes, self._notes = self._notes, []
        return notes

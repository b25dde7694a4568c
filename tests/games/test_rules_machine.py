"""RulesMachine: moves without hooks take the direct path, with transitions' own semantics."""

from __future__ import annotations

from enum import Enum
from typing import Any

import pytest
from transitions import MachineError

from host.games.common import RulesMachine


class Light(Enum):
    """A tiny machine's states."""

    RED = "red"
    GREEN = "green"
    OFF = "off"


TRANSITIONS: list[dict[str, Any]] = [
    {"trigger": "go", "source": Light.RED, "dest": Light.GREEN},
    {"trigger": "stop", "source": [Light.GREEN, Light.RED], "dest": Light.RED},
]


class Model:
    """A model the machine drives."""

    state: Light

    def __init__(self) -> None:
        self.seen: list[str] = []

    def note(self) -> None:
        """An after-callback."""
        self.seen.append("after")


def test_direct_moves_change_state_and_refuse_what_is_not_declared() -> None:
    machine = RulesMachine(model=None, states=Light, transitions=TRANSITIONS, initial=Light.RED,
                           auto_transitions=False, queued=True)
    model = Model()
    machine.add_model(model)
    assert model.go() is True and model.state is Light.GREEN  # type: ignore[attr-defined]
    with pytest.raises(MachineError):
        model.go()  # type: ignore[attr-defined]
    assert model.state is Light.GREEN
    assert model.stop() and model.state is Light.RED  # type: ignore[attr-defined]


def test_moves_with_hooks_run_them_through_the_full_path() -> None:
    hooked = [{**TRANSITIONS[0], "after": "note"}, TRANSITIONS[1]]
    machine = RulesMachine(model=None, states=Light, transitions=hooked, initial=Light.RED,
                           auto_transitions=False)
    model = Model()
    machine.add_model(model)
    model.go()  # type: ignore[attr-defined]
    assert model.state is Light.GREEN and model.seen == ["after"]
    machine.on_enter_RED("note")
    model.stop()  # type: ignore[attr-defined]
    assert model.state is Light.RED and model.seen == ["after", "after"]


def test_machine_wide_hooks_also_take_the_full_path() -> None:
    machine = RulesMachine(model=None, states=Light, transitions=TRANSITIONS, initial=Light.RED,
                           auto_transitions=False, after_state_change="note")
    model = Model()
    machine.add_model(model)
    model.go()  # type: ignore[attr-defined]
    assert model.state is Light.GREEN and model.seen == ["after"]

"""Half-duplex gate: closed while the host talks plus a tail."""

from __future__ import annotations

from host.speech.gate import MicGate


def test_closed_while_speaking_and_for_the_tail() -> None:
    gate = MicGate(tail_seconds=0.4)
    assert gate.is_open(0.0)
    gate.host_speaks(10.0, 2.0)
    assert not gate.is_open(10.0)
    assert not gate.is_open(12.3)
    assert gate.is_open(12.4)


def test_overlapping_lines_extend_the_closed_time() -> None:
    gate = MicGate(tail_seconds=0.2)
    gate.host_speaks(0.0, 3.0)
    gate.host_speaks(1.0, 1.0)  # ends earlier: must not reopen early
    assert not gate.is_open(3.1) and gate.is_open(3.2)

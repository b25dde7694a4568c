"""Through the real wyoming-satellite (its own virtualenv, made by scripts/test): players'
questions said into its microphone are answered at its loudspeaker, and the host's own voice
coming back late into that microphone is never taken for a player. The rig is
host.speech.wyoming.rig; the host is built as `partyhost play` builds it (host.speech.e2e)."""

from __future__ import annotations

from host.speech import e2e


def test_questions_are_answered_at_the_loudspeaker_and_its_late_echo_is_not_a_player() -> None:
    # A loudspeaker 1.4 s late: the end of each line comes back after the microphone reopens.
    figures = e2e.run(2, echo=0.3, echo_delay=1.4, log=print)  # shown when it fails
    assert figures["replies"] == 2
    assert figures["echoes_dropped"] >= 1
    wire, speaker = figures["at_the_wire"], figures["at_the_speaker"]
    assert 0 < wire["p50"] < speaker["p50"]  # the satellite plays what the host sent
    assert figures["start_up_seconds"] > 0

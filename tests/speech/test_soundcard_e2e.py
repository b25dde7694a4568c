"""Through the sound-card path (`partyhost bench e2e --path soundcard`): players' questions
played into a private PulseAudio's null sink, whose monitor is the host's microphone, are each
answered at the host's loudspeaker sink, and the stopwatches agree with the sound. The host is
built as `partyhost play` builds it (host.speech.e2e), in a process of its own."""

from __future__ import annotations

from itertools import pairwise

from host.speech import e2e
from host.speech.pulse_rig import MONITOR_LATENCY_MS


def test_questions_into_the_sound_card_are_answered_at_its_loudspeaker() -> None:
    measured = e2e.measure(2, path="soundcard")
    replies = [r for r in measured.replies if r]
    assert len(replies) == 2
    for reply, then in pairwise(replies):
        assert reply.first_sound < then.said_end  # each answer is to its own question
    for reply in replies:
        parts = reply.parts()
        steps = ("endpointing", "recognition", "game", "synthesis", "to_the_wire", "lead_in",
                 "output")
        assert all(parts[step] >= 0 for step in steps if step != "output"), parts
        # the loudspeaker sounded once the host handed it audio (the monitors time a sample
        # when the sink renders it, up to one block before it is due)
        assert parts["output"] > -MONITOR_LATENCY_MS, parts
        assert abs(sum(parts[step] for step in steps) - parts["at_the_speaker"]) < 1, parts
    assert measured.start_up_seconds > 0
    assert measured.notes["timing_jitter_ms"]

"""Phrases that sound alike, by espeak-ng's phones: how the host tells a free transcript that
heard a card's answer from one that heard something else."""

from __future__ import annotations

import pytest

from host.speech.pronounce import differing_likeness, espeak_ipa, likeness, phones, sounds_alike


@pytest.mark.parametrize(("answer", "free"), [
    ("Celaeno", "Celine or..."),  # heard in the demo, in babble
    ("Mercredi", "My credit"),
    ("23", "Twenty-three"),
])
def test_a_free_transcript_of_the_answer_sounds_like_it(answer: str, free: str) -> None:
    assert sounds_alike(answer, free)


@pytest.mark.parametrize(("answer", "free"), [
    ("Thirteen", "Turdie."),  # a "2" heard as "Thirteen" in the demo: the closest miss
    ("Candela", "Illinois Avenue"),
    ("Lundi", "But ready"),
])
def test_other_words_do_not_sound_like_the_answer(answer: str, free: str) -> None:
    assert not sounds_alike(answer, free)


def test_a_lone_letter_is_said_by_its_name_in_each_language() -> None:
    assert phones("B") == ["B", "IY"]
    assert phones("B", "fr") == ["B", "EY"]  # "bé"
    assert phones("J", "fr") == ["ZH", "IY"]  # "ji", where English says "jay"


def test_no_words_sound_like_nothing() -> None:
    assert phones("...") == []
    assert not sounds_alike("Lundi", "...")


def test_words_pronounced_together_are_pronounced_as_each_alone() -> None:
    words = ["you", "are", "on", "the", "Celaeno", "twenty-three"]
    assert espeak_ipa(words) == [espeak_ipa([word])[0] for word in words]


def test_a_shared_frame_is_set_aside_where_words_differ() -> None:
    carrot = "S on the right of row one, word carrot"
    assert differing_likeness(carrot, "S on the right of row 1 word carrot") == 1.0
    assert likeness(carrot, "S on the right of row one, word democrats") > 0.6  # the frame
    assert differing_likeness(carrot, "S on the right of row one, word democrats") < 0.4
    assert differing_likeness(carrot, "S on the right of row one, word parrot") > 0.6
    assert differing_likeness("pass", "") == 0.0

"""The hearing's calibration: the logistic fit recovers a known model, the shipped files load,
rise with the evidence and weigh runners-up and free transcripts, a missing one names the fit
script; the fit labels every likeliest choice and free transcript. No model, no audio."""

from __future__ import annotations

import dataclasses
import itertools
import json
import math
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from host.speech import bench, hearing_corpus, hearing_fit
from host.speech.calibration import (
    FIT_SCRIPT,
    PATHS,
    Calibration,
    CalibrationMissing,
    Logistic,
    fit_logistic,
    load,
)
from host.speech.ports import FreeMeasures, Measures


def test_the_fit_recovers_a_known_logistic_model() -> None:
    rng = np.random.default_rng(7)
    x = rng.normal([2.0, -1.0, 0.0], [3.0, 0.5, 1.0], size=(20_000, 3))
    weights, bias = np.array([0.8, -2.0, 0.0]), 0.5
    y = rng.random(20_000) < 1 / (1 + np.exp(-(x @ weights + bias)))
    model = fit_logistic(x, y, ("a", "b", "c"), l2=1e-3)
    raw = model.weights / model.scales  # back from standardised features
    assert np.allclose(raw, weights, atol=0.1)
    assert model.bias - float(np.sum(raw * model.means)) == pytest.approx(bias, abs=0.1)
    p = model.probability(x[:5])
    assert np.allclose(p, 1 / (1 + np.exp(-(x[:5] @ raw + model.bias
                                             - np.sum(raw * model.means)))))


def test_separable_data_keeps_finite_weights() -> None:
    """The L2 penalty keeps Newton's method from running off when one feature decides all."""
    x = np.array([[0.0], [1.0], [2.0], [3.0]])
    model = fit_logistic(x, np.array([0, 0, 1, 1]), ("a",), l2=1.0)
    assert np.isfinite(model.weights).all() and model.weights[0] > 0


def test_a_row_weighed_twice_counts_as_two_rows() -> None:
    rng = np.random.default_rng(3)
    x = rng.normal(size=(200, 2))
    y = rng.random(200) < 1 / (1 + np.exp(-x[:, 0]))
    twice = fit_logistic(np.vstack([x, x[:50]]), np.concatenate([y, y[:50]]), ("a", "b"))
    weighed = fit_logistic(x, y, ("a", "b"),
                           sample_weights=np.array([2.0] * 50 + [1.0] * 150))
    assert np.allclose(twice.probability(x), weighed.probability(x), atol=1e-6)


def test_a_logistic_model_goes_to_json_and_back() -> None:
    model = fit_logistic(np.array([[0.0, 1.0], [1.0, 0.0], [2.0, 2.0], [3.0, 1.0]]),
                         np.array([0, 1, 0, 1]), ("evidence", "lead"))
    again = Logistic.from_json(json.loads(json.dumps(model.to_json())))
    assert again.features == model.features
    assert np.allclose(again.weights, model.weights) and again.bias == model.bias
    assert np.allclose(again.lows, [0.0, 0.0]) and np.allclose(again.highs, [3.0, 2.0])
    with pytest.raises(ValueError, match="unknown calibration features"):
        Logistic.from_json({**model.to_json(), "features": ["loudness", "lead"]})
    older = {key: value for key, value in model.to_json().items() if key != "lows"}
    with pytest.raises(ValueError, match="refit it"):
        Logistic.from_json(older)


def test_a_feature_beyond_what_the_fit_saw_weighs_as_the_farthest_it_saw() -> None:
    """The regression draws no line past its corpus: fitted on x from 0 to 3, x = 30 weighs as
    3 does, however steep the slope."""
    x = np.array([[0.0], [1.0], [2.0], [3.0], [1.5], [2.5]])
    model = fit_logistic(x, np.array([1, 1, 0, 0, 1, 0]), ("log_tokens",))
    assert model.probability(np.array([[30.0]]))[0] == model.probability(np.array([[3.0]]))[0]
    assert model.probability(np.array([[-5.0]]))[0] == model.probability(np.array([[0.0]]))[0]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_long_phrase_written_exactly_weighs_as_the_longest_the_fit_saw(lang: str) -> None:
    """The exact path is fitted on the bench's words (two to five tokens): a game's placement of
    twelve tokens, written exactly by the free decoding, is not weighed as ever less likely the
    longer it is (the straight line through the words' lengths put an eight-token one at p
    0.04)."""
    calibration = load("whisper", lang)
    exact = calibration.paths["exact"]
    longest = round(math.exp(exact.highs[exact.features.index("log_tokens")]))
    said = [Measures("S on the left of row two, word disregard", scored=False, no_speech=0.1,
                     free_confidence=0.4, agrees=True, likeness=1.0, differing=1.0,
                     tokens=tokens) for tokens in (longest, 12, 30)]
    assert len({calibration.p(measures) for measures in said}) == 1


def scored(evidence: float) -> Measures:
    """A scored choice's measures, middling but for the evidence."""
    return Measures("seven", scored=True, no_speech=0.05, free_confidence=0.6, agrees=False,
                    likeness=0.5, differing=0.5, tokens=3, evidence=evidence, lead=2.0,
                    posterior=0.7)


def test_the_shipped_english_calibration_rises_with_the_evidence() -> None:
    calibration = load("whisper", "en")
    assert calibration.model["bytes"] > 0
    p = [calibration.p(scored(evidence)) for evidence in np.linspace(-8.0, 2.0, 21)]
    assert all(later > earlier for earlier, later in itertools.pairwise(p))
    assert p[-1] - p[0] > 0.3
    exact = Measures("seven", scored=False, no_speech=0.05, free_confidence=0.9,
                     agrees=True, likeness=1.0, differing=1.0, tokens=3)
    assert 0.0 < calibration.p(exact) < 1.0


def runner_up(evidence: float) -> Measures:
    """A runner-up's measures: behind the best (a negative lead), with a small share."""
    return dataclasses.replace(scored(evidence), lead=-4.0, posterior=0.05)


def free(confidence: float, no_speech: float) -> FreeMeasures:
    """A free transcript's measures, three tokens long."""
    return FreeMeasures(no_speech=no_speech, confidence=confidence, tokens=3)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_runner_up_weighs_less_than_the_best_on_the_same_evidence(lang: str) -> None:
    calibration = load("whisper", lang)
    for evidence in (-3.0, -1.0, 0.5):
        assert calibration.p(runner_up(evidence)) < calibration.p(scored(evidence)) - 0.05


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_clear_free_transcript_weighs_more_than_a_murmured_one(lang: str) -> None:
    calibration = load("whisper", lang)
    clear, murmured = calibration.p(free(0.9, 0.02)), calibration.p(free(0.2, 0.6))
    assert 0.0 < murmured < clear - 0.2 < 1.0


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_shipped_calibration_carries_its_split_and_figures(lang: str) -> None:
    about = load("whisper", lang).about
    assert about["split"]["by"].startswith("phrase")
    assert set(about["path_features"]) == set(PATHS)
    assert len(about["seeds"]) >= 2
    for tried in about["seeds"]:
        validation = tried["validation"]
        assert validation["utterances"] > 0 and math.isfinite(validation["log_loss"])
        assert "human clean" in validation["groups"]
        assert set(validation["paths"]) == set(PATHS)
        assert all(math.isfinite(each["log_loss"]) for each in validation["paths"].values())
        among = validation["right_among_likeliest"]["human clean"]
        assert among["among"] >= validation["groups"]["human clean"]["best_is_right"]


def test_a_missing_calibration_names_the_fit_script() -> None:
    with pytest.raises(CalibrationMissing, match=FIT_SCRIPT):
        load("whisper", "xx")


def record(phrase: str, expected: str, choice: str, evidence: float,
           free_text: str = "") -> dict[str, Any]:
    """A corpus record as the fit script keeps it: the best choice, a runner-up behind it."""
    best = dataclasses.replace(scored(evidence), choice=choice)
    second = "w1" if choice != "w1" else "w2"
    behind = dataclasses.replace(runner_up(evidence - 2.0), choice=second)
    return {"phrase": phrase, "expected": expected, "source": "espeak:en-us",
            "kind": "synthetic", "condition": "clean",
            "likeliest": [{"text": m.choice, "p": 0.5, "measures": dataclasses.asdict(m)}
                          for m in (best, behind)],
            "free": free_text, "free_p": 0.5,
            "free_measures": dataclasses.asdict(free(0.5 if free_text else 0.1, 0.1))}


def test_every_likeliest_choice_is_labelled_and_other_words_never_right() -> None:
    said_second = record("w1", "w1", "w0", -1.0)
    outside = record("z", "", "w0", -1.0)
    labels = [right for _, right in hearing_fit.hypotheses([said_second, outside])]
    assert labels == [False, True, False, False]
    assert not hearing_fit.is_right(said_second)


def test_the_figures_weigh_the_most_probable_choice_as_the_host_does() -> None:
    """A record lists its choices in the order they were heard; the fit weighs them in the
    order the calibration gives them, the most probable first, as the recognizer returns
    them."""
    calibration = load("whisper", "en")
    low, high = (dataclasses.replace(scored(evidence), choice=choice)
                 for evidence, choice in ((-8.0, "w0"), (2.0, "w1")))
    row = {**record("w1", "w1", "w0", 0.0),
           "likeliest": [{"text": m.choice, "p": 0.5, "measures": dataclasses.asdict(m)}
                         for m in (low, high)]}
    assert not hearing_fit.is_right(row)
    [ranked] = hearing_fit.ranked(calibration, [row])
    assert [h["text"] for h in ranked["likeliest"]] == ["w1", "w0"]
    assert hearing_fit.is_right(ranked)


def test_a_free_transcript_is_right_when_its_words_are_or_sound_like_the_words_said() -> None:
    assert hearing_fit.free_right(record("zero", "zero", "zero", 0.0, "0."), "en")
    assert hearing_fit.free_right(record("Egg timer", "", "w0", 0.0, "egg timer!"), "en")
    assert hearing_fit.free_right(record("Wrexham", "", "w0", 0.0, "Rexam"), "en")
    assert not hearing_fit.free_right(record("Legolas", "", "w0", 0.0, "Thank you."), "en")
    heard = record("zero", "zero", "zero", 0.0, "")
    assert list(hearing_fit.free_examples([heard], "en")) == []


def test_a_cache_of_older_records_is_refused_by_name(tmp_path: Path) -> None:
    old = tmp_path / "whisper-en-1.jsonl"
    old.write_text(json.dumps({"header": {"lang": "en"}}) + "\n"
                   + json.dumps({"key": "k", "measures": {}}) + "\n")
    with pytest.raises(hearing_corpus.StaleCorpus, match="version 1"):
        hearing_corpus.read_records(old)
    assert f"v{hearing_corpus.VERSION}" in hearing_corpus.cache_path("whisper", "en", 1).name


def test_a_corpus_holds_every_game_the_host_speaks_in_its_language() -> None:
    """Crack List is hosted in French too: the French corpus's games held Crack Word only."""
    assert [game for game, _ in hearing_corpus.corpus_games("fr")] == ["crack-list",
                                                                        "crack-word"]
    assert len(hearing_corpus.corpus_games("en")) == 4


def test_the_split_is_by_phrase_and_stable() -> None:
    rows = [record(f"w{i}", f"w{i}" if i < 20 else "", f"w{i % 20}", float(i % 7 - 3))
            for i in range(30) for _ in range(3)]
    fit_rows, held = hearing_fit.split(rows, seed=1)
    assert {r["phrase"] for r in fit_rows}.isdisjoint({r["phrase"] for r in held})
    assert len({r["phrase"] for r in fit_rows if r["expected"]}) == 10
    assert len({r["phrase"] for r in fit_rows if not r["expected"]}) == 5
    assert hearing_fit.split(rows, seed=1) == (fit_rows, held)
    assert hearing_fit.split(rows, seed=2) != (fit_rows, held)


def test_each_choice_set_is_split_in_half_and_figured_apart() -> None:
    """The phrases set splits within itself (half its choices fit), and its figures are its
    own groups: the bench's words keep their names and their split."""
    words = [record(f"w{i}", f"w{i}" if i < 20 else "", f"w{i % 20}", 0.0) for i in range(30)]
    phrases = [{**record(f"p {i}", f"p {i}" if i < 20 else "", "p 0", 0.0), "set": "phrases"}
               for i in range(30)]
    fit_rows, _ = hearing_fit.split(words + phrases, seed=1)
    assert fit_rows[:15] == hearing_fit.split(words, seed=1)[0]
    assert len([r for r in fit_rows if r.get("set") == "phrases" and r["expected"]]) == 10
    assert hearing_fit.group(words[0]) == "synthetic clean"
    assert hearing_fit.group(phrases[0]) == "synthetic clean phrases"
    assert hearing_fit.group(phrases[25]) == "outside synthetic clean phrases"


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_no_phrase_is_in_two_sets_of_the_corpus(lang: str) -> None:
    """A record is named by who said what in which condition: a phrase in two sets would be
    heard among one set's choices only."""
    seen: list[str] = []
    for choice_set in hearing_corpus.SETS[lang]:
        for table in (choice_set.choices, choice_set.outside):
            seen += [phrase for phrase, _ in bench.read_table(table)]
    assert len(seen) == len(set(seen))
    sets = hearing_corpus.SETS[lang]
    assert set(hearing_corpus.choice_counts(sets)) == {each.name for each in sets}
    assert [each.name for each in hearing_corpus.sets_of(lang)] == ["words"]


def test_a_games_records_split_by_utterance_with_both_hearings_on_one_side() -> None:
    """A game says "oui" hundreds of times: split by phrase, one side would never hear one."""
    rows = [{**record("oui", expected, "oui", -1.0), "kind": "game", "game": "crack-list-11",
             "utterance": n} for n in range(40) for expected in ("oui", "")]
    fit_rows, held = hearing_fit.split(rows, seed=1)
    assert fit_rows and held
    assert {r["utterance"] for r in fit_rows}.isdisjoint({r["utterance"] for r in held})
    assert len(fit_rows) == len(held) == 40  # half the utterances, each heard twice


def test_a_calibration_round_trips_through_its_file_format() -> None:
    shipped = load("whisper", "en")
    again = Calibration.from_json(json.loads(json.dumps(shipped.to_json())))
    assert again.p(scored(-1.0)) == pytest.approx(shipped.p(scored(-1.0)))


def corpus(seed: int) -> list[dict[str, Any]]:
    """Records of 28 choices and 12 other words, clean and in babble, heard right when their
    evidence is positive; a quarter taken on the fast path (one choice, not scored)."""
    rng = np.random.default_rng(seed)
    rows = []
    for i in range(40):
        inside = i < 28
        for condition in ("clean", "10dB"):
            evidence = float(rng.normal(1.0 if inside else -3.0, 1.5))
            heard_right = evidence > 0
            row = record(f"w{i}", f"w{i}" if inside else "", f"w{i}" if heard_right else "w0",
                         evidence, free_text=f"w{i}" if heard_right else "mumble")
            row["condition"] = condition
            row["free_measures"]["confidence"] = float(np.clip(
                rng.normal(0.7 if heard_right else 0.3, 0.15), 0.01, 0.99))
            if i % 4 == 0:
                best = row["likeliest"][0]
                best["measures"].update(scored=False, evidence=None, lead=None, posterior=None)
                del row["likeliest"][1:]
            rows.append(row)
    return rows


def test_a_demo_game_teaches_the_exact_and_free_paths_not_the_scored_one() -> None:
    """A game's moves are each heard again off the choices, one for one, a share no table has:
    the scored path, the one that weighs the choices offered, does not learn from them."""
    bench = corpus(5)
    games = [{**row, "kind": "game", "game": "crack-word-11", "utterance": n}
             for n, row in enumerate(corpus(6))]
    for row in games:  # a game's own story: its best choices are all wrong
        row["expected"] = ""
    alone, with_games = hearing_fit.fit(bench, "en"), hearing_fit.fit(bench + games, "en")
    assert alone["scored"].to_json() == with_games["scored"].to_json()
    assert all(alone[path].to_json() != with_games[path].to_json()
               for path in hearing_fit.GAME_PATHS)


def test_the_phrases_teach_the_choices_paths_not_the_free_one() -> None:
    """A short everyday sentence is what Whisper writes best: the phrases set weighs on what a
    long choice's lead is worth, not on what a free transcript is."""
    words = corpus(5)
    phrases = [{**row, "phrase": f"p {row['phrase']}", "set": "phrases"} for row in corpus(6)]
    for row in phrases:
        row["free"] = row["phrase"]  # every phrase written freely right
    alone, with_phrases = hearing_fit.fit(words, "en"), hearing_fit.fit(words + phrases, "en")
    assert alone["free"].to_json() == with_phrases["free"].to_json()
    assert all(alone[path].to_json() != with_phrases[path].to_json()
               for path in hearing_fit.PHRASE_PATHS)


def test_the_phrases_set_is_fitted_only_when_asked_for(tmp_path: Path) -> None:
    """`bench calibrate --refit` reads a cache that holds phrases too: they weigh only with
    --phrases (hearing_corpus.WITH_PHRASES)."""
    from host.cli import main

    words = corpus(5)
    phrases = [{**row, "phrase": f"p {row['phrase']}", "set": "phrases"} for row in corpus(6)]
    cache = tmp_path / "measures.jsonl"
    cache.write_text("\n".join(json.dumps(row) for row in [
        {"header": {"lang": "en", "version": hearing_corpus.VERSION}}, *words, *phrases]))
    for flag, held in (("--no-phrases", len(words)), ("--phrases", len(words + phrases))):
        out = tmp_path / f"calibration{flag}.json"
        assert main(["bench", "calibrate", "--refit", flag, "--measures", str(cache),
                     "--out", str(out)]) == 0
        written = json.loads(out.read_text())
        assert written["corpus"]["utterances"] == held


def test_the_fit_script_s_calibration_is_written_and_read_back() -> None:
    rows = corpus(5)
    fitted = hearing_fit.calibrate(rows, engine="whisper", lang="en", model={"bytes": 1},
                                   choices={"words": 28}, seeds=(1, 2))
    again = Calibration.from_json(json.loads(hearing_fit.to_text(fitted)))
    assert [tried["seed"] for tried in again.about["seeds"]] == [1, 2]
    assert again.p(scored(2.0)) == pytest.approx(fitted.p(scored(2.0)))
    assert again.p(scored(2.0)) > again.p(scored(-4.0))
    assert again.p(free(0.8, 0.1)) > again.p(free(0.2, 0.1))
    assert set(again.about["fit_examples_by_path"]) == set(PATHS)
    assert len(hearing_fit.summary(again)) > 4


def test_the_shipped_french_calibration_loads() -> None:
    calibration = load("whisper", "fr")
    assert calibration.lang == "fr" and calibration.model["bytes"] > 0
    assert 0.0 < calibration.p(scored(0.0)) < 1.0

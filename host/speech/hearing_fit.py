"""Fitting the hearing calibration on the measured corpus: split by phrase (the validation
figures are for words the fit never saw; a demo game's records by utterance), fit one
regression per path (every likeliest choice of an utterance on the choices' paths, its free
transcript on the free path), validate, and write the calibration with its corpus, split and
figures beside the parameters."""

from __future__ import annotations

import hashlib
import json
import math
import re
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

import numpy as np

from host.judge.text import words
from host.speech.calibration import (
    PATHS,
    Calibration,
    Logistic,
    feature_row,
    fit_logistic,
    path_of,
)
from host.speech.hearing_corpus import WORDS
from host.speech.ports import FreeMeasures, Measures
from host.speech.pronounce import sounds_alike

PATH_FEATURES: dict[str, tuple[str, ...]] = {
    "scored": ("evidence", "lead", "posterior", "no_speech", "free_confidence", "agrees",
               "likeness", "log_tokens"),
    "exact": ("no_speech", "free_confidence", "log_tokens"),
    "free": ("no_speech", "confidence", "log_tokens"),
}
"""The features each path's regression reads (set before any fit, not chosen on figures)."""
CHOICE_PATHS = ("scored", "exact")
"""The paths of the likeliest choices (the other one is the free transcript's)."""
GAME_PATHS = ("exact", "free")
"""The paths fitted on the demo games' records too: what the free decoding's words are worth at
a game's moments (a yes among two choices, a command). The scored path is fitted on the bench's
records alone: a game's moves are each heard a second time off the choices, one for one, a share
no table has, and only the scored path weighs which choices were offered. Fitted on them, it
made French Crack Word's long placements unsure (demo seed 1: 0.567 understood, 0.763 without
the games, 0.914 with them on these two paths)."""
PHRASE_PATHS = ("scored", "exact")
"""The paths fitted on the phrases set's records (hearing_corpus.SETS) too: what a long choice's
lead and evidence are worth. The free path is fitted on the bench's words alone: a short
everyday sentence is what Whisper writes best, and fitted on them, the free path weighed a
game's garbled answers written freely as likely ("Talk when it was Christmas." for "Tarquinius
Priscus" at p 0.79), which the Short List demo then asked back (seeds 1 to 3: a third of the
utterances asked back, against a quarter)."""
L2 = 1.0
"""The L2 penalty on the standardised weights."""
SEEDS = (1, 2)
"""The split seeds tried; the first one's fit is the one written."""
LEVELS = (0.3, 0.5, 0.7, 0.8, 0.9, 0.95, 0.97, 0.98, 0.99)
"""The levels of the "take if p >= level" table."""
GRID = tuple(round(0.05 + 0.005 * i, 3) for i in range(190))
"""The levels searched for suggested take and ask levels."""

Row = dict[str, Any]
"""One utterance's record, as host.speech.hearing_corpus.record writes it."""


def measures_of(row: Row) -> Measures:
    """The measures of one record's best choice."""
    return Measures(**row["likeliest"][0]["measures"])


def is_right(row: Row) -> bool:
    """Whether the best choice is what was said."""
    return says(row, row["likeliest"][0]["text"])


def says(row: Row, choice: str) -> bool:
    """Whether a choice is what was said: the choice said, or one in the same words ("26"
    and "Twenty-six" are both offered when two moves are said so; either is right)."""
    expected = row["expected"]
    return bool(expected) and (choice == expected or words(choice) == words(expected))


def hypotheses(rows: Iterable[Row]) -> Iterator[tuple[Measures, bool]]:
    """Every likeliest choice of every record with its measures, and whether it is what was
    said (for words that are none of the choices, `expected` is "": none is)."""
    for row in rows:
        for hypothesis in row["likeliest"]:
            if hypothesis["measures"]:
                yield Measures(**hypothesis["measures"]), says(row, hypothesis["text"])


def free_right(row: Row, lang: str) -> bool:
    """Whether the free transcript is the words said, as the host uses it: the same words as
    host.judge.text.words reads them (digits spelt out: "0" is "zero"), or words that sound
    like them (host.speech.pronounce.sounds_alike: "Rexam" for "Wrexham"). A free transcript
    is an open answer or a move read from it, asked back or judged: a player asked back a
    rendering that sounds like their words says yes, and the judge forgives a slip of hearing;
    an exact-words label made every long answer's transcript unlikely (the Short List demo's
    off-card guesses were asked for again until the round moved on)."""
    said = row["phrase"]
    return words(row["free"], lang) == words(said, lang) or sounds_alike(row["free"], said, lang)


def free_examples(rows: Iterable[Row], lang: str) -> Iterator[tuple[FreeMeasures, bool]]:
    """Every record's free transcript with its measures and whether it is the words said;
    records whose free decoding heard nothing are left out (there is nothing to weigh)."""
    for row in rows:
        if row["free"] and row.get("free_measures"):
            yield FreeMeasures(**row["free_measures"]), free_right(row, lang)


def split(rows: Sequence[Row], seed: int) -> tuple[list[Row], list[Row]]:
    """The records to fit on and to validate on: half of each part's units (ordered by a hash
    of seed and unit) fit and half validate. The bench's choices and its other words split by
    phrase, with every voice and condition of a phrase on the same side; a demo game's records
    split by utterance, its two hearings on the same side (a game says a few words, "oui",
    "non", "je passe", hundreds of times: split by phrase, a side would never hear a yes)."""
    fit_units: set[str] = set()
    for part in sorted({split_part(r) for r in rows}):
        units = sorted({split_unit(r) for r in rows if split_part(r) == part},
                       key=lambda u: hashlib.sha256(f"{seed}:{u}".encode()).hexdigest())
        fit_units.update(units[:len(units) // 2])
    return ([r for r in rows if split_unit(r) in fit_units],
            [r for r in rows if split_unit(r) not in fit_units])


def split_part(row: Row) -> str:
    """Which part of the corpus a record is split within: a demo game, or one choice set's
    choices or other words ("said", "other phrases")."""
    if row["kind"] == "game":
        return "game"
    return ("said" if row["expected"] else "other") + _set_suffix(row)


def _set_suffix(row: Row) -> str:
    """Nothing for the bench's own words, " phrases" for another choice set's records."""
    return "" if _set_of(row) == WORDS else f" {_set_of(row)}"


def _set_of(row: Row) -> str:
    """The choice set a record was heard among (records read by hearing_corpus.read_records
    always name it; the bench's words otherwise)."""
    return str(row.get("set", WORDS))


def split_unit(row: Row) -> str:
    """What goes to one side of the split together: a demo game's utterance (both its
    hearings), or a phrase of the bench's."""
    if row["kind"] == "game":
        return f"game:{row['game']}:{row['utterance']}"
    return str(row["phrase"])


def examples(rows: Sequence[Row], lang: str, path: str
             ) -> tuple[list[Measures | FreeMeasures], np.ndarray]:
    """The measures a path's regression is fitted on, and their labels."""
    found: list[tuple[Measures | FreeMeasures, bool]] = (
        list(free_examples(rows, lang)) if path == "free" else
        [(m, right) for m, right in hypotheses(rows) if path_of(m) == path])
    return [m for m, _ in found], np.array([right for _, right in found], dtype=float)


def fit(rows: Sequence[Row], lang: str, l2: float = L2) -> dict[str, Logistic]:
    """One regression per path: the choices' paths on every likeliest choice of every
    record, the free path on every free transcript (the games' records on `GAME_PATHS`, the
    phrases' on `PHRASE_PATHS`)."""
    models = {}
    for path in PATHS:
        measured, y = examples([r for r in rows if teaches(r, path)], lang, path)
        if not measured:
            raise ValueError(f"no utterance of the corpus took the {path} path")
        features = PATH_FEATURES[path]
        x = np.array([feature_row(features, m) for m in measured])
        models[path] = fit_logistic(x, y, features, l2=l2)
    return models


def teaches(row: Row, path: str) -> bool:
    """Whether a record weighs in a path's fit: a demo game's on `GAME_PATHS`, a phrase's on
    `PHRASE_PATHS`, the bench's words on every path."""
    if row["kind"] == "game":
        return path in GAME_PATHS
    return _set_of(row) == WORDS or path in PHRASE_PATHS


def probabilities(calibration: Calibration, rows: Iterable[Row]) -> np.ndarray:
    """The calibrated probability of each record's best choice."""
    return np.array([calibration.p(measures_of(r)) for r in rows])


def group(row: Row) -> str:
    """The figures' group of a record: "human 10dB", "outside synthetic clean", "human clean
    phrases"... (the bench's words are named by kind and condition alone)."""
    head = "" if row["expected"] else "outside "
    return f"{head}{row['kind']} {row['condition']}{_set_suffix(row)}"


def scores(y: np.ndarray, p: np.ndarray) -> dict[str, float]:
    """The log loss and Brier score of probabilities p for labels y."""
    clipped = np.clip(p, 1e-6, 1 - 1e-6)
    return {"log_loss": _round(float(-np.mean(y * np.log(clipped)
                                              + (1 - y) * np.log(1 - clipped)))),
            "brier": _round(float(np.mean((p - y) ** 2)))}


def figures(rows: Sequence[Row], p: np.ndarray) -> dict[str, Any]:
    """Of the best choices: log loss, Brier score, and by group the "take if p >= level"
    table (of the choices said, the share taken right and taken wrong; of the other words,
    the share taken)."""
    y = np.array([is_right(r) for r in rows], dtype=float)
    out: dict[str, Any] = {"utterances": len(rows), **scores(y, p), "groups": {}}
    for name in sorted({group(r) for r in rows}):
        index = [i for i, r in enumerate(rows) if group(r) == name]
        out["groups"][name] = _group_figures([rows[i] for i in index], p[index])
    return out


def _group_figures(rows: Sequence[Row], p: np.ndarray) -> dict[str, Any]:
    """One group's figures (see `figures`)."""
    right = np.array([is_right(r) for r in rows])
    outside = not rows[0]["expected"]
    table = {}
    for level in LEVELS:
        take = p >= level
        table[str(level)] = {"taken": _round(take.mean())} if outside else {
            "taken_right": _round((take & right).mean()),
            "taken_wrong": _round((take & ~right).mean())}
    return {"utterances": len(rows), "best_is_right": _round(right.mean()),
            "take_if_p_at_least": table}


def among_likeliest(calibration: Calibration, rows: Sequence[Row]) -> dict[str, Any]:
    """Of the choices said, by group: how often the right one is among the likeliest, how
    often in second place or further, and its mean calibrated p when it is there."""
    out = {}
    for name in sorted({group(r) for r in rows if r["expected"]}):
        mine = [r for r in rows if group(r) == name]
        ranks = [next((i for i, h in enumerate(r["likeliest"]) if h["text"] == r["expected"]),
                      None) for r in mine]
        p = [calibration.p(Measures(**r["likeliest"][i]["measures"]))
             for r, i in zip(mine, ranks, strict=True) if i is not None]
        out[name] = {"among": _round(len(p) / len(mine)),
                     "behind_the_best": _round(sum(bool(i) for i in ranks) / len(mine)),
                     "mean_p": _round(float(np.mean(p))) if p else None}
    return out


def path_scores(calibration: Calibration, rows: Sequence[Row], lang: str) -> dict[str, Any]:
    """Each path's log loss and Brier score on what it was fitted to weigh (every likeliest
    choice; every free transcript; as `teaches` says), with how many there were and the
    share right."""
    out = {}
    for path in PATHS:
        measured, y = examples([r for r in rows if teaches(r, path)], lang, path)
        if measured:
            p = np.array([calibration.p(m) for m in measured])
            out[path] = {"n": len(y), "right": _round(y.mean()), **scores(y, p)}
    return out


def suggest_levels(fit_rows: Sequence[Row], fit_p: np.ndarray,
                   rows: Sequence[Row], p: np.ndarray) -> dict[str, Any]:
    """Take and ask levels chosen on the fit part for the issue's figures, with what they
    give on the validation part: `take` is the lowest level at which recorded people's
    choices are never taken wrong clean, at most 2% in babble, and other words (people's and
    synthetic voices') are taken at most 5% of the time; `costly` the lowest at which none of
    these is taken wrong in any condition (synthetic voices' choices bound neither); `ask`
    the highest level at which 88% of people's choices in 10 dB babble are right and reach it
    (taken or asked back). A level no grid point meets is None;
    `meets` says whether the validation part meets the issue's figures at the levels."""
    def worst(rows_: Sequence[Row], p_: np.ndarray, level: float) -> dict[str, float]:
        take = p_ >= level
        out: dict[str, float] = {}
        for name in {group(r) for r in rows_}:
            index = np.array([group(r) == name for r in rows_])
            right = np.array([is_right(r) for r in rows_])[index]
            out[name] = float((take[index] & ~right).mean())
        return out

    def meets(level: float, costly: bool) -> bool:
        wrong = {k: v for k, v in worst(fit_rows, fit_p, level).items()
                 if not k.startswith("synthetic")}
        if costly:
            return max(wrong.values()) == 0.0
        return all(v <= (0.0 if k == "human clean" else 0.02 if not k.startswith("outside")
                         else 0.05) for k, v in wrong.items())

    take = next((level for level in GRID if meets(level, costly=False)), None)
    costly = next((level for level in GRID if meets(level, costly=True)), None)
    noisy = np.array([group(r) == "human 10dB" for r in fit_rows])
    right = np.array([is_right(r) for r in fit_rows])
    asks = [level for level in GRID
            if noisy.any() and ((fit_p >= level) & right)[noisy].mean() >= 0.88]
    ask = asks[-1] if asks else None
    levels = {"take": take, "costly_take": costly, "ask": ask}
    found = {name: _level_figures(rows, p, level) for name, level in levels.items()
             if level is not None}
    return {"chosen_on": "fit part", "levels": levels, "validation": found,
            "meets": _meets(found)}


def at_the_hosts_levels(rows: Sequence[Row], p: np.ndarray) -> dict[str, Any]:
    """By group, what the host's own levels (host.core.hearing) give on the records: an
    ordinary move taken, a costly one taken, and the best choice reaching the ask-back
    level (taken or asked back)."""
    from host.core.hearing import ASK_BACK, TAKE_COSTLY, TAKE_MOVE

    levels = {"take": TAKE_MOVE, "costly_take": TAKE_COSTLY, "ask": ASK_BACK}
    return {"levels": levels, **{name: _level_figures(rows, p, level)
                                 for name, level in levels.items()}}


def _meets(found: dict[str, dict[str, dict[str, float]]]) -> dict[str, bool | None]:
    """Whether the validation figures at the suggested levels meet the issue's: people's
    choices clean taken right >= 97% and never wrong, in 10 dB babble taken right >= 65% and
    wrong <= 2% and right after at most one ask-back >= 88%; other words taken <= 5%."""
    take, ask = found.get("take"), found.get("ask")
    out: dict[str, bool | None] = {"clean": None, "babble_10dB": None, "other_words": None,
                                   "ask_back_10dB": None}
    if take:
        clean, noisy = take.get("human clean"), take.get("human 10dB")
        out["clean"] = bool(clean and clean["right"] >= 0.97 and clean["wrong"] == 0)
        out["babble_10dB"] = bool(noisy and noisy["right"] >= 0.65 and noisy["wrong"] <= 0.02)
        out["other_words"] = all(v["reached"] <= 0.05 for k, v in take.items()
                                 if k.startswith("outside"))
    if ask and "human 10dB" in ask:
        out["ask_back_10dB"] = ask["human 10dB"]["right"] >= 0.88
    return out


def _level_figures(rows: Sequence[Row], p: np.ndarray, level: float
                   ) -> dict[str, dict[str, float]]:
    """By group, what taking (or asking back) at this level gives on the records."""
    out = {}
    for name in sorted({group(r) for r in rows}):
        index = np.array([group(r) == name for r in rows])
        right = np.array([is_right(r) for r in rows])[index]
        take = p[index] >= level
        out[name] = ({"reached": _round(take.mean())} if name.startswith("outside") else
                     {"right": _round((take & right).mean()),
                      "wrong": _round((take & ~right).mean())})
    return out


def corpus_counts(rows: Sequence[Row]) -> dict[str, int]:
    """Utterances by source and condition, the other words counted apart."""
    counts = Counter(f"{r['source']} {r['condition']}" + ("" if r["expected"] else " outside")
                     for r in rows)
    return dict(sorted(counts.items()))


def calibrate(rows: Sequence[Row], *, engine: str, lang: str,
              model: dict[str, Any], choices: dict[str, int], seeds: Sequence[int] = SEEDS,
              l2: float = L2) -> Calibration:
    """Fit and validate on each seed's split; the calibration of the first seed's fit, with
    every seed's figures beside it. Records heard without choices (a game decoding freely)
    weigh on the free path only."""
    tried = []
    written: Calibration | None = None
    for seed in seeds:
        fit_all, held_all = split(rows, seed)
        calibration = Calibration(engine, lang, model, fit(fit_all, lang, l2))
        fit_rows = ranked(calibration, scored_choices(fit_all))
        held = ranked(calibration, scored_choices(held_all))
        held_p = probabilities(calibration, held)
        fit_p = probabilities(calibration, fit_rows)
        validation = figures(held, held_p)
        validation["paths"] = path_scores(calibration, held_all, lang)
        validation["right_among_likeliest"] = among_likeliest(calibration, held)
        report = {"seed": seed, "fit_utterances": len(fit_all),
                  "validation_phrases": sorted({r["phrase"] for r in held_all}),
                  "validation": validation,
                  "best_by_path": {path: figures(*_on_path(held, held_p, path))
                                   for path in CHOICE_PATHS
                                   if any(path_of(measures_of(r)) == path for r in held)},
                  "suggested": suggest_levels(fit_rows, fit_p, held, held_p),
                  "at_the_hosts_levels": at_the_hosts_levels(held, held_p)}
        tried.append(report)
        if written is None:
            written = calibration
            by_path = {path: len(examples(fit_all, lang, path)[0]) for path in PATHS}
    assert written is not None
    about = {"fitted_by": "scripts/fit_hearing.py (partyhost bench calibrate)",
             "label": {"scored, exact": "each likeliest choice (not only the best) is what "
                                        "was said: its text is the phrase said, a choice",
                       "free": "the free transcript is the words said (host.judge.text.words "
                               "of both equal); utterances whose free decoding heard nothing "
                               "left out"},
             "figures": "validation: the best choice's log loss, Brier and take table by "
                        "group; paths: each regression on all it weighs; "
                        "right_among_likeliest: where the choice said is one of them",
             "l2": l2, "path_features": {k: list(v) for k, v in PATH_FEATURES.items()},
             "corpus": {"choices": choices, "utterances": len(rows),
                        "by_source_and_condition": corpus_counts(rows)},
             "split": {"by": "phrase: of the choices and of the other words each, half the "
                             "phrases by sha256(seed:phrase) fit, the rest validate; a demo "
                             "game's records by utterance, both hearings of one on one side",
                       "written_seed": seeds[0], "seeds_tried": list(seeds)},
             "fit_examples_by_path": by_path,
             "seeds": tried}
    return Calibration(engine, lang, model, written.paths, about)


def scored_choices(rows: Sequence[Row]) -> list[Row]:
    """The records whose best choice was measured (not those decoded freely)."""
    return [r for r in rows if r.get("likeliest") and r["likeliest"][0].get("measures")]


def ranked(calibration: Calibration, rows: Sequence[Row]) -> list[Row]:
    """The records with their likeliest choices in the order this calibration gives them, the
    most probable first, as the recognizer returns them to the host: the best choice the
    figures weigh is the one the host would act on."""
    return [{**row, "likeliest": sorted(row["likeliest"], reverse=True,
                                        key=lambda h: calibration.p(Measures(**h["measures"])))}
            for row in rows]


def _on_path(rows: Sequence[Row], p: np.ndarray, path: str) -> tuple[list[Row], np.ndarray]:
    """The records (and their probabilities) whose best choice took one path."""
    index = [i for i, r in enumerate(rows) if path_of(measures_of(r)) == path]
    return [rows[i] for i in index], p[index]


def _round(value: float) -> float:
    """A figure rounded for the JSON file."""
    return round(float(value), 4) if math.isfinite(value) else float(value)


def summary(calibration: Calibration) -> list[str]:
    """A few lines for a person: each seed's validation figures and suggested levels."""
    lines = []
    for tried in calibration.about.get("seeds", []):
        held = tried["validation"]
        paths = " ".join(f"{path} {each['log_loss']:.3f}/{each['brier']:.3f} (n={each['n']})"
                         for path, each in held["paths"].items())
        lines.append(f"seed {tried['seed']}: fit {tried['fit_utterances']}, validate "
                     f"{held['utterances']}: best choice log loss {held['log_loss']:.3f}, "
                     f"Brier {held['brier']:.3f}; by path, log loss/Brier: {paths}")
        among = held["right_among_likeliest"]
        for name, each in held["groups"].items():
            cells = []
            for level in ("0.5", "0.9", "0.97"):
                cell = each["take_if_p_at_least"][level]
                cells.append(f"p>={level} " + " ".join(f"{v:.2f}" for v in cell.values()))
            found = among.get(name)
            there = (f"among {found['among']:.2f} p {found['mean_p'] or 0:.2f}" if found
                     else "")
            lines.append(f"  {name:24} n={each['utterances']:4} best right "
                         f"{each['best_is_right']:.2f} {there:18} " + " | ".join(cells))
        hosts = tried["at_the_hosts_levels"]
        for name, level in hosts["levels"].items():
            cells = [f"{group_} {found['right']:.2f}/{found['wrong']:.2f}"
                     for group_, found in hosts[name].items() if "right" in found]
            other = max((found["reached"] for found in hosts[name].values()
                         if "reached" in found), default=0.0)
            lines.append(f"  at the host's {name} level {level}, right/wrong: "
                         + ", ".join(cells) + f"; other words at most {other:.2f}")
        suggested = tried["suggested"]
        lines.append(f"  suggested levels (chosen on the fit part): {suggested['levels']}, "
                     f"on validation meeting the issue's figures: {suggested['meets']}")
        for name, found in suggested["validation"].items():
            cells = [f"{group_} right/wrong {found[group_]['right']:.2f}/"
                     f"{found[group_]['wrong']:.2f}" for group_ in ("human clean", "human 10dB")
                     if group_ in found]
            other = [each["reached"] for group_, each in found.items()
                     if group_.startswith("outside")]
            lines.append(f"    at {name} {suggested['levels'][name]}: " + ", ".join(cells)
                         + (f", other words taken at most {max(other):.2f}" if other else ""))
    return lines


SCALAR_LIST = re.compile(r"\[(?:\s*(?:-?[\d.eE+-]+|\"[^\"\n]*\"|true|false|null),?)+\s*\]")
"""A JSON list of numbers, strings or constants, as `json.dumps(indent=...)` spreads it."""
SMALL_OBJECT = re.compile(r"\{[^{}\[\]]{0,160}\}")
"""A JSON object of a few scalars."""


def to_text(calibration: Calibration) -> str:
    """The calibration as the JSON file is written: indented, with lists of scalars and small
    objects of scalars each on one line."""
    text = json.dumps(calibration.to_json(), indent=1, ensure_ascii=False)

    def one_line(match: re.Match[str]) -> str:
        return " ".join(match[0].split())

    return SMALL_OBJECT.sub(one_line, SCALAR_LIST.sub(one_line, text)) + "\n"

"""Fixtures shared across test folders, the `slow` mark (`pytest -m "not slow"` is the fast
lane: the rules, the judge, the core; `pytest` runs everything) and the `realtime` mark (tests
that play sound in real time and time it: scripts/test runs them alone, after the others)."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from host.speech.whisper_stt import WhisperRecognizer

REPO = Path(__file__).resolve().parents[1]
TESTS = REPO / "tests"

SLOW_FOLDERS = ("voice", "speech", "wyoming", "lobby", "companion", "decks")
"""Real voices, recognizers, servers, browsers and demos, and the shipped decks checked entry
by entry: slow, but for the files below."""
FAST_IN_SLOW_FOLDERS = frozenset({
    "speech/test_audio_files.py", "speech/test_babble.py", "speech/test_cache.py",
    "speech/test_cores.py",
    "speech/test_devices_cmd.py", "speech/test_gate.py", "speech/test_pronounce.py",
    "speech/test_vad.py", "lobby/test_grammar.py", "companion/test_address.py",
    "wyoming/test_options.py",
})
"""Files of the slow folders that need no model, voice, server or browser (measured)."""
SLOW_FILES = frozenset({
    "test_cli_options.py", "test_cli_play.py", "test_console.py",
    "games/crack_word/test_simulate_cmd.py", "test_wheel.py",
})
"""Whole-program runs of `partyhost` (subprocesses, a pseudo-terminal, the wheel built and
installed in a fresh venv)."""
SLOW_TESTS: dict[str, frozenset[str]] = {
    "games/crack_list/test_checks.py": frozenset({
        "test_a_few_hundred_bot_games_show_every_event_kind_and_no_violation",
        "test_a_table_the_rules_cannot_deal_is_one_clear_line",
        "test_simulation_reports_a_lost_card_at_once_and_a_changed_card_by_the_round_end",
        "test_physical_cards_and_two_players_also_play_through"}),
    "games/crack_word/test_checks.py": frozenset({
        "test_bot_games_meet_every_kind_and_break_nothing",
        "test_physical_bot_games_meet_every_kind_and_break_nothing",
        "test_expert_and_english_tables_play_through",
        "test_the_real_dictionary_fits_the_lexicon_the_rules_ask"}),
    "games/short_list/test_checks.py": frozenset({
        "test_two_hundred_bot_games_break_no_invariant",
        "test_the_smallest_and_the_largest_tables_play_through"}),
    "games/scattergories/test_checks.py": frozenset({
        "test_two_hundred_bot_games_meet_every_kind_and_break_no_invariant",
        "test_the_smallest_and_the_largest_tables_play_through"}),
    "games/crack_word/test_setup.py": frozenset({
        "test_the_command_line_plays_in_french",
        "test_a_resumed_game_keeps_its_language_without_lang",
        "test_the_command_line_plays_physical_cards"}),
    "games/short_list/test_setup.py": frozenset({
        "test_the_command_line_plays_and_resumes",
        "test_another_game_s_option_is_refused_not_ignored",
        "test_the_house_rules_are_printed"}),
    "games/scattergories/test_setup.py": frozenset({
        "test_the_command_line_plays_and_refuses_another_game_s_option"}),
    "games/crack_word/test_dictionary.py": frozenset({"test_judge_command"}),
    "judge/test_generated.py": frozenset({"test_shipped_closed_lists_agree_with_package_data"}),
    "judge/test_judge_cmd.py": frozenset({
        "test_decks_list_and_schema", "test_shipped_decks_pass_the_structure_check"}),
}
"""Tests of the fast folders that take seconds each (hundreds of bot games, `partyhost` run
as a subprocess): by file, the test functions (every parametrization). Found with
`pytest --durations=50`; a test that becomes slow joins this list, one renamed is warned of."""


REAL_TIME_FILES = frozenset({
    "voice/test_live_play.py", "speech/test_soundcard_e2e.py", "wyoming/test_real_satellite.py",
    "wyoming/test_stop_real_satellite.py",
})
"""Tests that play sound into a sound server or the real satellite in real time and wait for
the host's answer at its pace: beside another busy test process the host fell behind the
questions played (a question was lost), so they run alone."""


def pytest_configure(config: pytest.Config) -> None:
    """Pin each test worker (pytest-xdist, as scripts/test runs them) to a core of its own: the
    recognizers and voices then take one thread each (host.speech.cores). Two workers each
    running a thread per core of the machine made the slow tests two to three times slower."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    if worker.startswith("gw"):
        cores = sorted(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {cores[int(worker[2:]) % len(cores)]})


def slow(where: str, name: str) -> bool:
    """Whether the test `name` of the file `where` (relative to tests/) is a slow one."""
    if where.split("/")[0] in SLOW_FOLDERS:
        return where not in FAST_IN_SLOW_FOLDERS
    return where in SLOW_FILES or name in SLOW_TESTS.get(where, ())


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark the slow tests `slow` (by folder, file or name: no test file carries the mark) and
    the real-time ones `realtime`."""
    modules = {}
    for item in items:
        where = item.path.relative_to(TESTS).as_posix()
        if slow(where, getattr(item, "originalname", item.name)):
            item.add_marker(pytest.mark.slow)
        if where in REAL_TIME_FILES:
            item.add_marker(pytest.mark.realtime)
        if where in SLOW_TESTS and isinstance(item, pytest.Function):
            modules[where] = item.module
    for where, module in modules.items():
        for name in sorted(SLOW_TESTS[where]):
            if not hasattr(module, name):
                warnings.warn(f"tests/conftest.py: SLOW_TESTS names {where}::{name}, which is "
                              "no test: renamed?", stacklevel=1)


@pytest.fixture(scope="session")
def whisper_fr() -> WhisperRecognizer:
    """The packaged multilingual Whisper base hearing French, as `--lang fr` builds it: loaded
    once for the session (the speech, lobby and voice tests each loaded their own). A test
    offers it its choices before it listens; the priors it scores are kept for the next."""
    from host.speech.stt import make_recognizer
    from host.speech.whisper_stt import WhisperRecognizer

    recognizer = make_recognizer("whisper", lang="fr")
    assert isinstance(recognizer, WhisperRecognizer)
    return recognizer


@pytest.fixture(scope="module")
def pulse_env(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    """Start a private PulseAudio with a null sink; yield the environment that reaches it."""
    assert shutil.which("pulseaudio"), "pulseaudio is missing: run scripts/setup"
    home = tmp_path_factory.mktemp("pulse")
    runtime = home / "run"
    runtime.mkdir(mode=0o700)
    (home / ".asoundrc").write_text("pcm.!default pulse\nctl.!default pulse\n")
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith(("PULSE_", "ALSA_"))},
        "HOME": str(home),
        "XDG_RUNTIME_DIR": str(runtime),
        "PULSE_RUNTIME_PATH": str(runtime / "pulse"),
        "PULSE_SINK": "ph",
        "PULSE_SOURCE": "ph.monitor",
        "PYTHONPATH": str(REPO),
    }
    # --daemonize=yes returns only once the server is up: no polling, no sleeping.
    # As root PulseAudio only warns ("not intended to be run as root") and carries on.
    subprocess.run(
        ["pulseaudio", "--daemonize=yes", "--system=false", "--exit-idle-time=-1", "-n",
         "--load=module-null-sink sink_name=ph rate=16000 channels=1",
         "--load=module-native-protocol-unix", f"--log-target=file:{home / 'pulse.log'}"],
        env=env, check=True, timeout=30,
    )  # fmt: skip
    pid = int((runtime / "pulse" / "pid").read_text())
    try:
        yield env
    finally:
        subprocess.run(["pulseaudio", "--kill"], env=env, check=False, timeout=30)
        if _alive(pid):
            os.kill(pid, signal.SIGTERM)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True

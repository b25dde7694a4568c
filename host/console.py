"""The text console: players type what they would say; the host's lines are printed.

At a terminal the prompt is a real one (the standard library's readline: line editing, the
arrows, history, Tab for the players' names). It names who the host expects to speak, and the
host's lines are printed above it, never into it: when the countdown ticks while you type, the
prompt is cleared, the host speaks, and the prompt comes back with what you had typed."""

from __future__ import annotations

import re
import select
import signal
import sys
import threading
import unicodedata
from collections.abc import Callable, Iterable
from types import FrameType, ModuleType
from typing import Protocol, TextIO

from host.core.legal import Stakes
from host.core.session import Line, Session
from host.core.spoken import seat_name
from host.core.talk import core_phrases, start_words, yes_no

Speak = Callable[[Line], None]

MAX_TYPED = 200
"""The longest line taken as something a player said: the longest move (a penalty split
between teams, a long listed answer) is well under it; a paste of a page is refused."""

_ESCAPES = re.compile(r"\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)?|[@-_])")
"""Terminal escape sequences (the arrows and function keys, typed where no readline reads)."""

_SPACES = frozenset("\t\n\v\f\r")

WORDS = {
    "en": {"yes_or_no": "yes or no", "anyone": "anyone: start with your name",
           "only": "for {player} only",
           "closed": "Input closed: the game is saved; continue with {resume}.",
           "pages_stay": "The pages stay up with the final scores until you press Ctrl+C.",
           "text_instead": "{problem}. Playing in the text console instead (`partyhost doctor` "
                           "says what to fix).",
           "kept": "The unfinished game that was in {save} is kept in {kept}; to carry it on "
                   "later: {again}"},
    "fr": {"yes_or_no": "oui ou non", "anyone": "qui parle ? commence par ton prénom",
           "only": "pour {player} seulement",
           "closed": "Fin de la saisie : la partie est sauvegardée ; reprenez-la avec {resume}.",
           "pages_stay": "Les pages restent ouvertes avec les scores finaux jusqu'à Ctrl+C.",
           "text_instead": "Pas de micro utilisable ({problem}) : la partie se joue dans la "
                           "console texte (`partyhost doctor` dit quoi réparer).",
           "kept": "La partie inachevée qui était dans {save} est gardée dans {kept} ; pour la "
                   "reprendre plus tard : {again}"},
}
"""The console's own words around the host's lines, in the host's language."""


def words(lang: str) -> dict[str, str]:
    """The console's words in a language (English for one it lacks)."""
    return WORDS.get(lang, WORDS["en"])


def clean_typed(text: str) -> str:
    """What was typed, without terminal escapes and control characters (a tab is a space), so
    that nothing the host repeats ("Igloo! Accepted.") can move the cursor or clear the screen."""
    text = _ESCAPES.sub("", text)
    return "".join(
        " " if char in _SPACES else char
        for char in text
        if char in _SPACES or unicodedata.category(char) not in ("Cc", "Cf")
    )


def show(lines: Iterable[Line], out: TextIO, speak: Speak | None = None,
         lang: str = "en") -> None:
    """Print the host's lines (and hand them to a voice, if any)."""
    for line in lines:
        if line.private_to:
            only = words(lang)["only"].format(player=seat_name(line.private_to, lang))
            print(f"  ({only}) {line.text}", file=out, flush=True)
            continue
        print(f"HOST: {line.text}", file=out, flush=True)
        if speak:
            speak(line)


def prompt(session: Session) -> str:
    """The prompt names who the host is waiting for: the player who just claimed the floor
    ("Cat:" alone), else the one whose move it is; a yes or a no to the host's question."""
    said = words(session.phrases.lang)
    if session.asking:
        return f"[{said['yes_or_no']}] > "
    expected = session.table.next_speaker or session.game.expected_player()
    return f"[{expected}] > " if expected else f"[{said['anyone']}] > "


def hear_typed(session: Session, typed: str) -> list[Line]:
    """The host's answer to one typed line: nothing for a blank line, a refusal for a line too
    long to be anything a player says, else what the session makes of it."""
    text = clean_typed(typed).strip()
    if not text:
        return []
    if len(text) > MAX_TYPED:
        return [Line(session.phrases.line("too_long", limit=MAX_TYPED), "too_long")]
    return session.hear_words(text, typed=True)


class _TimedOut:
    """No line came before the next tick was due."""


TIMED_OUT = _TimedOut()


def read_line(stream: TextIO, timeout: float | None) -> str | _TimedOut | None:
    """A typed line, TIMED_OUT when a terminal gave none in time, None at end of input. A pipe
    or a file is read line by line without waiting on the clock."""
    if timeout is not None and stream.isatty():
        ready, _, _ = select.select([stream], [], [], timeout)
        if not ready:
            return TIMED_OUT
    line = stream.readline()
    return None if line == "" else line.rstrip("\n")


class Keyboard(Protocol):
    """Where typed lines come from."""

    def read(self, text: str, timeout: float | None) -> str | _TimedOut | None:
        """A line typed after the prompt `text`; TIMED_OUT after `timeout`; None at the end."""
        ...

    def before_output(self) -> None:
        """The host is about to print: make sure it starts on a line of its own."""
        ...


class PlainInput:
    """Lines from a pipe or a file (no prompt), or a terminal without readline (a plain
    prompt; the host's lines start on a new line below it)."""

    def __init__(self, stream: TextIO, out: TextIO) -> None:
        self.stream = stream
        self.out = out
        self.prompts = stream.isatty()
        self.shown: str | None = None
        """The prompt on the screen, still waiting for its line."""

    def read(self, text: str, timeout: float | None) -> str | _TimedOut | None:
        if self.prompts and self.shown != text:
            self.before_output()
            print(text, end="", file=self.out, flush=True)
            self.shown = text
        typed = read_line(self.stream, timeout)
        if typed is not TIMED_OUT:
            self.shown = None
        return typed

    def before_output(self) -> None:
        if self.shown is not None:
            print(file=self.out, flush=True)
            self.shown = None


class _Tick(Exception):
    """The clock interrupts the prompt: the session has a tick due."""


class LineEditor:
    """readline's prompt at a terminal: editing, arrows, history, Tab for names. The clock's
    ticks interrupt it (SIGALRM): the prompt line is cleared, what was typed is kept and given
    back at the next prompt, which may name someone else."""

    def __init__(self, readline: ModuleType, out: TextIO, names: Iterable[str] = (),
                 moves: Callable[[], list[str]] = list) -> None:
        self.readline = readline
        self.out = out
        self.names = sorted(set(names))
        self.moves = moves
        """The lines Tab offers now, beside the names (the legal moves, as typed)."""
        self.found: list[str] = []
        self.kept = ""
        """What was typed when a tick interrupted the prompt."""
        self.waiting = False

    def read(self, text: str, timeout: float | None) -> str | _TimedOut | None:
        readline = self.readline
        readline.set_startup_hook(self._give_back)
        readline.set_completer(self._complete)
        readline.set_completer_delims("")  # Tab completes the whole line ("Bob: chal…")
        libedit = "libedit" in (readline.__doc__ or "")
        readline.parse_and_bind("bind ^I rl_complete" if libedit else "tab: complete")
        previous = signal.signal(signal.SIGALRM, self._interrupt)
        try:
            if timeout is not None:
                signal.setitimer(signal.ITIMER_REAL, max(timeout, 0.01))
            self.waiting = True
            try:
                return input(text)
            except _Tick:
                self.out.write("\r\x1b[K")  # the prompt line goes; the host prints in its place
                self.out.flush()
                return TIMED_OUT
            except EOFError:
                return None
        finally:
            self.waiting = False
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)
            readline.set_startup_hook(None)

    def before_output(self) -> None:
        """Nothing to do: the prompt is never on the screen while the host prints."""

    def _interrupt(self, signum: int, frame: FrameType | None) -> None:
        if self.waiting:
            self.waiting = False
            self.kept = self.readline.get_line_buffer()
            raise _Tick

    def _give_back(self) -> None:
        if self.kept:
            self.readline.insert_text(self.kept)
            self.kept = ""

    def _complete(self, text: str, state: int) -> str | None:
        """The state-th name or legal move that starts with what is typed."""
        if state == 0:
            typed = text.lower()
            offered = dict.fromkeys([*self.names, *self.moves()])
            self.found = [line for line in offered if line.lower().startswith(typed)]
        return self.found[state] if state < len(self.found) else None


def typed_moves(session: Session) -> list[str]:
    """What Tab offers at the prompt: the moves the pages' buttons send, each with its
    player's name first (the player on turn's also without), the questions for the host and
    the core commands; never an answer (those are the players' to find)."""
    from host.companion.views import button_lines

    if session.asking:
        return yes_no(session.phrases.lang)
    on_turn = f"{session.game.expected_player()}: "
    moves = button_lines(session)
    moves += [line.removeprefix(on_turn) for line in moves if line.startswith(on_turn)]
    offers = session.talk.offers().choices or ()
    moves += [offer.phrase for offer in offers if offer.stakes is Stakes.ASK]
    lang = session.phrases.lang
    start = start_words(lang)[:1] if session.waiting else ()
    return list(dict.fromkeys([*start, *moves, *core_phrases(lang, paused=session.paused)]))


def line_editor(stream: TextIO, out: TextIO, names: Iterable[str] = (),
                moves: Callable[[], list[str]] = list) -> LineEditor | None:
    """readline's prompt when the players type at a terminal (stdin and stdout both one, in the
    main thread, where SIGALRM can reach); None for a pipe, a file or a test's streams."""
    at_terminal = (stream is sys.stdin and out is sys.stdout
                   and stream.isatty() and out.isatty())
    if not at_terminal or threading.current_thread() is not threading.main_thread():
        return None
    if not hasattr(signal, "setitimer"):
        return None
    try:
        import readline
    except ImportError:
        return None
    return LineEditor(readline, out, names, moves)


class Pages(Protocol):
    """Other screens at the table (the companion page): every change sent to them, and the
    moves their players send, heard like typed lines."""

    def step(self, lines: Iterable[Line] = ()) -> list[Line]:
        """After these lines, all published: what the room sees and hears in their place (a
        private line only on its page), then the answers to the moves pages sent."""
        ...

    def wake_with(self, wake: Callable[[], None] | None) -> None:
        """How to interrupt the prompt when a page sends a move (None: poll instead)."""
        ...


PAGES_POLL_SECONDS = 0.1
"""How often a prompt that cannot be interrupted looks for the moves pages sent."""


def _ignore_alarm(signum: int, frame: FrameType | None) -> None:
    """An alarm outside the prompt: nothing to interrupt (the loop takes the moves anyway)."""


def prompt_waker(keyboard: Keyboard) -> Callable[[], None] | None:
    """How another thread interrupts the line editor's prompt: SIGALRM, which it takes as a
    tick (what was typed is kept); None for a plain prompt, which is polled."""
    if not isinstance(keyboard, LineEditor):
        return None
    if signal.getsignal(signal.SIGALRM) in (signal.SIG_DFL, None):
        signal.signal(signal.SIGALRM, _ignore_alarm)
    main = threading.main_thread().ident or 0
    return lambda: signal.pthread_kill(main, signal.SIGALRM)


def _wait(session: Session, pages: Pages | None, waker: object) -> float | None:
    """How long to wait for a typed line: until the next tick, or a short poll for pages."""
    seconds = session.seconds_to_next_tick()
    if pages is None or waker is not None:
        return seconds
    return PAGES_POLL_SECONDS if seconds is None else min(seconds, PAGES_POLL_SECONDS)


def run_console(
    session: Session,
    *,
    stream: TextIO = sys.stdin,
    out: TextIO = sys.stdout,
    speak: Speak | None = None,
    resumed: bool = False,
    pages: Pages | None = None,
) -> int:
    """Play until the game ends, the players quit, or input runs out; returns an exit code.
    With `pages` (the companion page), moves sent from a player's page are heard as typed,
    and a private line is shown on its player's page only (without, on this screen)."""
    names = [person for seat in session.game.seats for person in seat.people]
    keyboard: Keyboard = line_editor(stream, out, names, lambda: typed_moves(session)) \
        or PlainInput(stream, out)
    waker = prompt_waker(keyboard) if pages is not None else None
    if pages is not None:
        pages.wake_with(waker)
    lang = session.phrases.lang
    lines = session.start(resumed=resumed)
    show(pages.step(lines) if pages else lines, out, speak, lang)
    while not session.finished:
        lines = session.tick()
        lines = pages.step(lines) if pages else lines
        if lines:
            keyboard.before_output()
            show(lines, out, speak, lang)
        if session.finished:
            break
        typed = keyboard.read(prompt(session), _wait(session, pages, waker))
        if typed is None:
            print("\n" + words(lang)["closed"].format(resume=session.resume_option), file=out)
            return 0
        if isinstance(typed, str):
            lines = hear_typed(session, typed)
            show(pages.step(lines) if pages else lines, out, speak, lang)
    return 0

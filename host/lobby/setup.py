"""Setting up a table by voice in the lobby: who plays (the same people as last time, or names
said and read back), teams or not, and the game's options, each with a spoken default. The
result is the `partyhost play` arguments of that table."""

from __future__ import annotations

from collections.abc import Sequence

from host.core.phrasebook import spoken_list
from host.core.talk import NO, YES
from host.lobby.state import LobbyState
from host.lobby.tables import TEAMS, Question, SetUp, just_start, teams_of
from host.voice_setup import Asker, collect_names, common_first_names


class NobodyAnswered(Exception):
    """The set-up got no answer at all: back to the lobby."""


class LobbyAsker(Asker):
    """An Asker that gives up on a question nobody answers (a required one raises)."""

    required: bool = False
    hurried: bool = False
    """Someone said "just start": the questions left take their defaults unasked."""

    def ask(self, key: str, choices: Sequence[str], tries: int = 2, **params: object) -> str:
        """Ask and hear one of `choices`; "" when nothing was understood (NobodyAnswered
        instead while `required`)."""
        heard = super().ask(key, choices, tries, **params)
        if not heard and self.required:
            raise NobodyAnswered(key)
        self.hurried = self.hurried or heard in just_start(self.phrases.lang)
        return heard


def set_up_table(asker: LobbyAsker, setup: SetUp, state: LobbyState,
                 wanted: int | None = None) -> list[str]:
    """The table's `partyhost play` arguments, agreed by voice (NobodyAnswered when nobody
    gives their name)."""
    asker.hurried = False
    people = meet(asker, setup, state, wanted)
    state.remember_table(people)
    teams = choose_teams(asker, setup, people)
    seats = ["--teams", *(",".join(team) for team in teams)] if teams else ["--players", *people]
    return [*seats, *ask_options(asker, setup.questions)]


def meet(asker: LobbyAsker, setup: SetUp, state: LobbyState, wanted: int | None) -> list[str]:
    """The people at the table: last time's, when they say so (or say nothing), or new names,
    `wanted` of them when the start phrase said how many."""
    last = state.last_table()
    if last and wanted in (None, len(last)) and len(last) >= setup.table.fewest:
        answer = asker.ask("same_players", [*YES, *NO, *just_start(asker.phrases.lang)], tries=1,
                           names=spoken_list(last))
        if answer not in NO:
            return last
    known = list(dict.fromkeys([*state.recent_names(), *common_first_names()]))
    table = setup.table
    if wanted is None:
        asker.say("players_wanted", title=table.title, fewest=table.fewest, most=table.most)
    asker.required = True
    try:
        return collect_names(asker, known, most=wanted or table.most * (3 if setup.teams else 1))
    finally:
        asker.required = False


def choose_teams(asker: LobbyAsker, setup: SetUp, people: list[str]) -> list[list[str]]:
    """Teams of two in seat order when the table asks for them (or is too big for one seat
    each), else [] (everyone for themselves, the default)."""
    if not setup.teams or len(people) < 2 * setup.table.fewest:
        return []
    lang = asker.phrases.lang
    teams_said, alone_said = TEAMS.get(lang, TEAMS["en"])
    if len(people) > setup.table.most:
        asker.say("teams_needed", most=setup.table.most)
    elif asker.hurried or asker.ask("ask_teams", [*teams_said, *alone_said, *just_start(lang)],
                                    tries=1) not in teams_said:
        return []
    teams = teams_of(people)
    asker.say("teams_are", teams=", ".join(spoken_list(team) for team in teams))
    return teams


def ask_options(asker: LobbyAsker, questions: Sequence[Question]) -> list[str]:
    """Each question's answer as arguments: the default when nobody answers; "just start"
    (to this question or an earlier one) takes the defaults of the questions left."""
    arguments: list[str] = []
    lang = asker.phrases.lang
    for question in questions:
        answers = question.said(lang)
        heard = "" if asker.hurried else asker.ask(
            question.key, [*answers, *just_start(lang)], tries=1)
        answer = heard if heard in answers else question.by_default(lang)
        if not asker.hurried:
            asker.say("option_taken" if heard else "default_taken", answer=answer.capitalize())
        arguments += answers[answer]
    return arguments

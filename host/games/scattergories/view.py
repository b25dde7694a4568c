"""Scattergories on the companion pages: the letter, the category read and the answers heard
for the table; each player's own sheet and their calls for them. The answers written on the
sheet are kept by the server for that player's page alone (a new tab finds them), and reach
the game only when read, one tap on the category being read."""

from __future__ import annotations

from host.companion.schema import (
    Action,
    PublicView,
    Say,
    Score,
    SeatView,
    Words,
    action,
    choice,
    score,
    section,
)
from host.games.scattergories.events import (
    AgreeMoreTime,
    AskMoreTime,
    Challenge,
    ChooseLetter,
    Move,
    ReadAnswer,
    Vote,
)
from host.games.scattergories.grammar import EN, GRAMMARS
from host.games.scattergories.moves import legal_moves
from host.games.scattergories.rules import ScattergoriesGame, State

TIMERS = {"writing": "writing", "extra": "writing", "countdown": "countdown",
          "choose": "choose", "read": "read", "challenge": "challenge", "vote": "vote"}
"""Each game timer's label (timer_<label> in the [page] table): the writing time and its
counted last seconds are one countdown as the players see it."""
RUNS_ON = ("writing", "extra")
"""The timers the counted last seconds follow."""


def public_view(game: ScattergoriesGame, words: Words) -> PublicView:
    """The key letter, the category being read and what each player read for it, the list
    while they write, the vote, the totals."""
    category = game.category
    letter = game.letter or "?"
    reading = category is not None
    if reading:  # each player's tile shows the answer they read
        sections = []
        detail = words("category_of", number=game.category_index + 1,
                       count=len(game.categories), round=game.round_no)
    else:
        sections = [section(words("the_list", number=game.list_number),
                            game.category_titles())]
        detail = words("round", round=game.round_no)
    return PublicView(
        phase=str(game.state),
        stage=words("stage_category", letter=letter) if reading else words("stage_letter"),
        headline=category.title if category is not None else letter,
        detail=detail,
        turn=game.expected_player(),
        turn_label=_turn_label(game, words),
        banner=_banner(game, words),
        timer_label=words(f"timer_{TIMERS.get(game.timer_name, 'writing')}"),
        timer_extra=game.config.timer_seconds("countdown") if game.timer_name in RUNS_ON
        else 0.0,
        score_label=words("points"),
        scores=[_score(game, seat, words) for seat in range(len(game.seats))],
        sections=sections,
    )


def _turn_label(game: ScattergoriesGame, words: Words) -> str:
    """The turn named when it is everyone's (the writing) or a vote's."""
    voter = game.expected_player()
    if game.state is State.VOTING and voter:
        return words("voter", player=voter)
    return words("everyone_writes") if game.state is State.WRITING else ""


def _score(game: ScattergoriesGame, seat: int, words: Words) -> Score:
    """A player's tile: their total, their answer to the category read, their vote."""
    line = score(game.seats[seat].name, game.totals[seat], tags=_tags(game, seat, words),
                 waiting=game.state is State.VOTING and seat in game.playing
                 and seat not in game.votes)
    if game.category is not None:
        read = game.sheet[game.category_index]
        if seat in read:
            line["answer"] = read[seat] or words("blank")
    return line


def _tags(game: ScattergoriesGame, seat: int, words: Words) -> list[str]:
    """Where a player stands: the answer challenged, voted or still to vote, out of a
    tie-break round."""
    if seat not in game.playing:
        return [words("not_playing")]
    if game.state is State.VOTING:
        tags = [words("challenged")] if seat == game.target else []
        return [*tags, words("voted" if seat in game.votes else "to_vote")]
    return []


def _banner(game: ScattergoriesGame, words: Words) -> str:
    """What the whole table does now: write, challenge before scoring, vote."""
    if game.state is State.VOTING and game.target is not None:
        answer = game.sheet[game.category_index].get(game.target, "")
        return words("vote", player=game.seats[game.target].name, answer=answer,
                     voted=len(game.votes), voters=len(game.playing))
    if game.state is State.REVIEW:
        return words("review")
    if game.state is State.WRITING:
        return words("writing", letter=game.letter or "?")
    if game.request is not None and game.asker is not None:
        return words("more_time", player=game.seats[game.asker].name)
    return words("reading", letter=game.letter) if game.state is State.READING else ""


def seat_view(game: ScattergoriesGame, seat: int, say: Say, words: Words) -> SeatView:
    """The sheet's categories (the answers are written on the phone, kept for this page by
    the server, never sent to the game until read), the answers this player has read, and
    their moves in set words: the letter, more time, yes or no, blank, challenge, vote."""
    legal = legal_moves(game, seat).moves
    mine = [f"{game.categories[i].title}: {read[seat] or words('blank')}"
            for i, read in enumerate(game.sheet) if seat in read]
    reads_now = game.state is State.READING and game.reader() == seat
    view = SeatView(
        facts=[[words("letter"), game.letter or "?"],
               [words("points_fact"), str(game.totals[seat])],
               *([[words("read_so_far"), "; ".join(mine)]] if mine else [])],
        actions=_actions(game, say, words, legal),
        hint=_hint(game, seat, words, legal),
        acting=game.expected_player() == game.seats[seat].name,
        acting_label=words("acting_vote") if game.state is State.VOTING else "",
        say_hint=words("say_answer") if reads_now else words("say"),
    )
    if not game.config.spoken_answers:
        view["sheet"] = game.category_titles()
        view["sheet_round"] = f"{game.round_no}:{game.letter or ''}"
        if game.category is not None:  # the reading: a Read button by each answer
            view["reading"] = game.category_index if reads_now else -1
        view["read_as"] = f"{GRAMMARS.get(game.config.lang, EN).filler_said} {{answer}}"
    return view


def _actions(game: ScattergoriesGame, say: Say, words: Words,
             legal: tuple[Move, ...]) -> list[Action]:
    """The seat's legal moves in set words (legal_moves): the letters left as one choice, the
    others a button each (a blank asks for a second tap); never an answer, which is the
    player's own (their sheet's)."""
    letters = [move for move in legal if isinstance(move, ChooseLetter)]
    buttons = [_button(game, move, say(move), words) for move in legal
               if not isinstance(move, ChooseLetter)]
    if letters:
        buttons.append(choice(words("choose_letter"), [action(say(move), move.letter)
                                                       for move in letters]))
    return buttons


def _button(game: ScattergoriesGame, move: Move, said: str, words: Words) -> Action:
    """A move's button, labelled with what it does."""
    if isinstance(move, ReadAnswer):
        return action(said, words("blank_button"), confirm=words("confirm_blank"))
    if isinstance(move, Vote):
        return action(said, words("vote_yes" if move.accept else "vote_no"))
    if isinstance(move, Challenge):
        answer = game.sheet[game.category_index].get(game.seat_index(move.target), "")
        return action(said, words("challenge", player=move.target, answer=answer))
    if isinstance(move, AskMoreTime):
        return action(said, words("more_time_button"))
    if isinstance(move, AgreeMoreTime):
        return action(said, words("agree" if move.agree else "refuse"))
    words_said = said.split(": ", 1)[-1]
    return action(said, words_said[:1].upper() + words_said[1:])


def _hint(game: ScattergoriesGame, seat: int, words: Words, legal: tuple[Move, ...]) -> str:
    """What this player may do now."""
    spoken = game.config.spoken_answers
    if game.state is State.CHOOSING_LETTER:
        return words("hint_choose_letter") if game.roller == seat else \
            words("hint_wait_letter", player=game.seats[game.roller].name)
    if game.state is State.WRITING:
        if any(isinstance(move, AgreeMoreTime) for move in legal):
            return words("hint_agree")
        return words("hint_think" if spoken else "hint_write", letter=game.letter or "?")
    if game.state is State.READING and game.reader() == seat:
        return words("hint_say" if spoken else "hint_read")
    if game.state is State.VOTING:
        return words("hint_vote") if any(isinstance(move, Vote) for move in legal) else \
            words("hint_voted")
    if any(isinstance(move, Challenge) for move in legal):
        return words("hint_may_challenge")
    return words("hint_listen") if game.state in (State.READING, State.REVIEW) else ""

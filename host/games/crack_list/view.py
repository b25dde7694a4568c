"""Crack List on the companion pages: the table's view, and each seat's hand and buttons (its
legal moves in set words, host.games.crack_list.moves)."""

from __future__ import annotations

from host.companion.schema import (
    Action,
    Card,
    PublicView,
    Say,
    SeatView,
    Words,
    action,
    card,
    cards_note,
    choice,
    fill,
    score,
    section,
)
from host.games.crack_list.announce import card_name
from host.games.crack_list.cards import ACTIONS, HIDDEN, JOKER, SWAP, penalty_of
from host.games.crack_list.events import (
    Answer,
    CallCountdown,
    Challenge,
    ChooseCategory,
    Move,
    Pass,
    Penalise,
    PlaySwap,
    Vote,
)
from host.games.crack_list.moves import PLAYS, acting, legal_moves
from host.games.crack_list.rules import CrackListGame, State

TIMERS = {"turn_grace": "turn", "turn": "turn", "countdown": "countdown", "choose": "choose",
          "vote": "vote", "penalty": "penalty", "challenge": "challenge"}
"""Each game timer's label (page_timer_<label>): a turn timed in two parts is one "turn"."""


def public_view(game: CrackListGame, words: Words) -> PublicView:
    """The category (or the card being chosen from), whose turn, what the table waits for,
    the answers given, the rounds won and the cards each seat holds."""
    choosing = game.state is State.CHOOSING or game.category is None
    if choosing:
        titles = [c.title for c in game.offered.categories] if game.offered else []
        headline = words("chooses", player=game.seats[game.chooser].name)
        sections = [section(words("red_card"), titles)] if titles else []
    else:
        assert game.category is not None
        headline = game.category.title
        sections = [section(words("answers_given"), list(game.given))]
    sizes = game.hand_sizes()
    tags = _tags(game, words)
    voters = _voters(game)
    return PublicView(
        phase=str(game.state),
        stage=words("stage_choosing" if choosing else "stage_category"),
        headline=headline,
        detail=words("round", round=game.round_no, rounds=game.config.rounds),
        turn=game.expected_player(),
        banner=_banner(game, words),
        timer_label=words(f"timer_{TIMERS.get(game.timer_name, 'turn')}"),
        timer_extra=game.config.timer_seconds("turn") if game.timer_name == "turn_grace" else 0.0,
        score_label=words("rounds_won"),
        scores=[score(name, won, cards_note(words, sizes[name]), tags.get(name),
                      waiting=name in voters) for name, won in game.score().items()],
        sections=sections,
    )


def _banner(game: CrackListGame, words: Words) -> str:
    """What the table waits for beside the turn: the answer open to challenge, the penalty to
    hand out, the vote, the countdown."""
    pending = game.pending
    if game.state is State.VOTING and pending is not None:
        yes = sum(game.votes.values())
        return words("vote", answer=pending.text, yes=yes, no=len(game.votes) - yes)
    if game.state is State.TURN and game.countdown_called:
        return words("countdown_called", player=game.seats[game.current].name)
    if pending is None or game.state not in (State.TURN, State.ANSWERED):
        return ""
    who = game.seats[pending.seat].name
    if pending.penalty_due:
        return words("penalty", player=who, count=pending.penalty)
    if pending.challenged:
        return ""
    key = "refused_answer" if pending.refused else "open_answer"
    return words(key, player=who, answer=pending.text)


def _voters(game: CrackListGame) -> set[str]:
    """The players whose vote the table still waits for."""
    pending = game.pending
    if game.state is not State.VOTING or pending is None:
        return set()
    return {sitting.name for seat, sitting in enumerate(game.seats)
            if seat != pending.seat and seat not in game.votes}


def _tags(game: CrackListGame, words: Words) -> dict[str, list[str]]:
    """Each seat's part in the vote: the answer voted on, who has voted, who is to vote."""
    pending = game.pending
    if game.state is not State.VOTING or pending is None:
        return {}
    tags = {game.seats[pending.seat].name: [words("challenged")]}
    for seat, sitting in enumerate(game.seats):
        if seat != pending.seat:
            tags[sitting.name] = [words("voted" if seat in game.votes else "to_vote")]
    return tags


def seat_view(game: CrackListGame, seat: int, say: Say, words: Words) -> SeatView:
    """This seat's hand (a card tapped on turn plays it: a letter or the Joker starts the
    answer to type), the moves it may make without a word, and what to do now."""
    legal = legal_moves(game, seat).moves
    buttons, swaps = _actions(game, seat, say, words, legal)
    hand = sorted(game.hands[seat], key=lambda c: (c in ACTIONS, c))
    taps = _taps(game, seat, say, words, buttons, swaps) if acting(game, seat) else {}
    on_turn = game.state is State.TURN and game.current == seat
    return SeatView(
        hand=[_card(c, words, taps.get(c)) for c in hand],
        facts=[[words("rounds_won_fact"), str(game.rounds_won[seat])],
               [words("cards_fact"), str(len(hand))]],
        actions=buttons,
        hint=_hint(game, seat, words, legal),
        acting=game.expected_player() == game.seats[seat].name
        or any(isinstance(move, Vote) for move in legal),
        acting_label=_acting_label(game, legal, words),
        say_hint=words("say_answer" if on_turn else "say"),
    )


def _acting_label(game: CrackListGame, legal: tuple[Move, ...], words: Words) -> str:
    """What the table waits for from this player, when it is not an answer: a vote, a
    category, a penalty to hand out."""
    if any(isinstance(move, Vote) for move in legal):
        return words("acting_vote")
    if any(isinstance(move, ChooseCategory) for move in legal):
        return words("acting_choose")
    if any(isinstance(move, Penalise) for move in legal):
        return words("acting_penalty")
    return ""


def _card(face: str, words: Words, tap: Action | None = None) -> Card:
    """A blue card as shown: a letter (marked with its penalty), an action named in the
    page's language, or one unseen."""
    if face == HIDDEN:
        return card("?", "hidden")
    if face in ACTIONS:
        return card(card_name(face, words("lang")), "action", tap)
    penalty = penalty_of(face)
    return card(f"{face} +{penalty}" if penalty else face, "penalty" if penalty else "", tap)


def _taps(game: CrackListGame, seat: int, say: Say, words: Words, buttons: list[Action],
          swaps: list[Action]) -> dict[str, Action]:
    """What tapping each card of the hand does on turn: a letter or the Joker starts the
    answer in the text box ("A, "), an action card is played, Swap opens the swaps (each the
    button the moves below show: one source)."""
    name = game.seats[seat].name
    taps: dict[str, Action] = {}
    for face in set(game.hands[seat]) - {HIDDEN}:
        if face == JOKER:
            taps[face] = fill(say(Answer(name, "", joker=True)), "Joker")
        elif face not in ACTIONS:
            taps[face] = fill(say(Answer(name, "", letter=face)), face)
        elif face in PLAYS:
            said = say(PLAYS[face](name))
            played = [button for button in buttons if button["say"] == said]
            if played:  # a legal move now (never a Crack List card as the last)
                taps[face] = played[0]
    if swaps:
        taps[SWAP] = choice(words("swap"), swaps)
    return taps


def _actions(game: CrackListGame, seat: int, say: Say, words: Words,
             legal: tuple[Move, ...]) -> tuple[list[Action], list[Action]]:
    """The seat's legal moves in set words, each a button: a category by its title, the
    votes, the challenge and the countdown, the action cards, the whole-hand swaps and a pass
    (asking for a second tap), a row of the seat's own cards to swap with each player, each
    way to split a penalty once, all to one player. Answers are typed or said. Returns the
    buttons, and those of them that swap."""
    buttons: list[Action] = []
    swaps: list[Action] = []
    card_swaps: dict[str, list[Action]] = {}
    splits: dict[frozenset[tuple[str, int]], Action] = {}
    for move in legal:
        said = say(move)
        if isinstance(move, ChooseCategory) and game.offered is not None:
            buttons.append(action(said, game.offered.categories[move.choice - 1].title))
        elif isinstance(move, PlaySwap) and move.card is not None:
            card_swaps.setdefault(move.target, []).append(
                action(said, words("your_card", card=_card(move.card, words)["text"])))
        elif isinstance(move, PlaySwap):
            swaps.append(action(said, words("swap_hands", target=move.target),
                                confirm=words("confirm_swap_hands", target=move.target)))
        elif isinstance(move, Penalise) and len(move.targets) > 1:
            splits.setdefault(frozenset(move.targets), action(said))
        elif isinstance(move, Penalise) and move.targets and move.targets[0][1]:
            continue  # the whole penalty to one player by its count: "all to Cat" says it
        else:
            buttons.append(_button(game, move, said, words))
    swaps += [choice(words("swap_card", target=target), options)
              for target, options in card_swaps.items()]
    buttons += swaps
    if splits and game.pending is not None:
        buttons.append(choice(words("split", count=game.pending.penalty),
                              list(splits.values())))
    return buttons, swaps


def _button(game: CrackListGame, move: Move, said: str, words: Words) -> Action:
    """A move's button, labelled with what it does."""
    if isinstance(move, Pass):
        return action(said, words("pass"), confirm=words("confirm_pass_draw"))
    if isinstance(move, Vote):
        return action(said, words("vote_yes" if move.accept else "vote_no"))
    if isinstance(move, Challenge) and game.pending is not None:
        return action(said, words("challenge", player=game.seats[game.pending.seat].name,
                                  answer=game.pending.text))
    if isinstance(move, CallCountdown):
        return action(said, words("call_countdown", said=said))
    if isinstance(move, Penalise) and not move.targets:
        return action(said, words("no_penalty"))
    return action(said)


def _hint(game: CrackListGame, seat: int, words: Words, legal: tuple[Move, ...]) -> str:
    """What this player may do now, in this state."""
    name, pending = game.seats[seat].name, game.pending
    if game.state is State.CHOOSING:
        chooser = game.seats[game.chooser].name
        return words("hint_choose") if chooser == name else \
            words("hint_wait_choice", player=chooser)
    if game.state is State.VOTING and pending is not None:
        if any(isinstance(move, Vote) for move in legal):
            return words("hint_vote", answer=pending.text)
        return words("hint_voted_on" if seat == pending.seat else "hint_voted")
    if pending is not None and pending.penalty_due and game.state is State.ANSWERED:
        who = game.seats[pending.seat].name
        return words("hint_penalty", count=pending.penalty) if who == name else \
            words("hint_penalty_other", player=who)
    if acting(game, seat):
        return words("hint_turn" if game.state is State.TURN else "hint_next")
    turn = game.expected_player()
    hint = words("hint_other_turn", player=turn) if turn else ""
    extras = [words(key) for kind, key in ((Challenge, "hint_may_challenge"),
                                           (CallCountdown, "hint_may_countdown"))
              if any(isinstance(move, kind) for move in legal)]
    return " ".join([hint, *extras]).strip()

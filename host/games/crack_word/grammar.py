"""Crack Word's words, per language: how players say a placement, a Pétard, a pass, a card
shown, and the questions they ask (host.games.crack_word.talk parses, says and offers them)."""

from __future__ import annotations

from dataclasses import dataclass

from host.core.talk import FRENCH_LETTERS, FRENCH_NUMBERS, FRENCH_QUERIES, LETTER_NAMES
from host.games.crack_word.events import Side


@dataclass(frozen=True)
class Grammar:
    """One language's words for the moves and the questions (cleaned words, regex pieces)."""

    sides: dict[Side, str]
    """How a side is said before the row: "a droite de la", "on the right of"."""
    side_patterns: dict[Side, str]
    row: str
    """The word for a row: "ligne", "row"."""
    top: str
    """On top, before the covered letter and its article: "sur", "on"."""
    top_article: str
    """The covered letter's article as heard (cleaned, a regex): "le", "l'", "the"."""
    top_after: str
    """After the covered letter, before the row: "de la", "of"."""
    onto: str
    """Onto an empty row, before the row: "sur la", "on" ("A sur la ligne deux")."""
    star: str
    petard_name: str
    """A Pétard card's name: "pétard", "petard"."""
    petard: str
    petard_pattern: str
    passes: str
    pass_pattern: str
    crack: str
    word: str
    word_pattern: str
    shows: str
    """Before a card shown at the cut or turned for a starting letter: "c'est", "it's"."""
    show_pattern: str
    count_pattern: str
    """One player's count, `{names}` standing for the table's names (cleaned, a regex)."""
    count_phrase: str
    """How one player's count is asked, `{name}` standing for their name."""
    numbers: dict[str, int]
    ordinals: tuple[str, ...]
    """1st, 2nd …: which identical letter is covered."""
    letter_names: dict[str, str]
    questions: tuple[tuple[str, str], ...]
    question_phrases: dict[str, tuple[str, ...]]
    """Each of the game's questions as the recognizer is offered it, by kind (each one parses
    to its kind; the core offers its own commands, host.core.talk.CORE_PHRASES)."""


FR = Grammar(
    sides={Side.LEFT: "à gauche de la", Side.RIGHT: "à droite de la"},
    side_patterns={Side.LEFT: r"a gauche(?: de la|,| sur la)?", Side.RIGHT:
                   r"a droite(?: de la|,| sur la)?"},
    row="ligne", top="sur", top_article=r"(?:le |l' ?|l )", top_after="de la", onto="sur la",
    star="étoile",
    petard_name="pétard", petard="pétard sur la",
    petard_pattern=r"(?:je joue )?(?:un |mon )?petard(?: sur)?(?: la)?",
    passes="je passe", pass_pattern=r"(?:je )?passe|je pioche|je ne peux pas jouer",
    crack="Crack Word !", word="pour", word_pattern=r"(?:pour|mot|avec)(?: le mot)?",
    shows="c'est",
    show_pattern=r"(?:c'? ?est |j'? ?ai |je montre |je retourne |voici |moi )?(?:une? |le |la )?",
    count_pattern=r"combien de cartes (?:a t il |a t elle |pour |chez |a |reste t il a )?"
                  r"(?P<who>{names})(?: en main)?|(?P<also>{names}) a combien de cartes"
                  r"(?: en main)?",
    count_phrase="combien de cartes a {name}",
    numbers={word: n for word, n in FRENCH_NUMBERS.items() if 1 <= n <= 4},  # the rows
    ordinals=("premier", "deuxième", "troisième", "quatrième", "cinquième", "sixième",
              "septième", "huitième", "neuvième", "dixième"),
    letter_names=FRENCH_LETTERS,
    questions=(
        (r"(lis|lire|relis)( moi)? (le tableau|les lignes)|le tableau|les lignes|tableau",
         "board"),
        (r"(lis|lire|relis)( moi)? (le tableau|les lignes) (avec|en) (les )?couleurs"
         r"|(le tableau|les lignes) (avec|en) (les )?couleurs|les couleurs", "board_colours"),
        (r"(ma|lis ma) main|mes cartes|qu'?est ce que j'?ai( en main)?", "hand"),
        (r"combien de cartes( en main| en mains| reste t il| restent| chacun)?", "count"),
        (r"(le |les )?scores?|(quel est le|c'?est quoi le) score|les points", "score"),
        *FRENCH_QUERIES,
    ),
    question_phrases={"board": ("lis le tableau",),
                      "board_colours": ("lis le tableau avec les couleurs",),
                      "hand": ("ma main",), "count": ("combien de cartes",),
                      "score": ("le score",)},
)
"""The French words of the game."""

EN = Grammar(
    sides={Side.LEFT: "on the left of", Side.RIGHT: "on the right of"},
    side_patterns={Side.LEFT: r"(?:on|to) the left(?: of|,| on)?",
                   Side.RIGHT: r"(?:on|to) the right(?: of|,| on)?"},
    row="row", top="on", top_article="the ", top_after="of", onto="on", star="star",
    petard_name="petard", petard="petard on", petard_pattern=r"(?:play )?(?:a |my )?petard(?: on)?",
    passes="pass", pass_pattern=r"(?:i )?pass|i can'?t play|i draw",
    crack="Crack Word!", word="word", word_pattern=r"(?:word|for the word|with the word)",
    shows="it's",
    show_pattern=r"(?:it'?s |i'?ve got |i have |i show |i turn(?:ed)? |i got )?(?:an? |the )?",
    count_pattern=r"how many cards (?:has |does |have |do |for |left for )?(?P<who>{names})"
                  r"(?: got| have| hold| left)?|(?P<also>{names}) has how many cards",
    count_phrase="how many cards has {name} got",
    numbers={"one": 1, "won": 1, "1": 1, "two": 2, "to": 2, "too": 2, "2": 2, "three": 3,
             "tree": 3, "3": 3, "four": 4, "for": 4, "4": 4},
    ordinals=("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth",
              "ninth", "tenth"),
    letter_names=LETTER_NAMES,
    questions=(
        (r"(read|say)( me)? the (board|rows)( again)?|the board|board", "board"),
        (r"(read|say)( me)? the (board|rows) with (the )?colou?rs|colou?rs", "board_colours"),
        (r"(what'?s |what is |read )?my (hand|cards)|what (cards )?have i got", "hand"),
        (r"how many cards( are left| left| each| do we have)?", "count"),
        (r"(what'?s |what is )?the score|scores?|points", "score"),
    ),
    question_phrases={"board": ("read the board",),
                      "board_colours": ("read the board with colours",),
                      "hand": ("my hand",), "count": ("how many cards",), "score": ("score",)},
)
"""The English words of the game (the core's questions are English already)."""

GRAMMARS = {"fr": FR, "en": EN}

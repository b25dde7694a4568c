"""How the forms every game's lines share are said in each language the host speaks ("en",
"fr"): lists, counts of cards, an article, a seat or a team, a verb after a seat, small numbers,
yes and no, and French elision ("d'Ann", "l'A"). A language without forms here is said in
English (a phrasebook only speaks a language every layer of its lines has)."""

from __future__ import annotations

from collections.abc import Sequence

from host.core.events import TEAM_JOIN
from host.core.talk import FRENCH_NUMBER_WORDS, NUMBER_WORDS, clean, yes_no

AND = {"en": "and", "fr": "et"}
OR = {"en": "or", "fr": "ou"}
CARDS = {"en": ("no cards", "one card", "{n} cards"),
         "fr": ("aucune carte", "une carte", "{n} cartes")}
"""A count of cards: none, one, more ({n})."""
TEAM = {"en": "Team {name}", "fr": "l'équipe {de_name}"}
"""A team named as one in a list of seats ("Team Ann and Bob", "l'équipe d'Ann et Bob")."""
SAID_NUMBERS = {"en": NUMBER_WORDS, "fr": FRENCH_NUMBER_WORDS}
"""How the host says 0 to 10 (the countdown, numbered choices)."""

PLURAL_VERBS = {
    "is": "are", "has": "have", "was": "were", "calls": "call", "challenges": "challenge",
    "chooses": "choose", "cracks": "crack", "draws": "draw", "gets": "get", "hands": "hand",
    "misses": "miss", "passes": "pass", "picks": "pick", "plays": "play", "reverses": "reverse",
    "swaps": "swap", "takes": "take", "votes": "vote", "wins": "win",
}
PLURAL_VERBS_FR = {
    "a": "ont", "est": "sont", "pioche": "piochent", "passe": "passent", "joue": "jouent",
    "prend": "prennent", "gagne": "gagnent", "remporte": "remportent", "conteste": "contestent",
    "choisit": "choisissent", "distribue": "distribuent", "donne": "donnent",
    "lance": "lancent", "inverse": "inversent", "échange": "échangent", "vote": "votent",
    "saute": "sautent", "doit": "doivent", "casse": "cassent",
}
AGREEING = {"en": PLURAL_VERBS, "fr": PLURAL_VERBS_FR}
"""The verbs a line may put after a seat ({player_draws}, {player_pioche}), as said of a player
and of a team (a team is plural: "Ann and Bob draw", "Ann et Bob piochent")."""

AN_LETTERS = frozenset("AEFHILMNORSX")
"""Letters whose English name starts with a vowel sound: an A, an F, an H, an X (but a U)."""
ELIDING = frozenset("AEIOU")
"""What a word opens with for French to elide "de" and "le" before it: a vowel, accents aside
("d'Ann", "d'étoile", "l'A"). Not before H or Y, nor a consonant letter whose name opens with a
vowel sound ("le R", "de S"): French allows both there, and the French voices say "le R" and
"de S" right but mangle "l'R" and "d'S"."""


def in_lang(table: dict[str, str], lang: str) -> str:
    """One language's form from a table of them (English when it has none)."""
    return table.get(lang, table["en"])


def spoken_list(items: Sequence[str], conjunction: str = "and", *, serial: bool = False) -> str:
    """ "Ann", "Ann and Bob", "Ann, Bob and Cat"; `serial` puts a comma before the last one
    too, for items that hold an "and" of their own ("Ann and Bob, and Cat and Dan")."""
    items = [str(item) for item in items]
    if len(items) < 2:
        return "".join(items)
    last = f", {conjunction} " if serial else f" {conjunction} "
    return f"{', '.join(items[:-1])}{last}{items[-1]}"


def cards_phrase(count: int, lang: str = "en") -> str:
    """ "no cards", "one card", "3 cards"; "aucune carte", "une carte", "3 cartes"."""
    none, one, more = CARDS.get(lang, CARDS["en"])
    return none if count == 0 else one if count == 1 else more.format(n=count)


def said_number(n: int, lang: str = "en") -> str:
    """How the host says a small number ("three", "trois"); digits beyond ten."""
    words = SAID_NUMBERS.get(lang, NUMBER_WORDS)
    return words[n] if 0 <= n < len(words) else str(n)


def is_team(name: str) -> bool:
    """True for a seat named after its team's members (host.core.events.make_seats)."""
    return TEAM_JOIN in name


def seat_name(name: str, lang: str = "en") -> str:
    """How a seat is said: a player's name, or a team's members ("Cat, Dan and Eve", "Cat, Dan
    et Eve")."""
    return spoken_list(name.split(TEAM_JOIN), in_lang(AND, lang)) if is_team(name) else name


def seats_list(names: Sequence[str], lang: str = "en") -> str:
    """Seats read out in a list: "Ann, Bob and Cat"; teams each named as one, so that the
    list is heard as teams: "Team Ann and Bob, and Team Cat, Dan and Eve" ("l'équipe d'Ann et
    Bob, et l'équipe de Cat, Dan et Eve")."""
    conjunction = in_lang(AND, lang)
    if not any(is_team(name) for name in names):
        return spoken_list(names, conjunction)
    return spoken_list([team_name(name, lang) for name in names], conjunction, serial=True)


def team_name(name: str, lang: str = "en") -> str:
    """A team named as one: "Team Ann and Bob", "l'équipe d'Ann et Bob"."""
    said = seat_name(name, lang)
    return in_lang(TEAM, lang).format(name=said, de_name=de(said))


def agree(subject: str, verb: str, lang: str = "en") -> str:
    """The verb as `subject` takes it: "Bob draws", "Ann and Bob draw", "Ann et Bob piochent"."""
    return AGREEING.get(lang, PLURAL_VERBS)[verb] if is_team(subject) else verb


def with_article(word: str, lang: str = "en") -> str:
    """ "a Joker", "an I", "a U", "an Egg timer", "a unicorn"; in French "un A" (a letter is
    masculine; French lines name other things without this form, their gender unknown here)."""
    if lang == "fr":
        return f"un {word}"
    lower = word.lower()
    if len(word) == 1 and word.isalpha():
        vowel = word.upper() in AN_LETTERS
    else:
        vowel = (lower[:1] in ("a", "e", "i", "o", "u")
                 and not lower.startswith(("one", "uni", "use", "usu", "eu", "ewe")))
        vowel = vowel or lower.startswith(("hour", "honest", "honour", "heir"))
    return f"{'an' if vowel else 'a'} {word}"


def vote_word(accept: bool, lang: str = "en") -> str:
    """A vote as a word: "yes", "non"."""
    said_yes, said_no = yes_no(lang)
    return said_yes if accept else said_no


def elides(word: str) -> bool:
    """Whether French elides "de" and "le" before this word or letter (see ELIDING)."""
    return clean(word)[:1].upper() in ELIDING


def de(word: str) -> str:
    """ "de" before a word, as French says it: "de Bob", "d'Ann", "d'A", "de R"."""
    return f"d'{word}" if elides(word) else f"de {word}"


def le(word: str) -> str:
    """ "le" before a letter, as French says it: "l'A", "le R"."""
    return f"l'{word}" if elides(word) else f"le {word}"

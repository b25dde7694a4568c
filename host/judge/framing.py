"""The answer inside what a player said: "I think it's Lisbon", "the planet Mars", "letter W"."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from host.judge.text import ARTICLES, fold_plural, singular_fr, words

_FILLERS: dict[str, tuple[str, ...]] = {
    "en": ("i think its", "i think it is", "i think", "i guess", "i believe", "i would say",
           "id say", "ill say", "i say", "ill go with", "i go with", "lets say", "how about",
           "what about", "my answer is", "the answer is", "its", "it is", "is it", "maybe",
           "perhaps", "um", "umm", "uh", "er", "erm", "err", "hmm", "oh", "well", "okay", "ok",
           "so", "and"),
    "fr": ("je pense que cest", "je crois que cest", "je pense", "je crois", "je dirais",
           "je vais dire", "moi je dis", "je dis", "je propose", "je tente", "je choisis",
           "pour moi cest", "disons",
           "ma reponse est", "ma reponse cest", "la reponse est", "cest", "ce sont",
           "ce sera", "ca sera", "ce serait", "ca serait", "peut etre", "euh", "heu", "hum",
           "hmm", "bah", "alors", "eh bien", "voyons", "et"),
}
"""Words players put before an answer, as text.words writes them (no apostrophes). Not "ben"
nor "bon", first words of names ("Ben Affleck", "Bon Jovi")."""

_HEDGES: dict[str, tuple[str, ...]] = {
    "en": ("i think", "i guess", "i believe", "i suppose", "maybe", "perhaps", "probably",
           "or something"),
    "fr": ("je pense", "je crois", "je suppose", "peut etre", "probablement", "non"),
}
"""Words players put after an answer, unsure of it ("Spain, I think"), as text.words writes
them; a listed answer said whole is judged whole ("Call Me Maybe")."""

_THINKING: dict[str, tuple[str, ...]] = {
    "en": ("let me think", "let me see", "lets see", "hang on", "wait", "one sec", "one second",
           "just a sec", "just a second", "just a moment", "give me a sec", "give me a second",
           "give me a moment", "im thinking", "thinking", "good question", "tough one",
           "thats a tough one", "thats a hard one", "hard one", "oh dear", "let me find it",
           "let me look", "where is it", "where was i"),
    "fr": ("laisse moi reflechir", "attends que je reflechisse", "je reflechis", "voyons voir",
           "une seconde", "deux secondes", "une minute", "bonne question", "cest dur",
           "cest difficile", "oh la la", "attends", "attendez", "je cherche", "ou cest"),
}
"""What players say while they think, before any answer ("hmm, let me think"), as text.words
writes it: one of them, alone or among fillers, is no answer yet."""

CLASS_WORDS: dict[str, frozenset[str]] = {
    "en": frozenset({"letter", "number", "word", "name"}),
    "fr": frozenset({"lettre", "nombre", "chiffre", "mot", "nom"}),
}
"""Words naming what any answer is ("the letter W"), besides the category's own head noun."""

_LINKS = frozenset({"of", "called", "named", "de", "du", "des", "d", "appele", "appelee"})

_TITLE_SKIPS = frozenset({"a", "an", "the", "famous", "types", "type", "kinds", "kind", "names",
                          "name", "of", "things", "thing", "something", "les", "des", "un",
                          "une", "le", "la", "de", "noms", "nom", "celebres", "sortes",
                          "choses", "chose"})


def answer_part(text: str, lang: str = "en", title: str = "") -> str:
    """What a player said, less the framing around the answer: fillers ("I think it's"), then
    an article and a word naming the category's kind ("the planet", "letter"); the answer's own
    words are kept as said. The whole text when nothing frames it."""
    return answer_parts(text, lang, title)[1]


def answer_parts(text: str, lang: str = "en", title: str = "") -> tuple[str, str]:
    """What a player said less its fillers ("je pense que c'est le château de Versailles" ->
    "le château de Versailles"), and less a class word as well ("Versailles"): the class word
    may be part of the answer ("Château de Versailles" is listed; "sauce tomate")."""
    pieces = text.split()
    if not pieces:
        return text, text
    forms = ["".join(words(piece, lang)) for piece in pieces]
    end = _before_hedges(forms, lang)
    pieces, forms = pieces[:end], forms[:end]
    start = _after_fillers(forms, lang)
    unframed = " ".join(pieces[start:]).strip(" ,.!?;:") or text
    after = _after_class_word(forms, start, lang, _class_words(title, lang))
    rest = pieces[after:]
    if after > start and words(rest[0], lang)[:1] == ("d",) and len(forms[after]) > 1:
        rest[0] = rest[0][2:]  # "île d'Elbe": the answer is "Elbe"
    return unframed, " ".join(rest).strip(" ,.!?;:") or text


def thinking_aloud(text: str, lang: str = "en") -> bool:
    """Whether a player said only words said while thinking, perhaps among fillers ("Hmm, let
    me think", "Euh… voyons voir"): no answer yet, and no move. A filler alone ("Oh", "Um")
    is not: by voice it is as often a short answer misheard ("Ulm"), which is asked again."""
    framing, thought = _framing_only(text, lang)
    return framing and thought


def no_answer_said(text: str, lang: str = "en") -> bool:
    """Whether a player said only fillers or words said while thinking ("Um", "hmm, let me
    think"): nothing that may be an answer, though "um" is in the dictionary."""
    return _framing_only(text, lang)[0]


def _framing_only(text: str, lang: str) -> tuple[bool, bool]:
    """Whether something was said and all of it was fillers and thinking words, and whether
    there was a thinking word among them (the fillers alone do not cover it all)."""
    said = list(words(text, lang))
    fillers = _FILLERS.get(lang, _FILLERS["en"])
    framing = (*_THINKING.get(lang, _THINKING["en"]), *fillers)
    all_framing = bool(said) and _leading(said, framing, keep=0) == len(said)
    return all_framing, all_framing and _leading(said, fillers, keep=0) < len(said)


def _before_hedges(forms: list[str], lang: str) -> int:
    """The index after the last piece before the trailing hedges ("Spain, I think"), always
    leaving one piece."""
    hedges = [" ".join(reversed(hedge.split())) for hedge in _HEDGES.get(lang, _HEDGES["en"])]
    return len(forms) - _leading(forms[::-1], hedges, keep=1)


def _after_fillers(forms: list[str], lang: str) -> int:
    """The index of the first piece after the leading fillers (always leaving one piece)."""
    return _leading(forms, _FILLERS.get(lang, _FILLERS["en"]), keep=1)


def _leading(forms: list[str], phrases: Sequence[str], *, keep: int) -> int:
    """The index after the phrases (words apart by spaces) that `forms` start with, one after
    another, leaving at least `keep` pieces."""
    start, moved = 0, True
    while moved:
        moved = False
        for phrase in phrases:
            size = len(phrase.split())
            if start + size <= len(forms) - keep \
                    and " ".join(forms[start:start + size]) == phrase:
                start, moved = start + size, True
                break
    return start


def _after_class_word(forms: list[str], start: int, lang: str, classes: frozenset[str]) -> int:
    """The index after "[article] <class word> [of]" at `start`, if an answer follows it."""
    i = start + 1 if forms[start] in ARTICLES.get(lang, ARTICLES["en"]) else start
    if i + 1 >= len(forms) or _singular(forms[i], lang) not in classes:
        return start
    i += 1
    if forms[i] in _LINKS and i + 1 < len(forms):
        i += 1
    return i


@lru_cache(maxsize=512)
def _class_words(title: str, lang: str) -> frozenset[str]:
    """The words that name a category's kind: its title's head noun ("Planets of the solar
    system" -> planet), and the universal ones (letter, number)."""
    head = next((w for w in words(title, lang) if w not in _TITLE_SKIPS), "")
    universal = CLASS_WORDS.get(lang, CLASS_WORDS["en"])
    return universal | {_singular(head, lang)} if head else universal


def _singular(word: str, lang: str) -> str:
    """A word's singular stem, as the key folding makes it."""
    return singular_fr(word) if lang == "fr" else fold_plural(word)

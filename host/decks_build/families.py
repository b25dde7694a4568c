"""Categories made from data: rhymes (CMUdict), word endings (word lists; French ones read in
Lexique), each answer kept only when common enough (wordfreq) for a guest to know it."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Iterator
from importlib import resources

from host.decks_build.lexique import base_forms, verb_freq
from host.decks_build.quality import Draft, zipf
from host.judge.people import first_names
from host.judge.text import strip_accents
from host.judge.wordlists import COMMON

ENDING_ZIPF = 3.0
"""A word ending a category's way is listed when at least this common; others go to the vote."""
RHYME_ZIPF = 3.3
"""A rhyme is listed when at least this common."""
LITTLE_ZIPF = 6.2
"""Commoner than this a word is a little word ("are", "not", "when"), no rhyme to play."""
LISTED = 80
"""At most this many answers listed (the most common): enough for bots and the judge."""

ENDINGS = {
    "en": ("ness", "ful", "less", "able", "ible", "ism", "ist", "ship", "ology", "ment", "ity",
           "ous", "ive", "ary", "ery", "ure", "ance", "ence", "age", "tion", "sion", "ight",
           "ician", "ward", "some", "hood", "dom", "ette", "ock", "ick", "ack"),
    "fr": ("tion", "ette", "age", "eur", "oire", "isme", "iste", "erie", "ade", "ure", "ance",
           "ence", "esse", "able", "ible", "if", "ique", "elle", "eau", "ine", "ain", "ier",
           "ée", "ot", "ard", "ant", "ent", "et", "at", "ou", "ais", "té", "al", "el", "o",
           "logie", "aire", "ien", "ice", "ide"),
}
"""Word endings tried, each kept only when its common words pass the floors (French ones that
do not, once verb forms, feminines and names are out, are left off: -euse, -ière, -oir, -ise,
-ouille, -aille, -asse; -eux and -in repeat the box and a rhyme)."""

SPELLED = frozenset({"ight", "ette", "ock", "ick", "ack", "ology", "ician"})
"""English endings taken as spelled: letters, not a suffix ("-ight"), or a suffix that carries
the word's stress itself ("-ology", "-ician"). Every other English ending is a suffix: a word
carries it only when it is unstressed and follows a stem of three letters or more, so that
"exist", "assist" (stressed "-ist"), "arrive", "secure", "garage" and "prism" are left out."""

HEADS = (
    "car", "star", "jar", "pot", "knot", "snack", "sack", "axe", "wax", "hand", "sand", "band",
    "sun", "bun", "gun", "ball", "wall", "door", "floor", "sword", "pie", "tie", "eye", "bride",
    "slide", "fire", "tyre", "smile", "tile", "wine", "nine", "kite", "night", "prize", "bed",
    "bread", "bell", "shell", "friend", "tent", "chair", "hair", "nest", "chest", "jet", "pet",
    "cake", "snake", "whale", "snail", "tail", "train", "rain", "chain", "face", "vase", "plate",
    "gate", "hill", "pill", "skin", "pin", "king", "ring", "ship", "lip", "deer", "beer", "ear",
    "kit", "tree", "key", "seed", "queen", "bean", "feet", "street", "cheese", "snow", "toe",
    "bowl", "goal", "phone", "bone", "stone", "nose", "rose", "shoe", "zoo", "food", "boot",
    "fruit", "day", "blade", "maze", "store", "stairs", "dress", "lace", "dog", "cup", "clock",
)
"""Words a rhyme category may be named after: short everyday things ("Words that rhyme with
'cake'"), never a long or abstract word ("relationship", "operator"). A rhyming sound with
none of them is left out; with several, the first here names it."""

NOUN_FLOOR = 0.2
"""Lexique frequency (per million) a French ending's word needs as a noun or an adjective in its
base form: below it the word is a verb form ("appelle", "oublier"), a feminine or a plural, a
name ("Rousseau", "Florence") or a loan Lexique lacks ("boot"), and is left out."""
VERB_SHARE = 0.15
"""A French word is listed only when its noun or adjective is at least this share as common as
its verb: "pouvoir", "rentrée", not "avoir", "savoir" or "tirée"."""
NAME_FLOOR = 2.5
"""A first name or a country ("Margot", "Pascal", "Chine") is listed only when this common as a
noun ("fleur", "grenade", "solo")."""
SOUNDS = {"fr": {"ot": "o", "ine": "in", "ise": "iz", "ure": "yR", "ard": "aR", "ant": "@",
               "ent": "@", "et": "E", "at": "a", "ou": "u", "ais": "E", "té": "te", "al": "al",
               "el": "El", "o": "o", "aire": "ER", "ien": "j5", "ice": "is", "ide": "id"}}
"""How an ending sounds (Lexique's code) where a spelling alone misleads: "robot", not "foot"
or "spot"; "cabine", not "semaine" or "moine"; "valise", not "chaise"; "voiture", not "heure"
or "dinosaure"; "client", not "ils mangent"."""
NOUNS_ONLY = {"fr": frozenset({"té"})}
"""Endings whose adjectives are mostly past participles ("limité", "respecté"): nouns only."""

TITLES = {"en": "Words ending in '-{ending}'", "fr": "Mots qui se terminent par « -{ending} »"}
IDS = {"en": "words-ending-{ending}", "fr": "mots-en-{ending}"}
RUDE = {
    "en": frozenset({"bitchiness", "shit", "bullshit", "shitty", "whore", "tit", "incest",
                     "prostitute", "cocaine", "rapist", "threesome", "condom", "sexism", "pee"}),
    "fr": frozenset({"connard", "connerie", "couille", "putain", "dégueulasse", "conne",
                     "salope", "enculé", "bordel", "chiasse", "pétasse", "connasse", "pouffiasse",
                     "bite", "merde", "racaille", "chier", "saloperie", "engueulade",
                     "quéquette", "levrette", "pissotière", "tapette", "cochonnerie", "vacherie",
                     "baise", "puceau", "chiant", "vagin", "porno", "négro", "facho", "homo",
                     # little words ending like the category, but no answer a guest plays
                     "quelle", "laquelle", "celle", "telle", "cette", "quant", "quoi"}),
}
"""Rude words kept out of the family categories (adults-only categories are hand-written)."""
READ_OUT = {"fr": frozenset({"pékin", "figaro", "blanchet", "millet", "claire", "pascal", "flat",
                             "management", "balais"})}
"""Words the data keeps that reading the lists threw out: names of people and places the word
list also has as common nouns ("figaro", a barber), beside the first names and countries the
data knows; English words; a plural."""


def _words(lang: str) -> set[str]:
    """The word list's everyday words (no proper nouns, no rude words)."""
    path = next((p for p in COMMON[lang] if p.is_file()), None)
    if path is None:
        raise OSError(f"word list for {lang!r} missing: scripts/setup installs it")
    return {word for word in path.read_text("utf-8").split()
            if word.isalpha() and word.islower() and word not in RUDE[lang]}


def _inflected(word: str, every: set[str]) -> bool:
    """An English plural or verb form whose base is a word of its own ("cats", "jumped"): lists
    name base forms (French words are read in Lexique instead)."""
    if word.endswith(("s", "x")) and word[:-1] in every:
        return True
    return (word.endswith("ed") and (word[:-2] in every or word[:-1] in every)) \
        or (word.endswith("ing") and (word[:-3] in every or word[:-3] + "e" in every))


def _proper(lang: str) -> frozenset[str]:
    """First names and the country names of a language, which a word list may also have as a
    common noun ("margot", a magpie; "chine", a paper): no answer to a word-ending category."""
    from host.judge.generated import GENERATORS

    countries = GENERATORS["countries"]({}, lang).answers.values()
    return frozenset(strip_accents(n).lower() for n in (*first_names(), *countries))


def _french(word: str, ending: str, names: frozenset[str]) -> bool:
    """Whether a French word ending the category's way is a noun or adjective a guest names: in
    its base form, common as such, no first name first, the ending said as spelled."""
    entries = base_forms(word)
    if ending in NOUNS_ONLY["fr"]:
        entries = tuple(e for e in entries if e.cgram == "NOM")
    freq = max((e.freq for e in entries), default=0.0)
    if freq < max(NOUN_FLOOR, VERB_SHARE * verb_freq(word)) \
            or (strip_accents(word) in names and freq < NAME_FLOOR) or word in READ_OUT["fr"]:
        return False
    sound = SOUNDS["fr"].get(ending)
    return sound is None or any(e.phon.endswith(sound) for e in entries)


def _pronounced(lang: str) -> Callable[[str], list[str]]:
    """CMUdict's pronunciations of an English word (none for another language)."""
    import pronouncing

    pronouncing.init_cmu()
    return lambda word: list(pronouncing.lookup.get(word, ())) if lang == "en" else []


def _carries(word: str, ending: str, phones: list[str]) -> bool:
    """True when an English word carries a suffix: the ending unstressed in every way CMUdict
    says the word, after a stem of three letters or more ("artist", not "exist" or "wrist")."""
    if len(word) - len(ending) < 3 or not phones:
        return False
    syllables = len(re.findall(r"[aeiouy]+", re.sub(r"(?<=[^aeiouy])e$", "", ending)))
    for said in phones:
        stresses = [p[-1] for p in said.split() if p[-1].isdigit()]
        if len(stresses) <= syllables or "1" in stresses[-syllables:]:
            return False
    return True


def _plain(found: list[str], lang: str = "en") -> list[tuple[str, tuple[str, ...]]]:
    """Words as answers without aliases, capitalised; French ones with their ligature, which
    the word list spells out ("coeur" is "Cœur")."""
    if lang == "fr":
        found = [re.sub("oe(?=[ui])", "œ", w) for w in found]
    return [(w.capitalize(), ()) for w in found]


def endings(lang: str) -> Iterator[Draft]:
    """One draft per word ending: its common words, commonest first."""
    every = _words(lang)
    known = {w: zipf(w, lang) for w in sorted(every)}
    known = {w: f for w, f in known.items() if f >= ENDING_ZIPF}
    phones = _pronounced(lang)
    names = _proper(lang) if lang == "fr" else frozenset()

    def kept(word: str, ending: str) -> bool:
        if lang == "fr":
            return _french(word, ending, names)
        return not _inflected(word, every) \
            and (ending in SPELLED or _carries(word, ending, phones(word)))

    for ending in ENDINGS[lang]:
        found = [w for w in known if w.endswith(ending) and len(w) > len(ending) + 1
                 and kept(w, ending)]
        found.sort(key=lambda w: (-known[w], w))
        yield Draft(IDS[lang].format(ending=strip_accents(ending)),
                    TITLES[lang].format(ending=ending),
                    _plain(found[:LISTED], lang), "endings")


def rhymes() -> Iterator[Draft]:
    """English rhymes, one draft per rhyming sound with many common words, named after one of
    the HEADS ("Words that rhyme with 'cake'"); the `rhymes` generator judges them."""
    from host.judge.generated import rhyme_index

    everyday = _words("en")  # no names ("Carrie" is no rhyme of "military" to list)
    for part, group in sorted(rhyme_index().items()):
        heads = [w for w in HEADS if w in group]
        if part.startswith("last:") or not heads:
            continue
        word = heads[0]
        # base forms a guest says, not "guys" or "surprised", nor little words ("are")
        common = sorted((w for w in group if w in everyday and w != word and len(w) >= 3
                         and RHYME_ZIPF <= zipf(w, "en") < LITTLE_ZIPF
                         and not _inflected(w, everyday)),
                        key=lambda w: (-zipf(w, "en"), w))
        if len(common) < 25:
            continue
        yield Draft(f"rhymes-with-{word}", f"Words that rhyme with '{word}'",
                    _plain(common[:LISTED]), "rhymes", generator="rhymes", params={"word": word})


def hand_written(lang: str) -> Iterator[Draft]:
    """The categories written by hand for this language (host/decks_build/hand/<lang>/*.toml,
    file by file in name order)."""
    folder = resources.files("host.decks_build").joinpath(f"hand/{lang}")
    for file in sorted((f for f in folder.iterdir() if f.name.endswith(".toml")),
                       key=lambda f: f.name):
        yield from _hand_drafts(file.read_text("utf-8"))


def _hand_drafts(text: str) -> Iterator[Draft]:
    """The drafts of one hand-written file ("Text | alias" answers; `family = "rhymes"` or
    "endings" for word play, which a card offers at most once)."""
    for raw in tomllib.loads(text).get("category", []):
        answers: list[tuple[str, tuple[str, ...]]] = []
        for item in raw["answers"]:
            parts = [p.strip() for p in item.split("|")]
            answers.append((parts[0], tuple(p for p in parts[1:] if p)))
        yield Draft(raw["id"], raw["title"], answers, raw.get("family", "hand"),
                    people=raw.get("people", False), adult=raw.get("adult", False))

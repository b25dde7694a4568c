"""Answer text normalisation: case, accents, punctuation, numbers, articles, plurals, letters."""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from host.judge.numbers import number_value
from host.judge.wordnet import noun_synsets, one_word_lemmas, verb_counts, verb_exceptions

TEXT_MEMO_SIZE = 4096
"""How many texts each of the text functions remembers: a game's categories and what was said
in it, not every answer the deck check saw at load (44,000 answers would hold about 20 MB)."""

ARTICLES: dict[str, frozenset[str]] = {
    "en": frozenset({"the", "a", "an"}),
    "fr": frozenset({"le", "la", "les", "l", "un", "une", "des", "du"}),
}
"""Leading words that may carry the letter as well as the next word (the article rule); in
French the partitive "de la", "de l'" too (see strip_article)."""

_AND: dict[str, str] = {"en": "and", "fr": "et"}

# Spelling variants and recognizer confusions folded to one form before matching.
_TOKEN_FOLDS: dict[str, dict[str, str]] = {
    "en": {
        "grey": "gray", "colour": "color", "colours": "colors", "centre": "center",
        "theatre": "theater", "doughnut": "donut", "doughnuts": "donuts", "st": "saint",
        "mt": "mount", "mr": "mister", "dr": "doctor", "okay": "ok", "vs": "versus",
        "aluminium": "aluminum", "sulphur": "sulfur", "caesium": "cesium", "yoghurt": "yogurt",
        "yoghourt": "yogurt", "pyjamas": "pajamas", "jewellery": "jewelry", "tyre": "tire",
        "cheque": "check", "programme": "program", "whisky": "whiskey", "moustache": "mustache",
        "plough": "plow", "mum": "mom", "mummy": "mommy", "n": "and",
    },
    "fr": {"st": "saint", "ste": "sainte"},
}

# French words that accents alone tell from an article, folded before the accents go: "dés à
# coudre" is "dé à coudre", not the article "des" before "à coudre".
_ACCENTED_FOLDS: dict[str, dict[str, str]] = {"fr": {"dés": "dé"}}

# Endings that are part of the word ("glass"); other singulars in -s fold the same way on
# both sides of a comparison, so "Paris" matching "Pari" does no harm.
_KEEP_S = ("ss",)

_ONES_EN = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
            "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
            "eighteen", "nineteen")
_TENS_EN = ("_", "_", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")
_ONES_FR = ("zero", "un", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix",
            "onze", "douze", "treize", "quatorze", "quinze", "seize", "dix-sept", "dix-huit",
            "dix-neuf")
_TENS_FR = ("_", "_", "vingt", "trente", "quarante", "cinquante", "soixante", "soixante",
            "quatre-vingt", "quatre-vingt")
_ORDINALS_EN = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth", 6: "sixth",
                7: "seventh", 8: "eighth", 9: "ninth", 10: "tenth", 12: "twelfth", 20: "twentieth"}

_APOSTROPHES = str.maketrans({"’": "'", "‘": "'", "`": "'", "´": "'", "ʼ": "'"})
_NUMBER = re.compile(r"(\d+)(?:(st|nd|rd|th|er|ere|re|eme|e)\b)?")
_NON_WORD = re.compile(r"[^a-z0-9' ]+")


def _en_number(n: int) -> str:
    """Spell an integer below 10 000 in English ("one hundred one": no "and", it is dropped)."""
    if n < 20:
        return _ONES_EN[n]
    if n < 100:
        tens, one = divmod(n, 10)
        return _TENS_EN[tens] + (" " + _ONES_EN[one] if one else "")
    if n < 1000:
        hundreds, rest = divmod(n, 100)
        return _ONES_EN[hundreds] + " hundred" + (" " + _en_number(rest) if rest else "")
    thousands, rest = divmod(n, 1000)
    if 1100 < n < 2000 or (2009 < n < 2100 and n % 100):  # years: 1984 -> nineteen eighty four
        hi, lo = divmod(n, 100)
        return _en_number(hi) + " " + _en_number(lo) if lo else _en_number(hi) + " hundred"
    return _en_number(thousands) + " thousand" + (" " + _en_number(rest) if rest else "")


def _fr_number(n: int) -> str:
    """Spell an integer below 10 000 in French, hyphenated words (dropped to spaces later)."""
    if n < 20:
        return _ONES_FR[n]
    if n < 100:
        tens, one = divmod(n, 10)
        if tens in (7, 9):
            return _TENS_FR[tens] + "-" + _ONES_FR[10 + one]
        if one == 0:
            return _TENS_FR[tens] + ("s" if tens == 8 else "")
        return _TENS_FR[tens] + ("-et-un" if one == 1 and tens != 8 else "-" + _ONES_FR[one])
    if n < 1000:
        hundreds, rest = divmod(n, 100)
        head = "cent" if hundreds == 1 else _ONES_FR[hundreds] + " cent"
        return head + (" " + _fr_number(rest) if rest else "")
    thousands, rest = divmod(n, 1000)
    head = "mille" if thousands == 1 else _fr_number(thousands) + " mille"
    return head + (" " + _fr_number(rest) if rest else "")


def _fr_ordinal(n: int, suffix: str) -> str:
    """A French ordinal in words: "1er" -> "premier", "1re" -> "premiere", "21e" ->
    "vingt-et-unieme", "5e" -> "cinquieme", "9e" -> "neuvieme"."""
    if n == 1:
        return "premier" if suffix == "er" else "premiere"
    cardinal = _fr_number(n)
    if cardinal.endswith("cinq"):
        return cardinal + "uieme"
    if cardinal.endswith("neuf"):
        return cardinal[:-1] + "vieme"
    return cardinal.rstrip("e").removesuffix("s") + "ieme"  # quatre, onze, quatre-vingts


def _spell_number(match: re.Match[str], lang: str) -> str:
    """Replace digits (and ordinal suffixes) with number words."""
    n = int(match.group(1)) if len(match.group(1)) <= 4 else -1
    if n < 0:
        return match.group(0)
    if match.group(2) and lang == "en" and n in _ORDINALS_EN:
        return " " + _ORDINALS_EN[n] + " "
    if match.group(2) and lang == "fr" and n > 0:
        return " " + _fr_ordinal(n, match.group(2)) + " "
    return " " + (_fr_number(n) if lang == "fr" else _en_number(n)) + " "


def strip_accents(text: str) -> str:
    """Drop diacritics: "Élodie" -> "Elodie", "Curaçao" -> "Curacao"."""
    decomposed = unicodedata.normalize("NFKD", text)
    folded = "".join(c for c in decomposed if not unicodedata.combining(c))
    for ligature, letters in LIGATURES.items():
        folded = folded.replace(ligature, letters)
    return folded


LIGATURES = {"æ": "ae", "Æ": "AE", "œ": "oe", "Œ": "OE", "ß": "ss", "ø": "o", "Ø": "O"}
"""Letters no Unicode decomposition splits, spelt out as their plain letters."""


@lru_cache(maxsize=TEXT_MEMO_SIZE)
def words(text: str, lang: str = "en") -> tuple[str, ...]:
    """Lower-case ascii words of an answer, digits spelt out, "&" as "and", articles kept."""
    text = text.translate(_APOSTROPHES).casefold()
    if lang in _ACCENTED_FOLDS:
        text = unicodedata.normalize("NFC", text)
        for accented, plain in _ACCENTED_FOLDS[lang].items():
            text = re.sub(rf"\b{accented}\b", plain, text)
    text = strip_accents(text)
    text = text.replace("&", f" {_AND.get(lang, 'and')} ").replace("+", " plus ")
    text = _NUMBER.sub(lambda m: _spell_number(m, lang), text)
    text = _NON_WORD.sub(" ", text.replace("-", " ").replace(".", ""))
    out: list[str] = []
    for raw in text.split():
        if lang == "fr" and len(raw) > 2 and raw[1] == "'" and raw[0] in "ldjmnst":
            out.append(raw[0])  # l'avion -> l avion, d'artagnan -> d artagnan
            raw = raw[2:]
        elif lang == "fr" and len(raw) > 3 and raw.startswith("qu'"):
            out.append("que")  # qu'il -> que il
            raw = raw[3:]
        word = raw.strip("'").replace("'", "")
        if word:
            out.append(_TOKEN_FOLDS.get(lang, {}).get(word, word))
    return tuple(out)


def fold_plural(word: str) -> str:
    """Reduce an English plural to a stem shared with its singular ("berries" -> "berry");
    a plural in -es of a word the dictionary knows folds as that word ("irises" as "iris",
    "tomatoes" as "tomato", "buses" as "bus")."""
    if word.endswith("ie") and len(word) > 4:  # "brownie" meets "brownies" at "browny"
        return word[:-2] + "y"
    if len(word) <= 3 or not word.endswith("s") or word.endswith(_KEEP_S):
        return word
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("ches", "shes", "xes", "zes", "sses")):
        return word[:-2]
    if word.endswith(("ses", "oes")) and len(word) > 4 and word[:-2] in _everyday():
        return fold_plural(word[:-2])
    return word[:-1]


@lru_cache(maxsize=1)
def _everyday() -> frozenset[str]:
    """Everyday English words (wamerican; empty when it is not installed)."""
    from host.judge.wordlists import common_words

    return common_words("en")


DETERMINERS = frozenset({"the", "a", "an", "my", "your", "his", "her", "its", "our", "their"})
"""Words inside an English phrase that change nothing of the answer ("make the bed", "making
my bed"), dropped when two other words remain."""
_VERB_ENDINGS = (("ing", "e"), ("ing", ""), ("ed", "e"), ("ed", ""), ("ies", "y"), ("es", ""),
                 ("s", ""))


def fold_words(tokens: list[str]) -> list[str]:
    """An English answer's words as matched: a phrase's determiners dropped and its leading
    verb as its base ("making my bed" as "make bed"), then each word singular, spelt one
    way ("mummies" as "mommy") and its common short form in full ("mayo" as "mayonnaise")."""
    content = [token for token in tokens if token not in DETERMINERS]
    if len(content) >= 2:
        tokens = [verb_base(content[0]), *content[1:]]
    return [fold_word(token) for token in tokens]


def fold_word(word: str) -> str:
    """One English word singular, spelt one way, and in full when it is a clipping."""
    stem = fold_plural(word)
    stem = _TOKEN_FOLDS["en"].get(stem, stem)
    return clippings().get(stem, stem)


def verb_base(word: str) -> str:
    """The base of an inflected English verb ("making" -> "make", "ran" -> "run"), the
    commonest verb in WordNet when several fit ("singing": sing, not singe); a word that is a
    verb's base itself, or no verb, stays as it is."""
    verbs = verb_counts()
    if word in verbs:
        return word
    found = [*verb_exceptions().get(word, ())]
    found += [word[:-len(end)] + base for end, base in _VERB_ENDINGS
              if word.endswith(end) and len(word) - len(end) >= 2]
    known = [base for base in found if base in verbs]
    return max(known, key=lambda base: verbs[base]) if known else word


@lru_cache(maxsize=1)
def clippings() -> dict[str, str]:
    """Short forms cut from the start of a word, to that word folded ("mayo" -> "mayonnaise",
    "rhino" -> "rhinocero"): only when WordNet gives the short one no sense, common or proper,
    that the long one lacks ("cap" is no clipping of "capsule"), one long form only, not by a
    suffix ("yellowness"), not the first word of a compound ("aqua" and "aquamarine" are two
    colours), and no verb, adjective or adverb itself ("wed", "sat", "super")."""
    senses: dict[str, int] = {}
    shared: dict[tuple[str, str], int] = {}
    for lemmas in noun_synsets():
        plain = [lemma.lower() for lemma in lemmas if lemma.isalpha()]
        for short in plain:
            senses[short] = senses.get(short, 0) + 1
            for long in plain:
                if len(short) >= 3 and len(long) > len(short) and long.startswith(short):
                    shared[short, long] = shared.get((short, long), 0) + 1
    longs: dict[str, list[str]] = {}
    for (short, long), count in shared.items():
        if count == senses[short]:
            longs.setdefault(short, []).append(long)
    suffixes = _suffixes({long[len(short):] for short, found in longs.items() for long in found})
    other_words = one_word_lemmas("verb") | one_word_lemmas("adj") | one_word_lemmas("adv")
    return {short: fold_plural(found[0]) for short, found in longs.items()
            if len(found) == 1 and found[0][len(short):] not in suffixes
            and found[0][len(short):] not in _everyday() and short not in other_words
            and fold_plural(short) == short != fold_plural(found[0])}


SUFFIX_WORDS = 10
"""A word ending that makes this many everyday words of others ("-ness", "-ation", "-ture")
derives a word, not a short form: "yellow" is no clipping of "yellowness"."""


def _suffixes(endings: set[str]) -> frozenset[str]:
    """The endings, among those given, that derive at least SUFFIX_WORDS everyday words from
    others (the English suffixes)."""
    counts = dict.fromkeys(endings, 0)
    everyday = _everyday()
    for word in everyday:
        for cut in range(3, len(word)):
            ending = word[cut:]
            if ending in counts and word[:cut] in everyday:
                counts[ending] += 1
    return frozenset(ending for ending, count in counts.items() if count >= SUFFIX_WORDS)


def fold_plural_fr(word: str) -> str:
    """Drop a French plural's silent s or x ("maisons" -> "maison"); short words keep theirs
    ("des" is not "de")."""
    return word[:-1] if len(word) > 3 and word[-1] in "sxSX" else word


IRREGULAR_FR = {"yeux": "oeil", "cieux": "ciel", "aieux": "aieul", "bonshommes": "bonhomme",
                "gentilshommes": "gentilhomme", "etaux": "etau"}
"""French plurals no ending rule makes singular (accents already dropped); "étaux" is the
vice's, not the stall's ("étals"). Not "messieurs", "mesdames": words of address, listed
apart from "monsieur" among the rhymes of "bleu"."""


def singular_fr(word: str) -> str:
    """A French word (lower-case, no accents) as its singular, as the judge matches it:
    "yeux" -> "oeil", "chevaux" -> "cheval", "travaux" -> "travail", "tuyaux" -> "tuyau",
    "chapeaux" -> "chapeau", "bananes" -> "banane". A plural in -aux (not -eaux) is "-al" or
    "-ail" when the everyday words (wfrench) have that singular; other words drop a final s
    or x as fold_plural_fr does (a singular such as "souris" folds the same way on both sides
    of a comparison)."""
    if word in IRREGULAR_FR:
        return IRREGULAR_FR[word]
    if len(word) > 4 and word.endswith("aux") and not word.endswith("eaux"):
        everyday = _everyday_fr()
        for ending in ("al", "ail"):
            if word[:-3] + ending in everyday:
                return word[:-3] + ending
    return fold_plural_fr(word)


@lru_cache(maxsize=1)
def _everyday_fr() -> frozenset[str]:
    """Everyday French words without accents (wfrench; empty when it is not installed)."""
    from host.judge.wordlists import common_words

    return common_words("fr")


def singular_variants(text: str, lang: str = "en") -> list[str]:
    """The answer with its last word made singular in each plausible way ("tomatoes" ->
    "tomatoe", "tomato"), for exact lookups that plural folding alone misses."""
    tokens = words(text, lang)
    if not tokens or len(tokens[-1]) <= 3 or not tokens[-1].endswith("s"):
        return []
    last = tokens[-1]
    stems = [last[:-1], last[:-2]] if last.endswith("es") else [last[:-1]]
    return [" ".join((*tokens[:-1], stem)) for stem in stems]


PARTITIVES: dict[str, frozenset[str]] = {"fr": frozenset({"la", "l"})}
"""Words after "de" making a two-word article ("de la moutarde", "de l'huile")."""


def strip_article(tokens: tuple[str, ...], lang: str = "en") -> tuple[str, ...]:
    """Drop one leading article when something follows it ("the godfather" -> "godfather",
    "de la moutarde" -> "moutarde")."""
    if len(tokens) > 2 and tokens[0] == "de" and tokens[1] in PARTITIVES.get(lang, ()):
        return tokens[2:]
    if len(tokens) > 1 and tokens[0] in ARTICLES.get(lang, ARTICLES["en"]):
        return tokens[1:]
    return tokens


def has_article(text: str, lang: str = "en") -> bool:
    """True when an answer is written with a leading article ("Le Menteur", "The Who")."""
    tokens = words(text, lang)
    return strip_article(tokens, lang) is not tokens


@lru_cache(maxsize=TEXT_MEMO_SIZE)
def normalize(text: str, *, lang: str = "en") -> str:
    """The matching key of an answer: no case, accents, punctuation, article, plural or spaces;
    a number's key is its digits, however it was said ("eleven" -> "11")."""
    tokens = strip_article(words(text, lang), lang)
    value = number_value(tokens, lang)
    if value is not None:
        return str(value)
    conj = _AND.get(lang, "and")
    kept = [t for t in tokens if t != conj] or list(tokens)
    if lang == "en":
        kept = fold_words(kept)
    elif lang == "fr":
        kept = [singular_fr(t) for t in kept]
    return "".join(kept)


def strict_key(text: str, lang: str = "en") -> str:
    """A key without case, accents, punctuation or article, but with plural endings kept."""
    return "".join(strip_article(words(text, lang), lang))


PARTICLES = frozenset({"van", "von", "de", "da", "di", "du", "del", "della", "der", "den",
                        "la", "le", "st", "saint", "ten", "ter", "mac", "mc", "al", "el", "bin"})


@lru_cache(maxsize=TEXT_MEMO_SIZE)
def answer_letters(text: str, lang: str = "en", people: bool = False,
                   article_letter: bool = True) -> tuple[str, ...]:
    """Upper-case letters an answer may be played with: first word (the article's too when
    article_letter, as in Crack List; Scattergories says no), people's first or last name."""
    tokens = words(text, lang)
    if not tokens:
        return ()
    rest = strip_article(tokens, lang)
    picks = [tokens[0]] if article_letter or rest is tokens else []
    if rest is not tokens:
        picks.append(rest[0])
    if people and len(rest) > 1:
        picks.append(rest[-1])
        i = len(rest) - 2
        while i > 0 and rest[i] in PARTICLES:  # "Vincent van Gogh": V and G
            picks.append(rest[i])
            i -= 1
    letters: list[str] = []
    for word in picks:
        first = word[0].upper()
        if first.isalpha() and first not in letters:
            letters.append(first)
    return tuple(letters)

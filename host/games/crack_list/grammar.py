"""Crack List's words, per language: how players answer, play their cards, hand out a penalty,
vote, challenge, call the countdown and ask the host (host.games.crack_list.talk parses, says and
offers them; nothing else spells them)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from host.core.talk import (
    FRENCH_LETTERS,
    FRENCH_NUMBER_WORDS,
    FRENCH_NUMBERS,
    FRENCH_QUERIES,
    HEARD_NUMBERS,
    LETTER_NAMES,
    NUMBER_WORDS,
    clean,
)
from host.games.crack_list.cards import CRACK_LIST, JOKER, REVERSE, STOP, SWAP


@dataclass(frozen=True)
class Grammar:
    """One language's words for the moves and the questions: what the talk says (templates
    with `{answer}`, `{letter}`, `{target}`, ...) and the patterns it hears (on cleaned words
    unless said raw)."""

    lang: str
    """The language, as the judge reads the letters an answer may be played with."""

    # ------------------------------------------------------------------ said
    passes: str
    challenge: str
    countdown: str
    """The time challenge as players say it ("crack on")."""
    cards: Mapping[str, str]
    """Each action card's name, by its card: played alone (Stop, Reverse, Crack List), or
    given in a swap."""
    with_letter: str
    """An answer with the letter card named: "{letter}, {answer}"."""
    with_joker: str
    """An answer on the Joker: "joker {answer}"."""
    then_penalty: str
    """An answer with who takes its penalty, in one breath: "{answer}, {penalty}"."""
    choose: str
    """A category chosen by its number on the red card: "number {n}"."""
    choose_also: tuple[tuple[str, ...], ...]
    """Other ways to choose the first, second and third category (also offered)."""
    swap_hand: str
    swap_card: str
    """A Swap card for one card of the hand: "swap my {card} with {target}"."""
    cards_counted: tuple[str, ...]
    """How a number of cards is said (a penalty's share: French counts them "une")."""
    no_penalty: str
    all_to: str
    """A penalty all to one player: "all to {target}"."""
    give: str
    """A penalty in shares: "give {shares}", each share "{n} to {target}", joined by `also`."""
    share: str
    also: str
    give_sole: tuple[str, str]
    """Giving the penalty to the one other player of a two-player table, unnamed: a card,
    cards."""
    votes: Mapping[bool, str]
    """A vote for the answer and against it."""
    claim: str
    """"The next thing said is mine": "my turn {person}"."""
    questions: Mapping[str, str]
    """Each question offered to the recognizer, by its kind."""
    count_question: str
    """How many cards someone holds, as offered: "how many cards has {person} got"."""
    number_words: tuple[str, ...]
    """How small numbers are said (a category's number)."""

    # ------------------------------------------------------------------ heard
    letter_names: Mapping[str, str]
    """Letters as players say them ("double u" is W)."""
    card_names_also: Mapping[str, str]
    """Other names players give an action card than `cards` (cleaned), to the card."""
    numbers: Mapping[str, int]
    """Number words as players say them or a recognizer writes them (homophones included)."""
    table_call: re.Pattern[str]
    """What a player may say after their bare name ("Bob challenge"): a call on someone else's
    turn. Any other words after a name are not a claim to speak ("Bob Dylan" is an answer)."""
    commands: tuple[tuple[re.Pattern[str], str], ...]
    """The moves said in fixed words, each with its kind: challenge, countdown, pass and the
    action cards (by card)."""
    choice: re.Pattern[str]
    """A category chosen by its number, said whole (group `n`): a number inside other words
    chooses nothing ("fridge, all to Ann" is no choice of number two); with physical cards,
    anything else is a title read from the chooser's own red card. Numbers past three are
    heard too, so that the rules can say there are only three ("quatre" is no title)."""
    last: frozenset[str]
    """The words for the third category ("the last one")."""
    vote_yes: re.Pattern[str]
    vote_no: re.Pattern[str]
    swap: re.Pattern[str]
    """A Swap card played, with one card (group `card`) or the hand, with someone (`who`)."""
    whole_hand: frozenset[str]
    """Words for the whole hand where a swap names its card."""
    card_framing: re.Pattern[str]
    """Words around a card's name ("the", "my", "card") to take off."""
    declines: re.Pattern[str]
    """A Joker's penalty declined ("no penalty", "nobody")."""
    give_sole_said: re.Pattern[str]
    """Giving the penalty to the one other player of a two-player table, unnamed."""
    give_framing: re.Pattern[str]
    """The verb before the shares of a penalty ("I give them ...")."""
    shares_apart: re.Pattern[str]
    """Where a penalty's shares split ("one to Bob and two to Cat")."""
    counted_share: tuple[re.Pattern[str], ...]
    """A share with its count (group `n`) and its player (group `who`)."""
    uncounted_share: re.Pattern[str]
    """A share of all that is left, to one player (group `who` or `who2`)."""
    penalty_tail: re.Pattern[str]
    """How a penalty said after the answer, in the same breath, begins ("..., all to Ann")."""
    joker: re.Pattern[str]
    """An answer on the Joker (the answer in group `rest`; group `for` a "for" after it)."""
    joker_for: str
    """The word the Joker pattern's group `for` may have taken off the answer ("For Your
    Eyes")."""
    named_letter: re.Pattern[str]
    """A letter set apart from the answer by a comma or colon, raw ("T, toast"). A letter said
    as a word is not enough ("Oh, Calcutta!" is a musical), nor an initial ("J. Cole")."""
    letter_set_apart: re.Pattern[str]
    """The letter (group `l`) set apart before the answer (`rest`): one letter only."""
    letter_before: re.Pattern[str]
    """A letter's name (group `l`) before the answer (`rest`), said without a comma."""
    letter_alone: re.Pattern[str]
    """A letter (group `l`) said with no answer after it ("U", "the letter U")."""
    question_patterns: tuple[tuple[str, str], ...]
    """The game's own questions for the host, as asked once the asking is taken off (the core
    ones are in host.core.talk)."""
    asking: re.Pattern[str]
    """How a question may begin before it asks ("sorry, could you ...")."""
    asked_for: re.Pattern[str]
    """What a question may ask the host to do with what it asks about ("show me my cards")."""
    question_tail: re.Pattern[str]
    """Words a question may end on that change nothing ("the category again, please")."""
    count: re.Pattern[str]
    """How many cards someone holds (groups `who`, `who2` ..., or `named`, who must be a
    player; nobody named: everyone)."""
    asker: frozenset[str]
    """The words for the one asking ("how many have I got")."""
    everyone: frozenset[str]
    """The words for everyone ("how many cards has everyone got")."""

    def card_named(self, words: str) -> str | None:
        """The action card these cleaned words name (a swap's card), or None."""
        named = {clean(said): card for card, said in self.cards.items()}
        return named.get(words) or self.card_names_also.get(words)

    def number(self, n: int) -> str:
        """How a small number is said ("three"); digits beyond the words."""
        return self.number_words[n] if 0 <= n < len(self.number_words) else str(n)

    def cards_count(self, n: int) -> str:
        """How a small number of cards is said ("une"); digits beyond the words."""
        return self.cards_counted[n] if 0 <= n < len(self.cards_counted) else str(n)


EN = Grammar(
    lang="en",
    passes="pass",
    challenge="challenge",
    countdown="crack on",
    cards={STOP: "stop", REVERSE: "reverse", CRACK_LIST: "crack list", SWAP: "swap",
           JOKER: "joker"},
    with_letter="{letter}, {answer}",
    with_joker="joker {answer}",
    then_penalty="{answer}, {penalty}",
    choose="number {n}",
    choose_also=(("one", "the first one"), ("two", "the second one"),
                 ("three", "the third one")),
    swap_hand="swap with {target}",
    swap_card="swap my {card} with {target}",
    cards_counted=NUMBER_WORDS,
    no_penalty="no penalty",
    all_to="all to {target}",
    give="give {shares}",
    share="{n} to {target}",
    also=" and ",
    give_sole=("give it", "give them"),
    votes={True: "yes", False: "no"},
    claim="my turn {person}",
    questions={"category": "what's the category", "hand": "my hand", "score": "score",
               "situation": "whose turn is it"},
    count_question="how many cards has {person} got",
    number_words=NUMBER_WORDS,
    letter_names=LETTER_NAMES,
    card_names_also={},
    numbers=HEARD_NUMBERS,
    table_call=re.compile(
        r"(i )?challenge( that| it)?|crack on|countdown|(yes|yeah|yep|no|nope|accept|reject)"
        r"|my turn.*"),
    commands=(
        (re.compile(r"(i )?challenge( that| it| this)?"), "challenge"),
        (re.compile(r"(crack on|countdown|count ?down|5 4 3 2 1|five four three two one)"
                    r"( crack on)?"), "countdown"),
        (re.compile(r"(i )?pass|(i )?(don'?t|do not) know|no idea|i give up|i'?m stuck"), "pass"),
        (re.compile(r"(play (a |my |the )?)?stop( card)?"), STOP),
        (re.compile(r"(play (a |my |the )?)?reverse( card)?"), REVERSE),
        (re.compile(r"(play (a |my |the )?)?crack ?list( card)?"), CRACK_LIST),
    ),
    choice=re.compile(
        r"((ok(ay)?|um|er|so|right) )*(i'?ll (take|have|do|go (with|for)) |i (choose|pick|want) "
        r"|i'?d like |let'?s (do|go with|go for|have|play) |can (i|we) have |give (me|us) )?"
        r"(number |category |the )?(?P<n>one|two|three|first|second|third|1|2|3|last|won|to|too"
        r"|zero|four|five|six|seven|eight|nine|ten|[04-9]|10)( one)?( please)?"),
    last=frozenset({"last"}),
    vote_yes=re.compile(r"(i )?(yes|yeah|yep|yup|accept|agree|allow( it)?|fine|ok(ay)?|"
                        r"thumbs up|i vote yes|vote yes)"),
    vote_no=re.compile(r"(i )?(no|nope|nah|reject|disagree|refuse|thumbs down|"
                       r"i vote no|vote no)"),
    swap=re.compile(r"(play (a |my |the )?)?swap( card)?( (my )?(hands?|cards?))?"
                    r"( (?:my )?(?P<card>[a-z ]+?))? with (?P<who>.+)"),
    whole_hand=frozenset({"hand", "whole hand", "cards", "all", "everything"}),
    card_framing=re.compile(r"^(the|a|an|my) |( card)$"),
    declines=re.compile(r"no (penalty|penalties)|nobody|no one|none|keep (them|it)"),
    give_sole_said=re.compile(
        r"(yes )?(give|hand|pass)( (them|it))?( (out|over))?( to (him|her|them))?|yes"),
    give_framing=re.compile(r"^(i )?(give|hand|pass|send)( them| it)? "),
    shares_apart=re.compile(r"\band\b|\s(?!cards?\b)(?=\w+(?: cards?)? (?:to|for) )"),
    counted_share=(re.compile(r"(?P<n>\w+)( cards?)? (to|for) (?P<who>.+)"),
                   re.compile(r"(?P<who>.+?) (?P<n>\w+)( cards?)?")),
    uncounted_share=re.compile(r"(all( of them)?|them all|everything|all three|both) (to|for) "
                               r"(?P<who>.+)|(to )?(?P<who2>.+)"),
    penalty_tail=re.compile(
        r"(i )?(give|hand|pass|send) .+|(all( of them)?|them all|everything|all three|both) "
        r"(to|for) .+|\w+( cards?)? (to|for) .+|no (penalty|penalties)"),
    joker=re.compile(r"(play (the |my )?)?joker\b(?P<for> for)?\s*(?P<rest>.*)$"),
    joker_for="for",
    named_letter=re.compile(r"\s*(letter |the letter )?[a-z]\s*[,:]\s", re.IGNORECASE),
    letter_set_apart=re.compile(r"(letter |the letter )?(?P<l>[a-z]) (?P<rest>.+)"),
    letter_alone=re.compile(r"(letter |the letter )?(?P<l>[a-z])"),
    letter_before=re.compile(
        r"(letter |the letter )?(?P<l>double (u|you)|[a-z]+)( for| is)? (?P<rest>.+)"),
    question_patterns=(
        (r"(?:(?:what|which)(?:'?s| is| was)? )?(?:the )?category"
         r"(?: is it| is this| are we (?:on|doing|playing|in)| is| was)?"
         r"|(?:what'?s |what is )?the topic|what are we (?:on|doing|playing)|remind me",
         "category"),
        (r"(?:(?:what|which)(?:'?s| is| are| were) )?(?:in )?(?:my|our) (?:hand|cards|letters)"
         r"(?: left)?"
         r"|(?:what|which) (?:cards|letters) (?:do|have|did) (?:i|we)(?: got| have| hold| left)*"
         r"|(?:what|which) (?:cards|letters) (?:i|we)(?:'ve)? (?:have|hold|got|have got)"
         r"(?: left)?"
         r"|what (?:have|do) (?:i|we)(?: got| have| hold)*(?: in (?:my|our) hand| left)?",
         "hand"),
        (r"(?:(?:what'?s|what is) )?(?:the )?scores?(?: so far)?|who'?s winning|who is winning"
         r"|who'?s (?:ahead|leading|in the lead)|how many rounds(?: (?:have|has) \w+ won)?",
         "score"),
        (r"whose (?:turn|go)(?: is it)?|who'?s (?:next|turn|up|on)|who is (?:next|up|on)"
         r"|is it (?:my|our) turn|what now|what are we waiting for|who are we waiting for"
         r"|where are we", "situation"),
        (r"(?:what are )?(?:the |your )?(?:house )?rules", "rules"),
        (r"help (?:me|us)|i need (?:some )?help|what (?:do|can) (?:i|we) (?:say|do)"
         r"|how (?:do (?:i|we) play|does (?:this|it) work)(?: this)?|what are my options",
         "help"),
        (r"how much time (?:do|have) (?:i|we)(?: got| have)*(?: left)?", "time_left"),
    ),
    asking=re.compile(
        r"(?:(?:hey|ok|okay|so|um|erm|er|sorry|excuse me|host|please|and|but) )*"
        r"(?:(?:can|could|would|will|may) (?:i|you|we) (?:please )?(?:just )?)?"),
    asked_for=re.compile(
        r"(?:see|check|hear|have|get|know|look at|show|read|list|tell|remind|give|say)"
        r"(?: me| us)?(?: out| of)? "),
    question_tail=re.compile(r"(?: (?:please|again|now|host|then|right now))+$"),
    count=re.compile(
        r"how many (?:cards|letters)(?: (?:do|does|have|has|is|are|did) (?P<who>.+?))?"
        r"(?: (?:got|have|has|hold|holds|holding|left|still|now|each|in \w+ hands?))*"
        r"|how many (?:cards|letters) (?P<named>.+?)(?: has| holds| has got| have| got| left)+"
        r"|how many (?:do|does|have|has) (?P<who2>.+?)(?: got| have| hold| left)+"),
    asker=frozenset({"i", "me", "we", "us"}),
    everyone=frozenset({"everyone", "everybody", "every player", "each player", "all of us",
                        "the others", "everyone else", "we all", "people", "you all", "left",
                        "there", "you"}),
)
"""The English words of the game (the core's questions are English already)."""

def _elided(pattern: str) -> str:
    """A French pattern that hears an elision's apostrophe typed as a space or left out
    ("c'est", "c est", "cest")."""
    return re.sub(r"(?<=[a-z])'\??(?=[a-z])", "(?:' ?| )?", pattern)


def _fr(pattern: str) -> re.Pattern[str]:
    """A French pattern, compiled, elisions heard however typed."""
    return re.compile(_elided(pattern))


_FR_CHALLENGE = r"(je )?(conteste|contestes|contestez|contester)( ca| la reponse| cette reponse)?" \
    r"|contestation|objection"
_FR_COUNTDOWN = r"(crack on|crac on|krak on|compte a rebours|5 4 3 2 1|cinq quatre trois deux un)" \
    r"( crack on| crac on)?"
_FR_YES = r"(je vote |vote )?(oui|ouais|ouai|ouep|yes|ok|okay|d'accord|daccord|d'acc|j'accepte" \
    r"|accepte|acceptee|je valide|valide|validee|c'est bon|ca marche|ca passe|bien sur" \
    r"|carrement|pour|je suis pour)"
_FR_NO = r"(je vote |vote )?(non|nan|nope|no|je refuse|refuse|refusee|pas d'accord|contre" \
    r"|je suis contre|rejete|rejetee|c'est non|pas valide|invalide|ca passe pas|ca ne passe pas)"
_FR_PLAY = r"((je joue|joue|on joue) (une |un |mon |ma |la |le )?)?(carte )?"
_FR_ALL = r"(tout|toutes|tous|le tout|tout le paquet|les deux|les trois|toutes les cartes)"
_FR_DECLINE = r"pas de penalites?|aucune penalite|sans penalite"
_FR_GIVE = r"(je )?(les |la |lui |leur )*(donne|refile|file)"
_FR_LETTERS = {
    **FRENCH_LETTERS, "ef": "F", "eff": "F", "efe": "F", "ach": "H", "hache": "H", "gi": "J",
    "el": "L", "ele": "L", "ell": "L", "em": "M", "eme": "M", "emm": "M", "en": "N", "ene": "N",
    "enn": "N", "qu": "Q", "er": "R", "ere": "R", "err": "R", "es": "S", "ess": "S",
    "double v": "W", "doubleve": "W", "ix": "X", "ics": "X", "igrec": "Y", "y grec": "Y",
    "ygrec": "Y", "zed": "Z",
}
"""French letters as players say, spell and a recognizer writes them (cleaned): a name that is
also a word ("en", "es") names a letter only before an answer that can be played with it."""

FR = Grammar(
    lang="fr",
    passes="je passe",
    challenge="je conteste",
    countdown="crack on",
    cards={STOP: "stop", REVERSE: "inversion", CRACK_LIST: "crack list", SWAP: "échange",
           JOKER: "joker"},
    with_letter="{letter}, {answer}",
    with_joker="joker {answer}",
    then_penalty="{answer}, {penalty}",
    choose="numéro {n}",
    choose_also=(("un", "la première"), ("deux", "la deuxième"),
                 ("trois", "la troisième", "la dernière")),
    swap_hand="échange avec {target}",
    swap_card="échange mon {card} avec {target}",  # every card's name takes "mon"
    cards_counted=("zéro", "une", *FRENCH_NUMBER_WORDS[2:]),
    no_penalty="pas de pénalité",
    all_to="tout pour {target}",
    give="{shares}",
    share="{n} pour {target}",
    also=" et ",
    give_sole=("je la donne", "je les donne"),
    votes={True: "oui", False: "non"},
    claim="à moi {person}",
    questions={"category": "c'est quoi la catégorie", "hand": "ma main", "score": "le score",
               "situation": "c'est à qui"},
    count_question="combien de cartes a {person}",
    number_words=FRENCH_NUMBER_WORDS,
    letter_names=_FR_LETTERS,
    card_names_also={"sens inverse": REVERSE, "inverse": REVERSE, "cracklist": CRACK_LIST,
                     "crack liste": CRACK_LIST},
    numbers={**FRENCH_NUMBERS, "premier": 1, "premiere": 1, "1er": 1, "1re": 1, "1ere": 1,
             "deuxieme": 2, "second": 2, "seconde": 2, "2e": 2, "2eme": 2, "2nde": 2,
             "troisieme": 3, "3e": 3, "3eme": 3},
    table_call=_fr(rf"{_FR_CHALLENGE}|{_FR_COUNTDOWN}|{_FR_YES}|{_FR_NO}"
                          r"|(c'?est )?(a moi|mon tour).*"),
    commands=(
        (_fr(_FR_CHALLENGE), "challenge"),
        (_fr(_FR_COUNTDOWN), "countdown"),
        (_fr(r"(je )?passe( mon tour)?|(je (ne )?|j'? ?)?sais pas|chais pas"
                    r"|aucune idee|pas d'idee|je seche|je donne ma langue au chat"), "pass"),
        (_fr(rf"{_FR_PLAY}stop( carte)?"), STOP),
        (_fr(rf"{_FR_PLAY}(inversion|sens inverse|inverse|changement de sens)"),
         REVERSE),
        (_fr(rf"{_FR_PLAY}crack ?liste?"), CRACK_LIST),
    ),
    choice=_fr(
        r"((bon|euh|alors|ok|okay|donc|allez) )*((je (prends|choisis|veux|vais prendre|prendrai"
        r"|voudrais|vais choisir)|j'aimerais|on (prend|choisit|fait|joue|part sur)|va pour"
        r"|prenons|choisissons|donne moi|donnez moi) )?(le |la )?(numero |categorie |carte )?"
        r"(?P<n>un|une|deux|trois|1|2|3|premier|premiere|1er|1re|1ere|deuxieme|second|seconde"
        r"|2e|2eme|2nde|troisieme|3e|3eme|dernier|derniere"
        r"|zero|quatre|cinq|six|sept|huit|neuf|dix|[04-9]|10)( categorie)?"
        r"( s'il te plait| s'il vous plait| stp| svp)?"),
    last=frozenset({"dernier", "derniere"}),
    vote_yes=_fr(_FR_YES),
    vote_no=_fr(_FR_NO),
    swap=_fr(rf"{_FR_PLAY}(j'? ?)?(echanger?|echanges|echangez)( carte)?"
                    r"( (?:(?:de |ma |mon |mes |toute ma |tout mon )?(?P<card>[a-z' ]+?)))?"
                    r" avec (?P<who>.+)"),
    whole_hand=frozenset({"main", "ma main", "toute ma main", "cartes", "mes cartes", "tout",
                          "toutes mes cartes", "jeu", "mon jeu"}),
    card_framing=_fr(r"^(?:(?:mon|ma|le|la|un|une|de) |l')?(?:carte )?|(?: carte)$"),
    declines=_fr(rf"{_FR_DECLINE}|pas de cartes?|personne|aucune?|rien"
                        r"|je (les |la )?garde|on (les )?garde|je (ne )?donne rien"),
    give_sole_said=_fr(
        rf"(oui )?{_FR_GIVE}( la| les)?( lui| a (lui|elle|eux|elles))?|oui"),
    give_framing=_fr(rf"^{_FR_GIVE}( les| la)? "),
    shares_apart=_fr(r"\bet\b|\s(?!cartes?\b)(?=\w+(?: cartes?)? (?:a|pour) )"),
    counted_share=(_fr(r"(?P<n>\w+)( cartes?)? (a|pour) (?P<who>.+)"),
                   _fr(r"(?P<who>.+?) (?P<n>\w+)( cartes?)?")),
    uncounted_share=_fr(rf"{_FR_ALL}( les cartes)? (a|pour) (?P<who>.+)"
                               r"|(a |pour )?(?P<who2>.+)"),
    penalty_tail=_fr(rf"{_FR_GIVE} .+|{_FR_ALL} (a|pour) .+|\w+( cartes?)? (a|pour) .+"
                            rf"|{_FR_DECLINE}"),
    joker=_fr(r"((je joue |avec )(le |mon )?)?joker\b(?P<for> pour)?\s*(?P<rest>.*)$"),
    joker_for="pour",
    named_letter=re.compile(r"\s*(lettre |la lettre )?[a-zé]\s*[,:]\s", re.IGNORECASE),
    letter_set_apart=_fr(r"(lettre |la lettre )?(?P<l>[a-z]) (?P<rest>.+)"),
    letter_alone=_fr(r"(lettre |la lettre )?(?P<l>[a-z])"),
    letter_before=_fr(r"(lettre |la lettre )?(?P<l>double ve?|[iy] grec|[a-z]+)"
                             r"( comme| pour)? (?P<rest>.+)"),
    question_patterns=tuple((_elided(pattern), kind) for pattern, kind in (
        (r"(?:(?:c'?est |c'etait )?quoi |quelle est |quelle etait )?(?:la |cette )?categorie"
         r"(?: deja| en cours| actuelle)?(?: c'?est quoi| deja)?"
         r"|(?:c'?est )?quoi le theme|(?:quel est )?le theme|on (?:est|joue) sur quoi"
         r"|rappelle moi", "category"),
        (r"(?:(?:c'?est )?quoi |qu'?est ce qu'il y a )?(?:dans )?(?:ma|notre) main"
         r"|(?:mes|nos) cartes|qu'?est ce que (?:j'?ai|nous avons|on a)(?: en main| comme cartes)?"
         r"|j'?ai quoi(?: en main| comme cartes)?|(?:quelles|c'?est quoi) (?:sont )?mes cartes"
         r"|quelles cartes (?:j'?ai|ai je|me restent|il me reste)", "hand"),
        (r"(?:le |les )?scores?|(?:quel est|c'?est quoi|quels sont) (?:le|les) scores?"
         r"|les points|qui gagne|qui mene|qui est (?:en tete|devant)"
         r"|combien de manches(?: (?:a|ont) \w+ gagnees?)?", "score"),
        (r"c'?est a qui(?: le tour| de jouer)?|a qui (?:le tour|c'?est|de jouer)"
         r"|c'?est (?:mon|notre) tour|c'?est a (?:moi|nous)"
         r"|qui (?:joue|doit jouer|est le suivant|est le prochain)|on attend qui|qui on attend"
         r"|on en est ou|ou en est on|ou on en est|et maintenant|on fait quoi", "situation"),
        *FRENCH_QUERIES,
    )),
    asking=_fr(
        r"(?:(?:alors|bon|euh|ok|okay|dis|dites|pardon|excuse moi|excusez moi|hote"
        r"|s'il te plait|et|mais) )*(?:(?:est ce que )?(?:tu peux|tu pourrais|vous pouvez"
        r"|vous pourriez|peux tu|pourrais tu|pouvez vous)(?: me| nous)? (?:encore )?)?"),
    asked_for=_fr(
        r"(?:dire|redire|rappeler|montrer|lire|relire|donner|voir|dis|redis|rappelle|montre|lis"
        r"|relis|donne|je veux|je voudrais)(?: moi| nous)? "),
    question_tail=_fr(
        r"(?: (?:s'il te plait|s'il vous plait|stp|svp|encore|maintenant|deja|hote|alors))+$"),
    count=_fr(
        r"combien de cartes?(?: en main)?(?: (?:a t il|a t elle|a|ont|pour|chez"
        r"|(?:il )?reste(?: t il)?(?: a)?|restent(?: a)?))?(?: (?P<who>.+?))?"
        r"(?: en main| encore| maintenant| au total)*"
        r"|(?P<named>.+?) a combien de cartes?(?: en main| encore)?"
        r"|combien (?P<who2>.+?)(?: a| ont)? de cartes(?: en main| encore)?"
        r"|combien (?:il )?reste(?: t il)? de cartes(?: a (?P<who3>.+?))?(?: en main)?"
        r"|(?:il )?reste combien de cartes?(?: a (?P<who4>.+?))?(?: en main)?"),
    asker=frozenset({"j'ai", "j ai", "jai", "ai je", "moi", "je", "me", "nous", "on", "on a",
                     "nous avons", "avons nous", "il me reste", "me reste t il", "me restent",
                     "il nous reste", "nous reste t il", "j'en ai", "j en ai", "en ai je"}),
    everyone=frozenset({"tout le monde", "tout le monde a", "chacun", "chacun a", "a chacun",
                        "chaque joueur", "les joueurs", "les autres", "vous", "vous tous", "tous",
                        "vous avez", "ont les autres", "il reste", "restent", "en tout",
                        "a tout le monde"}),
)
"""The French words of the game (accents off, as cleaned, where heard)."""

GRAMMARS = {"en": EN, "fr": FR}
"""Each language's grammar; a language without one is heard in English."""

"""What a page says about a membership's state, compiled: by language, and as unions.

Patterns apply to normalised text (``safety.text.normalize``: NFKC, accents and case folded), one
sentence at a time, so a negation or a condition is read in the sentence it governs, and only
with the rules of that sentence's languages (``languages_of``): the page's declared language,
its script's, and the languages whose own words it matches.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from subterminator.outcome.text import fold_pattern
from subterminator.safety.text import words
from subterminator.safety.vocabulary import primary
from subterminator.vocabulary.languages import LANGUAGES, Words


def _read(phrases: tuple[str, ...]) -> re.Pattern[str]:
    """A language's phrases, in the form the judge reads sentences (``read_form``)."""
    return words(*phrases, form=fold_pattern)


_NEVER = re.compile(r"(?!x)x")


def _maybe(phrases: tuple[str, ...]) -> re.Pattern[str]:
    return _read(phrases) if phrases else _NEVER


@dataclass(frozen=True)
class Rules:
    """One language's words, compiled."""

    code: str
    confirmed: re.Pattern[str]
    period_end: re.Pattern[str]
    state: re.Pattern[str]
    negated: re.Pattern[str]
    negated_after: re.Pattern[str]
    conditional: re.Pattern[str]
    pending: re.Pattern[str]

    @classmethod
    def of(cls, code: str, words: Words) -> Rules:
        return cls(
            code,
            _maybe(words.confirmed),
            _maybe(words.period_end),
            _maybe(words.state),
            _maybe(words.negated),
            _maybe(words.negated_after),
            _maybe(words.conditional),
            _maybe(words.pending),
        )

    def speaks(self, norm: str) -> bool:
        """Does the sentence say, in this language's own words, what became of the membership?"""
        return bool(self.confirmed.search(norm) or self.period_end.search(norm))


RULES: dict[str, Rules] = {code: Rules.of(code, words) for code, words in LANGUAGES.items()}
HELD = frozenset(RULES)

# Scripts that name their languages (a Latin sentence is told by its words).
_SCRIPTS: tuple[tuple[re.Pattern[str], tuple[str, ...]], ...] = (
    (re.compile(r"[\u3040-\u30ff]"), ("ja",)),
    (re.compile(r"[\u4e00-\u9fff]"), ("zh", "ja")),
    (re.compile(r"[\uac00-\ud7af\u1100-\u11ff]"), ("ko",)),
    (re.compile(r"[\u0400-\u04ff]"), ("ru", "uk", "bg", "sr", "mk", "be", "kk", "mn")),
    (re.compile(r"[\u0370-\u03ff]"), ("el",)),
    (re.compile(r"[\u0590-\u05ff]"), ("he",)),
    (re.compile(r"[\u0600-\u06ff]"), ("ar", "fa", "ur")),
    (re.compile(r"[\u0e00-\u0e7f]"), ("th",)),
    (re.compile(r"[\u0900-\u097f]"), ("hi", "mr", "ne")),
    (re.compile(r"[\u0980-\u09ff]"), ("bn",)),
    (re.compile(r"[\u0a00-\u0a7f]"), ("pa",)),
    (re.compile(r"[\u0a80-\u0aff]"), ("gu",)),
    (re.compile(r"[\u0b80-\u0bff]"), ("ta",)),
    (re.compile(r"[\u0c00-\u0c7f]"), ("te",)),
    (re.compile(r"[\u0c80-\u0cff]"), ("kn",)),
    (re.compile(r"[\u0d00-\u0d7f]"), ("ml",)),
    (re.compile(r"[\u0d80-\u0dff]"), ("si",)),
    (re.compile(r"[\u0e80-\u0eff]"), ("lo",)),
    (re.compile(r"[\u1000-\u109f]"), ("my",)),
    (re.compile(r"[\u1780-\u17ff]"), ("km",)),
    (re.compile(r"[\u10a0-\u10ff\u1c90-\u1cbf]"), ("ka",)),
    (re.compile(r"[\u0530-\u058f]"), ("hy",)),
    (re.compile(r"[\u1200-\u137f]"), ("am",)),
)


def languages_of(norm: str, page_lang: str = "") -> list[Rules]:
    """The languages whose rules read this sentence: the page's, its script's, its words'."""
    codes: set[str] = set()
    declared = primary(page_lang)
    if declared in RULES:
        codes.add(declared)
    for script, named in _SCRIPTS:
        if script.search(norm):
            codes.update(named)
    codes.update(code for code, rules in RULES.items() if rules.speaks(norm))
    if not codes:  # nothing declared or said outright: the languages whose state word it uses
        codes.update(code for code, rules in RULES.items() if rules.state.search(norm))
    return [RULES[c] for c in sorted(codes)]


@cache
def union(field: str) -> re.Pattern[str]:
    """One language-blind pattern of a field (``confirmed``...): for what only widens."""
    phrases = [p for words in LANGUAGES.values() for p in getattr(words, field)]
    return _read(tuple(dict.fromkeys(phrases)))


CONFIRMED = union("confirmed")
PERIOD_END = union("period_end")


# Pages that talk about cancelling without being an account: help centres, FAQs, articles.
HELP = words(
    r"\bhelp\b", r"\bfaq\b", r"\bhelp ?cent", r"\bsupport\b", r"\bknowledge ?base\b", r"\barticle\b",
    r"\bhilfe\b", r"\baide\b", r"\bayuda\b", r"\bassistenza\b", r"\bajuda\b",
    r"ヘルプ", r"帮助", r"幫助", r"도움말", r"помощь", r"справк",
    r"\bpomoc\b", r"\bhjalp", r"\bhjælp", r"\bhjelp", r"\bohje", r"\byardım", r"\bnapoveda",
    r"\bsugo\b", r"βοηθεια", r"עזרה", r"\bbantuan\b", r"\btro giup\b",
)  # fmt: skip
HELP_PATH = re.compile(r"/(help|faq|faqs|support|hc|kb|article|articles|answer|answers)(/|$|\.)")

# A control that brings a cancelled membership back.
RESTART = words(
    r"\brestart\b", r"\breactivate\b", r"\bresume (my |your )?(membership|subscription|plan)\b",
    r"\brejoin\b", r"\bresubscribe\b", r"\bre-subscribe\b", r"\bjoin again\b", r"\bcome back\b",
    r"\breaktivieren\b", r"\bwiederaufnehmen\b", r"\bwieder aufnehmen\b", r"\breactiver\b",
    r"\breprendre\b", r"\breactivar\b", r"\breanudar\b", r"\breiniciar\b", r"\briattiva",
    r"\briprendi\b", r"\breativar\b", r"\bretomar\b", r"\bheractiveren\b", r"\bherstarten\b",
    r"\bhervatten\b", r"\bwznow", r"\bateruppta\b", r"\byeniden baslat", r"再開", r"再加入", r"重新(订阅|訂閱|开始|開始|加入)", r"恢复会员",
    r"다시 시작", r"재가입", r"возобнов",
    r"\bgenstart", r"\bgjenoppta", r"\bstart pa nytt\b", r"\baloita uudelleen\b",
    r"\btekrar katil", r"\bobnovit\b", r"\bujrainditas\b", r"επανεναρξη", r"חידוש",
    r"הפעלה מחדש", r"\bmulai ulang\b", r"\baktifkan kembali\b", r"\bberlangganan lagi\b",
    r"\bkhoi (dong|đong) lai\b", r"\bstarta om\b", r"\b(dang|đang) ky lai\b",
)  # fmt: skip

# The account is running: it bills again.
ACTIVE = words(
    r"\bnext (billing|payment|bill|charge)\b", r"\brenews? (on|automatically)\b",
    r"\bwill be (charged|billed) on\b", r"\bnachste (zahlung|abbuchung|rechnung)\b",
    r"\bprochain (paiement|prelevement)\b", r"\bproximo (pago|cobro|cargo)\b",
    r"\bprossimo (pagamento|addebito)\b", r"\bproximo pagamento\b", r"\bvolgende (betaling|afschrijving)\b",
    r"次回(の)?(請求|お支払い|支払)", r"下次(付款|扣款|续费)", r"다음 결제", r"следующ(ий|ее) (платеж|списание)",
    r"\bnastepna (platnosc|płatnosc|oplata)", r"\bnasta (betalning|debitering)", r"næste (betaling|opkrævning)",
    r"\bneste (betaling|trekk)", r"\bseuraava (maksu|veloitus)", r"\bsonraki (odeme|ödeme)",
    r"\bdalsi platba", r"\bkovetkezo (fizetes|terheles)", r"επομενη πληρωμη", r"החיוב הבא",
    r"\bpembayaran berikutnya", r"\bthanh toan tiep theo",
)  # fmt: skip

# A statement that something went wrong (the spec's failure indicators and their kin).
FAILURE = words(
    r"\bsomething went wrong\b", r"\bunable to process\b",
    r"\b(could ?not|couldn['’]t|can['’]t|cannot|unable to|were unable to|wasn['’]t able to) (be )?"
    r"(cancel|process|complete|end)",
    r"\b(cancell?ation|request) (has )?failed\b", r"\bwe['’]re having trouble\b", r"\btry again later\b",
    r"\bein fehler ist aufgetreten\b", r"\bune erreur (s['’]est produite|est survenue)\b",
    r"\bse (ha )?produjo un error\b", r"\bsi e verificato un errore\b",
)  # fmt: skip

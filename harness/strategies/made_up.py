"""Languages nobody speaks: generated syllables, in scripts none of our vocabularies hold.

A safety rule that decides "may this commit?" must hold on a page whose every word is unknown
to it. ``made_up_languages()`` draws a ``Language`` (the adversarial last page's words, as
``pages.LANGUAGES`` has them for real languages) whose words are syllables of one script
(Latin, Georgian, Armenian, Ethiopic, Tamil, Khmer or Cherokee), with numeric dates, and a
``lang`` that is a private-use code, none, or a wrong one ("en").
"""

from __future__ import annotations

from hypothesis import strategies as st

from harness.strategies.pages import Language

# (consonants, vowels) per script; Ethiopic and Cherokee letters are already syllables
SCRIPTS: dict[str, tuple[str, str]] = {
    "latin": ("bdfgklmnprstvz", "aeiou"),
    "georgian": ("ბგდვზთკლმნპჟრსტფქღყშჩცძწჭხჯჰ", "აეიოუ"),
    "armenian": ("բգդզթժլխծկհձղճմյնշչպջռսվտրցփքֆ", "աեէըիոօ"),
    "ethiopic": ("ሀለሐመሠረሰሸቀበተቸኀነኘአከኸወዐዘዠየደጀገጠጨጰጸፀፈፐ", ""),
    "tamil": ("கஙசஞடணதநபமயரலவழளறன", "ாிீுூெேை"),
    "khmer": ("កខគឃងចឆជឈញដឋឌឍណតថទធនបផពភមយរលវសហឡអ", "ាិីឹឺុូួើឿៀេែៃោៅ"),
    "cherokee": ("ᎠᎡᎢᎣᎤᎥᎦᎧᎨᎩᎪᎫᎬᎭᎮᎯᎰᎱᎲᎳᎴᎵᎶᎷᎸᎹᎺᎻᎼᎽᎾᎿᏀᏁᏂᏃᏄᏅᏆᏇᏈᏉᏊᏋᏌᏍᏎᏏ", ""),
}
LANG_CODES = ("qaa", "qab", "x-syl", "", "en")  # private use, none, or a wrong one
DATE_FORMATS = ("{d}.{m}.{y}", "{y}-{mm}-{dd}", "{d}/{m}/{y}", "{dd}·{mm}·{y}")


@st.composite
def _word(draw: st.DrawFn, script: str, syllables: tuple[int, int] = (2, 4)) -> str:
    consonants, vowels = SCRIPTS[script]
    parts = []
    for _ in range(draw(st.integers(*syllables))):
        parts.append(draw(st.sampled_from(consonants)))
        if vowels:
            parts.append(draw(st.sampled_from(vowels)))
    return "".join(parts)


@st.composite
def _phrase(draw: st.DrawFn, script: str, words: tuple[int, int] = (2, 6)) -> str:
    return " ".join(draw(_word(script)) for _ in range(draw(st.integers(*words))))


@st.composite
def made_up_languages(draw: st.DrawFn) -> Language:
    """A language of generated syllables, with the parts a last page needs."""
    script = draw(st.sampled_from(sorted(SCRIPTS)))
    phrase = _phrase(script)
    word = _word(script)
    ending = st.builds(lambda a, b: f"{a} {{date}} {b}.", phrase, phrase)
    return Language(
        code=draw(st.sampled_from(LANG_CODES)),
        title=draw(phrase),
        headings=tuple(f"{draw(phrase)}?" for _ in range(3)),
        endings=tuple(draw(ending) for _ in range(3)),
        words=tuple(draw(st.lists(word, min_size=4, max_size=7, unique=True))),
        back=draw(word),
        keep=draw(phrase),
        emails=draw(phrase),
        reason=draw(word),
        options=(draw(word), draw(phrase)),
        why=draw(phrase),
        more=draw(phrase),
        restart=f"{draw(phrase)}.",
        date=draw(st.sampled_from(DATE_FORMATS)),
    )

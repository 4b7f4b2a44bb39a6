"""The one offline token estimator every budget check uses, conservative in every script.

Plain ASCII keeps the old rule, ``ceil(bytes / 3)``: our compact element JSON runs at about 3.15
bytes per token, so 3 is the conservative side, and every ASCII budget and fixture stays as it
was. A third of a token per byte is wrong for other scripts: a byte-level BPE spends one to
three tokens on a CJK character (three bytes), two on most Greek letters (two bytes), and
``bytes / 3`` let Thai, Greek or Vietnamese snapshots pass their 2,000-token limit at up to
2,450 tokens. Each non-ASCII character therefore carries a weight set by the Unicode range its
UTF-8 lead byte names (``LEAD_WEIGHTS``, refined by a few byte prefixes in ``PREFIX_WEIGHTS``);
weights are in thirds of a token, and the estimate is ``ceil(units / 3)`` with an ASCII byte
worth one unit. Counting is C-speed (translate, a byte sum, a few ``bytes.count``).

The weights were calibrated (``python -m bench.token_calibration``, also in ``nox -s bench``)
against a yardstick: the legacy Claude tokenizer from the anthropic 0.38.0 wheel, kept in
``fixtures/tokenizers/``. The Claude 3+ tokenizer is not public, so ``usage.input_tokens`` from
the API stays the authority, and every figure we print says which of the two it used. Where a
script was measured (accented Latin, Cyrillic, Devanagari, Thai, kana, CJK, hangul, emoji), its
weight covers the yardstick on page text with at least 20% to spare outside Latin scripts;
everywhere else (Greek, Hebrew, Arabic, other Indic scripts, symbols, private use) a weight is
the most a byte-level BPE can spend on such a character, its UTF-8 length. Accented Latin
letters weigh more than their bytes because they also pay for the ASCII word they split: the
yardstick reads German or Polish words at 2.5-2.8 bytes per token. Text that NFKC normalisation
would make heavier (the yardstick normalises first; one Arabic ligature becomes 18 letters) is
also estimated normalised, and the larger count wins.

Compact JSON is denser than prose: ``estimate_json_tokens`` adds what its numbers cost beyond
their bytes. A BPE reads a number as whole tokens of up to three digits and the separator
after it (``,`` ``]``) as a token of its own, so ``[120,340,88,20]`` is 9 yardstick tokens
where its 15 bytes say 5. The element JSON used to hide this behind cheap bytes (``"visible"``,
``"width":``, one token each); written compactly (``models/snapshot.py``) its boxes and refs
are a third of it, and ``ceil(bytes/3)`` fell up to 6% under the yardstick on pages of short
names. Elements are budgeted with ``estimate_json_tokens``; prose keeps ``estimate_tokens``.

Known gap, left because ASCII estimates must not grow: plain-ASCII text in languages other
than English (Italian, Dutch, Indonesian, German without umlauts) runs at 2.5-2.9 bytes per
yardstick token, 3-17% over its estimate. Element JSON mostly stays in budget, its punctuation
being most of the bytes, but a page of long Indonesian names reached 2,119 yardstick tokens.
"""

from __future__ import annotations

import itertools
import math
import re
import unicodedata
import zlib
from collections.abc import Callable

BYTES_PER_TOKEN = 3  # ASCII bytes per estimated token
ESTIMATOR_NAME = "ceil(ascii_bytes/3 + per-script char weights)"
PIXELS_PER_IMAGE_TOKEN = 750  # Anthropic vision docs: tokens ~= width * height / 750

# (first lead byte, last lead byte, weight in thirds of a token, what lives there)
LEAD_WEIGHTS: tuple[tuple[int, int, int, str], ...] = (
    (0xC2, 0xC2, 6, "U+0080-00BF Latin-1 punctuation, NBSP, « » ·"),
    (0xC3, 0xCB, 11, "U+00C0-02FF accented Latin letters (measured; they split ASCII words)"),
    (0xCC, 0xCF, 6, "U+0300-03FF combining marks, Greek"),
    (0xD0, 0xD1, 4, "U+0400-047F Cyrillic (measured)"),
    (0xD2, 0xDF, 6, "U+0480-07FF Cyrillic extensions, Armenian, Hebrew, Arabic, Syriac, Thaana"),
    (0xE0, 0xE0, 9, "U+0800-0FFF Indic scripts, Thai, Lao, Tibetan"),
    (0xE1, 0xE1, 9, "U+1000-1FFF Vietnamese letters, Georgian, Khmer, Myanmar, Ethiopic"),
    (0xE2, 0xE2, 9, "U+2000-2FFF symbols, arrows, currency signs, dingbats"),
    (0xE3, 0xE3, 6, "U+3000-3FFF CJK punctuation, kana (measured)"),
    (0xE4, 0xE9, 6, "U+4000-9FFF CJK ideographs (measured; 20% over on text, shuffled too)"),
    (0xEA, 0xEA, 9, "U+A000-AFFF Yi, Latin Extended-D and other rare scripts, hangul 가-꿯"),
    (0xEB, 0xED, 7, "U+B000-D7FF hangul syllables (measured)"),
    (0xEE, 0xEF, 9, "U+E000-FFFF private use (icon fonts), compatibility forms"),
    (0xF0, 0xF4, 12, "U+10000 and up: rare ideographs, historic scripts, tags"),
)
# Byte prefixes that name a narrower range than their lead byte: (prefix, weight, range). A
# longer prefix refines a shorter one.
PREFIX_WEIGHTS: tuple[tuple[bytes, int, str], ...] = (
    (b"\xe0\xa4", 7, "U+0900-093F Devanagari (measured)"),
    (b"\xe0\xa5", 7, "U+0940-097F Devanagari (measured)"),
    (b"\xe0\xb8", 7, "U+0E00-0E3F Thai (measured)"),
    (b"\xe0\xb8\xb3", 14, "U+0E33 Thai sara am: two letters once NFKC splits it"),
    (b"\xe0\xb9", 7, "U+0E40-0E7F Thai (measured)"),
    (b"\xe2\x80", 6, "U+2000-203F general punctuation: quotes, dashes, ZWJ"),
    (b"\xef\xb8", 6, "U+FE00-FE3F variation selectors (emoji VS16)"),
    (b"\xef\xbc", 6, "U+FF00-FF3F fullwidth punctuation"),
    (b"\xef\xbd", 6, "U+FF40-FF7F fullwidth punctuation, halfwidth katakana"),
    (b"\xf0\x9f", 9, "U+1F000-1FFFF emoji, regional-indicator flags, skin tones"),
)


def _byte_weights() -> bytes:
    """Weight of each byte value: 1 for ASCII, 0 for continuation bytes, a lead byte's weight."""
    table = bytearray(1 if byte < 0x80 else 0 for byte in range(256))
    for first, last, weight, _ in LEAD_WEIGHTS:
        table[first : last + 1] = bytes([weight]) * (last - first + 1)
    return bytes(table)


def _prefix_deltas() -> tuple[tuple[bytes, int], ...]:
    """Each prefix's weight as a change to that of the longest shorter prefix, or lead byte."""
    weight_of = {prefix: weight for prefix, weight, _ in PREFIX_WEIGHTS}
    deltas = []
    for prefix, weight, _ in PREFIX_WEIGHTS:
        shorter = [weight_of[prefix[:n]] for n in range(2, len(prefix)) if prefix[:n] in weight_of]
        deltas.append((prefix, weight - (shorter[-1] if shorter else _WEIGHT_OF_BYTE[prefix[0]])))
    return tuple(deltas)


_WEIGHT_OF_BYTE = _byte_weights()
_PREFIXES = _prefix_deltas()
# Characters pages use a lot that NFKC changes into no more tokens than their weight (a test
# checks): NBSP, Thai sara am, the ellipsis, trade mark and information signs, the ideographic
# space, fullwidth punctuation. A text whose other characters are all NFKC-stable is not
# normalised, which would cost ~0.6 ms per 10 KB of CJK.
_NFKC_LIGHT = (
    "\u00a0\u0e33\u2026\u2122\u2139\u3000"
    "\uff01\uff08\uff09\uff0c\uff1a\uff1b\uff1f\uff3b\uff3d\uff5b\uff5d\uff5e"
)
_CHUNK = 65_519 // 12  # adler32 sums mod 65521: a chunk's 1 + weight sum must stay below it


def _units(text: str) -> int:
    """Thirds of a token: one per ASCII byte, a weight per non-ASCII character."""
    data = text.encode("utf-8", "surrogatepass")  # a lone surrogate from a page must not raise
    weights = data.translate(_WEIGHT_OF_BYTE)
    units = 0
    for start in range(0, len(weights), _CHUNK):
        # The low half of Adler-32 is 1 + the byte sum: the standard library's fastest sum.
        units += (zlib.adler32(weights[start : start + _CHUNK]) & 0xFFFF) - 1
    for prefix, delta in _PREFIXES:
        if prefix[:1] in data and prefix in data:
            units += delta * data.count(prefix)
    return units


def prefix_units(text: str) -> list[int]:
    """Thirds of a token of each prefix of ``text`` (``[0, units of text[:1], ...]``), as
    ``estimate_tokens`` counts that prefix (``ceil`` of a third of them is its estimate), and
    never fewer than a shorter prefix's: where to cut a text to a budget, by bisection.

    A text NFKC may make heavier is counted prefix by prefix, normalised as the estimate
    does: its characters' weights alone would say "e" and a combining accent cost 7 thirds
    where the estimate, reading the "é" they make, says 11."""
    if not _nfkc_may_grow(text):
        return list(itertools.accumulate(map(_units, text), initial=0))
    counts = [_estimate_units(text[:end]) for end in range(len(text) + 1)]
    return list(itertools.accumulate(counts, max))


def _nfkc_may_grow(text: str) -> bool:
    if unicodedata.is_normalized("NFKC", text):
        return False
    for char in _NFKC_LIGHT:
        if char in text:
            text = text.replace(char, "")
    return not unicodedata.is_normalized("NFKC", text)


def _estimate_units(text: str) -> int:
    """Thirds of a token ``estimate_tokens`` counts for non-ASCII ``text``."""
    units = _units(text)
    if _nfkc_may_grow(text):
        normal = unicodedata.normalize("NFKC", text)
        # ASCII that normalisation makes (㈱ -> "(株)", ㏂ -> "a.m.") stands alone: a token each.
        made = len(normal.encode("ascii", "ignore")) - len(text.encode("ascii", "ignore"))
        units = max(units, _units(normal) + 2 * max(0, made))
    return units


def estimate_tokens(text: str) -> int:
    if text.isascii():
        return -(-len(text) // BYTES_PER_TOKEN)  # ceil(bytes / 3), as always
    return -(-_estimate_units(text) // 3)


_NUMBER = re.compile(r"\d+")


def number_units(text: str) -> int:
    """Thirds of a token that ``text``'s numbers cost beyond their bytes: ``ceil(digits / 3)``
    tokens each, and a token for the character after it, where bytes give a third apiece."""
    units = 0
    for number in _NUMBER.findall(text):
        digits = len(number)
        units += 3 * -(-digits // 3) - digits + 2
    return units


def estimate_json_tokens(text: str, estimator: Callable[[str], int] = estimate_tokens) -> int:
    """Tokens of compact JSON (the elements the model reads): ``estimator``'s count of the
    text plus its numbers' surcharge (``number_units``)."""
    return estimator(text) + -(-number_units(text) // 3)


def json_units(text: str) -> tuple[int, int]:
    """``text``'s thirds of a token and its numbers' surcharge in thirds, summable: compact
    JSON cut at its punctuation into parts gives ``estimate_json_tokens`` of the whole as
    ``json_tokens`` of the parts' sums, or (text NFKC makes heavier) a little more, never less."""
    units = len(text) if text.isascii() else _estimate_units(text)
    return units, number_units(text)


def json_tokens(units: int, numbers: int) -> int:
    """``estimate_json_tokens`` from ``json_units`` summed over a text's parts."""
    return -(-units // 3) + -(-numbers // 3)


def image_tokens(width: int, height: int) -> int:
    return math.ceil(width * height / PIXELS_PER_IMAGE_TOKEN)

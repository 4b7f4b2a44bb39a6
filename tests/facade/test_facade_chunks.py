"""The laws of long results in chunks (``facade.chunks``), for any text and any chunk size.

A client pages through a text by ``next_offset`` and ``snapshot_checksum``: the chunks must
join to the whole (no character split, whatever its bytes), follow each other without a gap,
carry the one checksum of their text (and a chunk of another text is refused with it), and
say the end only on the last. A capped answer is the text's start, never past its limit.
"""

from __future__ import annotations

import itertools

from hypothesis import assume, given
from hypothesis import strategies as st

from subterminator.facade.chunks import capped, checksum, chunked, sayable
from subterminator.models.browser_response import BrowserResponse

# Letters of every width in UTF-8: ASCII, Cyrillic and Arabic (2), CJK (3), emoji (4).
TEXTS = st.text(
    alphabet=st.sampled_from("ab \nжшإلغ取消订阅😀🙂") | st.characters(),
    max_size=200,
)
LENGTHS = st.integers(min_value=1, max_value=64)


def chunks_of(text: str, length: int) -> list[BrowserResponse]:
    """Every chunk of ``text``, paged through as a client does."""
    said: list[BrowserResponse] = []
    offset: int | None = 0
    given_sum: str | None = None
    while offset is not None:
        chunk = chunked(text, offset, length, given_sum)
        assert chunk.success, chunk.error
        said.append(chunk)
        given_sum = chunk.snapshot_checksum
        offset = chunk.next_offset
        assert len(said) <= len(sayable(text).encode()) + 1  # each chunk moves on
    return said


@given(TEXTS, LENGTHS)
def test_the_chunks_join_to_the_whole(text: str, length: int) -> None:
    joined = "".join(c.text or "" for c in chunks_of(text, length))
    assert joined == sayable(text)
    assert len(joined) == len(text)  # half a character is said as one, never dropped


def test_half_a_character_is_said_as_the_replacement_character() -> None:
    text = "a\ud800b😀"  # a page's text may hold a lone surrogate; UTF-8 cannot say one
    assert [c.text for c in chunks_of(text, 4)] == ["a\ufffd", "b", "😀"]
    assert capped(text, 100).text == "a\ufffdb😀"
    assert checksum(text) == checksum("a\ufffdb😀")


@given(TEXTS, LENGTHS)
def test_offsets_follow_each_other_and_say_their_bytes(text: str, length: int) -> None:
    chunks = chunks_of(text, length)
    total = len(sayable(text).encode())
    assert chunks[0].chunk_start == 0
    assert chunks[-1].chunk_end == total
    for before, after in itertools.pairwise(chunks):
        assert before.next_offset == before.chunk_end == after.chunk_start
    for chunk in chunks:
        assert chunk.chunk_start is not None
        assert chunk.chunk_end is not None
        assert chunk.returned_bytes == chunk.chunk_end - chunk.chunk_start
        assert chunk.returned_bytes == len((chunk.text or "").encode())
        assert chunk.remaining_bytes == total - chunk.chunk_end
        assert chunk.total_bytes_estimate == total
        one_character = len(chunk.text or "") == 1
        assert chunk.returned_bytes <= length or one_character  # longer only not to split one


@given(TEXTS, LENGTHS)
def test_only_the_last_chunk_says_it_ends(text: str, length: int) -> None:
    chunks = chunks_of(text, length)
    assert [c.next_offset is None for c in chunks] == [False] * (len(chunks) - 1) + [True]
    assert [c.truncated for c in chunks] == [True] * (len(chunks) - 1) + [False]


@given(TEXTS, LENGTHS)
def test_every_chunk_of_a_text_carries_its_one_checksum(text: str, length: int) -> None:
    assert {c.snapshot_checksum for c in chunks_of(text, length)} == {checksum(text)}


@given(TEXTS, TEXTS, LENGTHS)
def test_a_chunk_of_another_text_is_refused(text: str, other: str, length: int) -> None:
    assume(other != text)
    refused = chunked(other, 0, length, checksum(text))
    assert refused.success is False
    assert refused.text is None
    assert refused.snapshot_checksum == checksum(other)  # where to start again


@given(TEXTS, st.integers(min_value=0, max_value=1000), LENGTHS)
def test_an_offset_inside_a_character_or_past_the_end_is_refused(
    text: str, offset: int, length: int
) -> None:
    whole = sayable(text)
    raw = whole.encode()
    starts = {len(whole[:i].encode()) for i in range(len(whole) + 1)}
    chunk = chunked(text, offset, length, None)
    assert chunk.success is (offset in starts)
    if chunk.success:
        assert chunk.text == raw[offset : chunk.chunk_end].decode()


@given(TEXTS, st.integers(min_value=0, max_value=300))
def test_a_capped_text_is_its_own_start_within_the_limit(text: str, limit: int) -> None:
    said = capped(text, limit)
    whole = sayable(text)
    raw = whole.encode()
    assert whole.startswith(said.text or "")
    assert said.returned_bytes == len((said.text or "").encode()) <= max(limit, 0)
    assert said.total_bytes_estimate == len(raw)
    assert said.truncated is (len(raw) > limit)
    if said.truncated:  # cut at the last character that fits: at most 3 bytes short
        assert said.returned_bytes > limit - 4
    else:
        assert said.text == whole

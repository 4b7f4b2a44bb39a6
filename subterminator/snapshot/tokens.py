"""The one offline token estimator every budget check uses.

``ceil(UTF-8 bytes / 3)``. Anthropic quotes about 3.5 characters per token for English; our
compact element JSON is denser in punctuation, so 3 bytes per token is the conservative side.
The authority remains ``usage.input_tokens`` from the API, recorded in cassettes; any figure we
print says which of the two it used.
"""

from __future__ import annotations

import math

BYTES_PER_TOKEN = 3
ESTIMATOR_NAME = "ceil(utf8_bytes/3)"
PIXELS_PER_IMAGE_TOKEN = 750  # Anthropic vision docs: tokens ~= width * height / 750


def estimate_tokens(text: str) -> int:
    return math.ceil(len(text.encode("utf-8")) / BYTES_PER_TOKEN)


def image_tokens(width: int, height: int) -> int:
    return math.ceil(width * height / PIXELS_PER_IMAGE_TOKEN)

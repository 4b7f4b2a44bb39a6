"""This repository's benchmarks, calibration and stress pages (``nox -s bench``).

Not in the wheel: they read ``fixtures/`` and ``recordings/`` of this checkout, and a user's
tests need none of them (those are in ``harness``).
"""

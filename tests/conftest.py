"""Test-wide configuration: the Hypothesis profiles.

Why: a property test that draws fresh random examples on every run can pass today and fail
tomorrow on the same code, by the luck of the seed.  The ``ci`` profile, loaded by default,
makes Hypothesis derive its examples from each test's own definition (``derandomize``) and
ignore the example database in ``.hypothesis/``, so every run of the suite tries exactly the
same examples and its verdict depends on the code alone.

For a longer random hunt on a developer's machine, choose the ``explore`` profile:
``HYPOTHESIS_PROFILE=explore python -m pytest tests/test_fuzz.py``.  Explicit ``settings(...)``
in a test (example counts, deadlines) keep their values under either profile; they inherit
only what they do not set, such as ``derandomize``.  (The longer plain-random run is
``benchmarks/fuzz.py``.)
"""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
settings.register_profile("explore", derandomize=False, max_examples=2000)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

"""Shared helpers: the inputs of the golden file, and the reference packages (oracles).

An oracle that is not installed skips the tests that need it, with one line saying so; with
IOHASH_REQUIRE_PYTHON_ORACLES=1 (CI) a missing oracle fails them instead.
"""

import importlib
import json
import os
import pathlib

import pytest

DATA = pathlib.Path(__file__).parent / "data"
REQUIRED = os.environ.get("IOHASH_REQUIRE_PYTHON_ORACLES") == "1"
_reported = set()


def pattern(length):
    """The golden file's input: bytes i % 251."""
    return bytes(i % 251 for i in range(length))


def oracle(module):
    """The reference module `module`, or a skip (a failure when oracles are required)."""
    try:
        return importlib.import_module(module)
    except ImportError:
        if REQUIRED:
            pytest.fail(f"{module} is required (IOHASH_REQUIRE_PYTHON_ORACLES=1) but not installed")
        if module not in _reported:
            _reported.add(module)
            print(f"\n{module} is not installed: its live comparisons are skipped")
        pytest.skip(f"{module} is not installed")


@pytest.fixture(scope="session")
def golden():
    with open(DATA / "golden.json") as source:
        return json.load(source)

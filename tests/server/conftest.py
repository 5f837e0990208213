"""The server tests' phones: ``phones()`` gives a headless Chromium at 390x844 (``phones(1920,
1080)``: the projector), each quit at the end of the test."""

from __future__ import annotations

import pytest

from tests.server.phone import Phone


@pytest.fixture
def phones():
    made: list[Phone] = []

    def phone(width: int = 390, height: int = 844, script: bool = True) -> Phone:
        made.append(Phone(width, height, script))
        return made[-1]

    yield phone
    for p in made:
        p.quit()

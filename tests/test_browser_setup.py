"""The browser tests on a machine without Chromium fail with how to install it; never skip."""

from __future__ import annotations

import shutil

import pytest

from tests import browser


def test_missing_chromium_fails_with_how_to_install_it(monkeypatch):
    monkeypatch.setattr(shutil, "which", lambda name: None)
    with pytest.raises(pytest.fail.Exception, match=r"apt-get install -y chromium"):
        browser.chromium()

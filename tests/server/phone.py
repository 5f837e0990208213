"""Helpers for the phone tests: a headless Chromium at 390x844 (Debian's chromium through the
system's chromedriver, a fresh profile each), taps counted, the page's answers read, the network
dropped with the DevTools protocol."""

from __future__ import annotations

import shutil
import tempfile
import time
from typing import Any

import pytest

from tests.app.test_html_report import HAVE_BROWSER, chrome

needs_browser = [pytest.mark.slow, pytest.mark.browser, pytest.mark.skipif(not HAVE_BROWSER, reason="chromium and chromium-driver are "
                                                                              "not installed (CI installs them)")]


class Phone:
    """One phone: a browser window at 390x844 on one server, counting its taps."""

    def __init__(self, width: int = 390, height: int = 844, script: bool = True) -> None:
        """``script=False``: a browser with JavaScript switched off (its pages' scripts never
        run; the tests' own still do)."""
        self.profile = tempfile.mkdtemp(prefix="schafkopf-phone-")
        self.driver = chrome(f"--user-data-dir={self.profile}")
        self.driver.set_window_size(width, height)
        self.taps = 0
        self.script = script
        if not script:
            self.driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})

    def open(self, url: str) -> None:
        self.driver.get(url)
        self.wait("return document.readyState === 'complete'")

    def js(self, script: str, *args: Any) -> Any:
        return self.driver.execute_script(script, *args)

    def wait(self, script: str, timeout: float = 8.0, *args: Any) -> Any:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            value = self.js(script, *args)
            if value:
                return value
            time.sleep(0.1)
        raise AssertionError(f"not within {timeout} s: {script}\n{self.text('main')}")

    def tap(self, kind: str, value: str | None = None, field: str | None = None) -> None:
        """One tap on a button of the tap pad (``data-tap`` and ``data-value``)."""
        selector = f'#taps button[data-tap="{kind}"]'
        if value is not None:
            selector += f'[data-value="{value}"]'
        if field is not None:
            selector += f'[data-field="{field}"]'
        button = self.driver.find_element("css selector", selector)
        assert button.is_displayed(), f"{selector} is not shown"
        button.click()
        self.taps += 1

    def record(self) -> None:
        """The Record button (a tap too)."""
        self.driver.find_element("id", "record").click()
        self.taps += 1

    def line(self) -> str:
        return str(self.driver.find_element("id", "line").get_attribute("value"))

    def type(self, text: str) -> None:
        self.driver.find_element("id", "line").send_keys(text)

    def text(self, selector: str) -> str:
        return str(self.js("var e = document.querySelector(arguments[0]); return e ? e.innerText : '';", selector))

    def said(self, timeout: float = 8.0) -> str:
        return str(self.wait("var s = document.getElementById('said'); return !s.hidden && s.innerText", timeout))

    def offline(self, off: bool = True) -> None:
        self.driver.execute_cdp_cmd("Network.enable", {})
        self.driver.execute_cdp_cmd("Network.emulateNetworkConditions", {
            "offline": off, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})

    def sideways(self) -> int:
        return int(self.js("return document.documentElement.scrollWidth - window.innerWidth"))

    def severe(self, allowed: tuple[str, ...] = ()) -> list[dict[str, Any]]:
        """The browser's errors, but for answers a test provoked (a refusal is logged as a
        failed load) and the network it dropped itself."""
        return [e for e in self.driver.get_log("browser") if e.get("level") == "SEVERE"
                and not any(a in e["message"] for a in ("status of 422", "status of 409", "ERR_INTERNET_DISCONNECTED",
                                                        "ERR_CONNECTION_REFUSED", "status of 401", "ERR_BLOCKED_BY_CLIENT",
                                                        *allowed))]

    def quit(self) -> None:
        self.driver.quit()
        shutil.rmtree(self.profile, ignore_errors=True)


def axe_findings(phone: Phone) -> list[dict[str, Any]]:
    """axe-core's serious and critical findings on the page (the package ships axe-core)."""
    from axe_selenium_python import Axe

    axe = Axe(phone.driver)
    if not phone.script:  # axe runs its own script (the page's, not run, stay so)
        phone.driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})
    try:
        axe.inject()
        results = axe.run()
    finally:
        if not phone.script:
            phone.driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    return [{"id": v["id"], "impact": v["impact"], "nodes": [n["target"] for n in v["nodes"]][:5]}
            for v in results["violations"] if v["impact"] in ("serious", "critical")]

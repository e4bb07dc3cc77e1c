"""Firefox and WebKit behind one small interface, for the engine smoke suite and bench/engines.py.

Playwright cannot drive Debian's Firefox or WebKitGTK, so each is driven through its own WebDriver:

* **Firefox** (``firefox-esr``): puppeteer-core over WebDriver BiDi, headless, in a Node process
  (``e2e/engines/firefox.mjs``) that answers one JSON command per line.
* **WebKit** (WebKitGTK's ``WebKitWebDriver``): Selenium's ``webdriver.WebKitGTK``, the browser in an
  Xvfb display this module starts, with the page-load strategy ``none`` (with ``normal`` or ``eager`` the
  driver holds every command until its page-load timeout although the page has loaded). That driver
  reports no console message and no page error: the suite's server adds a script before the page's own
  that notes them (``e2e/engines/watch.js``), and ``errors()`` reads it, in both engines.

A driver has one page at a time: ``open(url)`` (a new context: its own storage), ``js(fn, *args,
frame=None)`` (``fn`` is the source of a JavaScript function, called with the arguments; its promise is
awaited; ``frame`` names an iframe of the page), ``click(selector)``, ``key(name)``, ``reload()``,
``wait(fn, *args)`` and ``errors()``.
"""

from __future__ import annotations

import json
import os
import queue
import socket
import subprocess
import sys
import threading
import time
import warnings

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
FIREFOX = os.environ.get("FIREFOX", "/usr/bin/firefox-esr")
WEBKIT_DRIVER = os.environ.get("WEBKIT_DRIVER", "/usr/bin/WebKitWebDriver")
XVFB = "/usr/bin/Xvfb"
ENGINES = ("firefox", "webkit")
COMMAND_S = 180   # the longest any one driver command may take before it counts as hung

# The watch's errors, and the marker that tells a page that is about to be left from the next one.
_TAKE_ERRORS = "() => { const w = window.__e2eWatch; if (!w) return ['the watch script did not run']; " \
               "return w.errors.splice(0); }"
_LEAVING = "() => { window.__e2eLeaving = true; }"


class DriverError(RuntimeError):
    """The engine's driver failed a command (its message says which and why)."""


def missing(engine: str) -> str | None:
    """Why ``engine`` cannot run here (a missing program), or None."""
    needs = {"firefox": [FIREFOX, os.path.join(ROOT, "node_modules", "puppeteer-core", "package.json")],
             "webkit": [WEBKIT_DRIVER, XVFB]}[engine]
    absent = [p for p in needs if not os.path.exists(p)]
    if engine == "webkit":
        try:
            import selenium  # noqa: F401
        except ImportError:
            absent.append("the selenium package")
    return ", ".join(absent) + " missing: run bash scripts/setup.sh" if absent else None


class Driver:
    """What both engines offer (module docstring)."""

    name = ""
    version = ""

    def open(self, url: str, fresh: bool = True) -> None:
        """Load ``url`` in a new tab; ``fresh``: in a browser context of its own (no storage, no cache)."""
        raise NotImplementedError

    def js(self, fn: str, *args, frame: str | None = None):
        raise NotImplementedError

    def click(self, selector: str, frame: str | None = None) -> None:
        raise NotImplementedError

    def key(self, name: str) -> None:
        raise NotImplementedError

    def _reload(self) -> None:
        raise NotImplementedError

    def _reported(self) -> list[str]:
        return []

    def quit(self) -> None:
        raise NotImplementedError

    def goto(self, url: str) -> None:
        """Go on to ``url`` in the same tab and context (a return visit); ``wait`` never sees the page left."""
        self.js(_LEAVING)
        self._goto(url)

    def _goto(self, url: str) -> None:
        raise NotImplementedError

    def reload(self) -> None:
        """Reload the page; ``wait`` after it never sees the page that was left (``window.__e2eLeaving``)."""
        self.js(_LEAVING)
        self._reload()

    def wait(self, fn: str, *args, timeout: float = 60, frame: str | None = None, what: str = ""):
        """Poll ``fn(...args)`` in the page until it returns something truthy (that value); fail after ``timeout`` s.

        A page being left or not yet there (a reload) counts as not yet."""
        deadline = time.monotonic() + timeout
        last = None
        while True:
            try:
                value = self.js(f"(...a) => !window.__e2eLeaving && ({fn})(...a)", *args, frame=frame)
                if value:
                    return value
            except DriverError as err:   # between two documents
                last = err
            if time.monotonic() > deadline:
                raise AssertionError(f"{self.name}: timed out after {timeout:.0f} s waiting for {what or fn}"
                                     + (f" (last error: {str(last)[:300]})" if last else ""))
            time.sleep(0.1)

    def errors(self, frame: str | None = None) -> list[str]:
        """Console errors and page errors since the last call: the watch script's, and the driver's own."""
        noted = self.js(_TAKE_ERRORS, frame=frame) or []
        return list(noted) + self._reported()


class Firefox(Driver):
    """Firefox ESR through puppeteer-core over WebDriver BiDi (e2e/engines/firefox.mjs)."""

    name = "firefox"

    def __init__(self) -> None:
        self._proc = subprocess.Popen(["node", os.path.join(HERE, "firefox.mjs")], cwd=ROOT, text=True,
                                      stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                      env={**os.environ, "FIREFOX": FIREFOX})
        self._stderr: list[str] = []
        self._lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=lambda: self._stderr.extend(self._proc.stderr), daemon=True).start()
        threading.Thread(target=self._read, daemon=True).start()
        self._id = 0
        self._lock = threading.Lock()
        self.version = self._answer(0, 60)

    def _read(self) -> None:
        for line in self._proc.stdout:
            self._lines.put(line)
        self._lines.put("")

    def _answer(self, wanted: int, timeout: float):
        deadline = time.monotonic() + timeout
        while True:
            try:
                line = self._lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                raise DriverError(f"firefox: no answer in {timeout:.0f} s") from None
            if not line:
                raise DriverError(f"firefox.mjs ended: {''.join(self._stderr)[-2000:]}")
            msg = json.loads(line)
            if msg.get("id") is not None and msg["id"] < wanted:   # the late answer to a command that timed out
                continue
            if msg.get("id") != wanted:
                raise DriverError(f"firefox.mjs answered {msg.get('id')} to {wanted}")
            if not msg["ok"]:
                raise DriverError(msg["error"])
            return msg["value"]

    def _call(self, op: str, **args):
        with self._lock:
            self._id += 1
            self._proc.stdin.write(json.dumps({"id": self._id, "op": op, **args}) + "\n")
            self._proc.stdin.flush()
            return self._answer(self._id, COMMAND_S)

    def open(self, url: str, fresh: bool = True) -> None:
        self._call("open", url=url)   # a new browser context: its own storage and cache, fresh or not

    def js(self, fn: str, *args, frame: str | None = None):
        return self._call("eval", fn=fn, args=list(args), frame=frame)

    def _goto(self, url: str) -> None:
        self._call("goto", url=url)

    def click(self, selector: str, frame: str | None = None) -> None:
        self._call("click", selector=selector, frame=frame)

    def key(self, name: str) -> None:
        self._call("key", key=name)

    def _reload(self) -> None:
        self._call("reload")

    def _reported(self) -> list[str]:
        return self._call("errors")

    def quit(self) -> None:
        try:
            self._call("quit")
        except (DriverError, OSError, ValueError):
            pass
        try:
            self._proc.wait(20)
        except subprocess.TimeoutExpired:
            self._proc.kill()
            self._proc.wait(10)


class Xvfb:
    """A virtual X display for WebKitGTK (``DISPLAY``), stopped by ``stop()``."""

    def __init__(self) -> None:
        read, write = os.pipe()
        self._proc = subprocess.Popen([XVFB, "-displayfd", str(write), "-screen", "0", "1280x1024x24", "-nolisten",
                                       "tcp"], pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(write)
        with os.fdopen(read) as f:
            number = f.readline().strip()
        if not number:
            self._proc.kill()
            raise DriverError("Xvfb did not start")
        self.display = ":" + number

    def stop(self) -> None:
        self._proc.terminate()
        try:
            self._proc.wait(10)
        except subprocess.TimeoutExpired:
            self._proc.kill()
            self._proc.wait(10)


class WebKit(Driver):
    """WebKitGTK through WebKitWebDriver and Selenium, under Xvfb, page-load strategy ``none``."""

    name = "webkit"

    def __init__(self) -> None:
        self._xvfb = Xvfb()
        self._driver = None
        try:
            self._session()
        except Exception:
            self._xvfb.stop()
            raise

    def _session(self) -> None:
        """A new WebKitWebDriver and browser: a driver's service cannot be started again once stopped."""
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.service import Service
        options = webdriver.WebKitGTKOptions()
        options.page_load_strategy = "none"
        plain = socket.getdefaulttimeout()
        socket.setdefaulttimeout(COMMAND_S)   # Selenium's client takes it as the longest wait for an answer
        try:
            # A new session once went unanswered for COMMAND_S (2026-12-08, bench.engines; hundreds of sessions
            # started before it had not): the browser's launch, not a page. Selenium stops that driver; one more
            # try with a new one, said on stderr.
            for attempt in (1, 2):
                service = Service(executable_path=WEBKIT_DRIVER, env={**os.environ, "DISPLAY": self._xvfb.display})
                try:
                    with warnings.catch_warnings():   # Selenium's own WebKitGTK class sets the address the old way
                        warnings.filterwarnings("ignore", "setting remote_server_addr", DeprecationWarning)
                        self._driver = webdriver.WebKitGTK(options=options, service=service)
                    break
                except Exception as err:
                    if attempt == 2:
                        raise
                    print(f"webkit: a new session failed ({type(err).__name__}: {str(err)[:200]}); once more",
                          file=sys.stderr)
        finally:
            socket.setdefaulttimeout(plain)
        self._driver.set_script_timeout(COMMAND_S - 10)
        self._driver.set_window_size(1100, 850)
        self.version = self._driver.capabilities.get("browserVersion", "")

    def open(self, url: str, fresh: bool = True) -> None:
        # A new session is a new browser with its own (ephemeral) storage and cache. Without ``fresh`` the
        # session's tab goes on to ``url`` (a test on an origin of its own needs no new browser: ~2 s saved).
        # A session that died (WebKit's browser gone: the test it died in has failed) is replaced, so the tests
        # after it get a browser.
        if fresh or self._driver is None or not self._alive():
            if self._driver is not None:
                self._end_session()
            self._session()
        else:
            try:
                self.js(_LEAVING)
            except DriverError:
                pass
        self._driver.get(url)

    def _alive(self) -> bool:
        """Whether the session still has its browser."""
        from selenium.common.exceptions import InvalidSessionIdException
        try:
            self._driver.current_url
        except InvalidSessionIdException:
            return False
        return True

    def _end_session(self) -> None:
        """Quit the session's driver, whose browser may be gone already."""
        from selenium.common.exceptions import WebDriverException
        try:
            self._driver.quit()
        except WebDriverException:
            pass

    def _switch(self, frame: str | None) -> None:
        from selenium.webdriver.common.by import By
        self._driver.switch_to.default_content()
        if frame:
            self._driver.switch_to.frame(self._driver.find_element(By.CSS_SELECTOR, frame))

    def js(self, fn: str, *args, frame: str | None = None):
        from selenium.common.exceptions import WebDriverException
        try:
            self._switch(frame)
            answer = self._driver.execute_async_script(
                "const done = arguments[arguments.length - 1];"
                f"Promise.resolve().then(() => ({fn})(...Array.prototype.slice.call(arguments, 0, -1)))"
                ".then((v) => done({ok: v === undefined ? null : v}),"
                " (e) => done({error: String(e && e.message ? e.name + ': ' + e.message + '\\n' + e.stack : e)}));",
                *args)
        except WebDriverException as err:
            raise DriverError(f"webkit: {err.msg or err}") from None
        finally:
            if frame:
                try:
                    self._driver.switch_to.default_content()
                except WebDriverException:
                    pass
        if not isinstance(answer, dict) or "ok" not in answer:
            raise DriverError(f"webkit: {fn[:80]}: {answer.get('error') if isinstance(answer, dict) else answer}")
        return answer["ok"]

    def click(self, selector: str, frame: str | None = None) -> None:
        from selenium.common.exceptions import WebDriverException
        from selenium.webdriver.common.by import By
        try:
            self._switch(frame)
            self._driver.find_element(By.CSS_SELECTOR, selector).click()
        except WebDriverException as err:
            raise DriverError(f"webkit: clicking {selector}: {err.msg or err}") from None
        finally:
            if frame:
                self._driver.switch_to.default_content()

    def key(self, name: str) -> None:
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.keys import Keys
        ActionChains(self._driver).send_keys(getattr(Keys, name.upper(), name)).perform()

    def _reload(self) -> None:
        self._driver.refresh()

    def _goto(self, url: str) -> None:
        self._driver.get(url)

    def quit(self) -> None:
        try:
            if self._driver is not None:
                self._driver.quit()
        finally:
            self._xvfb.stop()


def launch(engine: str) -> Driver:
    """A running Firefox or WebKit driver; ``quit()`` it when done."""
    return {"firefox": Firefox, "webkit": WebKit}[engine]()

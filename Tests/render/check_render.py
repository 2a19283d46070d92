#!/usr/bin/env python3
"""Pictures in a real browser: `plumb render` SVGs and a `plumb check --format html` report,
opened in headless Chromium.

    python3 Tests/render/check_render.py PATH/TO/plumb [--chromium PATH]

Every page must load without a console message of level error or warning, an exception or a
failed load, must not be an XML error page, and must hold the `data-view` groups the picture
draws; a few are compared, as screenshots (light and dark), with the PNGs in
Tests/render/reference, pixel by pixel with a tolerance (fonts may differ by a few pixels
between machines). UPDATE_GOLDEN=1 writes the screenshots there instead (inspect them before
committing). The browser is driven through the DevTools protocol over a pipe, and PNGs are
decoded with zlib: the standard library only.

Exit status: 0 passed, 1 a check failed, 2 no browser or a usage error.
"""

import base64
import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import time
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
REFERENCE = os.path.join(HERE, "reference")

# (name, plumb arguments, output file, data-view groups expected, screenshot size or None)
CASES = [
    ("conflict", ["render", "Examples/problems/conflict.layout", "--direction", "ltr", "--constraints"], "svg", 2, (400, 700)),
    ("ambiguous", ["render", "Examples/problems/ambiguous.layout"], "svg", 12, (800, 700)),
    ("offscreen", ["render", "Examples/problems/offscreen.layout", "--direction", "ltr"], "svg", 2, (520, 700)),
    ("misplaced", ["render", "Examples/problems/misplaced.layout", "--direction", "ltr"], "svg", 2, None),
    ("login", ["render", "Examples/clean/login.layout", "--constraints"], "svg", 42, None),
    ("storyboard", ["render", "Tests/Fixtures/interface-builder/profile-issues.storyboard"], "svg", 6, (420, 720)),
    ("report", ["check", "--format", "html", "Examples/problems", "Tests/Fixtures/interface-builder/profile-issues.storyboard",
                "Tests/Fixtures/interface-builder/cell-issues.xib"], "html", None, None),
    ("report-conflict", ["check", "--format", "html", "Examples/problems/conflict.layout"], "html", 4, (900, 1000)),
]

# A pixel differs when a channel differs by more than this; a screenshot differs when more than
# this share of its pixels do.
CHANNEL_TOLERANCE = 48
PIXEL_SHARE_TOLERANCE = 0.02


class Failure(Exception):
    pass


# MARK: - PNG

def decode_png(data):
    """(width, height, rows of RGBA bytes) of an 8-bit, non-interlaced PNG (what Chromium writes)."""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise Failure("not a PNG")
    position = 8
    idat = b""
    width = height = colour = depth = interlace = None
    while position < len(data):
        length, kind = struct.unpack(">I4s", data[position:position + 8])
        chunk = data[position + 8:position + 8 + length]
        position += 12 + length
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", chunk)
        elif kind == b"IDAT":
            idat += chunk
        elif kind == b"IEND":
            break
    channels = {2: 3, 6: 4}.get(colour)
    if depth != 8 or channels is None or interlace != 0:
        raise Failure(f"unsupported PNG (depth {depth}, colour type {colour}, interlace {interlace})")
    raw = zlib.decompress(idat)
    stride = width * channels
    rows = []
    previous = bytearray(stride)
    offset = 0
    for _ in range(height):
        kind = raw[offset]
        line = bytearray(raw[offset + 1:offset + 1 + stride])
        offset += 1 + stride
        if kind == 1:
            for i in range(channels, stride):
                line[i] = (line[i] + line[i - channels]) & 0xFF
        elif kind == 2:
            for i in range(stride):
                line[i] = (line[i] + previous[i]) & 0xFF
        elif kind == 3:
            for i in range(stride):
                left = line[i - channels] if i >= channels else 0
                line[i] = (line[i] + ((left + previous[i]) >> 1)) & 0xFF
        elif kind == 4:
            for i in range(stride):
                a = line[i - channels] if i >= channels else 0
                b = previous[i]
                c = previous[i - channels] if i >= channels else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                predictor = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[i] = (line[i] + predictor) & 0xFF
        if channels == 3:
            rgba = bytearray(width * 4)
            rgba[0::4], rgba[1::4], rgba[2::4] = line[0::3], line[1::3], line[2::3]
            rgba[3::4] = b"\xff" * width
            rows.append(rgba)
        else:
            rows.append(line)
        previous = line
    return width, height, rows


def compare(actual_png, reference_png):
    """The share of pixels that differ (1.0 when the sizes differ)."""
    aw, ah, arows = decode_png(actual_png)
    rw, rh, rrows = decode_png(reference_png)
    if (aw, ah) != (rw, rh):
        return 1.0
    differing = 0
    for arow, rrow in zip(arows, rrows):
        if arow == rrow:
            continue
        for i in range(0, len(arow), 4):
            if (abs(arow[i] - rrow[i]) > CHANNEL_TOLERANCE or abs(arow[i + 1] - rrow[i + 1]) > CHANNEL_TOLERANCE
                    or abs(arow[i + 2] - rrow[i + 2]) > CHANNEL_TOLERANCE):
                differing += 1
    return differing / float(aw * ah)


def distinct_colours(png):
    """How many colours a screenshot has (a blank page has one)."""
    _, _, rows = decode_png(png)
    colours = set()
    for row in rows[::7]:
        for i in range(0, len(row), 28):
            colours.add(bytes(row[i:i + 3]))
    return len(colours)


# MARK: - The browser

class Browser:
    """Chromium, headless, driven through the DevTools protocol on file descriptors 3 and 4."""

    def __init__(self, executable, profile):
        to_browser_read, self.to_browser = os.pipe()
        self.from_browser, from_browser_write = os.pipe()

        def wire():
            os.dup2(to_browser_read, 3)
            os.dup2(from_browser_write, 4)

        self.process = subprocess.Popen(
            [executable, "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe",
             "--hide-scrollbars", "--force-device-scale-factor=1", "--font-render-hinting=none",
             "--disable-extensions", "--no-first-run", "--no-default-browser-check", f"--user-data-dir={profile}",
             "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            preexec_fn=wire, pass_fds=(3, 4, to_browser_read, from_browser_write))
        os.close(to_browser_read)
        os.close(from_browser_write)
        self.buffer = b""
        self.next_id = 0
        self.events = []
        self.session = None

    def close(self):
        try:
            self.send("Browser.close", session=False, wait=False)
        except OSError:
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()

    def read_message(self, deadline):
        while b"\0" not in self.buffer:
            if time.time() > deadline:
                raise Failure("the browser did not answer in time")
            chunk = os.read(self.from_browser, 1 << 20)
            if not chunk:
                raise Failure("the browser closed its pipe")
            self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def send(self, method, params=None, session=True, wait=True, timeout=30):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session and self.session:
            message["sessionId"] = self.session
        os.write(self.to_browser, json.dumps(message).encode() + b"\0")
        if not wait:
            return None
        deadline = time.time() + timeout
        while True:
            answer = self.read_message(deadline)
            if answer.get("id") == self.next_id:
                if "error" in answer:
                    raise Failure(f"{method}: {answer['error']}")
                return answer.get("result", {})
            self.events.append(answer)

    def wait_for(self, method, timeout=30):
        deadline = time.time() + timeout
        for index, event in enumerate(self.events):
            if event.get("method") == method:
                return self.events.pop(index)
        while True:
            event = self.read_message(deadline)
            if event.get("method") == method:
                return event
            self.events.append(event)

    def open_page(self):
        targets = self.send("Target.getTargets", session=False)["targetInfos"]
        page = next((target for target in targets if target["type"] == "page"), None)
        if page is None:
            page = {"targetId": self.send("Target.createTarget", {"url": "about:blank"}, session=False)["targetId"]}
        self.session = self.send("Target.attachToTarget", {"targetId": page["targetId"], "flatten": True},
                                 session=False)["sessionId"]
        for domain in ("Page.enable", "Runtime.enable", "Log.enable"):
            self.send(domain)

    def load(self, url, width, height, scheme):
        self.send("Emulation.setDeviceMetricsOverride",
                  {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
        self.send("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
        self.events = [event for event in self.events if event.get("method") != "Page.loadEventFired"]
        self.send("Page.navigate", {"url": url})
        self.wait_for("Page.loadEventFired")

    def problems(self):
        """Console errors and warnings, exceptions and failed loads since the last call."""
        found = []
        for event in self.events:
            method, params = event.get("method"), event.get("params", {})
            if method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "warning", "assert"):
                found.append("console: " + " ".join(str(arg.get("value", arg.get("description"))) for arg in params.get("args", [])))
            elif method == "Runtime.exceptionThrown":
                found.append("exception: " + json.dumps(params.get("exceptionDetails", {}))[:300])
            elif method == "Log.entryAdded" and params.get("entry", {}).get("level") in ("error", "warning"):
                entry = params["entry"]
                found.append(f"log ({entry.get('source')}): {entry.get('text')} {entry.get('url', '')}")
        self.events = []
        return found

    def evaluate(self, expression):
        result = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True})
        return result.get("result", {}).get("value")

    def screenshot(self):
        return base64.b64decode(self.send("Page.captureScreenshot", {"format": "png"})["data"])


def find_chromium(given):
    for candidate in ([given] if given else []) + ["chromium", "chromium-browser", "google-chrome"]:
        path = shutil.which(candidate) if candidate else None
        if path:
            return path
    return None


def main(arguments):
    if not arguments or arguments[0].startswith("-"):
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    plumb = os.path.abspath(arguments[0])
    chromium = find_chromium(arguments[2] if len(arguments) > 2 and arguments[1] == "--chromium" else None)
    if chromium is None:
        print("check_render.py: no chromium found", file=sys.stderr)
        return 2
    update = os.environ.get("UPDATE_GOLDEN") == "1"
    started = time.time()
    failures = []
    work = tempfile.mkdtemp(prefix="plumb-render-")
    browser = None
    try:
        browser = Browser(chromium, os.path.join(work, "profile"))
        browser.open_page()
        for name, plumb_arguments, kind, views, size in CASES:
            output = os.path.join(work, f"{name}.{kind}")
            run = subprocess.run([plumb] + plumb_arguments + ["-o", output], cwd=REPO, capture_output=True, text=True)
            if run.returncode not in (0, 1) or not os.path.exists(output):
                failures.append(f"{name}: plumb {' '.join(plumb_arguments)} exited {run.returncode}: {run.stderr.strip()}")
                continue
            width, height = size or (800, 800)
            for scheme in ("light", "dark"):
                browser.load("file://" + output, width, height, scheme)
                problems = browser.problems()
                if problems:
                    failures.append(f"{name} ({scheme}): " + "; ".join(problems))
                state = browser.evaluate(
                    "JSON.stringify({error: document.getElementsByTagName('parsererror').length,"
                    " views: document.querySelectorAll('[data-view]').length,"
                    " svgs: document.getElementsByTagName('svg').length,"
                    " background: getComputedStyle(document.querySelector('.background') || document.body).fill"
                    " || getComputedStyle(document.body).backgroundColor})")
                state = json.loads(state or "{}")
                if state.get("error") or not state.get("svgs"):
                    failures.append(f"{name} ({scheme}): not drawn: {state}")
                if views is not None and state.get("views") != views:
                    failures.append(f"{name} ({scheme}): {state.get('views')} data-view groups, expected {views}")
                if size is None:
                    continue
                png = browser.screenshot()
                if distinct_colours(png) < 3:
                    failures.append(f"{name} ({scheme}): the screenshot is blank")
                reference = os.path.join(REFERENCE, f"{name}-{scheme}.png")
                if update:
                    os.makedirs(REFERENCE, exist_ok=True)
                    with open(reference, "wb") as handle:
                        handle.write(png)
                    print(f"recorded {os.path.relpath(reference, REPO)}")
                    continue
                if not os.path.exists(reference):
                    failures.append(f"{name} ({scheme}): no reference {os.path.relpath(reference, REPO)} (UPDATE_GOLDEN=1 records it)")
                    continue
                with open(reference, "rb") as handle:
                    share = compare(png, handle.read())
                if share > PIXEL_SHARE_TOLERANCE:
                    kept = os.path.join(tempfile.gettempdir(), f"plumb-render-{name}-{scheme}.png")
                    with open(kept, "wb") as handle:
                        handle.write(png)
                    failures.append(
                        f"{name} ({scheme}): {share:.1%} of the pixels differ from the reference (tolerance "
                        f"{PIXEL_SHARE_TOLERANCE:.0%}); the screenshot is {kept}")
            print(f"ok   {name}")
    except Failure as error:
        failures.append(str(error))
    finally:
        if browser:
            browser.close()
        shutil.rmtree(work, ignore_errors=True)
    for failure in failures:
        print(f"FAIL {failure}")
    print(f"browser checks: {len(CASES)} cases, {len(failures)} failures, {time.time() - started:.1f}s")
    if update:
        print("recorded the references: run again without UPDATE_GOLDEN")
        return 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

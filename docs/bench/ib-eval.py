#!/usr/bin/env python3
"""How well Plumb's `ambiguous` and `misplaced` findings agree with the markers Xcode saved.

    python3 docs/bench/ib-eval.py --plumb .build/release/plumb FOLDER [FOLDER ...]
        [--json] [--list fp|fn|tp|errors] [--by-repo] [--batch N] [--no-info]
        [--keep-temp] [--markers-only]

Every `.storyboard` and `.xib` under the folders (hidden folders skipped) is copied to a
temporary folder with Xcode's `ambiguous="YES"` and `misplaced="YES"` attributes removed,
and nothing else changed: the attribute goes, with the spaces before it on its line, and
no line break is removed, so every line keeps its number. `plumb check --format json`
runs on the copies, many files per process. Each finding of Plumb's is matched to the
element whose start tag it points at, and compared with the markers of that element.
interface-builder.md ("Measured against Xcode") explains the matching rules and the eras.

The input folders are only read. Standard library only.
"""
import argparse
import bisect
import html
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict

EXTENSIONS = (".storyboard", ".xib")
MARKER_ATTRIBUTES = {"ambiguous": "ambiguous", "misplaced": "misplaced"}
KINDS = ("ambiguous", "misplaced")
# Plumb's codes and the marker each stands for.
CODE_KIND = {
    "ambiguous": "ambiguous",
    "content-priority-ambiguity": "ambiguous",
    "misplaced": "misplaced",
}
READ_ERROR_CODES = {"ib-xml", "ib-refused", "ib-unsupported"}
CELL_TAGS = {"tableViewCell", "collectionViewCell", "collectionReusableView", "tableViewHeaderFooterView"}

# Eras by the document's toolsVersion (its integer part). Xcode 15 and later may write the
# placeholder 32700.99.1234; the Cocoa Touch plug-in's version is used for those.
ERAS = [
    (6000, "Xcode 4-5"),        # 4510, 5056
    (11000, "Xcode 6-7"),       # 6211 (Xcode 6.0) ... 10117 (Xcode 7.3)
    (13000, "Xcode 8"),         # 11134 ... 12121; 11173-11201 may save frames as frameInset
    (14800, "Xcode 9-10"),      # 13122 ... 14113 (Xcode 9), 14313 ... 14490 (Xcode 10)
    (21000, "Xcode 11-13"),     # 14868 ... 16097 (Xcode 11), 17xxx-18xxx (12), 19xxx-20xxx (13)
    (None, "Xcode 14+"),        # 21225 ... 22155 (Xcode 14), 22505-22685 (Xcode 15), 23xxx, 24xxx
]
ERA_ORDER = [name for _, name in ERAS] + ["unknown"]
PLACEHOLDER_TOOLS_VERSION = 30000


# The platforms whose files are compared; the others are counted, with their markers.
EVALUATED_PLATFORMS = ("iOS", "macOS")


def era_of(tools_version):
    if tools_version is None:
        return "unknown"
    for bound, name in ERAS:
        if bound is None or tools_version < bound:
            return name
    return "unknown"


# ---------------------------------------------------------------------------------------
# Reading a file: a small XML tag scanner that keeps every offset.

START_TAG = re.compile(r"<([A-Za-z_][\w.:-]*)((?:\s+[^\s=/>]+\s*=\s*(?:\"[^\"]*\"|'[^']*'))*)\s*(/?)>")
ATTRIBUTE = re.compile(r"(\s+)([^\s=/>]+)\s*=\s*(?:\"([^\"]*)\"|'([^']*)')")
# Markup that holds no element, as (opener, closer), the longer openers first: comments,
# character data, processing instructions, declarations.
SKIPPED_MARKUP = (("<!--", "-->"), ("<![CDATA[", "]]>"), ("<?", "?>"), ("<!", ">"))
END_TAG = re.compile(r"</([A-Za-z_][\w.:-]*)\s*>")


class Element:
    __slots__ = ("index", "name", "attributes", "start", "name_offset", "end", "parent", "line", "column")

    def __init__(self, index, name, attributes, start, name_offset, end, parent):
        self.index = index
        self.name = name
        self.attributes = attributes
        self.start = start
        self.name_offset = name_offset
        self.end = end
        self.parent = parent
        self.line = 0
        self.column = 0


def decode(data):
    """The text to scan and how to write it back: UTF-8 (and every ASCII-compatible
    encoding) is scanned byte for byte (latin-1), so the copy stays byte-identical."""
    boms = [
        (b"\x00\x00\xfe\xff", "utf-32-be"), (b"\xff\xfe\x00\x00", "utf-32-le"),
        (b"\xfe\xff", "utf-16-be"), (b"\xff\xfe", "utf-16-le"),
    ]
    for bom, codec in boms:
        if data.startswith(bom):
            try:
                return data[len(bom):].decode(codec), codec, bom
            except UnicodeDecodeError:
                return None, None, None
    patterns = [
        (b"\x00\x00\x00<", "utf-32-be"), (b"<\x00\x00\x00", "utf-32-le"),
        (b"\x00<\x00?", "utf-16-be"), (b"<\x00?\x00", "utf-16-le"),
    ]
    for pattern, codec in patterns:
        if data.startswith(pattern):
            try:
                return data.decode(codec), codec, b""
            except UnicodeDecodeError:
                return None, None, None
    return data.decode("latin-1"), "bytes", b""


def encode(text, codec, bom):
    if codec == "bytes":
        return text.encode("latin-1")
    return bom + text.encode(codec)


def scan(text):
    """Start tags in document order, with their parent; None if the markup cannot be followed."""
    elements = []
    stack = []
    position = 0
    length = len(text)
    while True:
        lt = text.find("<", position)
        if lt < 0:
            break
        skipped = next((pair for pair in SKIPPED_MARKUP if text.startswith(pair[0], lt)), None)
        if skipped:
            opener, closer = skipped
            close = text.find(closer, lt + len(opener))
            position = length if close < 0 else close + len(closer)
            continue
        if text.startswith("</", lt):
            match = END_TAG.match(text, lt)
            if not match:
                return None
            name = match.group(1)
            while stack and elements[stack[-1]].name != name:
                stack.pop()
            if stack:
                stack.pop()
            position = match.end()
            continue
        match = START_TAG.match(text, lt)
        if not match:
            return None
        attributes = []
        for attribute in ATTRIBUTE.finditer(match.group(2)):
            offset = match.start(2)
            value = attribute.group(3) if attribute.group(3) is not None else attribute.group(4)
            attributes.append((attribute.group(2), value, offset + attribute.start(), offset + attribute.end(),
                               offset + attribute.start(2)))
        element = Element(len(elements), match.group(1), attributes, lt, lt + 1, match.end(),
                          stack[-1] if stack else None)
        elements.append(element)
        if not match.group(3):
            stack.append(element.index)
        position = match.end()
    return elements


def attribute(element, name):
    for key, value, *_ in element.attributes:
        if key == name:
            return value
    return None


class LineIndex:
    def __init__(self, text, codec):
        self.text = text
        self.codec = codec
        self.starts = [0] + [m.end() for m in re.finditer("\n", text)]

    def line(self, offset):
        return bisect.bisect_right(self.starts, offset) - 1

    def utf16_column(self, offset):
        line = self.line(offset)
        prefix = self.text[self.starts[line]:offset]
        if self.codec == "bytes":
            prefix = prefix.encode("latin-1").decode("utf-8", errors="replace")
        return sum(2 if ord(c) > 0xFFFF else 1 for c in prefix)


class Marker:
    __slots__ = ("kind", "element")

    def __init__(self, kind, element):
        self.kind = kind
        self.element = element


class IBFile:
    """One input file: where it came from, its markers, and its stripped copy."""

    def __init__(self, path, folder_index, folder, relative):
        self.path = path
        self.folder_index = folder_index
        self.relative = relative
        parts = relative.split(os.sep)
        self.repo = parts[0] if len(parts) > 1 else os.path.basename(os.path.normpath(folder))
        self.copy_relative = os.path.join(str(folder_index), relative)
        self.error = None
        self.platform = "unknown"
        self.tools_version = None
        self.tools_version_text = None
        self.era = "unknown"
        self.device = None
        self.elements = []
        self.markers = []
        self.lines = None
        self.by_name_position = {}
        self.by_line = defaultdict(list)
        self.stripped = None
        self.no_layout = False
        self.findings = []        # (kind, element index or None, code, severity, line, message, canvas)
        self.other_codes = defaultdict(set)

    def read(self):
        try:
            with open(self.path, "rb") as handle:
                data = handle.read()
        except OSError as error:
            self.error = f"cannot read: {error.strerror}"
            return
        text, codec, bom = decode(data)
        if text is None:
            self.error = "not decodable (bad UTF-16/UTF-32)"
            self.stripped = data
            return
        elements = scan(text)
        if elements is None:
            self.error = "the evaluation's tag scanner cannot follow the markup"
            self.stripped = data
            return
        removals = []
        marked = []
        for element in elements:
            for key, value, start, end, _ in element.attributes:
                if key in MARKER_ATTRIBUTES and value == "YES":
                    # Remove the attribute and the spaces before it on its own line.
                    whitespace = text[start:end]
                    leading = len(whitespace) - len(whitespace.lstrip())
                    newline = whitespace.rfind("\n", 0, leading)
                    removals.append((start + (newline + 1 if newline >= 0 else 0), end))
                    marked.append((MARKER_ATTRIBUTES[key], element.index))
        pieces = []
        position = 0
        for start, end in sorted(removals):
            pieces.append(text[position:start])
            position = end
        pieces.append(text[position:])
        stripped_text = "".join(pieces)
        self.stripped = encode(stripped_text, codec, bom)
        stripped_elements = scan(stripped_text) if removals else elements
        if stripped_elements is None or len(stripped_elements) != len(elements) or any(
                a.name != b.name for a, b in zip(elements, stripped_elements)):
            self.error = "the stripped copy does not have the original's elements"
            return
        self.elements = stripped_elements
        self.lines = LineIndex(stripped_text, codec)
        for element in self.elements:
            element.line = self.lines.line(element.name_offset)
            element.column = self.lines.utf16_column(element.name_offset)
            self.by_name_position[(element.line, element.column)] = element.index
            self.by_line[element.line].append(element.index)
        self.markers = [Marker(kind, index) for kind, index in marked]
        self.describe_document()

    def describe_document(self):
        root = next((e for e in self.elements if e.parent is None), None)
        if root is None:
            self.platform = "unknown"
            return
        if root.name == "archive":
            # Xcode 3-4's format: Plumb reports it unreadable, and it is counted among the errors.
            archive_type = attribute(root, "type") or ""
            self.platform = "iOS" if "CocoaTouch" in archive_type else "macOS" if "Cocoa" in archive_type else "unknown"
            self.era = "Xcode 3-4 (archive)"
            return
        runtime = attribute(root, "targetRuntime") or ""
        doc_type = attribute(root, "type") or ""
        deployment = None
        plugins = {}
        for element in self.elements:
            if element.name == "deployment" and deployment is None:
                deployment = attribute(element, "identifier")
            elif element.name == "plugIn":
                plugins[attribute(element, "identifier") or ""] = attribute(element, "version")
            elif element.name == "device" and self.device is None:
                self.device = attribute(element, "id")
        if runtime == "iOS.CocoaTouch":
            self.platform = "iOS"
        elif runtime == "MacOSX.Cocoa":
            self.platform = "macOS"
        elif runtime == "AppleTV":
            self.platform = "tvOS"
        elif runtime == "watchKit":
            self.platform = "watchOS"
        elif deployment:
            self.platform = {"ios": "iOS", "macosx": "macOS", "tvos": "tvOS", "watchos": "watchOS"}.get(
                deployment.lower(), deployment)
        elif "com.apple.InterfaceBuilder.IBCocoaTouchPlugin" in plugins or "CocoaTouch" in doc_type:
            self.platform = "iOS"
        elif "AppleTV" in doc_type:
            self.platform = "tvOS"
        elif "Cocoa" in doc_type:
            self.platform = "macOS"
        text = attribute(root, "toolsVersion")
        self.tools_version_text = text
        version = leading_integer(text)
        if version is not None and version >= PLACEHOLDER_TOOLS_VERSION:
            plugin = plugins.get("com.apple.InterfaceBuilder.IBCocoaTouchPlugin") or next(
                (v for v in plugins.values() if v), None)
            version = leading_integer(plugin)
        self.tools_version = version
        self.era = era_of(version)

    def element_at(self, line, character):
        index = self.by_name_position.get((line, character))
        if index is not None:
            return index
        on_line = self.by_line.get(line)
        if on_line:
            return on_line[0]
        return None

    # What the analysis wants to know about an element.
    def describe(self, index):
        if index is None:
            return {"tag": None, "id": None}
        element = self.elements[index]
        ancestors = []
        parent = element.parent
        while parent is not None:
            ancestors.append(self.elements[parent])
            parent = self.elements[parent].parent
        label = attribute(element, "userLabel") or attribute(element, "customClass") or attribute(element, "text")
        label = html.unescape(label) if label is not None else None
        owner = element
        if element.name == "variation" and element.parent is not None:
            owner = self.elements[element.parent]
        info = {
            "tag": element.name,
            "id": attribute(element, "id") if element.name != "variation" else
            f"{attribute(owner, 'id')} [{attribute(element, 'key')}]",
            "key": attribute(element, "key"),
            "label": label,
            "in_cell": any(a.name in CELL_TAGS for a in ancestors),
            "in_stack": len(ancestors) > 1 and ancestors[0].name == "subviews" and ancestors[1].name == "stackView",
            "in_scroll": any(a.name in ("scrollView", "tableView", "collectionView", "textView") for a in ancestors),
            "root": attribute(element, "key") == "view",
            "scene": next((attribute(a, "customClass") or attribute(a, "userLabel") or a.name
                           for a in ancestors if a.name.endswith("Controller") or a.name == "viewController"), None),
        }
        return info


def leading_integer(text):
    if not text:
        return None
    match = re.match(r"\d+", text)
    return int(match.group(0)) if match else None


# ---------------------------------------------------------------------------------------
# Finding files and running plumb.

def find_files(folders):
    files = []
    for folder_index, folder in enumerate(folders):
        if os.path.isfile(folder):
            files.append(IBFile(folder, folder_index, os.path.dirname(folder) or ".", os.path.basename(folder)))
            continue
        found = []
        for directory, subdirectories, names in os.walk(folder):
            subdirectories[:] = sorted(d for d in subdirectories if not d.startswith("."))
            for name in names:
                if name.endswith(EXTENSIONS) and not name.startswith("."):
                    found.append(os.path.join(directory, name))
        for path in sorted(found):
            files.append(IBFile(path, folder_index, folder, os.path.relpath(path, folder)))
    return files


class PlumbRun:
    def __init__(self, plumb, root, batch, timeout):
        self.plumb = plumb
        self.root = root
        self.batch = batch
        self.timeout = timeout
        self.seconds = 0.0
        self.processes = 0

    def check(self, files):
        results = {}
        for start in range(0, len(files), self.batch):
            self.check_batch(files[start:start + self.batch], results)
        return results

    def check_batch(self, files, results):
        # Every file copied is evaluated, those under Pods/ or Carthage/ too: a configuration
        # of the run's own turns off the folders plumb check leaves out by default.
        config = os.path.join(self.root, ".plumb-eval.json")
        if not os.path.exists(config):
            with open(config, "w") as handle:
                handle.write('{"defaultExcludes": false}\n')
        command = [self.plumb, "check", "--format", "json", "--config", config] + [f.copy_relative for f in files]
        began = time.perf_counter()
        try:
            process = subprocess.run(command, cwd=self.root, capture_output=True, timeout=self.timeout)
            status, output, errors = process.returncode, process.stdout, process.stderr
        except subprocess.TimeoutExpired:
            status, output, errors = None, b"", b"timeout"
        self.seconds += time.perf_counter() - began
        self.processes += 1
        document = None
        if status in (0, 1, 2):
            try:
                document = json.loads(output)
            except ValueError:
                document = None
        if document is None:
            if len(files) > 1:
                middle = len(files) // 2
                self.check_batch(files[:middle], results)
                self.check_batch(files[middle:], results)
            else:
                reason = "timed out" if status is None else f"exit status {status}"
                message = errors.decode("utf-8", "replace").strip().splitlines()
                results[files[0].copy_relative] = {"failed": f"plumb {reason}" + (
                    f": {message[-1]}" if message else "")}
            return
        for entry in document.get("files", []):
            results[entry.get("path")] = entry
        if status == 2:
            for line in errors.decode("utf-8", "replace").splitlines():
                for f in files:
                    if f.copy_relative in line and f.copy_relative not in results:
                        results[f.copy_relative] = {"failed": line.strip()}


# ---------------------------------------------------------------------------------------
# Matching and counting.

class Tally:
    def __init__(self):
        self.files = 0
        self.marked_files = 0
        self.counts = {kind: Counter() for kind in KINDS}

    def add(self, other):
        self.files += other.files
        self.marked_files += other.marked_files
        for kind in KINDS:
            self.counts[kind].update(other.counts[kind])

    def row(self, kind):
        c = self.counts[kind]
        tp, fp, fn = c["tp"], c["fp"], c["fn"]
        return {
            "markers": tp + fn,
            "findings": tp + fp,
            "tp": tp, "fp": fp, "fn": fn,
            "recall": tp / (tp + fn) if tp + fn else None,
            "precision": tp / (tp + fp) if tp + fp else None,
            "fp_per_100_files": 100.0 * fp / self.files if self.files else None,
        }

    def as_json(self):
        return {"files": self.files, "files_with_markers": self.marked_files,
                **{kind: self.row(kind) for kind in KINDS}}


def evaluate(f, entry, include_info):
    """Compare one file's findings with its markers; fills f.findings and returns (tally, fp, fn)."""
    for diagnostic in entry.get("diagnostics", []):
        code = diagnostic.get("code")
        severity = diagnostic.get("severity")
        start = (diagnostic.get("range") or {}).get("start") or {}
        line, character = start.get("line", -1), start.get("character", -1)
        index = f.element_at(line, character)
        if code in READ_ERROR_CODES and severity == "error":
            f.error = f"{code}: {diagnostic.get('message', '')}"
        if code == "ib-unsupported" and severity == "info":
            f.no_layout = True
        kind = CODE_KIND.get(code)
        if kind is None or (severity == "info" and not include_info):
            f.other_codes[index].add(code if severity != "info" else f"{code} (info)")
            continue
        f.findings.append((kind, index, code, severity, line, diagnostic.get("message", ""),
                           diagnostic.get("canvas")))
    tally = Tally()
    false_findings, missed, matched = [], [], []
    if f.error:
        return tally, false_findings, missed, matched
    tally.files = 1
    tally.marked_files = 1 if f.markers else 0
    marked = {(m.kind, m.element) for m in f.markers}
    found = {}
    unmapped = []
    for finding in f.findings:
        kind, index = finding[0], finding[1]
        if index is None:
            unmapped.append(finding)
        else:
            found.setdefault((kind, index), finding)
    for key in sorted(set(found) | marked, key=lambda k: (k[1], k[0])):
        kind, index = key
        if key in found and key in marked:
            tally.counts[kind]["tp"] += 1
            matched.append(list_entry(f, kind, index, found[key]))
        elif key in found:
            tally.counts[kind]["fp"] += 1
            false_findings.append(list_entry(f, kind, index, found[key]))
        else:
            tally.counts[kind]["fn"] += 1
            missed.append(list_entry(f, kind, index, None))
    for finding in unmapped:
        tally.counts[finding[0]]["fp"] += 1
        false_findings.append(list_entry(f, finding[0], None, finding))
    return tally, false_findings, missed, matched


def list_entry(f, kind, index, finding):
    element = f.elements[index] if index is not None else None
    line = element.line if element is not None else finding[4]
    entry = {
        "file": f.path, "repo": f.repo, "line": line + 1, "kind": kind,
        "era": f.era, "toolsVersion": f.tools_version_text, "device": f.device,
        "element": f.describe(index),
        "other_marker": index is not None and any(
            m.element == index and m.kind != kind for m in f.markers),
        "plumb_found_other_kind": index is not None and any(
            x[1] == index and x[0] != kind for x in f.findings),
        "other_codes": sorted(f.other_codes.get(index, ())),
    }
    if finding is not None:
        entry.update({"code": finding[2], "severity": finding[3], "message": finding[5], "canvas": finding[6]})
    return entry


# ---------------------------------------------------------------------------------------
# Output.

def percent(value):
    return "-" if value is None else f"{100 * value:5.1f}%"


def table(title, groups, order=None):
    lines = [title]
    header = f"  {'':<34} {'files':>6} {'marked':>6} | {'kind':<9} {'markers':>7} {'found':>6} {'TP':>5} {'FP':>5} {'FN':>5} {'recall':>7} {'precision':>9} {'FP/100':>7}"
    lines.append(header)
    names = order if order is not None else sorted(groups)
    for name in names:
        tally = groups.get(name)
        if tally is None or tally.files == 0:
            continue
        for position, kind in enumerate(KINDS):
            row = tally.row(kind)
            lead = f"  {name[:34]:<34} {tally.files:>6} {tally.marked_files:>6}" if position == 0 else " " * 50
            per100 = "-" if row["fp_per_100_files"] is None else f"{row['fp_per_100_files']:.1f}"
            lines.append(f"{lead} | {kind:<9} {row['markers']:>7} {row['findings']:>6} {row['tp']:>5} {row['fp']:>5} "
                         f"{row['fn']:>5} {percent(row['recall']):>7} {percent(row['precision']):>9} {per100:>7}")
    return "\n".join(lines)


def describe_entry(entry):
    element = entry["element"]
    tag = element.get("tag")
    what = f"<{tag} id=\"{element.get('id')}\">" if tag else "(no element at this line)"
    if element.get("label"):
        what += f" '{element['label'][:40]}'"
    flags = [entry["era"], f"device {entry['device']}" if entry["device"] else "no device"]
    for flag, text in (("in_cell", "in cell"), ("in_stack", "in stack"), ("root", "root view")):
        if element.get(flag):
            flags.append(text)
    if entry["other_marker"]:
        flags.append("Xcode marked the other kind")
    if entry["plumb_found_other_kind"]:
        flags.append("Plumb found the other kind")
    if entry["other_codes"]:
        flags.append("also " + ",".join(entry["other_codes"]))
    text = f"{entry['file']}:{entry['line']}: {entry['kind']} {what} [{'; '.join(flags)}]"
    if entry.get("message"):
        text += f"\n    {entry['code']}: {entry['message'][:300]}"
    return text


def main():
    parser = argparse.ArgumentParser(
        description="Measure Plumb's ambiguous/misplaced findings against Xcode's markers.")
    parser.add_argument("folders", nargs="+", metavar="FOLDER",
                        help="folders of .storyboard/.xib files (each first-level subfolder is one repository)")
    parser.add_argument("--plumb", default=None, help="the plumb binary (default: .build/release/plumb)")
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    parser.add_argument("--list", action="append", choices=["fp", "fn", "tp", "errors"], default=[],
                        help="list each false finding (fp), missed marker (fn), matched marker (tp) or file "
                             "not evaluated (errors); may be repeated")
    parser.add_argument("--by-repo", action="store_true", help="a table per repository")
    parser.add_argument("--batch", type=int, default=400, help="files per plumb process (default 400)")
    parser.add_argument("--timeout", type=float, default=1800, help="seconds per plumb process (default 1800)")
    parser.add_argument("--no-info", action="store_true",
                        help="leave out findings of severity info (ambiguity under verifyAmbiguity off/ignoreSizes)")
    parser.add_argument("--keep-temp", action="store_true", help="keep the stripped copies and say where")
    parser.add_argument("--markers-only", action="store_true",
                        help="count files and markers only, without running plumb")
    args = parser.parse_args()

    began = time.perf_counter()
    folders = [os.path.abspath(folder) for folder in args.folders]
    for folder in folders:
        if not os.path.exists(folder):
            parser.error(f"{folder} does not exist")
    files = find_files(folders)
    for f in files:
        f.read()

    if args.markers_only:
        return print_inventory(files, args.json)

    plumb = os.path.abspath(args.plumb or os.path.join(os.path.dirname(__file__), "..", "..", ".build", "release", "plumb"))
    if not os.access(plumb, os.X_OK):
        parser.error(f"no plumb binary at {plumb}; build it with `swift build -c release --product plumb`")

    temporary = tempfile.mkdtemp(prefix="plumb-ib-eval-")
    real_temporary = os.path.realpath(temporary)
    for folder in folders:
        real = os.path.realpath(folder)
        if real_temporary == real or real_temporary.startswith(real.rstrip(os.sep) + os.sep):
            shutil.rmtree(temporary)
            parser.error(f"the temporary folder {temporary} is inside an input folder; set TMPDIR elsewhere")
    try:
        evaluated = [f for f in files if f.error is None and f.platform in EVALUATED_PLATFORMS]
        for f in evaluated:
            destination = os.path.join(temporary, f.copy_relative)
            os.makedirs(os.path.dirname(destination), exist_ok=True)
            with open(destination, "wb") as handle:
                handle.write(f.stripped)
        run = PlumbRun(plumb, temporary, max(1, args.batch), args.timeout)
        results = run.check(evaluated)
    finally:
        if args.keep_temp:
            print(f"stripped copies kept in {temporary}", file=sys.stderr)
        else:
            shutil.rmtree(temporary, ignore_errors=True)

    total = Tally()
    by_era, by_repo, by_platform = defaultdict(Tally), defaultdict(Tally), Counter()
    per_platform, by_platform_era = defaultdict(Tally), defaultdict(lambda: defaultdict(Tally))
    markers_by_platform = defaultdict(Counter)
    false_findings, missed, matched, errors = [], [], [], []
    no_layout = 0
    for f in files:
        by_platform[f.platform] += 1
        for m in f.markers:
            markers_by_platform[f.platform][m.kind] += 1
        if f.platform not in EVALUATED_PLATFORMS and f.error is None:
            continue
        if f.error is None:
            entry = results.get(f.copy_relative)
            if entry is None:
                f.error = "not in plumb's output"
            elif "failed" in entry:
                f.error = entry["failed"]
            else:
                tally, fps, fns, tps = evaluate(f, entry, not args.no_info)
                if f.error is None:
                    no_layout += f.no_layout
                    total.add(tally)
                    by_era[f.era].add(tally)
                    per_platform[f.platform].add(tally)
                    by_platform_era[f.platform][f.era].add(tally)
                    by_repo[f.repo].add(tally)
                    false_findings += fps
                    missed += fns
                    matched += tps
                    continue
        errors.append({"file": f.path, "repo": f.repo, "platform": f.platform, "era": f.era, "error": f.error,
                       "markers": dict(Counter(m.kind for m in f.markers))})
    elapsed = time.perf_counter() - began

    summary = {
        "plumb": plumb,
        "folders": folders,
        "files": len(files),
        "platforms": dict(by_platform),
        "markers_by_platform": {p: dict(c) for p, c in markers_by_platform.items()},
        "evaluated_files": total.files,
        "files_without_layout": no_layout,
        "errors": len(errors),
        "seconds": round(elapsed, 2),
        "plumb_seconds": round(run.seconds, 2),
        "plumb_processes": run.processes,
        "include_info": not args.no_info,
        "eras": [{"name": name, "toolsVersion_below": bound} for bound, name in ERAS],
        "total": total.as_json(),
        "by_era": {era: by_era[era].as_json() for era in ERA_ORDER if era in by_era},
        "by_platform": {
            platform: {
                "total": per_platform[platform].as_json(),
                "by_era": {era: by_platform_era[platform][era].as_json() for era in ERA_ORDER
                           if era in by_platform_era[platform]},
            } for platform in EVALUATED_PLATFORMS if platform in per_platform
        },
    }
    if args.by_repo:
        summary["by_repo"] = {repo: by_repo[repo].as_json() for repo in sorted(by_repo)}
    if args.json:
        summary["error_files"] = errors
        if "fp" in args.list:
            summary["false_findings"] = false_findings
        if "fn" in args.list:
            summary["missed_markers"] = missed
        if "tp" in args.list:
            summary["matched_markers"] = matched
        json.dump(summary, sys.stdout, indent=1)
        print()
        return 0

    print(f"Plumb against Xcode's markers: {len(files)} files in {len(folders)} folder(s)")
    print("  platforms: " + ", ".join(f"{name} {count}" for name, count in by_platform.most_common())
          + " (iOS and macOS are evaluated)")
    skipped = {p: c for p, c in markers_by_platform.items() if p not in EVALUATED_PLATFORMS}
    if skipped:
        print("  markers in files not evaluated: " + ", ".join(
            f"{p} {c['ambiguous']} ambiguous, {c['misplaced']} misplaced" for p, c in sorted(skipped.items())))
    print(f"  evaluated: {total.files} iOS and macOS files ({total.marked_files} with markers, {no_layout} with nothing to lay out); "
          f"{len(errors)} not evaluated (errors)")
    print(f"  time: {elapsed:.1f} s in all, {run.seconds:.1f} s in {run.processes} plumb process(es)"
          + (f", {1000 * run.seconds / total.files:.1f} ms a file" if total.files else ""))
    print()
    print(table("All files", {"all": total}))
    for platform in EVALUATED_PLATFORMS:
        if platform not in per_platform:
            continue
        print()
        print(table(f"{platform} files ({per_platform[platform].files})", {"all": per_platform[platform]}))
        print()
        print(table(f"{platform}, by era (document toolsVersion)", by_platform_era[platform], ERA_ORDER))
    if args.by_repo:
        print()
        print(table("By repository", by_repo))
    if errors:
        print()
        listed = "errors" in args.list or len(errors) <= 20
        print(f"Not evaluated: {len(errors)} file(s)" + ("" if listed else " (--list errors lists them)"))
        reasons = Counter(re.sub(r":.*", "", e["error"]) for e in errors)
        for reason, count in reasons.most_common():
            print(f"  {count:5}  {reason}")
        if listed:
            for e in errors:
                print(f"  {e['file']}: {e['error']}")
    if "fp" in args.list:
        print()
        print(f"False findings ({len(false_findings)}): Plumb reports, Xcode did not mark")
        for entry in false_findings:
            print(describe_entry(entry))
    if "fn" in args.list:
        print()
        print(f"Missed markers ({len(missed)}): Xcode marked, Plumb does not report")
        for entry in missed:
            print(describe_entry(entry))
    if "tp" in args.list:
        print()
        print(f"Matched markers ({len(matched)}): Xcode marked, Plumb reports")
        for entry in matched:
            print(describe_entry(entry))
    return 0


def print_inventory(files, as_json):
    repos = defaultdict(lambda: {"files": 0, "ios_files": 0, "other_platform_files": 0, "files_with_markers": 0,
                                 "ambiguous": 0, "misplaced": 0, "on_variation": 0, "tools_versions": [],
                                 "errors": 0, "eras": Counter()})
    for f in files:
        r = repos[f.repo]
        r["files"] += 1
        if f.error:
            r["errors"] += 1
        if f.platform != "iOS":
            r["other_platform_files"] += 1
            continue
        r["ios_files"] += 1
        r["eras"][f.era] += 1
        if f.tools_version is not None:
            r["tools_versions"].append(f.tools_version)
        if f.markers:
            r["files_with_markers"] += 1
        for m in f.markers:
            r[m.kind] += 1
            if f.elements[m.element].name == "variation":
                r["on_variation"] += 1
    rows = {}
    for name, r in sorted(repos.items()):
        versions = r.pop("tools_versions")
        r["tools_version_range"] = [min(versions), max(versions)] if versions else None
        r["eras"] = dict(r["eras"])
        rows[name] = r
    if as_json:
        json.dump(rows, sys.stdout, indent=1)
        print()
        return 0
    print(f"{'repository':<50} {'files':>6} {'iOS':>6} {'other':>6} {'marked':>6} {'ambig':>6} {'mispl':>6} {'var':>4} {'err':>4}  toolsVersion")
    sums = Counter()
    for name, r in rows.items():
        span = "-" if not r["tools_version_range"] else f"{r['tools_version_range'][0]}-{r['tools_version_range'][1]}"
        print(f"{name[:50]:<50} {r['files']:>6} {r['ios_files']:>6} {r['other_platform_files']:>6} "
              f"{r['files_with_markers']:>6} {r['ambiguous']:>6} {r['misplaced']:>6} {r['on_variation']:>4} {r['errors']:>4}  {span}")
        for key in ("files", "ios_files", "other_platform_files", "files_with_markers", "ambiguous", "misplaced",
                    "on_variation", "errors"):
            sums[key] += r[key]
    print(f"{'total':<50} {sums['files']:>6} {sums['ios_files']:>6} {sums['other_platform_files']:>6} "
          f"{sums['files_with_markers']:>6} {sums['ambiguous']:>6} {sums['misplaced']:>6} {sums['on_variation']:>4} {sums['errors']:>4}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

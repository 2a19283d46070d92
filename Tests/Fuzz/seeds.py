#!/usr/bin/env python3
"""Writes the seed corpus of each fuzz target from the repository's examples and fixtures.

Usage: seeds.py REPO OUT TARGET...  — fills OUT/TARGET/ with one file per seed. Nothing here is
committed: the seeds are made again at every run from the files they come from.
"""
import hashlib
import json
import pathlib
import sys

repo = pathlib.Path(sys.argv[1])
out = pathlib.Path(sys.argv[2])
targets = sys.argv[3:]


def files(*suffixes):
    found = []
    for folder in ("Examples", "Tests/Fixtures"):
        for path in sorted((repo / folder).rglob("*")):
            if path.is_file() and path.suffix in suffixes:
                found.append(path)
    return found


def transcript_messages():
    """The JSON messages of the protocol transcripts: a `-->` or `<--` line and the lines that
    continue it (indented), until the next message, comment or blank line."""
    messages = []
    for path in files(".transcript"):
        current = None
        for line in path.read_text(errors="replace").splitlines():
            if line.startswith("-->") or line.startswith("<--"):
                if current is not None:
                    messages.append(current)
                current = line[3:].strip()
            elif current is not None and line[:1] in (" ", "\t") and line.strip():
                current += "\n" + line
            else:
                if current is not None:
                    messages.append(current)
                current = None
        if current is not None:
            messages.append(current)
    return [m.encode() for m in messages]


def frame(body):
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def seeds(target):
    if target == "layout":
        return [p.read_bytes() for p in files(".layout")]
    if target == "vfl":
        return [p.read_bytes() for p in files(".vfl")]
    if target == "analysis":
        # The first byte picks the kind: even for .layout, odd for .vfl. At most 4 KiB of text.
        found = [b"\x00" + p.read_bytes() for p in files(".layout")]
        found += [b"\x01" + p.read_bytes() for p in files(".vfl")]
        return [s for s in found if len(s) <= 4097]
    if target == "interface-builder":
        return [p.read_bytes() for p in files(".storyboard", ".xib")]
    if target == "json":
        found = transcript_messages()
        for path in sorted((repo / "Tests/Fixtures/cli").glob("*/stdout")):
            text = path.read_bytes()
            try:
                json.loads(text)
                found.append(text)
            except ValueError:
                pass
        return found
    if target == "framer":
        # The first byte sets how the input is cut and the largest body: see the target.
        messages = transcript_messages()
        found = [b"\x03" + frame(m) for m in messages]
        found.append(b"\x00" + b"".join(frame(m) for m in messages[:8]))
        found.append(b"\x85" + b"".join(frame(m) for m in messages[8:16]))
        return found
    if target == "source-code":
        # The first byte picks the dialect: even for Swift, odd for Objective-C.
        found = [b"\x00" + p.read_bytes() for p in files(".swift")]
        found += [b"\x01" + p.read_bytes() for p in files(".m", ".mm")]
        return found
    if target == "explain":
        # The hand-written conflict logs, and their reports one by one.
        found = [p.read_bytes() for p in files(".log")]
        for log in list(found):
            for part in log.split(b"Unable to simultaneously")[1:]:
                found.append(b"Unable to simultaneously" + part)
        return found
    raise SystemExit(f"unknown target {target}")


for target in targets:
    folder = out / target
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.iterdir():
        old.unlink()
    # A target's regression inputs are seeds too.
    found = seeds(target)
    fixtures = repo / "Tests/Fixtures/fuzz" / target
    if fixtures.is_dir():
        found += [p.read_bytes() for p in sorted(fixtures.iterdir()) if p.is_file()]
    unique = {hashlib.sha1(seed).hexdigest(): seed for seed in found}
    for name, seed in unique.items():
        (folder / name).write_bytes(seed)
    print(f"{target}: {len(unique)} seeds")

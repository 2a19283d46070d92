#!/usr/bin/env python3
"""Compares Editors/tests/textmate.py with textmate-grammar-python, a port of vscode-textmate
that runs on Oniguruma, the regex engine VS Code uses: both must give every character of the
examples and samples the same scopes. Needs `pip install textmate-grammar-python==0.6.1`.

Run: python3 Editors/tests/crosscheck_textmate.py   (exit status 1 on a difference)
"""

import json
import logging
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)

from samples import SAMPLES  # noqa: E402
from textmate import Grammar  # noqa: E402

logging.disable(logging.CRITICAL)  # the engine logs every span it skips
from textmate_grammar.parsers.base import LanguageParser  # noqa: E402


def main():
    path = os.path.join(ROOT, "Editors", "vscode", "syntaxes", "layout.tmLanguage.json")
    with open(path, encoding="utf-8") as handle:
        reference = LanguageParser(json.load(handle))
    ours = Grammar(path)
    texts = [("samples", "\n".join(SAMPLES))]
    for folder in ("clean", "problems"):
        directory = os.path.join(ROOT, "Examples", folder)
        for name in sorted(os.listdir(directory)):
            with open(os.path.join(directory, name), encoding="utf-8") as handle:
                texts.append((name, handle.read()))
    differences = 0
    characters = 0
    for name, text in texts:
        expected = {}
        element = reference.parse_string(text)
        for (line, column), token, scopes in element.flatten():
            for offset in range(len(token)):
                expected[(line, column + offset)] = list(scopes)
        for line, tokens in enumerate(ours.tokenize_lines(text)):
            column = 0
            for token, scopes in tokens:
                for char in token:
                    if not char.isspace():
                        characters += 1
                        theirs = expected.get((line, column), [ours.scope_name])
                        if theirs != list(scopes):
                            differences += 1
                            if differences <= 20:
                                print(f"{name}:{line + 1}:{column + 1} {char!r}: oniguruma {theirs}, ours {list(scopes)}")
                    column += 1
    print(f"textmate cross-check: {characters} characters in {len(texts)} texts, {differences} differences")
    return 1 if differences else 0


if __name__ == "__main__":
    sys.exit(main())

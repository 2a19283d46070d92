#!/usr/bin/env python3
"""Checks the editor packages that no editor on this machine runs: Sublime Text's syntaxes
(valid, and scoping Plumb's files as the VS Code grammar does) and LSP settings, Helix's
languages.toml, Zed's extension skeleton; and that each runs plumb lsp on Interface Builder
files (.storyboard, .xib) and on no other XML file.

Run: python3 Editors/tests/check_editors.py   (exit status 1 on any failure)
"""

import json
import os
import plistlib
import re
import sys
import tomllib
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
EDITORS = os.path.join(ROOT, "Editors")
sys.path.insert(0, HERE)

from check_vscode import load_grammars  # noqa: E402
from samples import SAMPLES  # noqa: E402
from sublime_syntax import SublimeSyntax  # noqa: E402


def strip_json_comments(text):
    """Sublime's settings files are JSON with // comments."""
    return re.sub(r'^\s*//.*$|(?<=[,{\[\s])//[^\n"]*$', "", text, flags=re.MULTILINE)


def innermost(scopes):
    """The most specific scope of a character, ignoring meta scopes."""
    for scope in reversed(scopes):
        if not scope.startswith("meta."):
            return scope
    return scopes[0]




class Sublime(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        folder = os.path.join(EDITORS, "sublime")
        registry = {}
        cls.layout = SublimeSyntax(os.path.join(folder, "Plumb Layout.sublime-syntax"), registry)
        cls.vfl = SublimeSyntax(os.path.join(folder, "VFL.sublime-syntax"), registry)
        cls.textmate_layout, cls.textmate_vfl = load_grammars()
        cls.folder = folder

    def test_syntaxes_are_valid(self):
        self.layout.validate()
        self.vfl.validate()
        self.assertEqual(self.layout.data["file_extensions"], ["layout"])
        self.assertEqual(self.vfl.data["file_extensions"], ["vfl"])

    def compare(self, sublime, textmate, text, where):
        sublime_lines = list(sublime.tokenize_lines(text))
        textmate_lines = list(textmate.tokenize_lines(text))
        for number, (ours, theirs) in enumerate(zip(sublime_lines, textmate_lines), start=1):
            ours_chars = [scopes for token, scopes in ours for _ in token]
            theirs_chars = [scopes for token, scopes in theirs for _ in token]
            line = "".join(token for token, _ in ours)
            for column, (a, b) in enumerate(zip(ours_chars, theirs_chars)):
                if line[column].isspace():
                    continue
                self.assertEqual(innermost(a), innermost(b).replace("source.vfl", "source.layout") if innermost(a) == "source.layout" else innermost(b),
                                 f"{where}:{number}:{column + 1} {line[column]!r} in {line!r}: sublime {a}, textmate {b}")

    def test_scopes_agree_with_the_vscode_grammar(self):
        self.compare(self.layout, self.textmate_layout, "\n".join(SAMPLES), "samples")

    def test_scopes_agree_on_every_example(self):
        for folder in ("clean", "problems"):
            directory = os.path.join(ROOT, "Examples", folder)
            for name in sorted(os.listdir(directory)):
                with open(os.path.join(directory, name), encoding="utf-8") as handle:
                    text = handle.read()
                if name.endswith(".vfl"):
                    self.compare(self.vfl, self.textmate_vfl, text, name)
                else:
                    self.compare(self.layout, self.textmate_layout, text, name)

    def test_vfl_meta_scope(self):
        tokens = self.layout.tokenize("H:[a]-[b] alignAllTop")
        self.assertIn("meta.vfl.layout", tokens[0][1])
        last = tokens[-1]
        self.assertEqual(last[0], "alignAllTop")
        self.assertNotIn("meta.vfl.layout", last[1])

    def test_comments_preferences(self):
        with open(os.path.join(self.folder, "Comments.tmPreferences"), "rb") as handle:
            preferences = plistlib.load(handle)
        self.assertIn("source.layout", preferences["scope"])
        self.assertIn("source.vfl", preferences["scope"])
        variables = {item["name"]: item["value"] for item in preferences["settings"]["shellVariables"]}
        self.assertEqual(variables["TM_COMMENT_START"], "# ")

    def test_lsp_settings(self):
        with open(os.path.join(self.folder, "LSP-plumb.sublime-settings"), encoding="utf-8") as handle:
            settings = json.loads(strip_json_comments(handle.read()))
        self.assertEqual(settings["command"], ["plumb", "lsp"])
        self.assertTrue(settings["enabled"])
        selectors = {part.strip() for part in settings["selector"].split("|")}
        interface_builder = SublimeSyntax(os.path.join(self.folder, "Interface Builder.sublime-syntax"), {})
        self.assertEqual(selectors, {self.layout.scope, self.vfl.scope, interface_builder.scope})
        self.assertIn("plumb", settings["settings"])
        for key in ("primaryCanvas", "primaryDirection", "inlayHints"):
            self.assertIn(key, settings["initializationOptions"])

    def test_interface_builder_syntax(self):
        """Storyboards and xibs: XML's highlighting under a scope of their own, which the LSP
        selector names and which text.xml selectors still match."""
        syntax = SublimeSyntax(os.path.join(self.folder, "Interface Builder.sublime-syntax"), {})
        self.assertEqual(sorted(syntax.data["file_extensions"]), ["storyboard", "xib"])
        self.assertTrue(syntax.scope.startswith("text.xml."), syntax.scope)
        self.assertEqual(syntax.data["contexts"]["main"], [{"include": "scope:text.xml"}])
        self.assertNotIn("text.xml", {part.strip() for part in self.lsp_selectors()},
                         "the client would run on every XML file")
        self.assertIn(syntax.scope, self.lsp_selectors())
        for name in os.listdir(self.folder):
            if name.endswith(".sublime-syntax") and name != "Interface Builder.sublime-syntax":
                other = SublimeSyntax(os.path.join(self.folder, name), {})
                self.assertFalse({"storyboard", "xib"} & set(other.data.get("file_extensions", [])), name)

    def lsp_selectors(self):
        with open(os.path.join(self.folder, "LSP-plumb.sublime-settings"), encoding="utf-8") as handle:
            settings = json.loads(strip_json_comments(handle.read()))
        return [part.strip() for part in settings["selector"].split("|")]

    def test_plugin_compiles(self):
        with open(os.path.join(self.folder, "plugin.py"), encoding="utf-8") as handle:
            source = handle.read()
        compile(source, "plugin.py", "exec")
        self.assertIn('"LSP-plumb.sublime-settings"', source)
        self.assertIn("register_plugin(Plumb)", source)


class Helix(unittest.TestCase):
    def test_languages(self):
        with open(os.path.join(EDITORS, "helix", "languages.toml"), "rb") as handle:
            config = tomllib.load(handle)
        server = config["language-server"]["plumb"]
        self.assertEqual(server["command"], "plumb")
        self.assertEqual(server["args"], ["lsp"])
        languages = {language["name"]: language for language in config["language"]}
        self.assertEqual(set(languages), {"layout", "vfl", "interface-builder", "swift"})
        for name in ("layout", "vfl"):
            language = languages[name]
            self.assertEqual(language["file-types"], [name])
            self.assertEqual(language["language-servers"], ["plumb"])
            self.assertEqual(language["comment-token"], "#")
            self.assertEqual(language["scope"], f"source.{name}")

    def test_swift(self):
        """Swift files keep sourcekit-lsp and get plumb beside it, started for source code only."""
        with open(os.path.join(EDITORS, "helix", "languages.toml"), "rb") as handle:
            config = tomllib.load(handle)
        server = config["language-server"]["plumb-source"]
        self.assertEqual(server["command"], "plumb")
        self.assertEqual(server["args"], ["lsp"])
        self.assertEqual(server["config"], {"sourceCodeOnly": True})
        swift = next(language for language in config["language"] if language["name"] == "swift")
        self.assertEqual(swift["language-servers"], ["sourcekit-lsp", "plumb-source"])
        # Only the servers: Helix's own settings of the language stay as they are.
        self.assertEqual(set(swift), {"name", "language-servers"})

    def test_interface_builder(self):
        """Storyboards and xibs: a language of their own, parsed and highlighted as XML, with
        plumb; `xml` itself is left alone, so other XML files get no plumb."""
        with open(os.path.join(EDITORS, "helix", "languages.toml"), "rb") as handle:
            config = tomllib.load(handle)
        languages = {language["name"]: language for language in config["language"]}
        self.assertNotIn("xml", languages)
        language = languages["interface-builder"]
        self.assertEqual(sorted(language["file-types"]), ["storyboard", "xib"])
        self.assertEqual(language["grammar"], "xml")
        self.assertEqual(language["language-servers"], ["plumb"])
        self.assertTrue(language["scope"].startswith("text.xml."))
        queries = os.path.join(EDITORS, "helix", "runtime", "queries", "interface-builder")
        self.assertIn("highlights.scm", os.listdir(queries))
        for name in os.listdir(queries):
            with open(os.path.join(queries, name), encoding="utf-8") as handle:
                self.assertEqual(handle.readline().strip(), "; inherits: xml", name)


class Zed(unittest.TestCase):
    def test_extension(self):
        folder = os.path.join(EDITORS, "zed")
        with open(os.path.join(folder, "extension.toml"), "rb") as handle:
            extension = tomllib.load(handle)
        for key in ("id", "name", "version", "schema_version", "authors", "description"):
            self.assertIn(key, extension)
        server = extension["language_servers"]["plumb"]
        names = set()
        for language in ("layout", "vfl"):
            with open(os.path.join(folder, "languages", language, "config.toml"), "rb") as handle:
                config = tomllib.load(handle)
            self.assertEqual(config["path_suffixes"], [language])
            self.assertEqual(config["line_comments"], ["# "])
            names.add(config["name"])
        with open(os.path.join(folder, "languages", "interface-builder", "config.toml"), "rb") as handle:
            interface_builder = tomllib.load(handle)
        # Storyboards and xibs only, parsed as XML; never Zed's XML language, which is every XML file.
        self.assertEqual(sorted(interface_builder["path_suffixes"]), ["storyboard", "xib"])
        self.assertEqual(interface_builder["grammar"], "xml")
        names.add(interface_builder["name"])
        self.assertNotIn("XML", server["languages"])
        self.assertEqual(set(server["languages"]), names)
        with open(os.path.join(folder, "Cargo.toml"), "rb") as handle:
            cargo = tomllib.load(handle)
        self.assertIn("zed_extension_api", cargo["dependencies"])
        self.assertEqual(cargo["lib"]["crate-type"], ["cdylib"])
        with open(os.path.join(folder, "src", "lib.rs"), encoding="utf-8") as handle:
            source = handle.read()
        self.assertIn("fn language_server_command", source)
        self.assertIn('"lsp"', source)
        self.assertIn("zed::register_extension!", source)


if __name__ == "__main__":
    unittest.main(verbosity=1)

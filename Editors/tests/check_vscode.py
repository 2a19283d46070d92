#!/usr/bin/env python3
"""Checks the VS Code extension without npm: the manifest, its references, the language
configuration, and that the TextMate grammars tokenise Plumb's files as intended.

Run: python3 Editors/tests/check_vscode.py   (exit status 1 on any failure)
"""

import json
import os
import re
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
EXTENSION = os.path.join(ROOT, "Editors", "vscode")
sys.path.insert(0, HERE)

from textmate import Grammar, check_regex, scopes_of  # noqa: E402


def load_json(path):
    with open(path, encoding="utf-8") as handle:
        return json.load(handle)


def manifest_path(relative):
    return os.path.normpath(os.path.join(EXTENSION, relative))


class Manifest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.manifest = load_json(os.path.join(EXTENSION, "package.json"))
        cls.contributes = cls.manifest["contributes"]

    def test_identity_and_engine(self):
        for key in ("name", "displayName", "description", "version", "publisher", "license", "engines", "main"):
            self.assertIn(key, self.manifest)
        self.assertRegex(self.manifest["name"], r"^[a-z0-9][a-z0-9-]*$")
        self.assertRegex(self.manifest["version"], r"^\d+\.\d+\.\d+$")
        self.assertRegex(self.manifest["engines"]["vscode"], r"^\^1\.\d+\.\d+$")

    def test_license(self):
        # The manifest's license is the repository's, and the packaged extension carries its text.
        self.assertEqual(self.manifest["license"], "Apache-2.0")
        with open(os.path.join(EXTENSION, "LICENSE"), encoding="utf-8") as packaged, open(
            os.path.join(EXTENSION, "..", "..", "LICENSE"), encoding="utf-8"
        ) as repository:
            self.assertEqual(packaged.read(), repository.read())

    def test_main_exists(self):
        main = self.manifest["main"]
        path = manifest_path(main)
        if not os.path.splitext(path)[1]:
            path += ".js"
        self.assertTrue(os.path.isfile(path), f"main {main} does not exist")

    def test_languages(self):
        languages = {language["id"]: language for language in self.contributes["languages"]}
        self.assertEqual(set(languages), {"layout", "vfl"})
        self.assertEqual(languages["layout"]["extensions"], [".layout"])
        self.assertEqual(languages["vfl"]["extensions"], [".vfl"])
        for language in languages.values():
            self.assertTrue(language.get("aliases"), f"{language['id']} has no aliases")
            configuration = manifest_path(language["configuration"])
            self.assertTrue(os.path.isfile(configuration), f"{configuration} does not exist")
            load_json(configuration)

    def test_activation_on_both_languages(self):
        events = self.manifest.get("activationEvents", [])
        for language in ("layout", "vfl"):
            self.assertIn(f"onLanguage:{language}", events)

    def test_interface_builder_files(self):
        """Storyboards and xibs get the server by name, and keep their XML language."""
        for language in self.contributes["languages"]:
            for extension in language.get("extensions", []):
                self.assertNotIn(extension, (".storyboard", ".xib"), f"{language['id']} claims {extension}")
            self.assertNotEqual(language["id"], "xml")
        events = self.manifest.get("activationEvents", [])
        for event in ("workspaceContains:**/*.storyboard", "workspaceContains:**/*.xib", "onLanguage:xml"):
            self.assertIn(event, events)
        setting = self.contributes["configuration"]["properties"]["plumb.interfaceBuilder.enable"]
        self.assertEqual(setting["type"], "boolean")
        self.assertIs(setting["default"], True)
        frames = next(command for command in self.contributes["commands"] if command["command"] == "plumb.showFrames")
        for extension in (".storyboard", ".xib"):
            self.assertIn(f"resourceExtname == {extension}", frames["enablement"])
        with open(manifest_path(self.manifest["main"]), encoding="utf-8") as handle:
            source = handle.read()
        self.assertIn("'**/*.{storyboard,xib}'", source)
        self.assertRegex(source, r"\{ scheme: 'file', pattern: INTERFACE_BUILDER_PATTERN \}")
        self.assertIn("affectsConfiguration('plumb.interfaceBuilder')", source, "turning it off restarts the client")

    def test_grammars(self):
        languages = {language["id"] for language in self.contributes["languages"]}
        grammars = self.contributes["grammars"]
        self.assertEqual({grammar["language"] for grammar in grammars}, languages)
        for grammar in grammars:
            path = manifest_path(grammar["path"])
            self.assertTrue(os.path.isfile(path), f"{path} does not exist")
            data = load_json(path)
            self.assertEqual(data["scopeName"], grammar["scopeName"])

    def test_commands(self):
        commands = {command["command"] for command in self.contributes["commands"]}
        self.assertIn("plumb.restartServer", commands)
        with open(manifest_path(self.manifest["main"]), encoding="utf-8") as handle:
            source = handle.read()
        for command in commands:
            self.assertIn(f"registerCommand('{command}'", source, f"{command} is contributed but never registered")

    def test_settings(self):
        properties = self.contributes["configuration"]["properties"]
        for key in ("plumb.server.path", "plumb.interfaceBuilder.enable", "plumb.primaryCanvas", "plumb.primaryDirection",
                    "plumb.inlayHints.frames", "plumb.inlayHints.ambiguity", "plumb.trace.server"):
            self.assertIn(key, properties)
            self.assertIn("type", properties[key])
            self.assertTrue(properties[key].get("description") or properties[key].get("markdownDescription"))
        self.assertEqual(properties["plumb.trace.server"]["enum"], ["off", "messages", "verbose"])
        for key, spec in properties.items():
            if "enum" in spec:
                self.assertIn(spec["default"], spec["enum"], key)
        with open(manifest_path(self.manifest["main"]), encoding="utf-8") as handle:
            source = handle.read()
        # The client id is the settings prefix, so vscode-languageclient honours plumb.trace.server.
        self.assertIn("new LanguageClient('plumb'", source)
        for key in properties:
            if key == "plumb.trace.server":
                continue
            short = key[len("plumb."):]
            self.assertIn(f"'{short}'", source, f"{key} is contributed but never read")

    def test_dependencies(self):
        self.assertIn("vscode-languageclient", self.manifest["dependencies"])
        with open(manifest_path(self.manifest["main"]), encoding="utf-8") as handle:
            source = handle.read()
        self.assertIn("require('vscode-languageclient/node')", source)

    def test_packaged_files_exist(self):
        # Everything the README and manifest mention ships with the extension.
        for name in ("README.md", ".vscodeignore", "CHANGELOG.md"):
            self.assertTrue(os.path.isfile(os.path.join(EXTENSION, name)), name)


class LanguageConfiguration(unittest.TestCase):
    def test_configuration(self):
        configuration = load_json(os.path.join(EXTENSION, "language-configuration.json"))
        self.assertEqual(configuration["comments"]["lineComment"], "#")
        self.assertIn(["{", "}"], configuration["brackets"])
        self.assertIn(["[", "]"], configuration["brackets"])
        self.assertIn(["(", ")"], configuration["brackets"])
        opens = {pair["open"] for pair in configuration["autoClosingPairs"]}
        self.assertEqual(opens, {"{", "[", "(", '"'})
        for key in ("increaseIndentPattern", "decreaseIndentPattern"):
            check_regex(configuration["indentationRules"][key], key)
        check_regex(configuration["wordPattern"], "wordPattern")
        increase = re.compile(configuration["indentationRules"]["increaseIndentPattern"])
        self.assertTrue(increase.search("view Board {"))
        self.assertTrue(increase.search("view Board {   # the board"))
        self.assertFalse(increase.search("# {"))
        self.assertTrue(re.search(configuration["indentationRules"]["decreaseIndentPattern"], "  }"))


def load_grammars():
    registry = {}
    layout = Grammar(os.path.join(EXTENSION, "syntaxes", "layout.tmLanguage.json"), registry)
    vfl = Grammar(os.path.join(EXTENSION, "syntaxes", "vfl.tmLanguage.json"), registry)
    return layout, vfl


class Grammars(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.layout, cls.vfl = load_grammars()

    def test_grammars_are_valid(self):
        self.layout.validate()
        self.vfl.validate()

    def expect(self, line, expectations, grammar=None):
        """expectations: (text, scope) or (text, scope, occurrence); every character of that
        text must carry that scope. A scope of None means: no scope beyond the file's own."""
        tokens = (grammar or self.layout).tokenize(line)
        for expectation in expectations:
            text, scope = expectation[0], expectation[1]
            occurrence = expectation[2] if len(expectation) > 2 else 0
            for scopes in scopes_of(tokens, text, occurrence):
                if scope is None:
                    self.assertEqual(len(scopes), 1, f"{text!r} in {line!r}: {scopes}")
                else:
                    self.assertIn(scope, scopes, f"{text!r} in {line!r}: {scopes}")

    def test_comment(self):
        self.expect("# A player screen: H:|[a]|", [("# A player screen: H:|[a]|", "comment.line.number-sign.layout"),
                                                  ("#", "punctuation.definition.comment.layout")])
        self.expect("view Place    # bottom", [("# bottom", "comment.line.number-sign.layout"),
                                               ("Place", "entity.name.type.view.layout")])

    def test_canvas(self):
        self.expect("canvas iPhoneX 375x812 safe (44, 0, 34, 0)", [
            ("canvas", "keyword.other.canvas.layout"),
            ("iPhoneX", "entity.name.type.canvas.layout"),
            ("375", "constant.numeric.layout"),
            ("x", "punctuation.separator.size.layout"),
            ("812", "constant.numeric.layout"),
            ("safe", "keyword.other.property.layout"),
            ("44", "constant.numeric.layout"),
            ("34", "constant.numeric.layout"),
        ])

    def test_size_classes(self):
        self.expect("canvas pad 768x1024 traits wR hR", [
            ("traits", "keyword.other.size-class.layout"),
            ("wR", "constant.language.size-class.layout"),
            ("hR", "constant.language.size-class.layout"),
        ])
        self.expect("when wC hR {", [
            ("when", "keyword.other.size-class.layout"),
            ("wC", "constant.language.size-class.layout"),
        ])

    def test_statements(self):
        self.expect("direction both", [("direction", "keyword.other.direction.layout"),
                                       ("both", "constant.language.direction.layout")])
        self.expect("spacing 8 margins", [("spacing", "keyword.other.spacing.layout"),
                                          ("8", "constant.numeric.layout"),
                                          ("margins", "keyword.other.property.layout")])
        self.expect("metric bar = 47", [("metric", "keyword.other.metric.layout"),
                                        ("bar", "variable.other.constant.metric.layout"),
                                        ("=", "keyword.operator.assignment.layout"),
                                        ("47", "constant.numeric.layout")])

    def test_view_declarations(self):
        self.expect("view Board {", [("view", "storage.type.view.layout"),
                                     ("Board", "entity.name.type.view.layout"),
                                     ("{", "punctuation.section.block.begin.layout")])
        self.expect("label Title intrinsic 120x- hug 251/252 resist 750", [
            ("label", "storage.type.view.layout"),
            ("Title", "entity.name.type.view.layout"),
            ("intrinsic", "keyword.other.property.layout"),
            ("120", "constant.numeric.layout"),
            ("-", "constant.numeric.layout"),
            ("hug", "keyword.other.property.layout"),
            ("251", "constant.numeric.layout"),
            ("/", "keyword.operator.arithmetic.layout"),
            ("resist", "keyword.other.property.layout"),
        ])
        self.expect("image Photo intrinsic -x21 insets (0, 0, 6, 6) frame (20 40; 126 126) transform rotate 15", [
            ("image", "storage.type.view.layout"),
            ("-x21", "meta.size.layout"),
            ("insets", "keyword.other.property.layout"),
            ("frame", "keyword.other.property.layout"),
            ("126", "constant.numeric.layout"),
            (";", "punctuation.terminator.statement.layout"),
            ("transform", "keyword.other.property.layout"),
            ("rotate", "keyword.other.transform.layout"),
        ])
        for kind in ("button", "field", "switch", "guide"):
            self.expect(f"{kind} Go", [(kind, "storage.type.view.layout"), ("Go", "entity.name.type.view.layout")])

    def test_constraints(self):
        self.expect("widthToggle: Board.width == 0.5 * super.width + 10 @high - 1", [
            ("widthToggle", "entity.name.label.layout"),
            (":", "punctuation.separator.label.layout"),
            ("Board", "variable.other.view.layout"),
            (".", "punctuation.accessor.layout"),
            ("width", "variable.other.property.attribute.layout", 1),
            ("==", "keyword.operator.relation.layout"),
            ("0.5", "constant.numeric.layout"),
            ("*", "keyword.operator.arithmetic.layout"),
            ("super", "variable.language.super.layout"),
            ("width", "variable.other.property.attribute.layout", 2),
            ("+", "keyword.operator.arithmetic.layout"),
            ("@", "keyword.operator.priority.layout"),
            ("high", "constant.language.priority.layout"),
            ("1", "constant.numeric.layout", 1),
        ])
        self.expect("Title.top == super.safeArea.top + pad", [
            ("Title", "variable.other.view.layout"),
            ("super", "variable.language.super.layout"),
            ("safeArea", "support.variable.safe-area.layout"),
            ("top", "variable.other.property.attribute.layout", 1),
            ("pad", "variable.other.layout"),
        ])
        for guide in ("margins", "readable"):
            self.expect(f"Title.leading == super.{guide}.leading", [
                (guide, "support.variable.safe-area.layout"),
                ("leading", "variable.other.property.attribute.layout", 1),
            ])
        self.expect("Cover.height >= Cover.width * 9/16 @required", [
            ("height", "variable.other.property.attribute.layout"),
            (">=", "keyword.operator.relation.layout"),
            ("9", "constant.numeric.layout"),
            ("16", "constant.numeric.layout"),
            ("required", "constant.language.priority.layout"),
        ])
        self.expect("a.leading <= b.trailingMargin - 8; a.centerYWithinMargins == b.firstBaseline", [
            ("leading", "variable.other.property.attribute.layout"),
            ("<=", "keyword.operator.relation.layout"),
            ("trailingMargin", "variable.other.property.attribute.layout"),
            (";", "punctuation.terminator.statement.layout"),
            ("centerYWithinMargins", "variable.other.property.attribute.layout"),
            ("firstBaseline", "variable.other.property.attribute.layout"),
        ])
        # A misspelt attribute is not coloured as one.
        tokens = self.layout.tokenize("a.leadingAnchor == b.leading")
        for scopes in scopes_of(tokens, "leadingAnchor"):
            self.assertNotIn("variable.other.property.attribute.layout", scopes)

    def test_bare_vfl(self):
        line = "H:|-[button]-8-[label(>=50@750)]-|"
        self.expect(line, [
            ("H", "keyword.other.orientation.layout"),
            (":", "punctuation.separator.orientation.layout"),
            (line, "meta.vfl.layout"),
            ("|", "variable.language.superview.layout"),
            ("-", "keyword.operator.connection.layout"),
            ("[", "punctuation.section.view.begin.layout"),
            ("button", "variable.other.view.layout"),
            ("8", "constant.numeric.layout"),
            ("label", "variable.other.view.layout"),
            ("(", "punctuation.section.predicate.begin.layout"),
            (">=", "keyword.operator.relation.layout"),
            ("50", "constant.numeric.layout"),
            ("@", "keyword.operator.priority.layout"),
            ("750", "constant.numeric.layout"),
            ("|", "variable.language.superview.layout", 1),
        ])
        tokens = self.layout.tokenize(line)
        for scopes in scopes_of(tokens, "label"):
            self.assertNotIn("storage.type.view.layout", scopes, "a view named like a kind inside [ ] is a view")

    def test_vfl_gaps_and_predicates(self):
        self.expect("V:|-pad-[title]-(>=8,<=20@high)-[b(==a)]-(-5)-|", [
            ("V", "keyword.other.orientation.layout"),
            ("pad", "variable.other.layout"),
            ("title", "variable.other.view.layout"),
            ("(", "punctuation.section.predicate.begin.layout"),
            (",", "punctuation.separator.predicate.layout"),
            ("<=", "keyword.operator.relation.layout"),
            ("high", "constant.language.priority.layout"),
            ("b", "variable.other.view.layout"),
            ("a", "variable.other.layout"),
            ("-5", "constant.numeric.layout"),
        ])
        self.expect("H: [a]->=12-[b]", [
            ("H", "keyword.other.orientation.layout"),
            (">=", "keyword.operator.relation.layout"),
            ("12", "constant.numeric.layout"),
            ("b", "variable.other.view.layout"),
        ])
        self.expect("[a][b]", [("a", "variable.other.view.layout"), ("b", "variable.other.view.layout")])

    def test_vfl_ends_at_space_comment_and_semicolon(self):
        self.expect("H:[a]-[b]-[c] alignAllCenterY alignAllTop # centred", [
            ("H:[a]-[b]-[c]", "meta.vfl.layout"),
            ("alignAllCenterY", "support.constant.option.layout"),
            ("alignAllTop", "support.constant.option.layout"),
            ("# centred", "comment.line.number-sign.layout"),
        ])
        tokens = self.layout.tokenize("H:[a]-[b]-[c] alignAllCenterY # centred")
        for scopes in scopes_of(tokens, "alignAllCenterY") + scopes_of(tokens, "# centred"):
            self.assertNotIn("meta.vfl.layout", scopes)
        self.expect("V:|[a]|; H:|[a]|", [
            ("V", "keyword.other.orientation.layout"),
            (";", "punctuation.terminator.statement.layout"),
            ("H", "keyword.other.orientation.layout"),
            ("|", "variable.language.superview.layout", 3),
        ])

    def test_quoted_vfl_and_options(self):
        line = '"H:|-side-[UserLabel]-[User]-side-|" options: [.alignAllTop, .alignAllBottom]'
        self.expect(line, [
            ('"H:|-side-[UserLabel]-[User]-side-|"', "string.quoted.double.vfl.layout"),
            ('"', "punctuation.definition.string.begin.layout"),
            ("H", "keyword.other.orientation.layout"),
            ("UserLabel", "variable.other.view.layout"),
            ("side", "variable.other.layout"),
            ("options", "keyword.other.options.layout"),
            ("alignAllTop", "support.constant.option.layout"),
            (".", "punctuation.accessor.layout", 0),
            ("alignAllBottom", "support.constant.option.layout"),
        ])
        tokens = self.layout.tokenize(line)
        for scopes in scopes_of(tokens, "options"):
            self.assertNotIn("string.quoted.double.vfl.layout", scopes)
        self.expect('H:"[a] - [b]" NSLayoutFormatAlignAllTop | NSLayoutConstraint.FormatOptions.alignAllBottom', [
            ("H", "keyword.other.orientation.layout"),
            ('"[a] - [b]"', "string.quoted.double.vfl.layout"),
            ("b", "variable.other.view.layout"),
            ("NSLayoutFormatAlignAllTop", "support.constant.option.layout"),
            ("NSLayoutConstraint.FormatOptions", "support.type.options.layout"),
            ("alignAllBottom", "support.constant.option.layout"),
        ])
        self.expect('"H:[Badge]-(>=8)-|" directionLeftToRight', [
            ("directionLeftToRight", "support.constant.option.layout"),
        ])

    def test_view_body_indentation(self):
        lines = list(self.layout.tokenize_lines("view Board {\n  view Square\n  H:|[Top]|\n  Square.width == 226\n}"))
        self.assertIn("entity.name.type.view.layout", scopes_of(lines[1], "Square")[0])
        self.assertIn("keyword.other.orientation.layout", scopes_of(lines[2], "H")[0])
        self.assertIn("variable.other.view.layout", scopes_of(lines[2], "Top")[0])
        self.assertIn("variable.other.view.layout", scopes_of(lines[3], "Square")[0])
        self.assertIn("punctuation.section.block.end.layout", scopes_of(lines[4], "}")[0])

    def test_vfl_grammar_includes_layout(self):
        self.expect("H:|-pad-[back(button)]-8-[title]-pad-|", [
            ("back", "variable.other.view.layout"),
            ("button", "variable.other.layout"),
            ("title", "variable.other.view.layout"),
        ], grammar=self.vfl)
        self.expect("metric pad = 12", [("metric", "keyword.other.metric.layout")], grammar=self.vfl)
        tokens = self.vfl.tokenize("# A toolbar")
        self.assertEqual(tokens[0][1][0], "source.vfl")

    def test_every_character_of_the_clean_examples_is_scoped(self):
        """The grammar covers the whole language: each non-space character of the clean
        examples gets a scope beyond the file's own, and no name is left as a bare variable
        where the language gives it a role."""
        examples = os.path.join(ROOT, "Examples", "clean")
        names = sorted(os.listdir(examples))
        self.assertTrue(names)
        for name in names:
            grammar = self.vfl if name.endswith(".vfl") else self.layout
            with open(os.path.join(examples, name), encoding="utf-8") as handle:
                text = handle.read()
            for number, tokens in enumerate(grammar.tokenize_lines(text), start=1):
                for token, scopes in tokens:
                    if token.strip() and len(scopes) < 2:
                        self.fail(f"{name}:{number}: {token!r} has no scope")

    def test_examples_with_problems_tokenise(self):
        examples = os.path.join(ROOT, "Examples", "problems")
        for name in sorted(os.listdir(examples)):
            grammar = self.vfl if name.endswith(".vfl") else self.layout
            with open(os.path.join(examples, name), encoding="utf-8") as handle:
                lines = list(grammar.tokenize_lines(handle.read()))
            self.assertTrue(lines)
        tokens = self.layout.tokenize("Banner.width == 140")
        self.assertIn("variable.other.view.layout", scopes_of(tokens, "Banner")[0])


if __name__ == "__main__":
    unittest.main(verbosity=1)

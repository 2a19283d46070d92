"""A small TextMate grammar engine: the subset Plumb's grammars use, with vscode-textmate's rules.

Rules are `match` (with `captures`), `begin`/`end` (with `beginCaptures`, `endCaptures`,
`captures`, `contentName`, `patterns`) and `include` (`#name`, `$self`, `$base`, or another
grammar's scope name). At each position the leftmost match wins; on a tie the open rule's `end`
wins, then the first pattern in order. Each line is scanned with a newline appended, as
vscode-textmate does. Regexes run on Python's `re`, which agrees with Oniguruma on the
constructs used here (classes, groups, look-ahead, fixed-width look-behind, `\\b`, `^`, `$`);
`check_regex` refuses the Oniguruma-only ones.
"""

import json
import re

ONIGURUMA_ONLY = [
    (r"\\[hHAzZG]", "\\h, \\A, \\z, \\Z and \\G differ between Oniguruma and Python"),
    (r"\(\?<[A-Za-z]", "named groups are written differently in Oniguruma and Python"),
    (r"\\[pP]\{", "Unicode properties are not in Python's re"),
    (r"\\k<", "named back-references differ"),
    (r"\(\?~", "absence operators are Oniguruma-only"),
]


def check_regex(source, where):
    """Compiles a grammar regex, refusing constructs whose meaning differs in Oniguruma."""
    for pattern, why in ONIGURUMA_ONLY:
        if re.search(pattern, source):
            raise ValueError(f"{where}: {source!r}: {why}")
    try:
        return re.compile(source)
    except re.error as error:
        raise ValueError(f"{where}: {source!r}: {error}") from None


class Grammar:
    def __init__(self, path, registry=None):
        with open(path, encoding="utf-8") as handle:
            self.data = json.load(handle)
        self.path = path
        self.scope_name = self.data["scopeName"]
        self.registry = registry if registry is not None else {}
        self.registry[self.scope_name] = self
        self._compiled = {}

    # -- validation ---------------------------------------------------------------------------

    def rules(self):
        """Every rule of the grammar, with a readable location."""
        found = []

        def walk(rule, where):
            found.append((rule, where))
            for index, child in enumerate(rule.get("patterns", [])):
                walk(child, f"{where}.patterns[{index}]")

        walk({"patterns": self.data.get("patterns", [])}, self.scope_name)
        for name, rule in self.data.get("repository", {}).items():
            walk(rule, f"{self.scope_name}#{name}")
        return found

    def validate(self):
        """Raises ValueError for a bad regex, an include that does not resolve, or a capture
        that names a group the regex does not have."""
        repository = self.data.get("repository", {})
        for rule, where in self.rules():
            include = rule.get("include")
            if include is not None:
                if include.startswith("#"):
                    if include[1:] not in repository:
                        raise ValueError(f"{where}: include {include} is not in the repository")
                elif include not in ("$self", "$base") and include not in self.registry:
                    raise ValueError(f"{where}: include {include} names no known grammar")
            for key in ("match", "begin", "end"):
                if key in rule:
                    compiled = check_regex(rule[key], f"{where}.{key}")
                    captures_key = {"match": "captures", "begin": "beginCaptures", "end": "endCaptures"}[key]
                    for captures in (rule.get(captures_key, {}), rule.get("captures", {}) if key != "match" else {}):
                        for number in captures:
                            if int(number) > compiled.groups:
                                raise ValueError(f"{where}.{captures_key}: group {number} does not exist in {rule[key]!r}")
            if "begin" in rule and "end" not in rule:
                raise ValueError(f"{where}: begin without end")
            if "match" in rule and "begin" in rule:
                raise ValueError(f"{where}: both match and begin")

    # -- tokenising -----------------------------------------------------------------------------

    def _regex(self, source):
        compiled = self._compiled.get(source)
        if compiled is None:
            compiled = self._compiled[source] = re.compile(source)
        return compiled

    def _expand(self, patterns, grammar, seen=None):
        """Flattens includes into (rule, grammar-that-owns-it) pairs, in order."""
        seen = set() if seen is None else seen
        result = []
        for rule in patterns:
            include = rule.get("include")
            if include is None:
                if "match" in rule or "begin" in rule:
                    result.append((rule, grammar))
                elif "patterns" in rule:
                    result.extend(self._expand(rule["patterns"], grammar, seen))
                continue
            if include.startswith("#"):
                key = (grammar.scope_name, include)
                if key in seen:
                    continue
                seen.add(key)
                target = grammar.data["repository"][include[1:]]
                if "match" in target or "begin" in target:
                    result.append((target, grammar))
                else:
                    result.extend(self._expand(target.get("patterns", []), grammar, seen))
            else:
                other = grammar if include in ("$self", "$base") else self.registry[include]
                key = (other.scope_name, "$self")
                if key in seen:
                    continue
                seen.add(key)
                result.extend(self._expand(other.data["patterns"], other, seen))
        return result

    def tokenize_lines(self, text):
        """Yields, for each line, a list of (text, scopes) tokens covering the whole line."""
        stack = []  # entries: (rule, grammar, scopes inside the rule, end regex source)
        base = [self.scope_name]
        for line in text.split("\n"):
            tokens, stack = self._tokenize_line(line, stack, base)
            yield tokens

    def tokenize(self, line):
        tokens, _ = self._tokenize_line(line, [], [self.scope_name])
        return tokens

    def _tokenize_line(self, line, stack, base):
        source = line + "\n"
        scopes_at = [None] * len(source)
        position = 0
        stack = list(stack)
        stalls = 0
        while position <= len(line):
            if stack:
                rule, grammar, inner_scopes, _ = stack[-1]
                patterns = self._expand(rule.get("patterns", []), grammar)
                current = inner_scopes
            else:
                patterns = self._expand(self.data["patterns"], self)
                current = base
            best = None
            if stack:
                end_match = self._regex(stack[-1][3]).search(source, position)
                if end_match:
                    best = ("end", end_match, None, None)
            for rule, grammar in patterns:
                regex = self._regex(rule["match"] if "match" in rule else rule["begin"])
                found = regex.search(source, position)
                if found and (best is None or found.start() < best[1].start()):
                    best = ("rule", found, rule, grammar)
            if best is None or best[1].start() > len(line):
                self._fill(scopes_at, position, len(line), current)
                break
            kind, found, rule, grammar = best
            self._fill(scopes_at, position, found.start(), current)
            if kind == "end":
                closing, _, _, _ = stack.pop()
                outer = stack[-1][2] if stack else base
                rule_scopes = outer + ([closing["name"]] if "name" in closing else [])
                self._fill(scopes_at, found.start(), found.end(), rule_scopes)
                self._captures(scopes_at, found, closing.get("endCaptures") or closing.get("captures", {}), rule_scopes)
            elif "match" in rule:
                rule_scopes = current + ([rule["name"]] if "name" in rule else [])
                self._fill(scopes_at, found.start(), found.end(), rule_scopes)
                self._captures(scopes_at, found, rule.get("captures", {}), rule_scopes)
            else:
                rule_scopes = current + ([rule["name"]] if "name" in rule else [])
                self._fill(scopes_at, found.start(), found.end(), rule_scopes)
                self._captures(scopes_at, found, rule.get("beginCaptures") or rule.get("captures", {}), rule_scopes)
                inner = rule_scopes + ([rule["contentName"]] if "contentName" in rule else [])
                stack.append((rule, grammar, inner, rule["end"]))
            if found.end() == position:
                # An empty match: vscode-textmate stops a rule that loops without advancing.
                stalls += 1
                if stalls > 2:
                    if stack and kind != "end":
                        stack.pop()
                    self._fill(scopes_at, position, position + 1, current)
                    position += 1
                    stalls = 0
            else:
                stalls = 0
                position = found.end()
        tokens = []
        for index, char in enumerate(line):
            scopes = tuple(scopes_at[index] or base)
            if tokens and tokens[-1][1] == scopes:
                tokens[-1] = (tokens[-1][0] + char, scopes)
            else:
                tokens.append((char, scopes))
        return tokens, stack

    @staticmethod
    def _fill(scopes_at, start, end, scopes):
        for index in range(start, min(end, len(scopes_at))):
            scopes_at[index] = list(scopes)

    @staticmethod
    def _captures(scopes_at, found, captures, rule_scopes):
        for number in sorted(captures, key=int):
            group = int(number)
            if group > (found.re.groups) or found.start(group) < 0:
                continue
            name = captures[number].get("name")
            if not name:
                continue
            for index in range(found.start(group), min(found.end(group), len(scopes_at))):
                current = scopes_at[index] or list(rule_scopes)
                scopes_at[index] = current + [name]


def scopes_of(tokens, text, occurrence=0):
    """The scope lists of the characters of `text` in a tokenised line (its nth occurrence)."""
    line = "".join(token for token, _ in tokens)
    start = -1
    for _ in range(occurrence + 1):
        start = line.find(text, start + 1)
        if start < 0:
            raise KeyError(f"{text!r} is not in {line!r}")
    result = []
    offset = 0
    for token, scopes in tokens:
        for _ in token:
            if start <= offset < start + len(text):
                result.append(scopes)
            offset += 1
    return result

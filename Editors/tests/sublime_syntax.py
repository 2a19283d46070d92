"""A small interpreter for .sublime-syntax files: the subset Plumb's syntaxes use.

Contexts with `match` (with `scope`, `captures`, `push`, `pop`), `include` (a context or
`scope:NAME`), `meta_scope`, and `{{variables}}`. At each position the leftmost match wins,
ties go to the first rule; lines are scanned with their newline, as Sublime Text does. A
context's meta_scope covers the text that pushes and pops it.
"""

import re

import yaml

VARIABLE = re.compile(r"\{\{(\w+)\}\}")


class SublimeSyntax:
    def __init__(self, path, registry=None):
        with open(path, encoding="utf-8") as handle:
            self.data = yaml.safe_load(handle)
        self.path = path
        self.scope = self.data["scope"]
        self.registry = registry if registry is not None else {}
        self.registry[self.scope] = self
        self.variables = {}
        for name in self.data.get("variables", {}):
            self.variables[name] = self._expand(self.data["variables"][name])
        self._compiled = {}

    def _expand(self, pattern, depth=0):
        if depth > 20:
            raise ValueError(f"{self.path}: variables nest too deep in {pattern!r}")

        def replace(found):
            name = found.group(1)
            if name not in self.data.get("variables", {}):
                raise ValueError(f"{self.path}: unknown variable {{{{{name}}}}}")
            return self._expand(self.data["variables"][name], depth + 1)

        return VARIABLE.sub(replace, pattern)

    def regex(self, pattern):
        compiled = self._compiled.get(pattern)
        if compiled is None:
            compiled = self._compiled[pattern] = re.compile(self._expand(pattern))
        return compiled

    def validate(self):
        """Raises ValueError for a bad regex, an unknown context or include."""
        contexts = self.data["contexts"]
        if "main" not in contexts:
            raise ValueError(f"{self.path}: no main context")
        for name, rules in contexts.items():
            for index, rule in enumerate(rules):
                where = f"{self.path}: {name}[{index}]"
                if "match" in rule:
                    try:
                        compiled = self.regex(rule["match"])
                    except re.error as error:
                        raise ValueError(f"{where}: {rule['match']!r}: {error}") from None
                    for number in rule.get("captures", {}):
                        if int(number) > compiled.groups:
                            raise ValueError(f"{where}: capture {number} does not exist")
                    for key in ("push", "set"):
                        if isinstance(rule.get(key), str) and rule[key] not in contexts:
                            raise ValueError(f"{where}: {key} to unknown context {rule[key]}")
                elif "include" in rule:
                    target = rule["include"]
                    if target.startswith("scope:"):
                        if target[len("scope:"):] not in self.registry:
                            raise ValueError(f"{where}: include {target} names no known syntax")
                    elif target not in contexts:
                        raise ValueError(f"{where}: include of unknown context {target}")
                elif not any(key in rule for key in ("meta_scope", "meta_content_scope", "meta_include_prototype", "clear_scopes")):
                    raise ValueError(f"{where}: a rule with neither match nor include")

    def _rules(self, syntax, context_name, seen=None):
        seen = set() if seen is None else seen
        if (syntax.scope, context_name) in seen:
            return []
        seen.add((syntax.scope, context_name))
        rules = []
        for rule in syntax.data["contexts"][context_name]:
            if "match" in rule:
                rules.append((rule, syntax))
            elif "include" in rule:
                target = rule["include"]
                if target.startswith("scope:"):
                    other = self.registry[target[len("scope:"):]]
                    rules.extend(self._rules(other, "main", seen))
                else:
                    rules.extend(self._rules(syntax, target, seen))
        return rules

    @staticmethod
    def _meta(syntax, context_name):
        for rule in syntax.data["contexts"][context_name]:
            if "meta_scope" in rule:
                return rule["meta_scope"].split()
        return []

    def tokenize_lines(self, text):
        stack = [(self, "main")]
        for line in text.split("\n"):
            tokens, stack = self._tokenize_line(line, stack)
            yield tokens

    def tokenize(self, line):
        return self._tokenize_line(line, [(self, "main")])[0]

    def _scopes(self, stack):
        scopes = [self.scope]
        for syntax, name in stack:
            scopes.extend(self._meta(syntax, name))
        return scopes

    def _tokenize_line(self, line, stack):
        source = line + "\n"
        scopes_at = [None] * len(source)
        position = 0
        stack = list(stack)
        stalls = 0
        while position < len(source):
            syntax, name = stack[-1]
            best = None
            for rule, owner in self._rules(syntax, name):
                found = owner.regex(rule["match"]).search(source, position)
                if found and (best is None or found.start() < best[0].start()):
                    best = (found, rule, owner)
            if best is None:
                for index in range(position, len(source)):
                    scopes_at[index] = self._scopes(stack)
                break
            found, rule, owner = best
            for index in range(position, found.start()):
                scopes_at[index] = self._scopes(stack)
            if rule.get("push"):
                stack.append((owner, rule["push"]))
                base = self._scopes(stack)
            elif rule.get("pop"):
                base = self._scopes(stack)
                stack.pop()
            else:
                base = self._scopes(stack)
            matched = base + (rule["scope"].split() if "scope" in rule else [])
            for index in range(found.start(), found.end()):
                scopes_at[index] = list(matched)
            for number in sorted(rule.get("captures", {}), key=int):
                group = int(number)
                if found.start(group) < 0:
                    continue
                for index in range(found.start(group), found.end(group)):
                    scopes_at[index] = scopes_at[index] + rule["captures"][number].split()
            if found.end() == position:
                stalls += 1
                if stalls > 3:
                    raise RuntimeError(f"{self.path}: no progress at {position} in {line!r}")
            else:
                stalls = 0
            position = max(position, found.end())
        tokens = []
        for index, char in enumerate(line):
            scopes = tuple(scopes_at[index] or [self.scope])
            if tokens and tokens[-1][1] == scopes:
                tokens[-1] = (tokens[-1][0] + char, scopes)
            else:
                tokens.append((char, scopes))
        return tokens, stack

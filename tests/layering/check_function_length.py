#!/usr/bin/env python3
"""Small files and functions (README: how work gets done): no source file under src/
over MAX_FILE_LINES lines, no function body over MAX_FUNCTION_LINES.

Functions are found by reading the sources, not compiling them: comments and string
literals are blanked, braces counted, and a brace opens a function body when what
comes before it at namespace or class scope ends like a signature (a closing
parenthesis, const/override/noexcept/final, a trailing return type, or a constructor's
initialiser list). A lambda or block inside a function counts as the function's.
Usage: check_function_length.py [SOURCE_ROOT]
"""
import os
import re
import sys

MAX_FILE_LINES = 600
MAX_FUNCTION_LINES = 80

SCOPE = re.compile(r'\b(namespace|class|struct|enum|union)\b')
SIGNATURE_END = re.compile(r'(\)|\bconst|\boverride|\bnoexcept|\bfinal|->\s*[\w:<>&\s,*]+)\s*$')
INITIALISER_LIST = re.compile(r'\)\s*:\s*')
CONTROL = re.compile(r'\b(if|for|while|switch|catch)\s*\(')
NAME = re.compile(r'([\w:~]+)\s*\(')


def blank_comments_and_strings(src):
    """The source with comments and literals emptied, its lines kept."""
    out, i, n = [], 0, len(src)
    while i < n:
        if src.startswith('//', i):
            j = src.find('\n', i)
            i = n if j < 0 else j
            continue
        if src.startswith('/*', i):
            j = src.find('*/', i + 2)
            j = n if j < 0 else j + 2
            out.append('\n' * src.count('\n', i, j))
            i = j
            continue
        raw = re.match(r'R"([^(\s]*)\(', src[i:i + 20])
        if raw:
            end = ')' + raw.group(1) + '"'
            j = src.find(end, i)
            j = n if j < 0 else j + len(end)
            out.append('""' + '\n' * src.count('\n', i, j))
            i = j
            continue
        c = src[i]
        if c in '"\'' and not (c == "'" and i > 0 and src[i - 1].isalnum()):  # 1'000'000 is a number
            j = i + 1
            while j < n and src[j] != c and src[j] != '\n':
                j += 2 if src[j] == '\\' else 1
            out.append(c + c)
            i = j + 1
            continue
        out.append(c)
        i += 1
    return ''.join(out)


def function_lengths(text):
    """(lines, name, first line) of each function body in a source."""
    s = blank_comments_and_strings(text)
    found, stack, line, head_start = [], [], 1, 0
    for i, c in enumerate(s):
        if c == '\n':
            line += 1
        elif c == '{':
            head = s[head_start:i]
            kind, name = 'block', None
            if not any(k == 'function' for k, _, _ in stack):
                statement = re.split(r'[;{}]', head)[-1]
                stripped = head.rstrip()
                if SCOPE.search(statement) and '(' not in statement:
                    kind = 'scope'
                elif (SIGNATURE_END.search(stripped) or INITIALISER_LIST.search(statement)) \
                        and not re.search(r'=\s*$', stripped) and not CONTROL.search(statement):
                    names = NAME.findall(statement)
                    kind, name = 'function', names[0] if names else '?'
            stack.append((kind, line, name))
            head_start = i + 1
        elif c == '}':
            if stack:
                kind, first, name = stack.pop()
                if kind == 'function':
                    found.append((line - first + 1, name, first))
            head_start = i + 1
        elif c == ';':
            head_start = i + 1
    return found


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    src = os.path.join(root, "src")
    problems, files, functions = [], 0, 0
    for base, _, names in sorted(os.walk(src)):
        for name in sorted(names):
            if not name.endswith((".h", ".cpp")):
                continue
            path = os.path.join(base, name)
            rel = os.path.relpath(path, root)
            text = open(path, encoding="utf-8").read()
            files += 1
            lines = text.count('\n')
            if lines > MAX_FILE_LINES:
                problems.append(f"{rel}: {lines} lines (at most {MAX_FILE_LINES}): split it by purpose")
            for length, function, first in function_lengths(text):
                functions += 1
                if length > MAX_FUNCTION_LINES:
                    problems.append(f"{rel}:{first}: {function} is {length} lines (at most {MAX_FUNCTION_LINES})")
    for p in problems:
        print(p)
    print(f"function length: {files} files, {functions} functions, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())

"""Every curl example in docs/*.md, replayed against the demo data.

The ```sh/```bash blocks that hold a ``curl`` line are read as the small shell they are:
``NAME=value``, ``NAME=$(curl … | jq -r PATH)``, ``NAME=$(.venv/bin/python manage.py …)``,
``curl … > file`` and ``curl`` with ``-s -i -o -w -H -d -F -X``. Each request goes to the
site through Django's test client, on the data ``load_demo`` writes into an empty database
(the ids of a fresh ``make run``). Every answer must be a success, or the status the line's
comment names (``# 409``). A line this reader does not understand fails the test, so that
an example cannot drift out of reach of it.
"""

from __future__ import annotations

import io
import json
import re
import shlex
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from django.core.management import call_command
from django.test import Client

# CI's second phase: the ids PostgreSQL's sequences give after the demo's restore
pytestmark = pytest.mark.services

DOCS = Path(__file__).resolve().parents[1] / "docs"
FENCE = re.compile(r"^```(?:sh|bash)\n(.*?)^```", re.S | re.M)
ASSIGN = re.compile(r"^([A-Z_][A-Z0-9_]*)=(.*)$", re.S)


def shell_blocks() -> list[tuple[str, str]]:
    """(doc name, block text) of each sh/bash block that runs curl."""
    found = []
    for doc in sorted(DOCS.glob("*.md")):
        for block in FENCE.findall(doc.read_text()):
            if re.search(r"^\s*(\w+=\$\()?curl ", block, re.M):
                found.append((doc.name, block))
    return found


def logical_lines(block: str) -> list[str]:
    """The block's commands: continuation lines joined, blank and comment lines dropped."""
    joined = re.sub(r"\\\n\s*", " ", block)
    return [line.strip() for line in joined.splitlines() if line.strip() and line.strip()[0] != "#"]


def split_comment(line: str) -> tuple[str, str]:
    """The command and its trailing ``# comment`` (a ``#`` outside quotes)."""
    quote = ""
    for i, char in enumerate(line):
        if quote:
            quote = "" if char == quote else quote
        elif char in "'\"":
            quote = char
        elif char == "#" and (i == 0 or line[i - 1].isspace()):
            return line[:i].rstrip(), line[i + 1 :].strip()
    return line, ""


def expand(text: str, variables: dict[str, str]) -> str:
    """``$NAME`` replaced outside single quotes, as the shell does."""
    out, quote, i = [], "", 0
    while i < len(text):
        char = text[i]
        if char == "'" and quote != '"':
            quote = "" if quote == "'" else "'"
        elif char == '"' and quote != "'":
            quote = "" if quote == '"' else '"'
        elif char == "$" and quote != "'":
            name = re.match(r"[A-Z_][A-Z0-9_]*", text[i + 1 :])
            if name:
                assert name.group() in variables, f"${name.group()} is used before it is set"
                value = variables[name.group()]
                # the value is data, never quoting: escaped for the quotes it stands in
                out.append(re.sub(r'(["\\$`])', r"\\\1", value) if quote else shlex.quote(value))
                i += 1 + len(name.group())
                continue
        out.append(char)
        i += 1
    return "".join(out)


def split_pipe(command: str) -> list[str]:
    parts, quote, start = [], "", 0
    for i, char in enumerate(command):
        if quote:
            quote = "" if char == quote else quote
        elif char in "'\"":
            quote = char
        elif char == "|":
            parts.append(command[start:i].strip())
            start = i + 1
    return [*parts, command[start:].strip()]


def jq(value: Any, path: str) -> str:
    """``jq -r PATH`` for the paths the docs use: ``.key``, ``.matches[0].id``."""
    for name, index in re.findall(r"\.(\w+)|\[(\d+)\]", path):
        value = value[name] if name else value[int(index)]
    return str(value)


@dataclass
class Shell:
    client: Client
    cwd: Path
    variables: dict[str, str] = field(default_factory=dict)
    requests: list[tuple[str, int]] = field(default_factory=list)

    def run(self, line: str) -> None:
        command, comment = split_comment(line)
        expected = int(comment) if re.fullmatch(r"\d{3}", comment) else None
        assignment = ASSIGN.match(command)
        if assignment is None:
            self.output(command, expected)
            return
        name, value = assignment.groups()
        substituted = re.fullmatch(r"\$\((.*)\)", value, re.S)
        if substituted:
            self.variables[name] = self.output(substituted.group(1), expected).strip()
        else:
            (self.variables[name],) = shlex.split(expand(value, self.variables))

    def output(self, command: str, expected: int | None) -> str:
        """What ``command`` (a pipeline) writes on stdout."""
        first, *rest = split_pipe(command)
        words = shlex.split(expand(first, self.variables))
        if words[:2] == [".venv/bin/python", "manage.py"]:
            out = io.StringIO()
            call_command(*words[2:], stdout=out)
            text = out.getvalue()
        else:
            assert words[0] == "curl", f"not a command this reader runs: {command}"
            text, body = self.curl(words[1:], expected)
        for stage in rest:
            args = shlex.split(stage)
            assert (args[:2], len(args)) == (["jq", "-r"], 3), f"unknown pipe stage: {stage}"
            text = jq(json.loads(body), args[2])
        return text

    def curl(self, args: list[str], expected: int | None) -> tuple[str, bytes]:
        method, url, headers, data, form = None, None, {}, None, {}
        output, write_out, redirect = None, "", None
        i = 0
        while i < len(args):
            arg = args[i]
            if arg in ("-o", "-w", "-H", "-d", "-F", "-X", ">"):
                value = args[i + 1]
                i += 2
                if arg == "-o":
                    output = value
                elif arg == "-w":
                    write_out = value
                elif arg == "-H":
                    key, _, header_value = value.partition(":")
                    headers[key.strip()] = header_value.strip()
                elif arg == "-d":
                    data = value
                elif arg == "-F":
                    key, _, form_value = value.partition("=")
                    form[key] = form_value
                elif arg == "-X":
                    method = value
                else:
                    redirect = value
                continue
            if re.fullmatch(r"-[siSL]+", arg):
                i += 1
                continue
            assert not arg.startswith("-"), f"a curl option this reader does not know: {arg}"
            assert url is None, f"two URLs: {url}, {arg}"
            url = arg
            i += 1
        assert url is not None, "curl without a URL"
        parts = urlsplit(url)
        path = parts.path + (f"?{parts.query}" if parts.query else "")
        method = method or ("POST" if data is not None or form else "GET")
        content_type = headers.pop("Content-Type", "application/octet-stream")
        if form:
            files = {}
            for key, value in form.items():
                if value.startswith("@"):
                    files[key] = (self.cwd / value[1:]).open("rb")
                else:
                    files[key] = value
            response = self.client.post(path, files, headers=headers)
        else:
            response = self.client.generic(
                method, path, data or "", content_type=content_type, headers=headers
            )
        self.requests.append((f"{method} {path}", response.status_code))
        if expected is not None:
            assert response.status_code == expected, (path, response.content[:300])
        else:
            assert response.status_code < 400, (method, path, response.content[:300])
        body = response.content
        if redirect:
            (self.cwd / redirect).write_bytes(body)
        stdout = "" if output == "/dev/null" or redirect else body.decode()
        written = write_out.replace("\\n", "\n").replace("%{http_code}", str(response.status_code))
        written = re.sub(
            r"%header\{([\w-]+)\}", lambda m: response.headers.get(m.group(1), ""), written
        )
        return stdout + written, body


BLOCKS = shell_blocks()


def test_the_docs_have_curl_examples():
    # the reader finds the API guide's block (a new doc's block is replayed as well)
    assert "api.md" in [name for name, _ in BLOCKS]


# the ids the examples name are the demo's own (tests/demo.py: a fresh database's)
@pytest.mark.django_db
@pytest.mark.usefixtures("commits")
@pytest.mark.parametrize(("doc", "block"), BLOCKS, ids=[name for name, _ in BLOCKS])
def test_every_curl_example_answers_on_the_demo_data(doc, block, tmp_path, demo_data):
    from clubs.models import Player
    from tournaments.models import Tournament

    # what the examples' prose says of the ids
    assert Tournament.objects.get(pk=1).name == "Liga de invierno 2026"
    names = list(Player.objects.filter(pk__in=[1, 2, 3, 4]).values_list("display_name", "club"))
    assert [n for n, _ in names] == ["Ana", "Blas", "Carmen", "Diego"]

    shell = Shell(Client(), tmp_path)
    for line in logical_lines(block):
        shell.run(line)
    assert len(shell.requests) >= 10
    codes = [code for _, code in shell.requests]
    assert (codes.count(304), codes.count(409)) == (1, 1)
    # the import made a match of its own from the exported file
    assert shell.requests[-1] == ("POST /api/v1/matches/import/", 201)

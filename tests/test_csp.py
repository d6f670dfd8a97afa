"""A strict Content-Security-Policy (issue 18, item 10): scripts and styles from the site
only, nothing inline but what carries the response's nonce — so no template may hold an
inline script, a style attribute or an event handler."""

import re
from pathlib import Path

import pytest

from tests.factories import ClubFactory, MembershipFactory
from tournaments import services

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[1]
TEMPLATES = sorted((ROOT / "templates").rglob("*.html"))
INLINE = [
    (re.compile(r"<script(?![^>]*\bsrc=)(?![^>]*type=\"application/json\")[^>]*>"), "a script"),
    (re.compile(r"<style(?![^>]*nonce=)[^>]*>"), "a style element"),
    (re.compile(r"\sstyle=\""), "a style attribute"),
    (re.compile(r"\son[a-z]+=\""), "an event handler"),
    (re.compile(r"javascript:"), "a javascript: URL"),
]


def policy(response) -> dict[str, list[str]]:
    header = response["Content-Security-Policy"]
    return {d.split()[0]: d.split()[1:] for d in header.split("; ")}


@pytest.mark.parametrize("path", TEMPLATES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_template_holds_what_the_policy_refuses(path):
    text = path.read_text(encoding="utf-8")
    found = [what for pattern, what in INLINE if pattern.search(text)]
    assert found == [], f"{path.relative_to(ROOT)}: {found}"


@pytest.mark.parametrize(
    "path", ["/", "/accounts/login/", "/api/docs/", "/records/check/", "/scoreboard/"]
)
def test_every_page_has_the_strict_policy(client, path):
    response = client.get(path)
    assert response.status_code == 200
    directives = policy(response)
    assert directives["default-src"] == ["'self'"]
    for kind in ("script-src", "style-src"):
        assert directives[kind][0] == "'self'"
        assert all(d.startswith("'nonce-") for d in directives[kind][1:]), directives[kind]
    assert directives["object-src"] == ["'none'"]
    assert directives["frame-ancestors"] == ["'none'"]
    # an inline element on the page carries the nonce the header names
    nonces = set(re.findall(r'nonce="([^"]+)"', response.content.decode()))
    assert {f"'nonce-{n}'" for n in nonces} <= set(directives["script-src"])


def test_the_scoreboard_s_inline_style_and_script_carry_the_nonce(client):
    club = ClubFactory()
    organiser = MembershipFactory(club=club, role="organiser").user
    t = services.create_tournament(club=club, user=organiser, name="Liga", format="round_robin")
    response = client.get(f"/scoreboard/?tournament={t.pk}")
    assert response.status_code == 200
    html = response.content.decode()
    directives = policy(response)
    (nonce,) = set(re.findall(r'nonce="([^"]+)"', html))
    assert f"'nonce-{nonce}'" in directives["script-src"]
    assert f"'nonce-{nonce}'" in directives["style-src"]
    scripts = re.findall(r"<script[^>]*>", html)
    assert scripts == [
        '<script type="application/json" id="scoreboard-strings">',
        f'<script nonce="{nonce}">',
    ]
    assert " style=" not in html
    # ?api= may name another site: this page alone may poll one
    assert set(directives["connect-src"]) == {"'self'", "http:", "https:"}

"""A refusal shown to a person as a sentence starts with a capital letter, in Spanish and
in English: on the record-check page and in a form (the pad's: tests/browser/
test_pad_phone.py). The checker's own line and the API's message keep the English as the
example records pin it (lowercase); a message that starts with a name of the code's
("rules.target …") keeps it as written."""

import re

import pytest

from games.engine import check_text
from games.refusals import as_sentence
from tournaments.models import Tournament

NOT_JSON = {
    "es": "No es JSON: se esperaba un nombre de propiedad entre comillas dobles: línea 1, "
    "columna 2 (carácter 1)",
    "en": "Not JSON: Expecting property name enclosed in double quotes: line 1 column 2 (char 1)",
}


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_record_check_page_says_an_unreadable_record_as_a_sentence(client, lang):
    response = client.post("/records/check/", {"text": "{nope"}, HTTP_ACCEPT_LANGUAGE=lang)
    page = response.content.decode()
    said = re.search(r'<div class="error-box" role="alert">.*?<p>(.*?)</p>', page, re.S)
    assert said.group(1) == NOT_JSON[lang]
    # the checker's line is the English it always was
    line, status = check_text(b"{nope", "x")
    assert status == 2
    assert line["error"]["message"].startswith("not JSON: Expecting property name")


ALL_FORFEITED = {
    "es": "Una incomparecencia nombra las inscripciones de este cruce que no se presentaron, "
    "no todas",
    "en": "A forfeit names the entries of this fixture that forfeited, not all of them",
}


@pytest.mark.django_db
@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_form_says_the_refusal_as_a_sentence(client, demo_data, lang):
    """The demo league's round 2: the organiser decides a table by a forfeit of both its
    pairs (the round's "Decide this table" form); the refusal says why, on the round."""
    league = Tournament.objects.get(name="Liga de invierno 2026")
    fixture = league.rounds.get(number=2).fixtures.order_by("table").first()
    both = [str(e.pk) for e in fixture.entries()]
    client.login(username="organiser", password="organiser-demo")
    response = client.post(
        f"/tournaments/{league.pk}/fixtures/{fixture.pk}/decide/",
        {f"f{fixture.pk}-decision": "forfeit", f"f{fixture.pk}-forfeited": both},
        HTTP_ACCEPT_LANGUAGE=lang,
        follow=True,
    )
    assert response.redirect_chain[-1][0] == f"/tournaments/{league.pk}/rounds/2/"
    said = re.findall(r'<li class="error">(.*?)</li>', response.content.decode())
    assert said == [ALL_FORFEITED[lang]]


def test_a_message_starting_with_a_code_name_keeps_it():
    assert as_sentence("rules.target must be a whole number from 1 to 10,000", lang="en") == (
        "rules.target must be a whole number from 1 to 10,000"
    )
    assert as_sentence("there is nothing to undo", lang="es") == "No hay nada que deshacer"

"""The statistics pages speak one language (issue 19 item 10: "Made" stood untranslated
on the Spanish page): the demo's figures rendered in Spanish and in English, checked by
tests/i18n_leaks.py."""

import pytest

from clubs.models import Club, Player
from stats.tasks import start_rebuild
from tests.i18n_leaks import leaks
from tests.test_translated_pages import names
from tournaments.models import Tournament


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["es", "en"])
def test_the_statistics_pages_have_no_word_of_the_other_language(demo_data, client, language):
    start_rebuild()
    club = Club.objects.order_by("pk").first()
    urls = [f"/clubs/{club.slug}/stats/"]
    urls += [f"/clubs/{club.slug}/players/{p.pk}/stats/" for p in Player.objects.filter(club=club)]
    urls += [f"/tournaments/{t.pk}/stats/" for t in Tournament.objects.filter(club=club)]
    client.login(username="organiser", password="organiser-demo")
    if language == "en":
        client.post("/i18n/setlang/", {"language": "en"})
    every_name = names()
    found = {}
    for url in urls:
        response = client.get(url)
        assert response.status_code == 200, url
        bad = leaks(response.content.decode(), language, every_name)
        if bad:
            found[url] = bad
    assert not found, "\n".join(f"{url}: {', '.join(bad)}" for url, bad in found.items())

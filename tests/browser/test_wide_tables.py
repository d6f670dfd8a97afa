"""Wide tables on a phone (390 × 844): a table that scrolls sideways in its panel says
so (a shadow at the edge where columns are cut, gone once scrolled to that end), and the
statistics' tables have short headings (the whole words in ``<abbr title>``, and in the
CSV). Demo data, in Spanish."""

from __future__ import annotations

import base64

import pytest

from clubs.models import Player
from tests.browser.helpers import phone_context
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db(transaction=True)

WRAPS = ".table-wrap, .scroll-x"

#: the darkest of 4 pixels in column ``x`` near the top of a PNG (a data: address),
#: decoded by a canvas
DARKEST = """async ([src, x]) => {
  const img = new Image(); img.src = src; await img.decode();
  const c = document.createElement('canvas'); c.width = img.width; c.height = img.height;
  const g = c.getContext('2d'); g.drawImage(img, 0, 0);
  const d = g.getImageData(x, 1, 1, 4).data;  // the first row's padding: no text
  let low = 255;
  for (let i = 0; i < d.length; i += 4) low = Math.min(low, (d[i] + d[i+1] + d[i+2]) / 3);
  return low;
}"""


def darkest(scratch, png: bytes, x: int) -> float:
    src = "data:image/png;base64," + base64.b64encode(png).decode()
    return scratch.evaluate(DARKEST, [src, x])


def edge(scratch, wrap, side: str) -> float:
    """How dark the wrapper's column of pixels 2 px inside its ``side`` edge is, over a
    band of its height with no text (the first row's padding)."""
    width = wrap.evaluate("w => w.clientWidth")
    return darkest(scratch, wrap.screenshot(), 2 if side == "left" else width - 3)


def pages() -> list[str]:
    player = Player.objects.filter(club__slug="pena-la-baza").order_by("pk").first()
    league = Tournament.objects.filter(format="round_robin", game="cuatrola").first()
    return [
        "/clubs/pena-la-baza/stats/",
        f"/clubs/pena-la-baza/players/{player.pk}/stats/",
        f"/tournaments/{league.pk}/",
    ]


def test_a_table_that_scrolls_shows_a_shadow_where_it_is_cut(live_server, browser, demo_data):
    context = phone_context(browser)
    page, scratch = context.new_page(), context.new_page()
    scrolling = 0
    for url in pages():
        page.goto(live_server.url + url)
        wraps = page.locator(WRAPS)
        for i in range(wraps.count()):
            wrap = wraps.nth(i)
            wrap.scroll_into_view_if_needed()
            cut = wrap.evaluate("w => w.scrollWidth - w.clientWidth")
            what = (url, i, cut)
            if cut <= 1:  # it fits: no shadow either side
                assert edge(scratch, wrap, "right") > 250, what
                continue
            scrolling += 1
            # at the start: cut on the right, not on the left
            assert edge(scratch, wrap, "right") < 235, what
            assert edge(scratch, wrap, "left") > 250, what
            wrap.evaluate("w => { w.scrollLeft = w.scrollWidth; }")
            assert edge(scratch, wrap, "left") < 235, what
            assert edge(scratch, wrap, "right") > 250, what
    assert scrolling >= 3  # the declarations', the players', the head to head
    context.close()

"""The rating chart (ratings/svg.py) with the site's stylesheet at phone width: every
label inside the chart (the statistics' ``svg.chart text`` rule once centred them all and
pushed the x-axis label past the right edge)."""

from pathlib import Path

from django.conf import settings

from tournaments.charts import line_chart


def test_every_label_of_the_rating_chart_stays_inside_it_at_390_px(page):
    svg = line_chart(
        [0.0, 3.2, 5.1, 8.7, 12.3],
        title="t",
        description="d",
        x_label="partidas valoradas",
        ident="c",
    )
    css = (Path(settings.BASE_DIR) / "static/css/site.css").read_text()
    page.set_viewport_size({"width": 390, "height": 844})
    page.set_content(
        f"<html><head><style>{css}</style></head><body><main><section class='panel'>"
        f"<figure class='chart-box'>{svg}</figure></section></main></body></html>"
    )
    box = page.locator("svg.chart").bounding_box()
    labels = page.locator("svg.chart text")
    assert labels.count() == 5
    for i in range(labels.count()):
        label = labels.nth(i).bounding_box()
        text = labels.nth(i).text_content()
        assert label["x"] >= box["x"], text
        assert label["x"] + label["width"] <= box["x"] + box["width"], text
    # the axis values end at the axis, left of the plot
    axis = labels.first.bounding_box()
    assert axis["x"] + axis["width"] < box["x"] + box["width"] * 0.12

"""The rating chart (tournaments/charts.py) with the site's stylesheet at phone width: every
label inside the chart (the statistics' ``svg.chart text`` rule once centred them all and
pushed the x-axis label past the right edge)."""

from pathlib import Path

from django.conf import settings

from tournaments.charts import bar_chart, line_chart


def show(page, chart: str) -> dict:
    """``chart`` in a panel with the site's stylesheet at 390 px: the chart's box."""
    css = (Path(settings.BASE_DIR) / "static/css/site.css").read_text()
    page.set_viewport_size({"width": 390, "height": 844})
    page.set_content(
        f"<html><head><style>{css}</style></head><body><main><section class='panel'>"
        f"{chart}</section></main></body></html>"
    )
    return page.locator("svg.chart").bounding_box()


def test_every_label_of_the_rating_chart_stays_inside_it_at_390_px(page):
    svg = line_chart(
        [0.0, 3.2, 5.1, 8.7, 12.3],
        title="t",
        description="d",
        x_label="partidas valoradas",
        ident="c",
        y_title="Valoración (μ − 3σ)",
    )
    box = show(page, f"<figure class='chart-box'>{svg}</figure>")
    labels = page.locator("svg.chart text")
    assert labels.count() == 6  # three values, 0, the count of matches, the y axis's title
    for i in range(labels.count()):
        label = labels.nth(i).bounding_box()
        text = labels.nth(i).text_content()
        assert label["x"] >= box["x"], text
        assert label["x"] + label["width"] <= box["x"] + box["width"], text
        assert label["y"] >= box["y"], text
        assert label["y"] + label["height"] <= box["y"] + box["height"], text
    # the axis values end at the axis, left of the plot
    axis = labels.first.bounding_box()
    assert axis["x"] + axis["width"] < box["x"] + box["width"] * 0.12


def test_a_one_bar_chart_has_both_axes_titled_and_every_label_inside_at_390_px(page):
    """Issue 19 item 16: a chart of one bar (a declaration made with one number of
    trumps) says what its axes are, and nothing leaves the box."""
    svg = bar_chart(
        [("3", 100.0, "1/1")],
        title="solo made good by trumps held",
        x_title="Triunfos que tenía quien declara",
        y_title="Cumplidas (%)",
        top=100,
    )
    box = show(page, svg)
    titles = page.locator("svg.chart .axis-title")
    assert [titles.nth(i).text_content() for i in range(titles.count())] == [
        "Triunfos que tenía quien declara",
        "Cumplidas (%)",
    ]
    labels = page.locator("svg.chart text")
    assert labels.count() == 4  # the bar's value and label, the two axis titles
    for i in range(labels.count()):
        label = labels.nth(i).bounding_box()
        text = labels.nth(i).text_content()
        assert box["x"] <= label["x"] <= label["x"] + label["width"] <= box["x"] + box["width"]
        assert box["y"] <= label["y"] <= label["y"] + label["height"] <= box["y"] + box["height"]
        assert text

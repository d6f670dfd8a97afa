"""The server-drawn chart: one point per value, in the box, text escaped."""

import re

from tournaments.charts import HEIGHT, WIDTH, line_chart


def test_a_line_through_every_value_inside_the_box():
    svg = line_chart(
        [0.0, 2.5, -1.0, 4.0], title="A <b>", description="d", x_label="partidas", ident="c"
    )
    points = [
        tuple(map(float, p.split(",")))
        for p in re.search(r'points="([^"]+)"', svg).group(1).split()
    ]
    assert len(points) == 4
    assert all(0 <= x <= WIDTH and 0 <= y <= HEIGHT for x, y in points)
    xs = [x for x, _ in points]
    assert xs == sorted(xs)
    # the highest value is drawn highest (smallest y), the lowest lowest
    ys = [y for _, y in points]
    assert ys.index(min(ys)) == 3
    assert ys.index(max(ys)) == 2
    assert "A &lt;b&gt;" in svg
    assert "<b>" not in svg
    assert "3 partidas" in svg


def test_one_value_and_a_flat_line_still_draw():
    for values in ([], [0.0], [1.0, 1.0]):
        svg = line_chart(values, title="t", description="d", x_label="x", ident="c")
        assert "<polyline" in svg
        assert "nan" not in svg

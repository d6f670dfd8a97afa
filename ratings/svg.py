"""A small line chart drawn as SVG on the server: no script, no CDN, readable on a phone.

The chart scales to its box (``viewBox``, width 100%), so at 390 px it is as wide as the
page; the labels are in the SVG's own units, sized for that width.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.formats import number_format
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString

WIDTH, HEIGHT = 360, 170
LEFT, RIGHT, TOP, BOTTOM = 34, 8, 10, 22


def _ticks(low: float, high: float) -> list[float]:
    """Three round values spanning [low, high]."""
    mid = (low + high) / 2
    return [low, mid, high]


def line_chart(
    values: Sequence[float],
    *,
    title: str,
    description: str,
    x_label: str,
    ident: str,
    zero_line: bool = True,
) -> SafeString:
    """A line through ``values`` (in order; the first is the start), with the lowest,
    middle and highest value marked on the left axis and the count of steps below."""
    values = list(values)
    if not values:
        values = [0.0]
    low, high = min(values), max(values)
    if zero_line:
        low, high = min(low, 0.0), max(high, 0.0)
    if high - low < 1:
        low, high = low - 0.5, high + 0.5
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    steps = max(len(values) - 1, 1)

    def x(i: int) -> float:
        return LEFT + plot_w * i / steps

    def y(v: float) -> float:
        return TOP + plot_h * (high - v) / (high - low)

    points = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(values))
    grid = format_html_join(
        "",
        '<line x1="{}" x2="{}" y1="{}" y2="{}" class="grid"/>'
        '<text x="{}" y="{}" class="tick end" text-anchor="end">{}</text>',
        (
            (
                LEFT,
                WIDTH - RIGHT,
                f"{y(t):.1f}",
                f"{y(t):.1f}",
                LEFT - 4,
                f"{y(t) + 4:.1f}",
                number_format(t, 1),
            )
            for t in _ticks(low, high)
        ),
    )
    zero = (
        format_html(
            '<line x1="{}" x2="{}" y1="{}" y2="{}" class="zero"/>',
            LEFT,
            WIDTH - RIGHT,
            f"{y(0):.1f}",
            f"{y(0):.1f}",
        )
        if zero_line
        else ""
    )
    last = values[-1]
    return format_html(
        '<svg class="chart" viewBox="0 0 {w} {h}" width="100%" role="img" '
        'aria-labelledby="{id}-t {id}-d" preserveAspectRatio="xMidYMid meet">'
        '<title id="{id}-t">{title}</title><desc id="{id}-d">{desc}</desc>'
        "{grid}{zero}"
        '<polyline points="{points}" class="line"/>'
        '<circle cx="{lx}" cy="{ly}" r="3" class="dot"/>'
        '<text x="{lx0}" y="{by}" class="tick">0</text>'
        '<text x="{rx}" y="{by}" class="tick end" text-anchor="end">{n} {xl}</text>'
        "</svg>",
        w=WIDTH,
        h=HEIGHT,
        id=ident,
        title=title,
        desc=description,
        grid=grid,
        zero=zero,
        points=points,
        lx=f"{x(len(values) - 1):.1f}",
        ly=f"{y(last):.1f}",
        lx0=LEFT,
        rx=WIDTH - RIGHT,
        by=HEIGHT - 6,
        n=len(values) - 1,
        xl=x_label,
    )

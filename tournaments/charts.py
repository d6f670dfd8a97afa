"""The site's charts, drawn as SVG on the server: no script, no CDN, readable on a phone.

One module for every chart (the ratings' line, the statistics' bars): the same box, the
same margins, both axes titled. A chart scales to its box (``viewBox``, width 100%), so
at 390 px it is as wide as the page and never makes a phone scroll sideways; the labels
are in the SVG's own units, sized for that width. Numbers on the axes are in the
reader's language (``floatformat``: rounded and localised).
"""

from __future__ import annotations

from collections.abc import Sequence

from django.template.defaultfilters import floatformat
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe

WIDTH, HEIGHT = 360, 190
LEFT, RIGHT, TOP, BOTTOM = 44, 8, 14, 36


def _ticks(low: float, high: float) -> list[float]:
    """Three round values spanning [low, high]."""
    mid = (low + high) / 2
    return [low, mid, high]


def _axis_titles(x_title: str, y_title: str) -> SafeString:
    """The x axis's title under the plot, the y axis's turned along the left edge (each
    left out when empty)."""
    middle_y = TOP + (HEIGHT - TOP - BOTTOM) / 2
    x = format_html(
        '<text x="{}" y="{}" class="axis-title" text-anchor="middle">{}</text>',
        f"{LEFT + (WIDTH - LEFT - RIGHT) / 2:.1f}",
        HEIGHT - 4,
        x_title,
    )
    y = format_html(
        '<text x="12" y="{}" class="axis-title" text-anchor="middle" '
        'transform="rotate(-90 12 {})">{}</text>',
        f"{middle_y:.1f}",
        f"{middle_y:.1f}",
        y_title,
    )
    return format_html("{}{}", x if x_title else "", y if y_title else "")


def line_chart(
    values: Sequence[float],
    *,
    title: str,
    description: str,
    x_label: str,
    ident: str,
    y_title: str = "",
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
                floatformat(t, 1),
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
        "{axes}</svg>",
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
        by=HEIGHT - BOTTOM + 14,
        n=len(values) - 1,
        xl=x_label,
        axes=_axis_titles("", y_title),
    )


def bar_chart(
    bars: Sequence[tuple[str, float, str]],
    *,
    title: str,
    x_title: str,
    y_title: str,
    top: float | None = None,
) -> SafeString:
    """Bars of ``(label, value, text over the bar)``, heights relative to ``top`` (the
    largest value when not given); ``title`` is the accessible name, ``x_title`` and
    ``y_title`` name the axes (what a bar's label and its height are)."""
    if not bars:
        return mark_safe("")
    top = top or max(v for _, v, _ in bars) or 1
    plot_w, usable = WIDTH - LEFT - RIGHT, HEIGHT - BOTTOM - TOP
    step = plot_w / len(bars)
    parts = []
    for i, (label, value, text) in enumerate(bars):
        h = usable * value / top
        x = LEFT + i * step + step * 0.15
        y = TOP + usable - h
        parts.append(
            format_html(
                '<rect x="{}" y="{}" width="{}" height="{}" class="bar">'
                "<title>{}: {}</title></rect>"
                '<text x="{}" y="{}" class="value">{}</text>'
                '<text x="{}" y="{}" class="label">{}</text>',
                f"{x:.1f}",
                f"{y:.1f}",
                f"{step * 0.7:.1f}",
                f"{h:.1f}",
                label,
                text,
                f"{x + step * 0.35:.1f}",
                f"{y - 3:.1f}",
                text,
                f"{x + step * 0.35:.1f}",
                HEIGHT - BOTTOM + 12,
                label,
            )
        )
    return format_html(
        '<svg class="chart" viewBox="0 0 {} {}" width="100%" role="img" aria-label="{}">'
        '<line x1="{}" y1="{}" x2="{}" y2="{}" class="axis"/>{}{}</svg>',
        WIDTH,
        HEIGHT,
        title,
        LEFT,
        HEIGHT - BOTTOM,
        WIDTH - RIGHT,
        HEIGHT - BOTTOM,
        mark_safe("".join(parts)),  # each part built by format_html (escaped)
        _axis_titles(x_title, y_title),
    )

"""A tiny server-side SVG bar chart: no script, no CDN; it scales to the page's width
(``viewBox``), so it never makes a phone scroll sideways."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe

WIDTH, HEIGHT, BOTTOM, TOP = 320, 150, 22, 14


def bar_chart(
    bars: Sequence[tuple[str, float, str]], *, title: str, top: float | None = None
) -> SafeString:
    """Bars of ``(label, value, text over the bar)``, heights relative to ``top`` (the
    largest value when not given); ``title`` is the accessible name."""
    if not bars:
        return mark_safe("")
    top = top or max(v for _, v, _ in bars) or 1
    step = WIDTH / len(bars)
    usable = HEIGHT - BOTTOM - TOP
    parts = []
    for i, (label, value, text) in enumerate(bars):
        h = usable * value / top
        x = i * step + step * 0.15
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
                HEIGHT - 6,
                label,
            )
        )
    return format_html(
        '<svg class="chart" viewBox="0 0 {} {}" role="img" aria-label="{}">'
        '<line x1="0" y1="{}" x2="{}" y2="{}" class="axis"/>{}</svg>',
        WIDTH,
        HEIGHT,
        title,
        HEIGHT - BOTTOM,
        WIDTH,
        HEIGHT - BOTTOM,
        mark_safe("".join(parts)),  # each part built by format_html (escaped)
    )

"""Names are single-line text.

A club's, a player's, a tournament's or a pair's name goes into page titles, CSV rows
and the iCalendar feed, where a line break (or a bare CR, which some calendar clients take
for one) would start a line of its own. :class:`NameField` normalises the value whatever
writes it — a form, the API, a service, ``bulk_create`` — to one line: every run of
whitespace and control characters becomes one space, and the ends are stripped.
"""

from __future__ import annotations

import re

from django import forms
from django.db import models

# whitespace (\t \n \r \v \f, U+0085, U+2028, U+2029 …) and the other control characters
_BREAKS = re.compile(r"[\s\x00-\x1f\x7f-\x9f]+")


def single_line(value: str) -> str:
    """``value`` on one line: runs of whitespace and control characters are one space;
    format characters (Cf: zero-width and direction marks) are kept."""
    return _BREAKS.sub(" ", value).strip()


class SingleLineFormField(forms.CharField):
    def to_python(self, value):
        value = super().to_python(value)
        return single_line(value) if isinstance(value, str) else value


class NameField(models.CharField):
    """A ``CharField`` whose value is stored on one line (and its form field says so).

    It deconstructs as a plain ``CharField``: the column is the same, so it needs no
    migration."""

    def pre_save(self, model_instance: models.Model, add: bool) -> object:
        value = getattr(model_instance, self.attname)
        if isinstance(value, str):
            value = single_line(value)
            setattr(model_instance, self.attname, value)
        return value

    def formfield(self, **kwargs):
        return super().formfield(**{"form_class": SingleLineFormField, **kwargs})

    def deconstruct(self):
        name, _path, args, kwargs = super().deconstruct()
        return name, "django.db.models.CharField", args, kwargs

import re

from django.utils.translation import gettext as _
from rest_framework.exceptions import ValidationError
from rest_framework.pagination import LimitOffsetPagination

WHOLE_NUMBER = re.compile(r"[0-9]+")


class Pagination(LimitOffsetPagination):
    """``limit`` (default 50, 1 to 200) and ``offset`` (0 or more; beyond a billion, what the
    databases' LIMIT/OFFSET take, there is nothing to list anyway).

    DRF's own pagination silently replaces a malformed value (``offset=abc``, ``limit=0``,
    ``limit=1000``) with the default; here it is a 400 naming the parameter, as the schema
    says, so that a client's mistake does not pass for a short or empty page."""

    default_limit = 50
    max_limit = 200
    max_offset = 10**9

    def _number(self, request, name: str, low: int, high: int | None) -> int | None:
        """The parameter ``name`` as a whole number from ``low`` to ``high``; None if absent."""
        values = request.query_params.getlist(name)
        if not values:
            return None
        value = None
        if len(values) == 1 and WHOLE_NUMBER.fullmatch(values[0]):
            # past 18 digits a value is out of range (limit) or clamped (offset) anyway
            value = int(values[0]) if len(values[0]) <= 18 else 10**18
        if value is None or value < low or (high is not None and value > high):
            if high is None:
                message = _("a whole number, %(low)s or more, given once") % {"low": low}
            else:
                message = _("a whole number from %(low)s to %(high)s, given once") % {
                    "low": low,
                    "high": high,
                }
            raise ValidationError({name: [message]})
        return value

    def get_limit(self, request) -> int:
        limit = self._number(request, self.limit_query_param, 1, self.max_limit)
        return self.default_limit if limit is None else limit

    def get_offset(self, request) -> int:
        offset = self._number(request, self.offset_query_param, 0, None)
        return 0 if offset is None else min(offset, self.max_offset)

    def get_schema_operation_parameters(self, view) -> list[dict]:
        parameters = super().get_schema_operation_parameters(view)
        bounds = {
            self.limit_query_param: {"minimum": 1, "maximum": self.max_limit},
            self.offset_query_param: {"minimum": 0},
        }
        for parameter in parameters:
            parameter["schema"].update(bounds.get(parameter["name"], {}))
        return parameters

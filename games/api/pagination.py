from rest_framework.pagination import LimitOffsetPagination


class Pagination(LimitOffsetPagination):
    """``limit`` (default 50, at most 200) and ``offset`` (at most a billion: beyond what the
    databases' LIMIT/OFFSET take, there is nothing to list anyway)."""

    default_limit = 50
    max_limit = 200
    max_offset = 10**9

    def get_offset(self, request) -> int:
        return min(super().get_offset(request), self.max_offset)

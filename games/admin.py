"""Admin: matches are browsable; events change only through games.services (the API and
the scoring pad), so the log and derived rows are read-only here."""

from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from .models import Hand, HandEvent, Match, MatchUnit, Seat, UndoRecord, WorkerHeartbeat


class ReadOnlyInline(admin.TabularInline):
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False


class SeatInline(ReadOnlyInline):
    model = Seat
    fields = ("number", "player")


class UnitInline(ReadOnlyInline):
    model = MatchUnit
    fields = ("unit", "score", "is_winner", "hands_won", "counters")


class HandInline(ReadOnlyInline):
    model = Hand
    fields = ("number", "dealer", "header", "next_seq", "complete")


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = ("id", "club", "game", "name", "status", "score_text", "updated_at")
    list_filter = ("club", "status")
    search_fields = ("name", "seats__player__display_name")
    readonly_fields = (
        "club",
        "game",
        "rules",
        "first_dealer",
        "status",
        "version",
        "created_by",
        "created_at",
        "updated_at",
    )
    fields = ("name", "played_on", "scorer", *readonly_fields)
    inlines = [SeatInline, UnitInline, HandInline]

    def get_queryset(self, request):
        return super().get_queryset(request).prefetch_related("units")

    def has_add_permission(self, request):
        return False  # matches are created through the API or the import

    @admin.display(description=_("score"))
    def score_text(self, match: Match) -> str:
        return match.score_text


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(HandEvent)
class HandEventAdmin(ReadOnlyAdmin):
    list_display = ("hand", "seq", "kind", "seat", "card", "entered_by", "entered_at")
    list_filter = ("kind",)


@admin.register(UndoRecord)
class UndoRecordAdmin(ReadOnlyAdmin):
    list_display = ("match", "hand_number", "to_seq", "user", "at")


@admin.register(WorkerHeartbeat)
class WorkerHeartbeatAdmin(ReadOnlyAdmin):
    list_display = ("hostname", "seen_at", "beats")

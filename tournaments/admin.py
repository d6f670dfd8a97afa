from django.contrib import admin

from .models import Entry, Tournament


class EntryInline(admin.TabularInline):
    model = Entry
    extra = 0
    fields = ("seed", "name", "player_1", "player_2", "withdrawn")
    readonly_fields = fields
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False  # entries are added on the tournament page (tournaments.services)


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ("name", "club", "format", "status", "standings_computed_at")
    list_filter = ("club", "format", "status")
    readonly_fields = (
        "status",
        "standings_pending",
        "results_version",
        "standings_version",
        "standings_queued_at",
        "standings_computed_at",
    )
    inlines = [EntryInline]

from django.contrib import admin

from .models import Entry, Tournament


class EntryInline(admin.TabularInline):
    model = Entry
    extra = 0
    fields = (
        "seed",
        "name",
        "players_list",
        "withdrawn",
        "withdrawn_after_round",
        "withdrawal_results",
    )
    readonly_fields = fields
    can_delete = False

    @admin.display(description="players")
    def players_list(self, entry: Entry) -> str:
        return " & ".join(p.display_name for p in entry.players())

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

from django.contrib import admin

from .models import Club, Entry, Membership, Player, Tournament


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 1
    autocomplete_fields = ["user"]


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ("name", "slug", "is_private")
    prepopulated_fields = {"slug": ("name",)}
    search_fields = ("name",)
    inlines = [MembershipInline]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ("display_name", "club", "user")
    list_filter = ("club",)
    search_fields = ("display_name",)


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

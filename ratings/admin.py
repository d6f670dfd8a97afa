"""Admin: the ratings are derived (``manage.py rebuild_ratings`` remakes them), so they
are read-only here."""

from django.contrib import admin

from .models import RatedMatch, Rating, RatingChange


class ReadOnly(admin.ModelAdmin):
    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Rating)
class RatingAdmin(ReadOnly):
    list_display = ("player", "game", "ordinal", "mu", "sigma", "matches", "wins")
    list_filter = ("game", "player__club")
    search_fields = ("player__display_name",)


@admin.register(RatedMatch)
class RatedMatchAdmin(ReadOnly):
    list_display = ("match", "club", "game", "finished_at", "scores")
    list_filter = ("game", "club")


@admin.register(RatingChange)
class RatingChangeAdmin(ReadOnly):
    list_display = ("player", "game", "rated", "rank", "mu_before", "mu_after", "sigma_after")
    list_filter = ("game",)
    search_fields = ("player__display_name",)

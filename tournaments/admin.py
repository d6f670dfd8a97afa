from django.contrib import admin

from .models import Club, Membership, Player


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

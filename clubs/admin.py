"""Admin of clubs, their people and API keys. A key is shown once, when it is created."""

from django.contrib import admin, messages
from django.contrib.auth import get_user_model
from django.contrib.auth.admin import UserAdmin
from django.contrib.auth.forms import UserChangeForm
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from .models import Club, DeviceToken, Membership, Player, UserToken
from .tokens import create_user_token, revoke_user_token


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


@admin.register(DeviceToken)
class DeviceTokenAdmin(admin.ModelAdmin):
    """Read-only: organisers create and revoke device tokens on the club page or the API."""

    list_display = ("name", "club", "scope", "prefix", "created_at", "revoked_at")
    list_filter = ("club",)

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.action(description=gettext_lazy("Revoke the selected API tokens"))
def revoke(modeladmin, request, queryset) -> None:
    for token in queryset:
        revoke_user_token(token)


@admin.register(UserToken)
class UserTokenAdmin(admin.ModelAdmin):
    """Add one to get a user's key: it is shown once, in the confirmation message."""

    list_display = ("user", "name", "prefix", "created_at", "revoked_at", "last_used_at")
    autocomplete_fields = ["user"]
    actions = [revoke]

    def get_fields(self, request, obj=None):
        return ["user", "name"] if obj is None else ["user", "name", "prefix", "revoked_at"]

    def get_readonly_fields(self, request, obj=None):
        return [] if obj is None else ["user", "prefix", "revoked_at"]

    def save_model(self, request, obj, form, change) -> None:
        if change:
            super().save_model(request, obj, form, change)
            return
        token, key = create_user_token(obj.user, obj.name)
        obj.pk, obj.prefix, obj.key_hash = token.pk, token.prefix, token.key_hash
        self.message_user(
            request,
            _("API token for %(user)s — copy the key now, it will not be shown again: %(key)s")
            % {"user": obj.user, "key": key},
            messages.SUCCESS,
        )


class DeviceUserFilter(admin.SimpleListFilter):
    """Each device token has its own user (``device-…``): hidden unless asked for, so
    that the list shows people."""

    title = gettext_lazy("device users")
    parameter_name = "devices"

    def lookups(self, request, model_admin):
        return [("only", gettext_lazy("only devices")), ("all", gettext_lazy("people and devices"))]

    def choices(self, changelist):
        yield {
            "selected": self.value() is None,
            "query_string": changelist.get_query_string(remove=[self.parameter_name]),
            "display": gettext_lazy("people only"),
        }
        for value, label in self.lookup_choices:
            yield {
                "selected": self.value() == value,
                "query_string": changelist.get_query_string({self.parameter_name: value}),
                "display": label,
            }

    def queryset(self, request, queryset):
        if self.value() == "only":
            return queryset.filter(device_token__isnull=False)
        if self.value() == "all":
            return queryset
        return queryset.filter(device_token__isnull=True)


User = get_user_model()
admin.site.unregister(User)


class PeopleUserChangeForm(UserChangeForm):
    """A rename to another login's name in another case is the form's error, as the
    add form's (the database refuses it too, clubs 0005: else a 500)."""

    def clean_username(self):
        username = self.cleaned_data["username"]
        others = User.objects.filter(username__iexact=username).exclude(pk=self.instance.pk)
        if others.exists():
            raise self.instance.unique_error_message(User, ["username"])
        return username


@admin.register(User)
class PeopleUserAdmin(UserAdmin):
    form = PeopleUserChangeForm
    list_filter = (DeviceUserFilter, *UserAdmin.list_filter)

from django.contrib import admin, messages
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from .models import StatJob, StatTotal
from .tasks import start_rebuild


@admin.action(description=_("Rebuild every statistic from the event log"))
def rebuild(modeladmin: admin.ModelAdmin, request, queryset) -> None:
    job = start_rebuild()
    modeladmin.message_user(
        request, _("Statistics job %(job)s started.") % {"job": job.pk}, messages.SUCCESS
    )


@admin.register(StatJob)
class StatJobAdmin(admin.ModelAdmin):
    list_display = ("id", "status", "chunks_done", "chunks", "hands", "started_at", "finished_at")
    readonly_fields = list_display
    actions = [rebuild]

    def changelist_view(self, request: HttpRequest, extra_context: dict | None = None):
        # the rebuild concerns no row in particular: it runs with none selected (the
        # admin wants a selection; "select across" stands for all, even no row)
        if request.POST.get("action") == "rebuild":
            request.POST = request.POST.copy()
            request.POST["select_across"] = "1"
            request.POST.setlist(
                ACTION_CHECKBOX_NAME, request.POST.getlist(ACTION_CHECKBOX_NAME) or ["0"]
            )
        return super().changelist_view(request, extra_context)


@admin.register(StatTotal)
class StatTotalAdmin(admin.ModelAdmin):
    list_display = ("scope", "key", "game", "metric", "value", "club")
    list_filter = ("scope", "game")
    search_fields = ("key", "metric")

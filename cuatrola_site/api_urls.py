"""The REST API's routes (``/api/v1/``): every app's viewsets, routed at the site level so
that no app imports another one above it."""

from django.urls import include, path
from rest_framework.routers import DefaultRouter

from games.api import views
from ratings import api as ratings
from stats import api as stats_api
from tournaments.api import TournamentViewSet

router = DefaultRouter()
router.register("clubs", views.ClubViewSet, basename="club")
router.register("matches", views.MatchViewSet, basename="match")
router.register("tournaments", TournamentViewSet, basename="tournament")

urlpatterns = [
    path("me/", views.me, name="api-me"),
    path("ratings/<slug:slug>/players/<int:player>/", ratings.player, name="api-ratings-player"),
    path("ratings/<slug:slug>/<str:game>/", ratings.ladder, name="api-ratings-ladder"),
    path("stats/progress/", stats_api.progress, name="api-stats-progress"),
    path("stats/<str:scope>/<str:key>/", stats_api.scope_stats, name="api-stats"),
    path("", include(router.urls)),
]

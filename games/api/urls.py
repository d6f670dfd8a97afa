from django.urls import include, path
from rest_framework.routers import DefaultRouter

from tournaments.api import TournamentViewSet

from . import views

router = DefaultRouter()
router.register("clubs", views.ClubViewSet, basename="club")
router.register("matches", views.MatchViewSet, basename="match")
router.register("tournaments", TournamentViewSet, basename="tournament")

urlpatterns = [
    path("me/", views.me, name="api-me"),
    path("", include(router.urls)),
]

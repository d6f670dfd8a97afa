from django.urls import path

from . import views

app_name = "stats"

urlpatterns = [
    path("clubs/<slug:slug>/stats/", views.club_stats, name="club"),
    path("clubs/<slug:slug>/players/<int:pk>/stats/", views.player_stats, name="player"),
    path("tournaments/<int:pk>/stats/", views.tournament_stats, name="tournament"),
    path("stats/progress.json", views.progress, name="progress"),
]

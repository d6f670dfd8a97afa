from django.urls import path

from . import views

app_name = "ratings"
urlpatterns = [
    path("clubs/<slug:slug>/ratings/", views.club_ratings, name="club"),
]

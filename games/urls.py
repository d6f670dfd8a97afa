from django.urls import path

from . import views

app_name = "games"
urlpatterns = [
    path("records/check/", views.check_record_page, name="check_record"),
    path("matches/<int:pk>/", views.match_page, name="match"),
    path("matches/<int:pk>/record.json", views.match_record, name="match_record"),
    path("matches/<int:pk>/score/", views.scoring_pad, name="score"),
    path("clubs/<slug:slug>/matches/new/", views.new_match, name="new_match"),
]

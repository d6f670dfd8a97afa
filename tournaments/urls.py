from django.urls import path

from . import views

app_name = "tournaments"
urlpatterns = [
    path("clubs/<slug:slug>/", views.club_page, name="club"),
    path("clubs/<slug:slug>/players/<int:pk>/", views.player_page, name="player"),
    path("clubs/<slug:slug>/players/<int:pk>/merge/", views.merge_player, name="merge_player"),
    path("clubs/<slug:slug>/device-tokens/", views.add_device_token, name="add_device_token"),
    path(
        "clubs/<slug:slug>/device-tokens/<int:token>/revoke/",
        views.revoke_device_token_view,
        name="revoke_device_token",
    ),
    path("tournaments/<int:pk>/", views.tournament_page, name="tournament"),
    path("tournaments/<int:pk>/entries/", views.add_entry, name="add_entry"),
    path(
        "tournaments/<int:pk>/entries/<int:entry>/withdraw/",
        views.withdraw_entry,
        name="withdraw_entry",
    ),
    path("tournaments/<int:pk>/next-round/", views.next_round, name="next_round"),
    path("tournaments/<int:pk>/rounds/<int:number>/", views.round_sheet, name="round"),
    path(
        "tournaments/<int:pk>/fixtures/<int:fixture>/decide/",
        views.decide_fixture,
        name="decide_fixture",
    ),
    path(
        "tournaments/<int:pk>/fixtures/<int:fixture>/record/",
        views.import_fixture_record,
        name="import_fixture_record",
    ),
    path("tournaments/<int:pk>/bracket/", views.bracket, name="bracket"),
]

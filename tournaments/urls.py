from django.urls import path

from . import output_views, setup_views, views

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
        setup_views.withdraw_entry,
        name="withdraw_entry",
    ),
    path(
        "tournaments/<int:pk>/entries/<int:entry>/readmit/",
        setup_views.readmit_entry,
        name="readmit_entry",
    ),
    path("clubs/<slug:slug>/tournaments/new/", setup_views.new_tournament, name="new"),
    path("tournaments/<int:pk>/settings/", setup_views.edit_tournament, name="edit"),
    path("tournaments/<int:pk>/seeding/", setup_views.set_seeding, name="seeding"),
    path(
        "tournaments/<int:pk>/rounds/<int:number>/schedule/",
        setup_views.schedule_round,
        name="schedule_round",
    ),
    path(
        "tournaments/<int:pk>/rounds/<int:number>/delete/",
        setup_views.delete_round,
        name="delete_round",
    ),
    path(
        "tournaments/<int:pk>/rounds/<int:number>/redraw/",
        setup_views.redraw_round,
        name="redraw_round",
    ),
    path(
        "tournaments/<int:pk>/rounds/<int:number>/swap/",
        setup_views.swap_entries,
        name="swap_entries",
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
    # printouts, downloads and the calendar feed (output_views.py)
    path(
        "tournaments/<int:pk>/standings/print/",
        output_views.standings_print,
        name="standings_print",
    ),
    path(
        "tournaments/<int:pk>/rounds/<int:number>/sheets/",
        output_views.score_sheets,
        name="score_sheets",
    ),
    path(
        "tournaments/<int:pk>/rounds/<int:number>/results.<str:export_format>",
        output_views.round_results,
        name="round_results",
    ),
    path("tournaments/<int:pk>/calendar.ics", output_views.calendar_feed, name="calendar"),
]

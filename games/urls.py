from django.urls import path

from . import padapp, table, views

app_name = "games"
urlpatterns = [
    path("records/check/", views.check_record_page, name="check_record"),
    path("matches/<int:pk>/", views.match_page, name="match"),
    path("matches/<int:pk>/replay/", views.match_replay, name="replay"),
    path("matches/<int:pk>/record.json", views.match_record, name="match_record"),
    path("matches/<int:pk>/score/", views.scoring_pad, name="score"),
    path("my-table/", table.my_table, name="my_table"),
    path("pad-worker.js", padapp.pad_worker, name="pad-worker"),
    path("pad.webmanifest", padapp.pad_manifest, name="pad-manifest"),
    path("clubs/<slug:slug>/devices/<int:token>/qr/", table.device_qr, name="device_qr"),
    path("clubs/<slug:slug>/device-sign-in/", table.device_sign_in, name="device_sign_in"),
    path("clubs/<slug:slug>/matches/new/", views.new_match, name="new_match"),
]

from django.urls import path

from . import views

app_name = "games"
urlpatterns = [
    path("check/", views.check_record_page, name="check_record"),
]

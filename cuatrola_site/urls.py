from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from clubs import passwords
from clubs.menu import LandingLoginView

from . import mine, views

urlpatterns = [
    path("", views.home, name="home"),
    path("healthz", views.healthz, name="healthz"),
    path("favicon.ico", views.favicon, name="favicon"),
    path("scoreboard/", views.scoreboard, name="scoreboard"),
    path("my-matches/", mine.my_matches, name="my_matches"),
    path("my-matches/asked/<int:pk>/", mine.answer_link, name="answer_link"),
    # before django.contrib.auth's own: the same login, landing by role (clubs/menu.py)
    path("accounts/login/", LandingLoginView.as_view(), name="login"),
    path("", include("clubs.urls")),
    path("", include("games.urls")),
    path("", include("tournaments.urls")),
    path("", include("ratings.urls")),
    path("", include("stats.urls")),
    path("api/v1/", include("cuatrola_site.api_urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    # the split view serves its script from a URL of its own: no inline script (CSP)
    path(
        "api/docs/",
        SpectacularSwaggerSplitView.as_view(url_name="schema", template_name="api_docs.html"),
        name="api-docs",
    ),
    path("admin/", admin.site.urls),
    # before django.contrib.auth's own: no e-mail form (the site sends none) but a page
    # saying to ask the club's organiser, and the links the organisers make (clubs/passwords.py)
    path("accounts/password_reset/", passwords.forgotten_password, name="password_reset"),
    path("accounts/password_reset/done/", passwords.forgotten_password),
    path(
        "accounts/reset/<uidb64>/<token>/",
        passwords.SetPasswordView.as_view(),
        name="password_reset_confirm",
    ),
    path("accounts/", include("django.contrib.auth.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
]

# JSON under /api/, HTML elsewhere; a database that does not answer is 503 (errors.py)
handler400 = "cuatrola_site.errors.bad_request"
handler403 = "cuatrola_site.errors.permission_denied"
handler404 = "cuatrola_site.errors.page_not_found"
handler500 = "cuatrola_site.errors.server_error"

"""Settings, all read from the environment (12-factor).

Defaults give the embedded setup: a SQLite file in the project and Celery tasks run
in-process (eager), so ``make run`` needs no service. Production sets ``DATABASE_URL``,
``CELERY_BROKER_URL``, ``SECRET_KEY``, ``ALLOWED_HOSTS`` and leaves ``DEBUG`` off.
"""

from datetime import timedelta
from pathlib import Path

import environ
from corsheaders.defaults import default_headers as default_cors_headers
from csp.constants import NONCE, NONE, SELF
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent

env = environ.Env()
environ.Env.read_env(BASE_DIR / ".env", overwrite=False)

DEBUG = env.bool("DEBUG", default=False)
ALLOWED_HOSTS = env.list("ALLOWED_HOSTS", default=["127.0.0.1", "localhost", "[::1]"])
CSRF_TRUSTED_ORIGINS = env.list("CSRF_TRUSTED_ORIGINS", default=[])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "django_filters",
    "django_tables2",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "corsheaders",
    "clubs",
    "games",
    "tournaments",
    "ratings",
    "stats",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "corsheaders.middleware.CorsMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "cuatrola_site.locale.ChosenLanguageMiddleware",  # Spanish unless chosen otherwise
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    "cuatrola_site.security.RefuseTraceMiddleware",
]

ROOT_URLCONF = "cuatrola_site.urls"
WSGI_APPLICATION = "cuatrola_site.wsgi.application"
ASGI_APPLICATION = "cuatrola_site.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "clubs.menu.menu",
            ],
        },
    },
]

DATABASES = {
    "default": env.db("DATABASE_URL", default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}"),
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Take the write lock when a transaction starts and wait for it, so that two devices
    # writing at once queue up instead of failing with "database is locked".
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {"transaction_mode": "IMMEDIATE", "timeout": 20}
    )
# How long a process keeps its database connection between requests (seconds; 0: a new
# one per request). A new PostgreSQL connection is a new backend whose catalog caches
# start cold: through gunicorn it cost a request more than the request's own statements
# (p50 35 ms an event with a connection per request, 7.7 ms kept: docs/performance.md,
# "Recording through the API"), so PostgreSQL keeps it a minute by default, one
# connection per gunicorn or celery process. SQLite opens a file: nothing to keep.
# Checked before reuse, so that a restarted server costs a check, not a failed request.
_KEEP = 60 if DATABASES["default"]["ENGINE"].endswith("postgresql") else 0
DATABASES["default"]["CONN_MAX_AGE"] = env.int("CONN_MAX_AGE", default=_KEEP)
DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
if DATABASES["default"]["ENGINE"].endswith("postgresql"):
    # The statements every event sends are prepared once per kept connection
    # (clubs/prepared.py: the match's lock cost ten times its execution in planning);
    # Django's own client-bound statements are never prepared whatever this says.
    # DATABASE_PREPARED=false for a pooler in transaction mode that cannot keep them.
    DATABASES["default"].setdefault("OPTIONS", {}).setdefault(
        "prepare_threshold", 5 if env.bool("DATABASE_PREPARED", default=True) else None
    )
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# Spanish first: it is the clubs' language; English for visitors and developers.
LANGUAGE_CODE = "es"
LANGUAGES = [("es", _("Español")), ("en", _("English"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
TIME_ZONE = env.str("TIME_ZONE", default="Europe/Madrid")
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "whitenoise.storage.CompressedManifestStaticFilesStorage"
            if not DEBUG
            else "django.contrib.staticfiles.storage.StaticFilesStorage"
        )
    },
}

LOGIN_REDIRECT_URL = "/"
CSRF_FAILURE_VIEW = "cuatrola_site.errors.csrf_failure"
DJANGO_TABLES2_TEMPLATE = "django_tables2/table.html"

# Production hardening: only when DEBUG is off. Behind a TLS-terminating proxy set
# SECURE_PROXY_SSL_HEADER via the environment flag below.
if not DEBUG:
    SESSION_COOKIE_SECURE = env.bool("SESSION_COOKIE_SECURE", default=True)
    CSRF_COOKIE_SECURE = env.bool("CSRF_COOKIE_SECURE", default=True)
    SECURE_SSL_REDIRECT = env.bool("SECURE_SSL_REDIRECT", default=False)
    SECURE_HSTS_SECONDS = env.int("SECURE_HSTS_SECONDS", default=0)
    SECURE_CONTENT_TYPE_NOSNIFF = True
    X_FRAME_OPTIONS = "DENY"
    if env.bool("BEHIND_TLS_PROXY", default=False):
        SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

# Celery. With no broker configured, tasks run in-process so that nothing else is needed.
CELERY_BROKER_URL = env.str("CELERY_BROKER_URL", default="")
CELERY_TASK_ALWAYS_EAGER = not CELERY_BROKER_URL
if CELERY_TASK_ALWAYS_EAGER:
    # An eager task still borrows a producer (to check its serializer): an in-memory one,
    # so that kombu does not warn "No hostname was supplied" nor look for a broker.
    CELERY_BROKER_WRITE_URL = "memory://localhost/"
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BROKER_CONNECTION_TIMEOUT = 2
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# A task whose worker died unacknowledged is redelivered after this many seconds (Redis).
# Keep it above the longest task; tests lower it to see a killed job redone quickly.
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": env.int("CELERY_VISIBILITY_TIMEOUT", default=3600),
    "unacked_restore_interval": 1,
    "unacked_restore_throttle": 1,
}
# Standings catch up by themselves (tournaments/tasks.py): celery beat runs the sweep every
# STANDINGS_SWEEP_SECONDS; it re-sends a recompute for every tournament whose standings are
# behind its results and whose queued job (if any) was sent over STANDINGS_LEASE_SECONDS
# ago. A broker outage, a lost job or a killed worker is so made good within
# sweep + lease (45 s by default), whatever CELERY_VISIBILITY_TIMEOUT is.
STANDINGS_SWEEP_SECONDS = env.float("STANDINGS_SWEEP_SECONDS", default=15)
STANDINGS_LEASE_SECONDS = env.float("STANDINGS_LEASE_SECONDS", default=30)
# The statistics likewise (stats/healing.py): a match whose count was lost is counted by
# the sweep; a chunk started over STATS_LEASE_SECONDS ago and not stored is sent again.
# The lease must exceed a chunk's run (200 matches: a few seconds).
STATS_SWEEP_SECONDS = env.float("STATS_SWEEP_SECONDS", default=15)
STATS_LEASE_SECONDS = env.float("STATS_LEASE_SECONDS", default=30)
# Hand analysis (docs/analysis.md "On the site"): CPU seconds of search per hand before it
# is stored "not solved"; the games whose finished hands the write path sends for
# analysis. With no worker (eager tasks: `make run`, tests) only Cuatrola (about 10 ms a
# hand): Belote (seconds) and Subastao (beyond the budget) wait for `analyse_hands`.
ANALYSIS_BUDGET = env.float("ANALYSIS_BUDGET", default=30 if CELERY_BROKER_URL else 1)
ANALYSIS_ON_WRITE = env.list(
    "ANALYSIS_ON_WRITE",
    default=["cuatrola", "belote", "subastao"] if CELERY_BROKER_URL else ["cuatrola"],
)
# Analyses lost with the broker or a killed worker are caught up (games.analysis.sweep_lost):
# every ANALYSIS_SWEEP_SECONDS, up to ANALYSIS_SWEEP_AT_MOST matches untouched for
# ANALYSIS_SWEEP_LEASE_SECONDS (their own task may be running), each sent once a lease.
ANALYSIS_SWEEP_SECONDS = env.float("ANALYSIS_SWEEP_SECONDS", default=60)
ANALYSIS_SWEEP_LEASE_SECONDS = env.float("ANALYSIS_SWEEP_LEASE_SECONDS", default=900)
ANALYSIS_SWEEP_AT_MOST = env.int("ANALYSIS_SWEEP_AT_MOST", default=20)
CELERY_BEAT_SCHEDULE = {
    "standings-sweep": {
        "task": "tournaments.sweep_standings",
        "schedule": STANDINGS_SWEEP_SECONDS,
        # a sweep not run in time (workers down) is dropped: the next one does its work
        "options": {"expires": STANDINGS_SWEEP_SECONDS},
    },
    # a count lost with the broker, a chunk lost with a killed worker (stats/healing.py)
    "stats-sweep": {
        "task": "stats.sweep",
        "schedule": STATS_SWEEP_SECONDS,
        "options": {"expires": STATS_SWEEP_SECONDS},
    },
    # a rating update lost with the broker is caught up (ratings/ladder.py)
    "analysis-sweep": {
        "task": "games.sweep_analysis",
        "schedule": ANALYSIS_SWEEP_SECONDS,
        "options": {"expires": ANALYSIS_SWEEP_SECONDS},
    },
    "ratings-sweep": {
        "task": "ratings.sweep",
        "schedule": 60.0,
        "options": {"expires": 60.0},
    },
}

# Imports of card-records (POST /api/v1/matches/import/): the body's size, checked from
# Content-Length before anything is read (413), and the number of hands (400). An 800-hand
# record with its deal is about 480 KB as indented JSON; a real match has a few dozen hands.
# How often the scoring pad asks whether another device made an entry (a 304 when not).
PAD_POLL_MS = env.int("PAD_POLL_MS", default=4000)

IMPORT_MAX_BYTES = env.int("IMPORT_MAX_BYTES", default=1024 * 1024)
IMPORT_MAX_HANDS = env.int("IMPORT_MAX_HANDS", default=1000)

REST_FRAMEWORK = {
    # keys first: the first class's challenge makes a bad key a 401 (clubs.tokens)
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "clubs.tokens.UserTokenAuthentication",
        "clubs.devices.DeviceTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_THROTTLE_RATES": {
        # a room of scoreboards behind one address polls every second or two
        "anon": env.str("THROTTLE_ANON", default="1200/min"),
        "device": env.str("THROTTLE_DEVICE", default="600/min"),
        # a user's API key (a club's own program): as a device
        "user_token": env.str("THROTTLE_USER_TOKEN", default="600/min"),
    },
    # JSON within a size and a nesting limit (games/api/parsers.py): 413 and 400, never 500
    "DEFAULT_PARSER_CLASSES": [
        "games.api.parsers.JSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    "DEFAULT_FILTER_BACKENDS": ["django_filters.rest_framework.DjangoFilterBackend"],
    "DEFAULT_PAGINATION_CLASS": "games.api.pagination.Pagination",
    "PAGE_SIZE": 50,
    "EXCEPTION_HANDLER": "games.api.errors.exception_handler",
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Cuatrola club API",
    "DESCRIPTION": (
        "Matches recorded hand by hand and checked against the rules, tournaments and their "
        "standings, live reads for scoreboards. Every error is "
        '`{"rule", "message", "detail", "item"}`: `rule` is the code of a refused event (the '
        "project's `docs/rules.md`; records follow `docs/record-format.md`), null for a "
        "malformed request; `message` is English for programs, `detail` the same for a person "
        "(Accept-Language, players by name). Authentication: session, "
        "`Authorization: Token <key>` (users) or `Authorization: Bearer <key>` (device tokens)."
    ),
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "games.api.schema.add_links",
        "games.api.schema.document_common_answers",
    ],
    "ENUM_NAME_OVERRIDES": {
        "MatchStatusEnum": ["in_progress", "finished"],
        "TournamentStatusEnum": "tournaments.models.Tournament.Status",
    },
}

# Scoreboards on other sites may read the API from the browser: read-only methods only.
CORS_URLS_REGEX = r"^/api/v1/.*$"
CORS_ALLOW_ALL_ORIGINS = True
CORS_ALLOW_METHODS = ["GET", "HEAD", "OPTIONS"]
CORS_EXPOSE_HEADERS = ["ETag", "Last-Modified"]
# a scoreboard on another site revalidates its copy: the preflight must let these through
CORS_ALLOW_HEADERS = [
    *default_cors_headers,
    "if-none-match",
    "if-modified-since",
]

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env.str("LOG_LEVEL", default="INFO")},
    # eager tasks would log every run at INFO; workers log their own way
    "loggers": {"celery": {"level": "WARNING"}},
}

# --- Content-Security-Policy (django-csp) ---
# The site serves its own scripts and styles (static/), and nothing inline but what
# carries the response's nonce (the scoreboard page, the API docs page); no plugin, no
# frame, no other site's form. The scoreboard's `?api=` may name another site to poll:
# that view widens connect-src for itself (cuatrola_site/views.py).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF, NONCE],
        "style-src": [SELF, NONCE],
        "img-src": [SELF, "data:"],
        "font-src": [SELF],
        "connect-src": [SELF],
        "object-src": [NONE],
        "base-uri": [NONE],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}

# --- Security: secret key, shared cache, client address, rate limits, login lockout ---
# (issue 9, items 12 and 16; cuatrola_site/security.py holds the code, the README's
# Production table the variables.)

# The fallback key only exists so that a checkout runs at once. Serving (wsgi.py, asgi.py,
# so gunicorn and runserver) with it while DEBUG is off is refused; management commands
# and the tests, which serve nothing, still run with it.
INSECURE_SECRET_KEY = "django-insecure-dev-key-set-SECRET_KEY-in-production"
SECRET_KEY = env.str("SECRET_KEY", default=INSECURE_SECRET_KEY)

# Rate-limit and lockout counters live in the cache, which every worker process must
# share: production sets CACHE_URL=redis://host:6379/N (a Redis database of its own:
# clearing the cache empties that database). Unset, each process keeps its own
# (LocMem), which is right only for the embedded single-process `make run`.
CACHES = {"default": env.cache_url("CACHE_URL", default="locmemcache://")}
# keys under a prefix of their own, for sites (or test workers) that share one database
if env.str("CACHE_KEY_PREFIX", default=""):
    CACHES["default"]["KEY_PREFIX"] = env.str("CACHE_KEY_PREFIX")
SHARED_CACHE = CACHES["default"]["BACKEND"] == "django.core.cache.backends.redis.RedisCache"
if SHARED_CACHE:
    # a stuck Redis must not hold requests for ever
    CACHES["default"]["OPTIONS"] = {
        "socket_connect_timeout": 2,
        "socket_timeout": 2,
        **CACHES["default"].get("OPTIONS", {}),
    }

# How many proxies in front of the site append to X-Forwarded-For. 0: the header is the
# client's own writing and is ignored; limits count REMOTE_ADDR.
NUM_PROXIES = env.int("NUM_PROXIES", default=0)

INSTALLED_APPS += ["axes", "cuatrola_site.apps.SiteConfig"]

# API throttles counted atomically in the shared cache, by the address above (these
# replace DRF's AnonRateThrottle and the device throttle's base named further up).
REST_FRAMEWORK["DEFAULT_THROTTLE_CLASSES"] = [
    "cuatrola_site.security.AnonThrottle",
    "cuatrola_site.security.DeviceTokenThrottle",
    "cuatrola_site.security.UserTokenThrottle",
]
REST_FRAMEWORK["NUM_PROXIES"] = NUM_PROXIES

# Login attempts (django-axes): after AXES_FAILURE_LIMIT failed logins from one address,
# on the site's login page or the admin's, that address gets 429 for AXES_COOLOFF_MINUTES
# (every further failure restarts the wait). Counted in the shared cache when there is
# one, else in the database, so that the embedded default is right too.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
MIDDLEWARE += ["axes.middleware.AxesMiddleware"]
AXES_HANDLER = (
    # the cache's handler, counting in the database while the cache is down (lockout.py)
    "cuatrola_site.lockout.TolerantCacheHandler"
    if SHARED_CACHE
    else "axes.handlers.database.AxesDatabaseHandler"
)
AXES_FAILURE_LIMIT = env.int("AXES_FAILURE_LIMIT", default=10)
AXES_COOLOFF_TIME = timedelta(minutes=env.int("AXES_COOLOFF_MINUTES", default=15))
AXES_LOCKOUT_PARAMETERS = ["ip_address"]
AXES_CLIENT_IP_CALLABLE = "cuatrola_site.security.client_address"
AXES_LOCKOUT_CALLABLE = "cuatrola_site.security.lockout_response"
AXES_VERBOSE = False  # no banner on every manage.py command; failures are still logged
# --- end of the security block ---

"""WSGI entry point (``gunicorn cuatrola_site.wsgi``)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cuatrola_site.settings")
application = get_wsgi_application()

from cuatrola_site.security import refuse_insecure_secret_key  # noqa: E402  (needs settings)

refuse_insecure_secret_key()

"""ASGI entry point."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cuatrola_site.settings")
application = get_asgi_application()

from cuatrola_site.security import refuse_insecure_secret_key  # noqa: E402  (needs settings)

refuse_insecure_secret_key()

"""Load the demo data. Idempotent: running it twice leaves the same data."""

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand

DEMO_USERS = [
    # username, password, is_staff, role description
    ("organiser", "organiser-demo", True, "club organiser (admin access)"),
    ("scorer", "scorer-demo", False, "table scorer"),
]


class Command(BaseCommand):
    help = "Create the demo logins (idempotent) and print them."

    def handle(self, *args, **options) -> None:
        User = get_user_model()
        for username, password, is_staff, role in DEMO_USERS:
            user, created = User.objects.get_or_create(username=username)
            if created:
                user.set_password(password)
                user.is_staff = is_staff
                user.is_superuser = is_staff
                user.save()
            self.stdout.write(f"demo login: {username} / {password}  ({role})")

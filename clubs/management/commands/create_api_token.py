"""Create a user's API key and print it (the only time it is shown; its hash is stored)."""

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from clubs.tokens import create_user_token


class Command(BaseCommand):
    help = "Create an API key for a user (Authorization: Token <key>) and print it once."

    def add_arguments(self, parser) -> None:
        parser.add_argument("username")
        parser.add_argument("--name", default="", help="What the key is for")

    def handle(self, *args, username: str, name: str, **options) -> None:
        try:
            user = get_user_model().objects.get(username=username)
        except get_user_model().DoesNotExist as exc:
            raise CommandError(f"no user {username!r}") from exc
        _token, key = create_user_token(user, name[:80])
        self.stdout.write(key)

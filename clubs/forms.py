"""Forms of a club's pages: the club, its members, its players, a new organiser's login."""

from __future__ import annotations

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import UserCreationForm
from django.utils.text import slugify
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from . import members
from .models import Club, Membership, Player

#: slugs that name a page under /clubs/ rather than a club
RESERVED_SLUGS = frozenset({"new"})


class ClubForm(forms.ModelForm):
    """A club's name, its short name in addresses (from the name when left empty) and
    whether only its people see it."""

    class Meta:
        model = Club
        fields = ["name", "slug", "is_private"]
        labels = {"name": _("Name"), "slug": _("Short name (in the address)")}
        help_texts = {"slug": _("Letters, digits and hyphens; empty: made from the name.")}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["slug"].required = False

    def clean(self):
        data = super().clean()
        if not data.get("slug") and data.get("name"):
            data["slug"] = slugify(data["name"])[:50]
            if not data["slug"]:
                self.add_error("slug", _("Give a short name with letters or digits."))
        slug = data.get("slug")
        if slug in RESERVED_SLUGS:
            self.add_error("slug", _("This short name is taken: choose another."))
        elif slug and Club.objects.filter(slug=slug).exclude(pk=self.instance.pk).exists():
            self.add_error("slug", _("A club already uses this short name: choose another."))
        return data


ROLE_CHOICES = Membership.Role.choices


class MemberForm(forms.Form):
    """An existing user joins the club with a role."""

    username = forms.CharField(label=_("Username"), max_length=150)
    role = forms.ChoiceField(
        label=pgettext_lazy("club", "Role"), choices=ROLE_CHOICES, initial="scorer"
    )

    def __init__(self, *args, club: Club, **kwargs):
        super().__init__(*args, **kwargs)
        self.club = club

    def clean_username(self):
        username = self.cleaned_data["username"].strip()
        user = (
            get_user_model()
            .objects.filter(username__iexact=username, is_active=True, device_token__isnull=True)
            .first()
        )
        if user is None:
            raise forms.ValidationError(
                _("No user is called %(name)s: create a new login for them below.")
                % {"name": username}
            )
        if self.club.memberships.filter(user=user).exists():
            raise forms.ValidationError(
                _("%(name)s is already a member: change their role in the list.")
                % {"name": username}
            )
        self.user = user
        return username


class PlayerLoginForm(forms.Form):
    """A new login for a player (their password is made and shown once)."""

    username = forms.CharField(
        label=_("New username"),
        max_length=150,
        validators=[get_user_model().username_validator],
        help_text=_("Letters, digits and @ . + - _ only."),
    )

    def clean_username(self):
        username = self.cleaned_data["username"].strip()
        if get_user_model().objects.filter(username__iexact=username).exists():
            raise forms.ValidationError(
                _("The username %(name)s is taken: add them above if it is them.")
                % {"name": username}
            )
        if username.lower().startswith("device-"):
            raise forms.ValidationError(_("Names starting with device- are kept for devices."))
        return username


class NewLoginForm(PlayerLoginForm):
    """A new login for a scorer or organiser: the password is made and shown once."""

    role = forms.ChoiceField(
        label=pgettext_lazy("club", "Role"), choices=ROLE_CHOICES, initial="scorer"
    )


class RoleForm(forms.Form):
    role = forms.ChoiceField(label=pgettext_lazy("club", "Role"), choices=ROLE_CHOICES)


class PlayerForm(forms.ModelForm):
    """A player of the club: the name shown on tables and standings, and optionally the
    login of the person (who then reads the club's private matches)."""

    username = forms.CharField(
        label=_("Their login (optional)"),
        max_length=150,
        required=False,
        help_text=_(
            "With a login, the player sees the club's private matches. They confirm it "
            "under “My matches” (yours is linked at once)."
        ),
    )

    class Meta:
        model = Player
        fields = ["display_name"]
        labels = {"display_name": _("Name")}

    def __init__(self, *args, club: Club, by, **kwargs):
        super().__init__(*args, **kwargs)
        self.club = club
        self.by = by  # the organiser: their own login is linked at once, others asked
        if self.instance.user_id:  # the linked login (a request waiting is shown apart)
            self.fields["username"].initial = self.instance.user.username

    def clean_display_name(self):
        name = self.cleaned_data["display_name"].strip()
        taken = self.club.players.filter(display_name__iexact=name).exclude(pk=self.instance.pk)
        if taken.exists():
            raise forms.ValidationError(
                _("The club already has a player called %(name)s.") % {"name": name}
            )
        return name

    def clean_username(self):
        username = self.cleaned_data["username"].strip()
        linked = self.instance.user if self.instance.user_id else None
        if not username:
            self.user = None
            return ""
        if linked is not None and linked.username.lower() == username.lower():
            self.user = linked  # kept as it is, even a login since deactivated
            return username
        self.user = (
            get_user_model()
            .objects.filter(username__iexact=username, is_active=True, device_token__isnull=True)
            .first()
        )
        if self.user is None:
            raise forms.ValidationError(_("No user is called %(name)s.") % {"name": username})
        if self.user.pk != self.by.pk and not members.may_ask(self.user, self.club, self.instance):
            raise forms.ValidationError(
                _(
                    "%(name)s has %(n)s requests of this club waiting already: they must "
                    "answer those first."
                )
                % {"name": username, "n": members.MAX_ASKED}
            )
        return username

    def save(self, commit: bool = True) -> Player:
        player = super().save(commit=False)
        player.club = self.club
        asked = members.name_login(player, self.by, self.user)
        if commit and player.pk is None:
            player.save()
        elif commit:  # not the request's field unless it changed: its answer may land
            fields = ["display_name", "user"] + (["asked_user"] if asked else [])
            player.save(update_fields=fields)
        return player


class PlayerMergeForm(forms.Form):
    """Merge this player into another of the club (the same person entered twice)."""

    into = forms.ModelChoiceField(
        label=pgettext_lazy("club", "Keep"),
        queryset=Player.objects.none(),
        help_text=_("Its matches and tournament entries move to the player kept."),
        error_messages={"invalid_choice": _("Choose another player of this club.")},
    )

    def __init__(self, *args, player: Player, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["into"].queryset = player.club.players.exclude(pk=player.pk)


class SignupForm(UserCreationForm):
    """A new login, for someone who will start a club or who plays or scores at one
    (whose organiser then names it for their player, to be confirmed, or gives it a role)."""

    PURPOSES = (
        ("club", _("Start a club: I will organise it")),
        ("play", _("Play or score at a club: its organiser links this login to me")),
    )
    purpose = forms.ChoiceField(
        label=_("What for"),
        choices=PURPOSES,
        initial="club",
        required=False,  # left out: a club, as before the question was asked
        widget=forms.RadioSelect,
    )

    class Meta(UserCreationForm.Meta):
        fields = ("username",)

    def clean_username(self):
        username = super().clean_username()  # None when it already added an error
        if username and username.lower().startswith("device-"):
            raise forms.ValidationError(_("Names starting with device- are kept for devices."))
        return username

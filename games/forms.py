"""Forms of the games app."""

from django import forms
from django.utils.translation import gettext_lazy as _

MAX_RECORD_BYTES = 2 * 1024 * 1024


class RecordCheckForm(forms.Form):
    """A match record to check: an uploaded file or pasted JSON."""

    file = forms.FileField(label=_("Record file (.json)"), required=False)
    text = forms.CharField(
        label=_("…or paste the JSON"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 8, "spellcheck": "false"}),
    )

    def clean(self):
        data = super().clean()
        upload, text = data.get("file"), (data.get("text") or "").strip()
        if not upload and not text:
            raise forms.ValidationError(_("Choose a record file or paste its JSON."))
        if upload:
            if upload.size > MAX_RECORD_BYTES:
                raise forms.ValidationError(_("The file is larger than 2 MiB."))
            data["content"] = upload.read()
            data["name"] = upload.name
        else:
            data["content"] = text.encode()
            data["name"] = "pasted.json"
        return data

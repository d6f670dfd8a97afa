"""Pages of the games app."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from .engine import RecordFormatError, check_text, load_record
from .forms import RecordCheckForm


def _seat_names(content: bytes) -> list[str]:
    """The record's seat names, or "seat N" when it has none (or cannot be read)."""
    try:
        seats = load_record(content).seats
    except RecordFormatError:
        seats = None
    return seats or [f"{n}" for n in range(4)]


def check_record_page(request: HttpRequest) -> HttpResponse:
    """Upload or paste a card-record and see what the checker says, hand by hand."""
    result, status, seats = None, 200, None
    if request.method == "POST":
        form = RecordCheckForm(request.POST, request.FILES)
        if form.is_valid():
            content = form.cleaned_data["content"]
            result, _exit = check_text(content, form.cleaned_data["name"])
            seats = _seat_names(content)
            for hand in result.get("hands", []):
                if hand.get("declarer") is not None:
                    hand["declarer_name"] = seats[hand["declarer"]]
        else:
            status = 400
    else:
        form = RecordCheckForm()
    sides = [f"{seats[0]} & {seats[2]}", f"{seats[1]} & {seats[3]}"] if seats else None
    context = {"form": form, "result": result, "sides": sides}
    return render(request, "games/check_record.html", context, status=status)

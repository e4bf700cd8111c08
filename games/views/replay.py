"""The replay viewer, the deal revealed, verification, and export / import of game records.

What the viewer shows is games.presenters.replay's (nothing hidden reaches the page while a
game runs). Records (export, import) are in a family's own format
(`SiteFamily.records`: `games.families.jackal.records`, `games.families.jamaica.records`,
`games.families.archipelago.records`); a family whose record would show something still hidden
(cards chosen face down, the seed of a face-down island) gives it only once the game is over.

Without JavaScript every control is a link (`?ply=37`) or a GET form; with htmx the same links
swap only the `#replay` partial and push the URL.
"""

from __future__ import annotations

import hashlib

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from games import access, services
from games.families import family_of, record_family
from games.families.record_text import MAX_PLY, RecordError
from games.models import Game, Seat
from games.presenters.after_game import records_ready
from games.presenters.deal import verify_context
from games.presenters.replay import (
    game_replay,
    game_replay_context,
    imported_replay_context,
    record_moves,
)
from jackal_site.request_input import BadNumber, parse_int

REPLAY_PARTIAL = "games/replay.html#replay"
IMPORT_SESSION_KEY = "imported_records"
MAX_RECORD_BYTES = 128 * 1024  # a 1,000-move record is about 12 KB
MAX_IMPORTS_KEPT = 3


def _requested_ply(request: HttpRequest, total: int) -> int:
    """The ply asked for: a number out of the game is its nearest end, anything else (none, "x",
    "²") the last ply, as the slider's links and form never send it."""
    try:
        ply = parse_int(request.GET.get("ply"), minimum=-MAX_PLY, maximum=MAX_PLY, default=total)
    except BadNumber:
        ply = total
    return max(0, min(ply, total))


def _respond(request: HttpRequest, template: str, context: dict) -> HttpResponse:
    if request.htmx and not request.htmx.boosted:
        return render(request, f"{template}#replay", context)
    return render(request, template, context)


# --- A game of this site -------------------------------------------------------------------------


def _game_for_viewer(request: HttpRequest, game_id: int) -> tuple[Game, list[Seat], Seat | None]:
    try:
        game, seats = services.game_with_seats(game_id)
    except services.NoSuchGame:
        raise Http404 from None
    seat = access.viewer_seat(seats, request.user)
    if game.status == Game.Status.OPEN or not game.seed:
        raise Http404  # nothing has been dealt yet
    if seat is None and not access.can_watch(game, request.user):
        raise Http404  # a private game does not admit to existing
    return game, seats, seat


def _unavailable(request: HttpRequest, game: Game) -> HttpResponse:
    """Back to the game with a message: its family has no replay viewer or record format yet
    (`SiteFamily.replays`, `.records`)."""
    messages.info(request, _("Replays and game records are not available for these rules yet."))
    return redirect(game)


@login_required
@require_GET
def replay(request: HttpRequest, game_id: int) -> HttpResponse:
    game, seats, seat = _game_for_viewer(request, game_id)
    family = family_of(game.ruleset)
    if not family.replays:  # its history links the board instead
        return _unavailable(request, game)
    replay = game_replay(game, seats, seat)
    ply = _requested_ply(request, len(replay.moves))
    context = game_replay_context(replay, ply)
    return _respond(request, "games/replay.html", context)


@login_required
@require_GET
def verify(request: HttpRequest, game_id: int) -> HttpResponse:
    """The provably fair deal: the published hash, the revealed seed, and the check of both."""
    game, _seats, _seat = _game_for_viewer(request, game_id)
    context = verify_context(game)
    return render(request, "games/replay_verify.html", context)


@login_required
@require_GET
def export(request: HttpRequest, game_id: int, kind: str) -> HttpResponse:
    if kind not in ("txt", "json"):
        raise Http404
    game, seats, _seat = _game_for_viewer(request, game_id)
    family = family_of(game.ruleset)
    records = family.records
    if records is None:
        return _unavailable(request, game)
    if not records_ready(family, game):
        messages.info(request, _("The record of this game can be downloaded once it is over."))
        return redirect(game)
    moves = list(game.moves.order_by("ply").values_list("text", flat=True))
    filename = f"{family.name}-game-{game.pk}"
    if kind == "json":
        response = JsonResponse(records.export_json(game, seats, moves))
        response["Content-Disposition"] = f'attachment; filename="{filename}.json"'
        return response
    response = HttpResponse(
        records.export_text(game, seats, moves), content_type="text/plain; charset=utf-8"
    )
    response["Content-Disposition"] = f'inline; filename="{filename}.txt"'
    return response


# --- An imported record --------------------------------------------------------------------------


@login_required
@require_http_methods(["GET", "POST"])
def import_record(request: HttpRequest) -> HttpResponse:
    """Paste or upload a record; if it replays legally it is kept in the session (nothing else
    is stored) and shown in the replay viewer."""
    error, text = None, ""
    if request.method == "POST":
        upload = request.FILES.get("file")
        if upload is not None:
            if upload.size > MAX_RECORD_BYTES:
                error = _("That file is too big for a game record.")
            else:
                text = upload.read().decode("utf-8", errors="replace")
        else:
            text = request.POST.get("record", "")
        if error is None and len(text) > MAX_RECORD_BYTES:
            error = _("That is too long for a game record.")
        if error is None:
            try:
                record = record_family(text).records.parse_record(text)
            except RecordError as bad:
                error = str(bad)
            else:
                key = hashlib.sha256(record.to_text().encode()).hexdigest()[:16]
                kept = dict(request.session.get(IMPORT_SESSION_KEY, {}))
                kept[key] = record.to_text()
                # Keep the session small: only the last few imports.
                request.session[IMPORT_SESSION_KEY] = dict(list(kept.items())[-MAX_IMPORTS_KEPT:])
                return redirect("imported_replay", key=key)
    status = 400 if error else 200
    return render(
        request, "games/replay_import.html", {"error": error, "text": text}, status=status
    )


@login_required
@require_GET
def imported_replay(request: HttpRequest, key: str) -> HttpResponse:
    text = request.session.get(IMPORT_SESSION_KEY, {}).get(key)
    if text is None:
        raise Http404
    family = record_family(text)
    record = family.records.parse_record(text)  # it replayed when imported: the engine judged
    moves = record_moves(family, record)
    ply = _requested_ply(request, len(moves))
    context = imported_replay_context(family, record, key, moves, ply)
    return _respond(request, "games/replay_imported.html", context)

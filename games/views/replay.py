"""The replay viewer, the deal revealed, verification, and export / import of game records.

Each ply's position is computed from the seed and the ledger (`games.positions.position_at`,
any game) and drawn by the game's family (`SiteFamily.replay_board`): while a game runs, the
viewer's own seat's view at that ply (a spectator's if they have no seat), so nothing hidden
reaches the page (a card chosen face down reads "play" in the move list until its reveal);
once it is over, everything. Records (export, import) are in a family's own format
(`SiteFamily.records`: `games.families.jackal.records`, `games.families.jamaica.records`,
`games.families.archipelago.records`); a family whose record would show something still hidden
(cards chosen face down, the seed of a face-down island) gives it only once the game is over.

Without JavaScript every control is a link (`?ply=37`) or a GET form; with htmx the same links
swap only the `#replay` partial and push the URL.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from games import access, positions, services
from games.families import family_of, record_family, ruleset_label
from games.families.record_text import MAX_PLY, RecordError
from games.models import Game, Seat
from games.presenters.after_game import records_ready
from games.presenters.deal import check_deal
from games.presenters.look_back import look_back_context
from jackal_site.request_input import BadNumber, parse_int

REPLAY_PARTIAL = "games/replay.html#replay"
IMPORT_SESSION_KEY = "imported_records"
MAX_RECORD_BYTES = 128 * 1024  # a 1,000-move record is about 12 KB
MAX_IMPORTS_KEPT = 3


@dataclass(frozen=True)
class ReplayMove:
    ply: int
    text: str
    crew: str
    name: str


def _requested_ply(request: HttpRequest, total: int) -> int:
    """The ply asked for: a number out of the game is its nearest end, anything else (none, "x",
    "²") the last ply, as the slider's links and form never send it."""
    try:
        ply = parse_int(request.GET.get("ply"), minimum=-MAX_PLY, maximum=MAX_PLY, default=total)
    except BadNumber:
        ply = total
    return max(0, min(ply, total))


def _replay_context(*, page_url: str, board: dict, ply: int, moves: list[ReplayMove]) -> dict:
    """The viewer's context: the family's `board` at `ply` (svg, players, view), the moves."""
    total = len(moves)

    def at(n: int) -> str:
        return f"{page_url}?ply={n}"

    return {
        **board,
        "move_list": _move_list(page_url, moves, ply),
        "ply": ply,
        "total": total,
        "page_url": page_url,
        "moves": moves,
        "current": moves[ply - 1] if ply else None,
        "nav": {
            "first": at(0) if ply > 0 else "",
            "prev": at(ply - 1) if ply > 0 else "",
            "next": at(ply + 1) if ply < total else "",
            "last": at(total) if ply < total else "",
        },
    }


def _move_list(page_url: str, moves: list[ReplayMove], ply: int) -> SafeString:
    """The move list as HTML: one link per ply. Built here rather than in the template, where a
    1,000-move game cost most of the page's time (a template loop per entry)."""
    swap = 'hx-target="#replay" hx-swap="outerHTML" hx-push-url="true"'
    items = []
    for n, crew, text in [(0, "", gettext("start"))] + [(m.ply, m.crew, m.text) for m in moves]:
        href = escape(f"{page_url}?ply={n}")
        current = ' aria-current="step" class="current"' if n == ply else ""
        dot = f'<span class="crew-dot crew-{crew}"></span> ' if crew else ""
        items.append(
            f'<li value="{n}">{dot}<a href="{href}" hx-get="{href}" {swap}{current}>'
            f"{escape(text)}</a></li>"
        )
    return mark_safe("".join(items))


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
    rows = list(game.moves.order_by("ply").values_list("ply", "text", "seat"))
    names = {s.index: s.occupant_name for s in seats}
    seat_index = seat.index if seat is not None else None
    # A move still secret (a card chosen face down, not yet revealed) reads as its public form
    # to everyone but its mover.
    secret = set()
    if family.secret_move_prefixes and game.is_running:
        secret = family.secret_plies(game, services.head_state(game))
    moves = [
        ReplayMove(
            ply,
            family.public_move(text) if ply in secret and seat_ != seat_index else text,
            family.move_colour(text, seat_),
            names.get(seat_, ""),
        )
        for ply, text, seat_ in rows
    ]
    ply = _requested_ply(request, len(moves))
    state = positions.position_at(game, ply, [(seat_, text) for _ply, text, seat_ in rows])
    board = family.replay_board(
        game,
        state,
        seat_index,
        names=[names.get(i, "") for i in range(game.players)],
        last=ply == len(moves),
        last_move=moves[ply - 1].text if ply else None,
    )
    context = _replay_context(
        page_url=reverse("game_replay", args=[game.pk]), board=board, ply=ply, moves=moves
    )
    context.update(
        game=game,
        my_seat=seat_index,
        revealed=game.is_over and bool(game.seed),
        records_ready=records_ready(family, game),
        recorded=family.records is not None,
        look_back=look_back_context(
            game,
            [names.get(i, "") for i in range(game.players)],
            reverse("game_replay", args=[game.pk]),
        ),
    )
    return _respond(request, "games/replay.html", context)


@login_required
@require_GET
def verify(request: HttpRequest, game_id: int) -> HttpResponse:
    """The provably fair deal: the published hash, the revealed seed, and the check of both."""
    game, _seats, _seat = _game_for_viewer(request, game_id)
    # A family without a record format or replay viewer links neither.
    family = family_of(game.ruleset)
    context = {
        "game": game,
        "over": game.is_over,
        "recorded": records_ready(family, game) and family.replays,
    }
    if game.is_over:
        context.update(check_deal(game))
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
    moves = [
        ReplayMove(ply, text_, crew, name)
        for ply, (text_, (crew, name)) in enumerate(
            zip(record.moves, family.record_movers(record), strict=True), start=1
        )
    ]
    ply = _requested_ply(request, len(moves))
    context = _replay_context(
        page_url=reverse("imported_replay", args=[key]),
        board=family.record_board(record, ply, moves[ply - 1].text if ply else None),
        ply=ply,
        moves=moves,
    )
    over = record.final is not None and record.final.is_over()
    # The rules by the name the site gives them (one it does not know: its tag).
    ruleset = ruleset_label(record.tags.get("Ruleset", ""))
    context.update(record=record, tags=record.tags, revealed=over, ruleset=ruleset)
    return _respond(request, "games/replay_imported.html", context)

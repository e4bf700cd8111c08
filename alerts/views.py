"""The alerts' pages: the settings section (push devices, webhooks, the calendar, channels),
the calendar feed, the installable app's manifest and service worker, and a game's nudge and
"you're next" buttons. Every refusal says why and changes nothing."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.forms import ValidationError
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from games.models import Game

from . import calendar, nudges, push, reconfirm
from .forms import MAX_DEVICES, ChoicesForm, WebhookForm, parse_subscription
from .models import CalendarFeed, NextWatch, PushDevice, Webhook

STATIC = settings.BASE_DIR / "static"


def _page(request, *, hook_form=None, choices_form=None, status=200):
    user = request.user
    feed = CalendarFeed.objects.filter(user=user).first()
    games = list(
        Game.objects.filter(status=Game.Status.RUNNING, seats__user=user)
        .distinct()
        .order_by("-last_move_at")[:50]
    )
    watching = set(
        NextWatch.objects.filter(user=user, game__in=games).values_list("game_id", flat=True)
    )
    context = {
        "devices": PushDevice.objects.filter(user=user),
        "hooks": Webhook.objects.filter(user=user),
        "hook_form": hook_form or WebhookForm(user=user),
        "choices_form": choices_form or ChoicesForm(user=user),
        "feed_url": calendar.feed_url(feed) if feed else "",
        "vapid_key": push.public_key(),
        "games": [{"game": g, "next": g.pk in watching} for g in games],
    }
    return render(request, "alerts/settings.html", context, status=status)


@login_required
@require_GET
def alerts_settings(request: HttpRequest) -> HttpResponse:
    return _page(request)


@login_required
@require_POST
def add_device(request: HttpRequest) -> JsonResponse:
    """The page's script posts the browser's subscription as JSON."""
    try:
        found = parse_subscription(request.body)
    except ValidationError as error:
        return JsonResponse({"error": error.messages[0]}, status=400)
    with transaction.atomic():
        mine = PushDevice.objects.filter(user=request.user)
        if mine.count() >= MAX_DEVICES and not mine.filter(endpoint=found["endpoint"]).exists():
            message = _("You have %(n)d devices already: remove one first.") % {"n": MAX_DEVICES}
            return JsonResponse({"error": message}, status=400)
        # A browser's endpoint is that browser's: signed in as someone else now, it is theirs.
        device, _created = PushDevice.objects.update_or_create(
            endpoint=found["endpoint"],
            defaults={
                "user": request.user,
                "p256dh": found["p256dh"],
                "auth": found["auth"],
                "name": found["name"] or _("A browser"),
            },
        )
    return JsonResponse({"id": device.pk, "name": device.name})


def _own(model, request, pk: int):
    found = model.objects.filter(pk=pk, user=request.user).first()
    if found is None:
        messages.error(request, _("That is not one of yours: nothing was changed."))
    return found


@login_required
@require_POST
def remove_device(request: HttpRequest, pk: int) -> HttpResponse:
    device = _own(PushDevice, request, pk)
    if device is None:
        return redirect("alerts_settings")
    device.delete()
    messages.success(request, _("The device gets no more pushes."))
    return redirect("alerts_settings")


@login_required
@require_POST
def add_hook(request: HttpRequest) -> HttpResponse:
    form = WebhookForm(request.POST, user=request.user)
    if not form.is_valid():
        return _page(request, hook_form=form, status=400)
    hook = form.save(commit=False)
    hook.user = request.user
    hook.save()
    messages.success(request, _("Webhook added. Its secret signs every call."))
    return redirect("alerts_settings")


@login_required
@require_POST
def remove_hook(request: HttpRequest, pk: int) -> HttpResponse:
    hook = _own(Webhook, request, pk)
    if hook is not None:
        hook.delete()
        messages.success(request, _("Webhook removed."))
    return redirect("alerts_settings")


@login_required
@require_POST
def enable_hook(request: HttpRequest, pk: int) -> HttpResponse:
    hook = _own(Webhook, request, pk)
    if hook is not None:
        Webhook.objects.filter(pk=hook.pk).update(disabled_at=None, failures=0, last_error="")
        messages.success(request, _("Webhook turned back on."))
    return redirect("alerts_settings")


@login_required
@require_POST
def save_choices(request: HttpRequest) -> HttpResponse:
    form = ChoicesForm(request.POST, user=request.user)
    if not form.is_valid():
        return _page(request, choices_form=form, status=400)
    form.save()
    messages.success(request, _("Your alert choices are saved."))
    return redirect("alerts_settings")


@login_required
@require_POST
def new_calendar(request: HttpRequest) -> HttpResponse:
    """A new secret address for the calendar; the old one stops working."""
    CalendarFeed.objects.filter(user=request.user).delete()
    CalendarFeed.objects.create(user=request.user)
    messages.success(request, _("Your calendar has a new address; the old one no longer works."))
    return redirect(reverse("alerts_settings") + "#calendar")


@require_GET
def calendar_feed(request: HttpRequest, token: str) -> HttpResponse:
    feed = CalendarFeed.objects.filter(token=token, user__is_active=True).first()
    if feed is None:
        raise Http404
    response = HttpResponse(calendar.calendar_for(feed.user), content_type="text/calendar")
    response["Cache-Control"] = "private, no-store"
    return response


@login_required
@require_POST
def nudge(request: HttpRequest, game_id: int) -> HttpResponse:
    try:
        names = nudges.nudge(game_id, request.user)
    except nudges.Refused as refusal:
        messages.error(request, str(refusal))
    else:
        messages.success(request, _("Nudged: %(names)s.") % {"names": ", ".join(names)})
    return redirect("alerts_settings")


@login_required
@require_POST
def toggle_next(request: HttpRequest, game_id: int) -> HttpResponse:
    try:
        on = nudges.toggle_next(game_id, request.user)
    except nudges.Refused as refusal:
        messages.error(request, str(refusal))
    else:
        messages.success(
            request,
            _("You will be told when you are next in game %(id)d.") % {"id": game_id}
            if on
            else _("No more “you're next” in game %(id)d.") % {"id": game_id},
        )
    return redirect("alerts_settings")


@require_GET
def manifest(request: HttpRequest) -> JsonResponse:
    """The installable web app's manifest (served at the root, in the visitor's language)."""
    icons = [
        {"src": f"/static/alerts/icon-{size}.png", "sizes": f"{size}x{size}", "type": "image/png"}
        for size in (192, 512)
    ]
    document = {
        "name": "Jackal Online",
        "short_name": "Jackal",
        "description": _("Correspondence Jackal, Jackal Archipelago and Jamaica."),
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "background_color": "#f4ecd8",
        "theme_color": "#1d4e6b",
        "icons": icons,
    }
    response = JsonResponse(document, json_dumps_params={"ensure_ascii": False})
    response["Content-Type"] = "application/manifest+json"
    return response


@require_GET
def service_worker(request: HttpRequest) -> HttpResponse:
    """The service worker, from the site's root so that its scope is the whole site."""
    script = (STATIC / "alerts" / "sw.js").read_bytes()
    response = HttpResponse(script, content_type="text/javascript")
    response["Service-Worker-Allowed"] = "/"
    response["Cache-Control"] = "no-cache"
    return response


@login_required
@require_POST
def confirm_address(request: HttpRequest) -> HttpResponse:
    """Send a link to a bouncing address: following it lifts the stop."""
    if not request.user.email:
        messages.error(request, _("Add an e-mail address first."))
    else:
        reconfirm.send_link(request.user)
        messages.success(
            request, _("We sent a confirmation link to %(email)s.") % {"email": request.user.email}
        )
    return redirect("alerts_settings")


@require_http_methods(["GET", "POST"])
def reconfirm_address(request: HttpRequest, token: str) -> HttpResponse:
    # A GET only shows the button: mail scanners open links.
    if request.method == "GET":
        return render(request, "alerts/reconfirm.html", {})
    done = reconfirm.confirm(token)
    context = {"done": done, "bad": not done}
    return render(request, "alerts/reconfirm.html", context, status=200 if done else 400)

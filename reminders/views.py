"""The one-click unsubscribe link of the reminder e-mails: it works logged out (the link is
signed), and answers the mail clients' one-click POST (RFC 8058) without a CSRF token."""

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods

from accounts.models import TurnEmails, User

from .emails import subscription_from_token


@csrf_exempt  # the mail client posts "List-Unsubscribe=One-Click" with no cookie and no token
@require_http_methods(["GET", "POST"])
def unsubscribe(request: HttpRequest, token: str) -> HttpResponse:
    subscription = subscription_from_token(token)
    user_id, version = subscription or (None, None)
    user = User.objects.filter(pk=user_id, is_active=True).first() if user_id else None
    if user is None:
        raise Http404
    if version != user.turn_emails_version:
        # The player changed their turn e-mails since this e-mail was sent (turned them back
        # on, say): its link speaks for a choice they no longer hold, and changes nothing.
        context = {"outdated": True, "token": token}
        return render(request, "reminders/unsubscribe.html", context, status=410)
    done = request.method == "POST"
    if done:
        # A GET never unsubscribes: link scanners open links; the page asks for the click.
        # The version stays: the mail client's one-click POST and the player's click both work.
        User.objects.filter(pk=user.pk, turn_emails_version=version).update(
            turn_emails=TurnEmails.NEVER
        )
    return render(request, "reminders/unsubscribe.html", {"done": done, "token": token})

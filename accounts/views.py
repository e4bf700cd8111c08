from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import translation
from django.utils.translation import gettext as _
from django.views import i18n
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from .forms import ProfileForm
from .models import User


@login_required
@require_http_methods(["GET", "POST"])
def edit_profile(request: HttpRequest) -> HttpResponse:
    form = ProfileForm(request.POST or None, instance=request.user)
    if request.method == "POST":
        if form.is_valid():
            form.save()
            # The confirmation is in the language just chosen.
            translation.activate(request.user.language)
            messages.success(request, _("Your profile is saved."))
            return redirect("edit_profile")
        # Leave the signed-in user object as it was: the form mutated it while validating.
        request.user.refresh_from_db()
    return render(request, "accounts/edit_profile.html", {"form": form})


@require_GET
def player_profile(request: HttpRequest, username: str) -> HttpResponse:
    player = get_object_or_404(User, username=username, is_active=True)
    return render(request, "accounts/player_profile.html", {"player": player})


@require_POST
def set_language(request: HttpRequest) -> HttpResponse:
    """The footer's language switcher: Django's own view (a cookie, then back to `next`), and
    for a signed-in player also their profile, which otherwise decides the language of every
    request (accounts.middleware) and of their e-mails."""
    response = i18n.set_language(request)
    language = request.POST.get("language")
    if (
        request.user.is_authenticated
        and language in dict(settings.LANGUAGES)
        and request.user.language != language
    ):
        request.user.language = language
        request.user.save(update_fields=["language"])
    return response

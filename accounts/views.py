from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from .forms import ProfileForm
from .models import User


@login_required
@require_http_methods(["GET", "POST"])
def edit_profile(request: HttpRequest) -> HttpResponse:
    form = ProfileForm(request.POST or None, instance=request.user)
    if request.method == "POST":
        if form.is_valid():
            form.save()
            messages.success(request, _("Your profile is saved."))
            return redirect("edit_profile")
        # Leave the signed-in user object as it was: the form mutated it while validating.
        request.user.refresh_from_db()
    return render(request, "accounts/edit_profile.html", {"form": form})


@require_GET
def player_profile(request: HttpRequest, username: str) -> HttpResponse:
    player = get_object_or_404(User, username=username, is_active=True)
    return render(request, "accounts/player_profile.html", {"player": player})

"""Apply a signed-in user's time zone and language to every request."""

import zoneinfo

from django.utils import timezone, translation


class UserPreferencesMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        user = request.user
        if user.is_authenticated:
            timezone.activate(zoneinfo.ZoneInfo(user.time_zone))
            translation.activate(user.language)
            request.LANGUAGE_CODE = user.language
        else:
            timezone.deactivate()
        return self.get_response(request)

from django.contrib import admin
from django.urls import include, path
from django.utils.translation import gettext_lazy as _

from . import views

# The admin speaks of the site, not of Django, in the staff member's language.
admin.site.site_header = _("Jackal Online administration")
admin.site.site_title = _("Jackal Online admin")
admin.site.index_title = _("Running the site")

urlpatterns = [
    path("", views.home, name="home"),
    path("health", views.health, name="health"),
    path("favicon.ico", views.favicon, name="favicon"),
    path("accounts/", include("allauth.urls")),
    path("", include("accounts.urls")),
    path("", include("games.urls")),
    path("", include("ratings.urls")),
    path("", include("reminders.urls")),
    path("", include("alerts.urls")),
    path("people/", include("people.urls")),
    path("admin/", admin.site.urls),
]

handler400 = "jackal_site.views.bad_request"
handler404 = "jackal_site.views.page_not_found"
handler500 = "jackal_site.views.server_error"

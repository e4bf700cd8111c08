from django.contrib import admin
from django.urls import include, path

from . import views

urlpatterns = [
    path("", views.home, name="home"),
    path("health", views.health, name="health"),
    path("accounts/", include("allauth.urls")),
    path("", include("accounts.urls")),
    path("", include("games.urls")),
    path("", include("ratings.urls")),
    path("", include("reminders.urls")),
    path("admin/", admin.site.urls),
]

handler404 = "jackal_site.views.page_not_found"
handler500 = "jackal_site.views.server_error"

from django.urls import path

from . import views

urlpatterns = [
    path("manifest.webmanifest", views.manifest, name="alerts_manifest"),
    path("sw.js", views.service_worker, name="alerts_service_worker"),
    path("profile/alerts/", views.alerts_settings, name="alerts_settings"),
    path("profile/alerts/devices/", views.add_device, name="alerts_add_device"),
    path(
        "profile/alerts/devices/<int:pk>/remove/", views.remove_device, name="alerts_remove_device"
    ),
    path("profile/alerts/hooks/", views.add_hook, name="alerts_add_hook"),
    path("profile/alerts/hooks/<int:pk>/remove/", views.remove_hook, name="alerts_remove_hook"),
    path("profile/alerts/hooks/<int:pk>/enable/", views.enable_hook, name="alerts_enable_hook"),
    path("profile/alerts/choices/", views.save_choices, name="alerts_choices"),
    path("profile/alerts/calendar/", views.new_calendar, name="alerts_new_calendar"),
    path("profile/alerts/address/", views.confirm_address, name="alerts_confirm_address"),
    path("mail/confirm/<str:token>/", views.reconfirm_address, name="alerts_reconfirm"),
    path("calendar/<str:token>.ics", views.calendar_feed, name="alerts_calendar"),
    path("games/<int:game_id>/nudge/", views.nudge, name="alerts_nudge"),
    path("games/<int:game_id>/next/", views.toggle_next, name="alerts_next"),
]

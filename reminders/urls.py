from django.urls import path

from . import views

urlpatterns = [
    path("mail/unsubscribe/<str:token>/", views.unsubscribe, name="reminders_unsubscribe"),
]

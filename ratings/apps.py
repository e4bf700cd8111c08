from django.apps import AppConfig


class RatingsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "ratings"

    def ready(self) -> None:
        from . import signals  # noqa: F401  (connects the post-commit rating hook)

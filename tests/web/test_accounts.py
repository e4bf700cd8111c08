"""Account flows end to end through HTTP: sign up, verify, log in, profile, password reset.

E-mails leave through the Celery task `accounts.tasks.send_email` (run inline in tests) after
the transaction commits; `django_capture_on_commit_callbacks(execute=True)` runs those hooks.
"""

import re

import pytest
from django.core import mail
from django.urls import reverse

from accounts.models import TurnEmails, User

STRONG = "keelhaul-the-bosun-42"
LINK = re.compile(r"https?://[^\s]+")


def first_link(message) -> str:
    return LINK.search(message.body).group(0)


def path_of(url: str) -> str:
    return re.sub(r"^https?://[^/]+", "", url)


def sign_up(client, capture, email="alice@example.com", username="alice", password=STRONG):
    with capture(execute=True):
        return client.post(
            reverse("account_signup"),
            {"email": email, "username": username, "password1": password, "password2": password},
        )


def make_verified_user(email="bob@example.com", username="bob", password=STRONG) -> User:
    from allauth.account.models import EmailAddress

    user = User.objects.create_user(username=username, email=email, password=password)
    EmailAddress.objects.create(user=user, email=email, verified=True, primary=True)
    return user


@pytest.mark.django_db
def test_sign_up_sends_verification_mail_whose_link_verifies_and_logs_in(
    client, django_capture_on_commit_callbacks
):
    response = sign_up(client, django_capture_on_commit_callbacks)
    assert response.status_code == 302
    assert response["Location"] == reverse("account_email_verification_sent")

    user = User.objects.get(username="alice")
    assert not user.emailaddress_set.get().verified
    assert len(mail.outbox) == 1
    assert mail.outbox[0].to == ["alice@example.com"]
    assert "Jackal Online" in mail.outbox[0].subject

    link = path_of(first_link(mail.outbox[0]))
    assert client.get(link).status_code == 200  # the confirmation page asks for a click
    response = client.post(link)
    assert response.status_code == 302
    assert user.emailaddress_set.get().verified
    home = client.get(response["Location"], follow=True)
    assert home.context["user"] == user


@pytest.mark.django_db
def test_unverified_user_cannot_log_in(client, django_capture_on_commit_callbacks):
    sign_up(client, django_capture_on_commit_callbacks)
    client.logout()
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            reverse("account_login"), {"login": "alice@example.com", "password": STRONG}
        )
    assert response.status_code == 302
    assert response["Location"] == reverse("account_email_verification_sent")
    assert "_auth_user_id" not in client.session


@pytest.mark.django_db
def test_taken_email_is_refused_clearly_and_creates_nothing(
    client, django_capture_on_commit_callbacks
):
    make_verified_user(email="alice@example.com", username="alice1")
    response = sign_up(client, django_capture_on_commit_callbacks, username="alice2")
    assert response.status_code == 200
    assert "already registered with this email" in response.content.decode()
    assert not User.objects.filter(username="alice2").exists()
    assert mail.outbox == []


@pytest.mark.django_db
def test_taken_username_is_refused(client, django_capture_on_commit_callbacks):
    make_verified_user(email="first@example.com", username="alice")
    response = sign_up(client, django_capture_on_commit_callbacks, email="second@example.com")
    assert response.status_code == 200
    assert "A user with that username already exists" in response.content.decode()
    assert User.objects.count() == 1


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("password", "message"),
    [
        ("short1", "too short"),
        ("password123", "too common"),
        ("83920175620", "entirely numeric"),
    ],
)
def test_weak_password_is_refused_clearly(
    client, django_capture_on_commit_callbacks, password, message
):
    response = sign_up(client, django_capture_on_commit_callbacks, password=password)
    assert response.status_code == 200
    assert message in response.content.decode()
    assert not User.objects.exists()
    assert mail.outbox == []


@pytest.mark.django_db
def test_wrong_verification_link_is_refused_and_verifies_nothing(
    client, django_capture_on_commit_callbacks
):
    sign_up(client, django_capture_on_commit_callbacks)
    url = reverse("account_confirm_email", args=["not-a-real-key"])
    response = client.get(url)
    assert response.status_code == 200
    assert "expired or is invalid" in response.content.decode()
    assert client.post(url).status_code == 404
    assert not User.objects.get(username="alice").emailaddress_set.get().verified


@pytest.mark.django_db
def test_log_in_and_out(client):
    make_verified_user()
    response = client.post(
        reverse("account_login"), {"login": "bob@example.com", "password": STRONG}
    )
    assert response.status_code == 302
    assert client.get(reverse("home")).context["user"].username == "bob"
    client.post(reverse("account_logout"))
    assert not client.get(reverse("home")).context["user"].is_authenticated


@pytest.mark.django_db
def test_wrong_password_is_refused_then_rate_limited(client):
    make_verified_user()
    for _ in range(5):
        response = client.post(
            reverse("account_login"), {"login": "bob@example.com", "password": "wrong-password"}
        )
        assert (
            "email address and/or password you specified are not correct"
            in response.content.decode()
        )
    # Even the right password is refused once the limit is reached: that is what stops guessing.
    response = client.post(
        reverse("account_login"), {"login": "bob@example.com", "password": STRONG}
    )
    assert "Too many failed login attempts" in response.content.decode()
    assert "_auth_user_id" not in client.session


@pytest.mark.django_db
def test_profile_changes_are_saved(client):
    bob = make_verified_user()
    client.force_login(bob)
    response = client.post(
        reverse("edit_profile"),
        {
            "display_name": "  Captain   Bob ",
            "time_zone": "Europe/Moscow",
            "language": "ru",
            "turn_emails": TurnEmails.DAILY_DIGEST,
            "quiet_hours_start": "22:00",
            "quiet_hours_end": "07:30",
        },
    )
    assert response.status_code == 302
    bob.refresh_from_db()
    assert bob.display_name == "Captain Bob"
    assert bob.time_zone == "Europe/Moscow"
    assert bob.language == "ru"
    assert bob.turn_emails == TurnEmails.DAILY_DIGEST
    assert str(bob.quiet_hours_start) == "22:00:00"
    page = client.get(reverse("player_profile", args=["bob"]))
    assert "Captain Bob" in page.content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"time_zone": "Mars/Olympus_Mons"}, "Select a valid choice"),
        ({"language": "xx"}, "Select a valid choice"),
        ({"turn_emails": "hourly"}, "Select a valid choice"),
        ({"quiet_hours_start": "22:00"}, "both ends of your quiet hours"),
        ({"quiet_hours_start": "25:00", "quiet_hours_end": "07:00"}, "Enter a valid time"),
        ({"display_name": "!!!"}, "at least one letter or digit"),
        ({"display_name": "x" * 41}, "at most 40 characters"),
    ],
)
def test_bad_profile_input_is_refused_and_changes_nothing(client, change, message):
    bob = make_verified_user()
    client.force_login(bob)
    data = {"display_name": "Bob", "time_zone": "UTC", "language": "en", "turn_emails": "every"}
    response = client.post(reverse("edit_profile"), {**data, **change})
    assert response.status_code == 200
    assert message in response.content.decode()
    bob.refresh_from_db()
    assert (bob.display_name, bob.time_zone, bob.language, bob.turn_emails) == (
        "",
        "UTC",
        "en",
        "every",
    )
    assert bob.quiet_hours_start is None


@pytest.mark.django_db
def test_display_names_are_unique_ignoring_case(client):
    make_verified_user(email="carol@example.com", username="carol").__class__.objects.filter(
        username="carol"
    ).update(display_name="Flint")
    bob = make_verified_user()
    client.force_login(bob)
    response = client.post(
        reverse("edit_profile"),
        {"display_name": "flint", "time_zone": "UTC", "language": "en", "turn_emails": "every"},
    )
    assert "already uses that display name" in response.content.decode()


@pytest.mark.django_db
def test_profile_page_needs_login(client):
    response = client.get(reverse("edit_profile"))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("account_login"))


@pytest.mark.django_db
def test_password_reset_by_mail(client, django_capture_on_commit_callbacks):
    make_verified_user()
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("account_reset_password"), {"email": "bob@example.com"})
    assert response.status_code == 302
    assert len(mail.outbox) == 1
    link = path_of(first_link(mail.outbox[0]))
    form_page = client.get(link, follow=True)
    assert form_page.status_code == 200
    set_password_url = form_page.redirect_chain[-1][0] if form_page.redirect_chain else link
    new_password = "a-brand-new-sea-shanty-7"
    response = client.post(set_password_url, {"password1": new_password, "password2": new_password})
    assert response.status_code == 302
    client.logout()
    client.post(reverse("account_login"), {"login": "bob@example.com", "password": new_password})
    assert "_auth_user_id" in client.session


@pytest.mark.django_db
def test_password_reset_with_wrong_link_changes_nothing(client):
    bob = make_verified_user()
    response = client.get(
        reverse("account_reset_password_from_key", kwargs={"uidb36": "zz", "key": "set-password"}),
        follow=True,
    )
    assert "invalid" in response.content.decode().lower()
    bob.refresh_from_db()
    assert bob.check_password(STRONG)


@pytest.mark.django_db
def test_password_change(client):
    bob = make_verified_user()
    client.force_login(bob)
    url = reverse("account_change_password")
    response = client.post(
        url,
        {
            "oldpassword": "not-it",
            "password1": "another-fine-day-9",
            "password2": "another-fine-day-9",
        },
    )
    assert "Please type your current password" in response.content.decode()
    response = client.post(
        url,
        {
            "oldpassword": STRONG,
            "password1": "another-fine-day-9",
            "password2": "another-fine-day-9",
        },
    )
    assert response.status_code == 302
    bob.refresh_from_db()
    assert bob.check_password("another-fine-day-9")


@pytest.mark.django_db
def test_public_profile_and_unknown_player(client):
    make_verified_user()
    assert client.get(reverse("player_profile", args=["bob"])).status_code == 200
    missing = client.get(reverse("player_profile", args=["nobody"]))
    assert missing.status_code == 404
    assert "Nothing buried here" in missing.content.decode()


@pytest.mark.django_db
def test_user_time_zone_and_language_apply_to_pages(client):
    bob = make_verified_user()
    User.objects.filter(pk=bob.pk).update(language="ru", time_zone="Asia/Tokyo")
    client.force_login(bob)
    response = client.get(reverse("home"))
    assert response.context["LANGUAGE_CODE"] == "ru"
    assert response.context["TIME_ZONE"] == "Asia/Tokyo"


def test_quiet_hours_across_midnight():
    from datetime import UTC, datetime, time

    user = User(time_zone="Europe/Berlin", quiet_hours_start=time(22), quiet_hours_end=time(7))
    assert user.in_quiet_hours(datetime(2026, 1, 10, 22, 30, tzinfo=UTC))  # 23:30 in Berlin
    assert not user.in_quiet_hours(datetime(2026, 1, 10, 12, 0, tzinfo=UTC))
    assert not User(time_zone="UTC").in_quiet_hours(datetime(2026, 1, 10, 3, 0, tzinfo=UTC))


@pytest.mark.django_db
def test_links_in_emails_use_the_public_site_url(
    client, django_capture_on_commit_callbacks, settings
):
    settings.SITE_URL = "https://jackal.example.org"
    sign_up(client, django_capture_on_commit_callbacks)
    make_verified_user()
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("account_reset_password"), {"email": "bob@example.com"})
    verification, reset = mail.outbox
    assert first_link(verification).startswith("https://jackal.example.org/accounts/confirm-email/")
    assert first_link(reset).startswith("https://jackal.example.org/accounts/password/reset/key/")
    assert "Jackal Online" in verification.body

"""Account e-mails are written in the recipient's language, whoever triggered them."""

import pytest
from django.core import mail
from django.urls import reverse

from accounts.models import User
from tests.factories import make_user

pytestmark = pytest.mark.django_db

PASSWORD = "a-parrot-named-flint-9"


def test_a_visitor_reading_russian_signs_up_in_russian_and_is_written_to_in_russian(
    client, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        client.post(
            reverse("account_signup"),
            {
                "email": "erin@example.com",
                "username": "erin",
                "password1": PASSWORD,
                "password2": PASSWORD,
            },
            headers={"accept-language": "ru"},
        )
    assert User.objects.get(username="erin").language == "ru"
    (message,) = mail.outbox
    assert "подтвердите" in message.subject.lower() and "Вас приветствует" in message.body


def test_a_russian_player_gets_the_reset_e_mail_in_russian_from_an_english_page(
    client, django_capture_on_commit_callbacks
):
    alice = make_user("alice")
    alice.language = "ru"
    alice.save()
    with django_capture_on_commit_callbacks(execute=True):
        client.post(
            reverse("account_reset_password"),
            {"email": "alice@example.com"},
            headers={"accept-language": "en"},
        )
    (message,) = mail.outbox
    assert message.to == ["alice@example.com"]
    assert "парол" in message.subject.lower() + message.body.lower()
    assert "password reset" not in message.body.lower()


def test_an_english_player_gets_english_from_a_russian_page(
    client, django_capture_on_commit_callbacks
):
    make_user("bob")
    with django_capture_on_commit_callbacks(execute=True):
        client.post(
            reverse("account_reset_password"),
            {"email": "bob@example.com"},
            headers={"accept-language": "ru"},
        )
    (message,) = mail.outbox
    assert "password" in message.body.lower() and "парол" not in message.body.lower()

"""The alerts' Celery tasks: plan and send after a commit, retry webhooks, release held ones."""

from __future__ import annotations

from celery import shared_task

from . import delivery, webhooks


@shared_task
def turns_began(turns: list) -> int:
    """Turns began (after the commit): each seat's "your turn" and the next seat's "you're
    next", decided and sent."""
    return delivery.deliver(delivery.plan_turns([tuple(t) for t in turns]))


@shared_task
def clock_low(game_id: int, ply: int, user_id: int) -> int:
    return delivery.deliver(delivery.plan_clock(game_id, ply, user_id))


@shared_task
def deliver(reminder_ids: list[int]) -> int:
    return delivery.deliver(reminder_ids)


@shared_task
def release_held() -> int:
    """Beat: the alerts held for quiet hours whose hours are over."""
    return delivery.deliver(delivery.due_ids())


@shared_task
def post_webhook(hook_id: int, payload: dict, reminder_id: int | None = None, attempt: int = 0):
    """One delivery to one hook. A failure queues the next try with back-off (1, 2, 4, 8...
    minutes) until the hook has failed `MAX_FAILURES` times in a row, which disables it. Each
    try is a task of its own: a worker never sleeps on a slow or dead endpoint."""
    outcome = webhooks.post(hook_id, payload, reminder_id, attempt=attempt)
    if outcome == "retry":
        post_webhook.apply_async(
            (hook_id, payload, reminder_id, attempt + 1), countdown=webhooks.backoff(attempt)
        )
    return outcome

"""The people on a profile: `{% reliability_of player %}` (people.reliability)."""

from django import template

from people import reliability

register = template.Library()


@register.inclusion_tag("people/_reliability.html")
def reliability_of(player):
    figure = reliability.of_user(player)
    return {
        "figure": figure,
        "window": reliability.WINDOW,
        "neutral": round(100 * reliability.NEUTRAL),
    }

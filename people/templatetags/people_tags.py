"""The people on a profile: `{% reliability_of player %}` (people.reliability) and
`{% profile_actions player %}` (follow, block, report)."""

from django import template

from people import blocks, reliability

register = template.Library()


@register.inclusion_tag("people/_reliability.html")
def reliability_of(player):
    figure = reliability.of_user(player)
    return {
        "figure": figure,
        "window": reliability.WINDOW,
        "neutral": round(100 * reliability.NEUTRAL),
    }


@register.inclusion_tag("people/_profile_actions.html", takes_context=True)
def profile_actions(context, player):
    """Follow, block and report, for a signed-in viewer of another's profile."""
    user = context["request"].user
    seen = user.is_authenticated and user.pk != player.pk
    return {
        "user": user,
        "player": player,
        "follows": seen and blocks.follows(user, player),
        "blocked": seen and blocks.blocks(user, player),
    }

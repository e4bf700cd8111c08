from django import template

from ratings.presenters import profile_context

register = template.Library()


@register.inclusion_tag("ratings/_profile_section.html", takes_context=True)
def player_ratings(context, player):
    """The ratings, rating charts, games and head-to-head record of a profile."""
    return profile_context(context["request"], player)

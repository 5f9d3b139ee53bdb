from apps.accounts import permissions


def roles(request):
    """Which areas the navigation offers to the signed-in user."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    return {
        "nav_club": permissions.can_use_club_area(user),
        "nav_referee": permissions.can_use_referee_area(user),
        "nav_federation": permissions.can_use_federation_area(user),
        "nav_player": permissions.can_use_player_area(user),
    }

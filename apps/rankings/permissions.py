"""Who sees and does what with the national ranking (on apps.accounts.permissions): the
published lists are public; the live ranking is for the federation area and the clubs'
managers; federation staff compute, publish and set the séries."""

from apps.accounts.permissions import roles_of


def can_manage_national_ranking(user) -> bool:
    """Compute, publish, set the séries rules and apply their changes."""
    return roles_of(user).federation


def can_view_live_ranking(user) -> bool:
    roles = roles_of(user)
    return roles.is_staff_scope or roles.manages_clubs


def can_see_live_line(user, licensee) -> bool:
    """A player's line of the live ranking: the player, and who sees the live ranking."""
    return can_view_live_ranking(user) or can_see_own_changes(user, licensee)


def can_see_own_changes(user, licensee) -> bool:
    """« Votre PCN a changé »: the player's own news."""
    return roles_of(user).licensee_id == licensee.pk

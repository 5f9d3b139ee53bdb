"""API building blocks shared by every app's viewsets, and the token endpoint.

Viewsets read through the permission layer's selectors and write through the services;
`ScopedViewSetMixin.call_service` turns the services' PermissionDenied and
ValidationError into 403 and 400 responses carrying their messages.
"""

from django.core.exceptions import NON_FIELD_ERRORS
from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import ValidationError as DjangoValidationError
from django.http import Http404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field
from rest_framework import exceptions, mixins, serializers, viewsets
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.fields import get_error_detail
from rest_framework.response import Response
from rest_framework.settings import api_settings
from rest_framework.throttling import ScopedRateThrottle

from apps.accounts.throttle import (
    LoginThrottled,
    login_attempt_failed,
    login_attempt_start,
    login_attempt_succeeded,
    wait_text,
)


class CommaDecimalField(serializers.DecimalField):
    """A decimal sent as a number, or as text the French way (« 1,5 ») or not (« 1.5 »);
    answered as DRF answers decimals."""

    def to_internal_value(self, data):
        if isinstance(data, str) and data.count(",") == 1 and "." not in data:
            data = data.replace(",", ".")
        return super().to_internal_value(data)


@extend_schema_field(OpenApiTypes.INT)
class ScopedPrimaryKeyRelatedField(serializers.PrimaryKeyRelatedField):
    """A primary key looked up in `selector(request.user)`: ids outside what the user may
    see are answered like ids that do not exist."""

    def __init__(self, *, selector, **kwargs):
        self.selector = selector
        super().__init__(**kwargs)

    def get_queryset(self):
        return self.selector(self.context["request"].user)


def service_error_detail(exc: DjangoValidationError):
    """A Django ValidationError as DRF error detail, keyed by field."""
    detail = get_error_detail(exc)
    if isinstance(detail, dict):
        return {
            api_settings.NON_FIELD_ERRORS_KEY if key == NON_FIELD_ERRORS else key: value
            for key, value in detail.items()
        }
    return {api_settings.NON_FIELD_ERRORS_KEY: detail}


class ScopedViewSetMixin:
    """Viewsets over a selector's queryset: list filters checked by `query_class`, one
    answer for objects hidden or missing, writes through services, answers serialized
    from the viewset's own queryset."""

    query_class: type[serializers.Serializer] | None = None

    def get_object(self):
        try:
            return super().get_object()
        except Http404 as exc:
            raise exceptions.NotFound() from exc

    def filter_queryset(self, queryset):
        queryset = super().filter_queryset(queryset)
        if self.action != "list" or self.query_class is None:
            return queryset
        query = self.query_class(data=self.request.query_params)
        query.is_valid(raise_exception=True)
        return query.apply(queryset)

    def validated(self, serializer_class, **kwargs) -> dict:
        serializer = serializer_class(
            data=self.request.data, context=self.get_serializer_context(), **kwargs
        )
        serializer.is_valid(raise_exception=True)
        return serializer.validated_data

    def call_service(self, service, **kwargs):
        try:
            return service(actor=self.request.user, **kwargs)
        except DjangoPermissionDenied as exc:
            raise exceptions.PermissionDenied(str(exc) or None) from exc
        except DjangoValidationError as exc:
            raise exceptions.ValidationError(service_error_detail(exc)) from exc

    def respond(self, instance, status: int = 200) -> Response:
        instance = self.get_queryset().get(pk=instance.pk)
        return Response(self.get_serializer(instance).data, status=status)


class ScopedReadViewSet(
    ScopedViewSetMixin, mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet
):
    """List and retrieve over a selector's queryset; writes are added per viewset."""


class TokenView(ObtainAuthToken):
    """Exchange a username and password for an API token: rate limited, and throttled on
    failures exactly as the sign-in page (apps.accounts.throttle)."""

    authentication_classes = ()
    throttle_classes = (ScopedRateThrottle,)
    throttle_scope = "token"

    def post(self, request, *args, **kwargs):
        try:
            attempt = login_attempt_start(
                request=request, username=str(request.data.get("username", ""))
            )
        except LoginThrottled as refused:
            return Response(
                {"detail": wait_text(refused.wait)},
                status=429,
                headers={"Retry-After": str(refused.wait)},
            )
        try:
            response = super().post(request, *args, **kwargs)
        except exceptions.ValidationError:
            login_attempt_failed(attempt=attempt)
            raise
        login_attempt_succeeded(attempt=attempt, response=response)
        return response

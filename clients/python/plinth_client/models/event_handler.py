from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.event_handler_handler import EventHandlerHandler
from typing import cast
import datetime






T = TypeVar("T", bound="EventHandler")



@_attrs_define
class EventHandler:
    """ An event handler of a workspace's configuration and its state.

        Example:
            {'name': 'webhook', 'handler': 'webhook', 'endpoint': 'https://hooks.example.com/plinth', 'signed': True,
                'previous_secret_until': None, 'disabled_at': None, 'disabled_reason': None}

        Attributes:
            name (str): The handler's name (default: its kind).
            handler (EventHandlerHandler): The handler kind.
            endpoint (None | str): A webhook’s URL.
            signed (bool): Deliveries carry a Standard Webhooks signature.
            previous_secret_until (datetime.datetime | None): Until when deliveries are signed with the previous secret too
                (a rotation’s grace). Example: 2026-11-21T10:00:00.000Z.
            disabled_at (datetime.datetime | None): When a 410 answer disabled it; null: enabled. Example:
                2026-11-21T10:00:00.000Z.
            disabled_reason (None | str): Why it was disabled.
     """

    name: str
    handler: EventHandlerHandler
    endpoint: None | str
    signed: bool
    previous_secret_until: datetime.datetime | None
    disabled_at: datetime.datetime | None
    disabled_reason: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        name = self.name

        handler = self.handler.value

        endpoint: None | str
        endpoint = self.endpoint

        signed = self.signed

        previous_secret_until: None | str
        if isinstance(self.previous_secret_until, datetime.datetime):
            previous_secret_until = self.previous_secret_until.isoformat()
        else:
            previous_secret_until = self.previous_secret_until

        disabled_at: None | str
        if isinstance(self.disabled_at, datetime.datetime):
            disabled_at = self.disabled_at.isoformat()
        else:
            disabled_at = self.disabled_at

        disabled_reason: None | str
        disabled_reason = self.disabled_reason


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "name": name,
            "handler": handler,
            "endpoint": endpoint,
            "signed": signed,
            "previous_secret_until": previous_secret_until,
            "disabled_at": disabled_at,
            "disabled_reason": disabled_reason,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        handler = EventHandlerHandler(d.pop("handler"))




        def _parse_endpoint(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        endpoint = _parse_endpoint(d.pop("endpoint"))


        signed = d.pop("signed")

        def _parse_previous_secret_until(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                previous_secret_until_type_0 = datetime.datetime.fromisoformat(data)



                return previous_secret_until_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        previous_secret_until = _parse_previous_secret_until(d.pop("previous_secret_until"))


        def _parse_disabled_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                disabled_at_type_0 = datetime.datetime.fromisoformat(data)



                return disabled_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        disabled_at = _parse_disabled_at(d.pop("disabled_at"))


        def _parse_disabled_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        disabled_reason = _parse_disabled_reason(d.pop("disabled_reason"))


        event_handler = cls(
            name=name,
            handler=handler,
            endpoint=endpoint,
            signed=signed,
            previous_secret_until=previous_secret_until,
            disabled_at=disabled_at,
            disabled_reason=disabled_reason,
        )


        event_handler.additional_properties = d
        return event_handler

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties

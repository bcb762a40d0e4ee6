from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.delivery_kind import DeliveryKind
from ..models.delivery_state import DeliveryState
from typing import cast
from uuid import UUID
import datetime

if TYPE_CHECKING:
  from ..models.delivery_attempt import DeliveryAttempt





T = TypeVar("T", bound="Delivery")



@_attrs_define
class Delivery:
    """ An event on its way to one handler, with every attempt.

        Example:
            {'id': '0d1e2f3a-4b5c-4d6e-8f7a-9b0c1d2e3f4a', 'event': '5f0c2d1e-8a7b-4c3d-9e2f-1a0b9c8d7e6f', 'handler':
                'webhook', 'kind': 'webhook', 'state': 'delivered', 'attempts': 1, 'last_status': 200, 'last_error': None,
                'next_attempt_at': None, 'delivered_at': '2026-11-26T04:30:01.000Z', 'history': [{'attempt': 1, 'at':
                '2026-11-26T04:30:01.000Z', 'status_code': 200, 'duration_ms': 42, 'error': None, 'excerpt': 'ok'}]}

        Attributes:
            id (UUID): The delivery's ID.
            event (UUID): The event delivered.
            handler (str): The handler's name in the workspace configuration.
            kind (DeliveryKind): The handler kind.
            state (DeliveryState): pending: an attempt is due; failed: attempts used up or the receiver answered 410.
            attempts (int): Attempts made.
            last_status (int | None): The last attempt's status code.
            last_error (None | str): The last attempt's error.
            next_attempt_at (datetime.datetime | None): When the next attempt is due. Example: 2026-11-21T10:00:00.000Z.
            delivered_at (datetime.datetime | None): When it was delivered. Example: 2026-11-21T10:00:00.000Z.
            history (list[DeliveryAttempt]): Every attempt, oldest first.
     """

    id: UUID
    event: UUID
    handler: str
    kind: DeliveryKind
    state: DeliveryState
    attempts: int
    last_status: int | None
    last_error: None | str
    next_attempt_at: datetime.datetime | None
    delivered_at: datetime.datetime | None
    history: list[DeliveryAttempt]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.delivery_attempt import DeliveryAttempt # noqa: PLC0415
        id = str(self.id)

        event = str(self.event)

        handler = self.handler

        kind = self.kind.value

        state = self.state.value

        attempts = self.attempts

        last_status: int | None
        last_status = self.last_status

        last_error: None | str
        last_error = self.last_error

        next_attempt_at: None | str
        if isinstance(self.next_attempt_at, datetime.datetime):
            next_attempt_at = self.next_attempt_at.isoformat()
        else:
            next_attempt_at = self.next_attempt_at

        delivered_at: None | str
        if isinstance(self.delivered_at, datetime.datetime):
            delivered_at = self.delivered_at.isoformat()
        else:
            delivered_at = self.delivered_at

        history = []
        for history_item_data in self.history:
            history_item = history_item_data.to_dict()
            history.append(history_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "event": event,
            "handler": handler,
            "kind": kind,
            "state": state,
            "attempts": attempts,
            "last_status": last_status,
            "last_error": last_error,
            "next_attempt_at": next_attempt_at,
            "delivered_at": delivered_at,
            "history": history,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.delivery_attempt import DeliveryAttempt # noqa: PLC0415
        d = dict(src_dict)
        id = UUID(d.pop("id"))




        event = UUID(d.pop("event"))




        handler = d.pop("handler")

        kind = DeliveryKind(d.pop("kind"))




        state = DeliveryState(d.pop("state"))




        attempts = d.pop("attempts")

        def _parse_last_status(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        last_status = _parse_last_status(d.pop("last_status"))


        def _parse_last_error(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        last_error = _parse_last_error(d.pop("last_error"))


        def _parse_next_attempt_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                next_attempt_at_type_0 = datetime.datetime.fromisoformat(data)



                return next_attempt_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        next_attempt_at = _parse_next_attempt_at(d.pop("next_attempt_at"))


        def _parse_delivered_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                delivered_at_type_0 = datetime.datetime.fromisoformat(data)



                return delivered_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        delivered_at = _parse_delivered_at(d.pop("delivered_at"))


        history = []
        _history = d.pop("history")
        for history_item_data in (_history):
            history_item = DeliveryAttempt.from_dict(history_item_data)



            history.append(history_item)


        delivery = cls(
            id=id,
            event=event,
            handler=handler,
            kind=kind,
            state=state,
            attempts=attempts,
            last_status=last_status,
            last_error=last_error,
            next_attempt_at=next_attempt_at,
            delivered_at=delivered_at,
            history=history,
        )


        delivery.additional_properties = d
        return delivery

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

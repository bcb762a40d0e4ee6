from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.event_level import EventLevel
from typing import cast
from uuid import UUID
import datetime

if TYPE_CHECKING:
  from ..models.event_payload import EventPayload





T = TypeVar("T", bound="Event")



@_attrs_define
class Event:
    """ The event of one executed action (one step of a workflow).

        Example:
            {'id': '5f0c2d1e-8a7b-4c3d-9e2f-1a0b9c8d7e6f', 'workspace': '7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d',
                'transaction': '2b4c6d8e-0f1a-4b3c-8d5e-7f9a1b3c5d7e', 'level': 'Info', 'payload': {'labels':
                {'svc.event.class': 'svc', 'svc.event.level': 'Info'}, 'block': 'app', 'action': 'deploy'}, 'created_at':
                '2026-11-26T04:30:00.000Z'}

        Attributes:
            id (UUID): The event's ID: every webhook delivery of it has it as `webhook-id`.
            workspace (UUID): The workspace.
            transaction (UUID): The run (transaction) it is the event of.
            level (EventLevel): Info: exit 0; Error: a failure or kill.
            payload (EventPayload): The event as handlers receive it, without `config` (each handler gets its own).
            created_at (datetime.datetime): When the event was recorded. Example: 2026-11-21T10:00:00.000Z.
     """

    id: UUID
    workspace: UUID
    transaction: UUID
    level: EventLevel
    payload: EventPayload
    created_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.event_payload import EventPayload # noqa: PLC0415
        id = str(self.id)

        workspace = str(self.workspace)

        transaction = str(self.transaction)

        level = self.level.value

        payload = self.payload.to_dict()

        created_at = self.created_at.isoformat()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "workspace": workspace,
            "transaction": transaction,
            "level": level,
            "payload": payload,
            "created_at": created_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.event_payload import EventPayload # noqa: PLC0415
        d = dict(src_dict)
        id = UUID(d.pop("id"))




        workspace = UUID(d.pop("workspace"))




        transaction = UUID(d.pop("transaction"))




        level = EventLevel(d.pop("level"))




        payload = EventPayload.from_dict(d.pop("payload"))




        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))




        event = cls(
            id=id,
            workspace=workspace,
            transaction=transaction,
            level=level,
            payload=payload,
            created_at=created_at,
        )


        event.additional_properties = d
        return event

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

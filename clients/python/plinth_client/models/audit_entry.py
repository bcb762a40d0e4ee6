from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
from uuid import UUID
import datetime

if TYPE_CHECKING:
  from ..models.audit_entry_details import AuditEntryDetails





T = TypeVar("T", bound="AuditEntry")



@_attrs_define
class AuditEntry:
    """ One audit-log entry.

        Example:
            {'id': 4711, 'occurred_at': '2026-11-21T10:00:00.000Z', 'event': 'api_key.used', 'actor':
                '6d3f0c8e-5b1a-4f7e-9c2d-8a4b3e1f0a77', 'username': None, 'api_key': '9c1e2d3f-4a5b-4c6d-8e7f-0a1b2c3d4e5f',
                'organization': '0b7e4c2a-9d1f-4e3b-8a6c-5f2d1e0c9b8a', 'ip': '203.0.113.7', 'request_id':
                '1b0c7a5e-4a7e-4d5b-9a55-0d6f3c2f0b61', 'details': {'endpoint': 'GET /api/v1/s3/buckets/'}}

        Attributes:
            id (int): The entry number: later entries have higher numbers.
            occurred_at (datetime.datetime): When it happened. Example: 2026-11-21T10:00:00.000Z.
            event (str): What happened (an `AuditEvent`; a string so that new kinds never break a client). Example:
                api_key.used.
            actor (None | UUID): The acting user (for keys: its owner or creator).
            username (None | str): For failed logins: the username that was tried.
            api_key (None | UUID): The API key used, if any.
            organization (None | UUID): The organization concerned, if any.
            ip (None | str): The client's address, if known.
            request_id (None | str): The ID of the request that caused it, if any.
            details (AuditEntryDetails): Event data: endpoint, reason, key name, provider…
     """

    id: int
    occurred_at: datetime.datetime
    event: str
    actor: None | UUID
    username: None | str
    api_key: None | UUID
    organization: None | UUID
    ip: None | str
    request_id: None | str
    details: AuditEntryDetails
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.audit_entry_details import AuditEntryDetails # noqa: PLC0415
        id = self.id

        occurred_at = self.occurred_at.isoformat()

        event = self.event

        actor: None | str
        if isinstance(self.actor, UUID):
            actor = str(self.actor)
        else:
            actor = self.actor

        username: None | str
        username = self.username

        api_key: None | str
        if isinstance(self.api_key, UUID):
            api_key = str(self.api_key)
        else:
            api_key = self.api_key

        organization: None | str
        if isinstance(self.organization, UUID):
            organization = str(self.organization)
        else:
            organization = self.organization

        ip: None | str
        ip = self.ip

        request_id: None | str
        request_id = self.request_id

        details = self.details.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "occurred_at": occurred_at,
            "event": event,
            "actor": actor,
            "username": username,
            "api_key": api_key,
            "organization": organization,
            "ip": ip,
            "request_id": request_id,
            "details": details,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.audit_entry_details import AuditEntryDetails # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        occurred_at = datetime.datetime.fromisoformat(d.pop("occurred_at"))




        event = d.pop("event")

        def _parse_actor(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                actor_type_0 = UUID(data)



                return actor_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        actor = _parse_actor(d.pop("actor"))


        def _parse_username(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        username = _parse_username(d.pop("username"))


        def _parse_api_key(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                api_key_type_0 = UUID(data)



                return api_key_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        api_key = _parse_api_key(d.pop("api_key"))


        def _parse_organization(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                organization_type_0 = UUID(data)



                return organization_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        organization = _parse_organization(d.pop("organization"))


        def _parse_ip(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        ip = _parse_ip(d.pop("ip"))


        def _parse_request_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        request_id = _parse_request_id(d.pop("request_id"))


        details = AuditEntryDetails.from_dict(d.pop("details"))




        audit_entry = cls(
            id=id,
            occurred_at=occurred_at,
            event=event,
            actor=actor,
            username=username,
            api_key=api_key,
            organization=organization,
            ip=ip,
            request_id=request_id,
            details=details,
        )


        audit_entry.additional_properties = d
        return audit_entry

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

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.agent_health_type_0 import AgentHealthType0
from typing import cast
from uuid import UUID
import datetime






T = TypeVar("T", bound="AgentWithToken")



@_attrs_define
class AgentWithToken:
    """ A monitoring agent with its token, shown once.

        Example:
            {'id': '7c1e2a3b-4d5e-4f60-8a1b-2c3d4e5f6a7b', 'organization': '3f8a3c1e-2b4d-4c6e-9f10-1a2b3c4d5e6f',
                'workspace': None, 'name': 'eu-probe-1', 'location': 'eu-central', 'description': 'Rack 4, Frankfurt',
                'archived': False, 'health': 'healthy', 'version': '0.1.0', 'uptime_seconds': 86400, 'last_report_at':
                '2026-11-26T10:00:00.000Z', 'token_prefix': 'pla_3kQ9xZ', 'created_at': '2026-11-26T10:00:00.000Z',
                'updated_at': '2026-11-26T10:00:00.000Z', 'token': 'pla_3kQ9xZ7mW2vB8nR4tY6uP1sD5fG0hJ3kL9aE2q',
                'previous_token_expires_at': None}

        Attributes:
            id (UUID): The agent's ID (the `X-Agent-ID` its agent may send).
            organization (UUID): The organization it belongs to.
            workspace (None | UUID): Its workspace: it checks that workspace's endpoints only. Null: the organization's.
            name (str): Its name, unique in the organization.
            location (str): Where it runs; endpoints choose locations by this name.
            description (str): What people wrote about it.
            archived (bool): Archived: its tokens no longer work; its history stays.
            health (AgentHealthType0 | None): What its last health report said; null before the first.
            version (None | str): The version its last health report gave.
            uptime_seconds (int | None): How long it had run at its last report.
            last_report_at (datetime.datetime | None): When its last health report arrived. Example:
                2026-11-21T10:00:00.000Z.
            token_prefix (str): The first characters of its newest token.
            created_at (datetime.datetime): When it was created. Example: 2026-11-21T10:00:00.000Z.
            updated_at (datetime.datetime): When people last changed it (its reports do not count). Example:
                2026-11-21T10:00:00.000Z.
            token (str): Its token (`pla_…`): shown this once. It reaches the agent endpoints and nothing else.
            previous_token_expires_at (datetime.datetime | None): After a rotation: when the tokens it had before stop
                working (the grace period). Example: 2026-11-21T10:00:00.000Z.
     """

    id: UUID
    organization: UUID
    workspace: None | UUID
    name: str
    location: str
    description: str
    archived: bool
    health: AgentHealthType0 | None
    version: None | str
    uptime_seconds: int | None
    last_report_at: datetime.datetime | None
    token_prefix: str
    created_at: datetime.datetime
    updated_at: datetime.datetime
    token: str
    previous_token_expires_at: datetime.datetime | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        organization = str(self.organization)

        workspace: None | str
        if isinstance(self.workspace, UUID):
            workspace = str(self.workspace)
        else:
            workspace = self.workspace

        name = self.name

        location = self.location

        description = self.description

        archived = self.archived

        health: None | str
        if isinstance(self.health, AgentHealthType0):
            health = self.health.value
        else:
            health = self.health

        version: None | str
        version = self.version

        uptime_seconds: int | None
        uptime_seconds = self.uptime_seconds

        last_report_at: None | str
        if isinstance(self.last_report_at, datetime.datetime):
            last_report_at = self.last_report_at.isoformat()
        else:
            last_report_at = self.last_report_at

        token_prefix = self.token_prefix

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        token = self.token

        previous_token_expires_at: None | str
        if isinstance(self.previous_token_expires_at, datetime.datetime):
            previous_token_expires_at = self.previous_token_expires_at.isoformat()
        else:
            previous_token_expires_at = self.previous_token_expires_at


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "organization": organization,
            "workspace": workspace,
            "name": name,
            "location": location,
            "description": description,
            "archived": archived,
            "health": health,
            "version": version,
            "uptime_seconds": uptime_seconds,
            "last_report_at": last_report_at,
            "token_prefix": token_prefix,
            "created_at": created_at,
            "updated_at": updated_at,
            "token": token,
            "previous_token_expires_at": previous_token_expires_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))




        organization = UUID(d.pop("organization"))




        def _parse_workspace(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                workspace_type_0 = UUID(data)



                return workspace_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        workspace = _parse_workspace(d.pop("workspace"))


        name = d.pop("name")

        location = d.pop("location")

        description = d.pop("description")

        archived = d.pop("archived")

        def _parse_health(data: object) -> AgentHealthType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                health_type_0 = AgentHealthType0(data)



                return health_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AgentHealthType0 | None, data)

        health = _parse_health(d.pop("health"))


        def _parse_version(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        version = _parse_version(d.pop("version"))


        def _parse_uptime_seconds(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        uptime_seconds = _parse_uptime_seconds(d.pop("uptime_seconds"))


        def _parse_last_report_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                last_report_at_type_0 = datetime.datetime.fromisoformat(data)



                return last_report_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        last_report_at = _parse_last_report_at(d.pop("last_report_at"))


        token_prefix = d.pop("token_prefix")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))




        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))




        token = d.pop("token")

        def _parse_previous_token_expires_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                previous_token_expires_at_type_0 = datetime.datetime.fromisoformat(data)



                return previous_token_expires_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        previous_token_expires_at = _parse_previous_token_expires_at(d.pop("previous_token_expires_at"))


        agent_with_token = cls(
            id=id,
            organization=organization,
            workspace=workspace,
            name=name,
            location=location,
            description=description,
            archived=archived,
            health=health,
            version=version,
            uptime_seconds=uptime_seconds,
            last_report_at=last_report_at,
            token_prefix=token_prefix,
            created_at=created_at,
            updated_at=updated_at,
            token=token,
            previous_token_expires_at=previous_token_expires_at,
        )


        agent_with_token.additional_properties = d
        return agent_with_token

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

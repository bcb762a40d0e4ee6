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
  from ..models.workspace_config import WorkspaceConfig





T = TypeVar("T", bound="Workspace")



@_attrs_define
class Workspace:
    """ A workspace: a unit of an organization with its own configuration, members and buckets.

        Example:
            {'id': '7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d', 'organization': '0b7e4c2a-9d1f-4e3b-8a6c-5f2d1e0c9b8a', 'name':
                'production', 'config': {'events': {'handler': 'webhook', 'endpoint': 'https://hooks.example.com/plinth'}},
                'created_at': '2026-11-01T08:30:00.000Z', 'updated_at': '2026-11-01T08:30:00.000Z'}

        Attributes:
            id (UUID): The workspace's ID.
            organization (UUID): The organization it belongs to.
            name (str): The name, unique within its organization.
            config (WorkspaceConfig): Workspace configuration, a JSON object nested at most 32 levels deep (the object
                itself is the first). The keys `blocks`, `workflows`, `events`, `transactions` and `runner` are checked as
                docs/events.md describes; other keys are free-form.
            created_at (datetime.datetime): When the workspace was created. Example: 2026-11-21T10:00:00.000Z.
            updated_at (datetime.datetime): When it was last changed. Example: 2026-11-21T10:00:00.000Z.
     """

    id: UUID
    organization: UUID
    name: str
    config: WorkspaceConfig
    created_at: datetime.datetime
    updated_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.workspace_config import WorkspaceConfig # noqa: PLC0415
        id = str(self.id)

        organization = str(self.organization)

        name = self.name

        config = self.config.to_dict()

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "organization": organization,
            "name": name,
            "config": config,
            "created_at": created_at,
            "updated_at": updated_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.workspace_config import WorkspaceConfig # noqa: PLC0415
        d = dict(src_dict)
        id = UUID(d.pop("id"))




        organization = UUID(d.pop("organization"))




        name = d.pop("name")

        config = WorkspaceConfig.from_dict(d.pop("config"))




        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))




        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))




        workspace = cls(
            id=id,
            organization=organization,
            name=name,
            config=config,
            created_at=created_at,
            updated_at=updated_at,
        )


        workspace.additional_properties = d
        return workspace

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

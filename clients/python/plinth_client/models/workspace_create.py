from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast
from uuid import UUID

if TYPE_CHECKING:
  from ..models.workspace_create_config import WorkspaceCreateConfig





T = TypeVar("T", bound="WorkspaceCreate")



@_attrs_define
class WorkspaceCreate:
    """ A new workspace.

        Example:
            {'organization': '0b7e4c2a-9d1f-4e3b-8a6c-5f2d1e0c9b8a', 'name': 'production'}

        Attributes:
            organization (UUID): The organization to create it in.
            name (str): The name, 1-200 characters, unique within the organization.
            config (WorkspaceCreateConfig | Unset): Workspace configuration, a JSON object nested at most 32 levels deep
                (the object itself is the first). The keys `blocks`, `workflows`, `events`, `transactions` and `runner` are
                checked as docs/events.md describes; other keys are free-form.
     """

    organization: UUID
    name: str
    config: WorkspaceCreateConfig | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.workspace_create_config import WorkspaceCreateConfig # noqa: PLC0415
        organization = str(self.organization)

        name = self.name

        config: dict[str, Any] | Unset = UNSET
        if not isinstance(self.config, Unset):
            config = self.config.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "organization": organization,
            "name": name,
        })
        if config is not UNSET:
            field_dict["config"] = config

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.workspace_create_config import WorkspaceCreateConfig # noqa: PLC0415
        d = dict(src_dict)
        organization = UUID(d.pop("organization"))




        name = d.pop("name")

        _config = d.pop("config", UNSET)
        config: WorkspaceCreateConfig | Unset
        if isinstance(_config,  Unset):
            config = UNSET
        else:
            config = WorkspaceCreateConfig.from_dict(_config)




        workspace_create = cls(
            organization=organization,
            name=name,
            config=config,
        )

        return workspace_create


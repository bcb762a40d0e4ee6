from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast
from uuid import UUID






T = TypeVar("T", bound="AgentCreate")



@_attrs_define
class AgentCreate:
    """ A new monitoring agent.

        Example:
            {'organization': '3f8a3c1e-2b4d-4c6e-9f10-1a2b3c4d5e6f', 'name': 'eu-probe-1', 'location': 'eu-central',
                'description': 'Rack 4, Frankfurt'}

        Attributes:
            organization (UUID): The organization it checks for.
            name (str): Its name, unique in the organization.
            location (str): Where it runs; endpoints choose locations by this name. Example: eu-central.
            workspace (None | Unset | UUID): Limit it to one workspace's endpoints (a Workspace Admin of it may then create
                it).
            description (str | Unset): Anything worth knowing about it.
     """

    organization: UUID
    name: str
    location: str
    workspace: None | Unset | UUID = UNSET
    description: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        organization = str(self.organization)

        name = self.name

        location = self.location

        workspace: None | str | Unset
        if isinstance(self.workspace, Unset):
            workspace = UNSET
        elif isinstance(self.workspace, UUID):
            workspace = str(self.workspace)
        else:
            workspace = self.workspace

        description = self.description


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "organization": organization,
            "name": name,
            "location": location,
        })
        if workspace is not UNSET:
            field_dict["workspace"] = workspace
        if description is not UNSET:
            field_dict["description"] = description

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        organization = UUID(d.pop("organization"))




        name = d.pop("name")

        location = d.pop("location")

        def _parse_workspace(data: object) -> None | Unset | UUID:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                workspace_type_0 = UUID(data)



                return workspace_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | UUID, data)

        workspace = _parse_workspace(d.pop("workspace", UNSET))


        description = d.pop("description", UNSET)

        agent_create = cls(
            organization=organization,
            name=name,
            location=location,
            workspace=workspace,
            description=description,
        )

        return agent_create


from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="AgentUpdate")



@_attrs_define
class AgentUpdate:
    """ A change to an agent.

        Example:
            {'location': 'eu-west'}

        Attributes:
            name (str | Unset): A new name, unique in the organization.
            location (str | Unset): A new location: it then checks the endpoints of that one. Example: eu-central.
            description (str | Unset): A new description.
     """

    name: str | Unset = UNSET
    location: str | Unset = UNSET
    description: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        name = self.name

        location = self.location

        description = self.description


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if name is not UNSET:
            field_dict["name"] = name
        if location is not UNSET:
            field_dict["location"] = location
        if description is not UNSET:
            field_dict["description"] = description

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name", UNSET)

        location = d.pop("location", UNSET)

        description = d.pop("description", UNSET)

        agent_update = cls(
            name=name,
            location=location,
            description=description,
        )

        return agent_update


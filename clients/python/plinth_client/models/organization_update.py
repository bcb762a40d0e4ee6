from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="OrganizationUpdate")



@_attrs_define
class OrganizationUpdate:
    """ The fields to change; at least one.

        Example:
            {'name': 'Team A (Berlin)'}

        Attributes:
            slug (str | Unset): A new unique slug (changes the OIDC group names).
            name (str | Unset): A new display name.
     """

    slug: str | Unset = UNSET
    name: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        slug = self.slug

        name = self.name


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if slug is not UNSET:
            field_dict["slug"] = slug
        if name is not UNSET:
            field_dict["name"] = name

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        slug = d.pop("slug", UNSET)

        name = d.pop("name", UNSET)

        organization_update = cls(
            slug=slug,
            name=name,
        )

        return organization_update


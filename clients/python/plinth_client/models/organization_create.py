from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="OrganizationCreate")



@_attrs_define
class OrganizationCreate:
    """ A new organization.

        Example:
            {'slug': 'team-a', 'name': 'Team A'}

        Attributes:
            slug (str): Unique; 2-50 lowercase letters, digits and dashes, no dash at either end.
            name (str): The display name, 1-200 characters.
     """

    slug: str
    name: str





    def to_dict(self) -> dict[str, Any]:
        slug = self.slug

        name = self.name


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "slug": slug,
            "name": name,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        slug = d.pop("slug")

        name = d.pop("name")

        organization_create = cls(
            slug=slug,
            name=name,
        )

        return organization_create


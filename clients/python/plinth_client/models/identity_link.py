from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="IdentityLink")



@_attrs_define
class IdentityLink:
    """ An identity at a configured provider to link a user to.

        Example:
            {'provider': 'keycloak', 'subject': 'f3b1c1f0-6a7e-4f0d-a1b2-c3d4e5f60718'}

        Attributes:
            provider (str): The provider name in the API configuration.
            subject (str): The user's subject (`sub`) at that provider.
     """

    provider: str
    subject: str





    def to_dict(self) -> dict[str, Any]:
        provider = self.provider

        subject = self.subject


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "provider": provider,
            "subject": subject,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        provider = d.pop("provider")

        subject = d.pop("subject")

        identity_link = cls(
            provider=provider,
            subject=subject,
        )

        return identity_link


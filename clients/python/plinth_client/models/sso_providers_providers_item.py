from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="SsoProvidersProvidersItem")



@_attrs_define
class SsoProvidersProvidersItem:
    """ 
        Attributes:
            name (str): The provider name (in URLs and in `POST /api/login/oidc/`).
            display_name (str): The name shown on the sign-in page.
            issuer (str): The provider's issuer URL (its discovery document is below it).
            login_url (str): Where a browser starts signing in (path on this API).
            cli_client_id (None | str): The provider's public client for the command line (device authorization grant), or
                null.
     """

    name: str
    display_name: str
    issuer: str
    login_url: str
    cli_client_id: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        name = self.name

        display_name = self.display_name

        issuer = self.issuer

        login_url = self.login_url

        cli_client_id: None | str
        cli_client_id = self.cli_client_id


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "name": name,
            "display_name": display_name,
            "issuer": issuer,
            "login_url": login_url,
            "cli_client_id": cli_client_id,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        display_name = d.pop("display_name")

        issuer = d.pop("issuer")

        login_url = d.pop("login_url")

        def _parse_cli_client_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        cli_client_id = _parse_cli_client_id(d.pop("cli_client_id"))


        sso_providers_providers_item = cls(
            name=name,
            display_name=display_name,
            issuer=issuer,
            login_url=login_url,
            cli_client_id=cli_client_id,
        )


        sso_providers_providers_item.additional_properties = d
        return sso_providers_providers_item

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

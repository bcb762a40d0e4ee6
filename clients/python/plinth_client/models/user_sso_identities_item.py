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
  from ..models.user_sso_identities_item_last_claims_type_0 import UserSsoIdentitiesItemLastClaimsType0
  from ..models.user_sso_identities_item_mapping import UserSsoIdentitiesItemMapping





T = TypeVar("T", bound="UserSsoIdentitiesItem")



@_attrs_define
class UserSsoIdentitiesItem:
    """ 
        Attributes:
            id (UUID): The identity's ID.
            provider (str): The provider name in the API configuration.
            issuer (str): The provider's issuer URL.
            subject (str): The user's subject (`sub`) at the provider.
            email (None | str): The e-mail address the provider last sent, or null.
            last_login_at (datetime.datetime | None): The last SSO sign-in with this identity. Example:
                2026-11-21T10:00:00.000Z.
            last_sync_at (datetime.datetime | None): The last group sync. Example: 2026-11-21T10:00:00.000Z.
            last_sync_problem (None | str): What the last group sync could not do (null when it applied cleanly).
            last_groups (list[str] | None): The groups last received, as sent; null when the provider sent no groups claim.
            last_claims (None | UserSsoIdentitiesItemLastClaimsType0): The ID token claims last received (without nonce and
                hashes).
            group_sync (bool): Whether group sync is on for this provider.
            mapping (UserSsoIdentitiesItemMapping): What the last groups map to.
     """

    id: UUID
    provider: str
    issuer: str
    subject: str
    email: None | str
    last_login_at: datetime.datetime | None
    last_sync_at: datetime.datetime | None
    last_sync_problem: None | str
    last_groups: list[str] | None
    last_claims: None | UserSsoIdentitiesItemLastClaimsType0
    group_sync: bool
    mapping: UserSsoIdentitiesItemMapping
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.user_sso_identities_item_last_claims_type_0 import UserSsoIdentitiesItemLastClaimsType0 # noqa: PLC0415
        from ..models.user_sso_identities_item_mapping import UserSsoIdentitiesItemMapping # noqa: PLC0415
        id = str(self.id)

        provider = self.provider

        issuer = self.issuer

        subject = self.subject

        email: None | str
        email = self.email

        last_login_at: None | str
        if isinstance(self.last_login_at, datetime.datetime):
            last_login_at = self.last_login_at.isoformat()
        else:
            last_login_at = self.last_login_at

        last_sync_at: None | str
        if isinstance(self.last_sync_at, datetime.datetime):
            last_sync_at = self.last_sync_at.isoformat()
        else:
            last_sync_at = self.last_sync_at

        last_sync_problem: None | str
        last_sync_problem = self.last_sync_problem

        last_groups: list[str] | None
        if isinstance(self.last_groups, list):
            last_groups = self.last_groups


        else:
            last_groups = self.last_groups

        last_claims: dict[str, Any] | None
        if isinstance(self.last_claims, UserSsoIdentitiesItemLastClaimsType0):
            last_claims = self.last_claims.to_dict()
        else:
            last_claims = self.last_claims

        group_sync = self.group_sync

        mapping = self.mapping.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "provider": provider,
            "issuer": issuer,
            "subject": subject,
            "email": email,
            "last_login_at": last_login_at,
            "last_sync_at": last_sync_at,
            "last_sync_problem": last_sync_problem,
            "last_groups": last_groups,
            "last_claims": last_claims,
            "group_sync": group_sync,
            "mapping": mapping,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.user_sso_identities_item_last_claims_type_0 import UserSsoIdentitiesItemLastClaimsType0 # noqa: PLC0415
        from ..models.user_sso_identities_item_mapping import UserSsoIdentitiesItemMapping # noqa: PLC0415
        d = dict(src_dict)
        id = UUID(d.pop("id"))




        provider = d.pop("provider")

        issuer = d.pop("issuer")

        subject = d.pop("subject")

        def _parse_email(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        email = _parse_email(d.pop("email"))


        def _parse_last_login_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                last_login_at_type_0 = datetime.datetime.fromisoformat(data)



                return last_login_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        last_login_at = _parse_last_login_at(d.pop("last_login_at"))


        def _parse_last_sync_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                last_sync_at_type_0 = datetime.datetime.fromisoformat(data)



                return last_sync_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        last_sync_at = _parse_last_sync_at(d.pop("last_sync_at"))


        def _parse_last_sync_problem(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        last_sync_problem = _parse_last_sync_problem(d.pop("last_sync_problem"))


        def _parse_last_groups(data: object) -> list[str] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                last_groups_type_0 = cast(list[str], data)

                return last_groups_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None, data)

        last_groups = _parse_last_groups(d.pop("last_groups"))


        def _parse_last_claims(data: object) -> None | UserSsoIdentitiesItemLastClaimsType0:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                last_claims_type_0 = UserSsoIdentitiesItemLastClaimsType0.from_dict(data)



                return last_claims_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UserSsoIdentitiesItemLastClaimsType0, data)

        last_claims = _parse_last_claims(d.pop("last_claims"))


        group_sync = d.pop("group_sync")

        mapping = UserSsoIdentitiesItemMapping.from_dict(d.pop("mapping"))




        user_sso_identities_item = cls(
            id=id,
            provider=provider,
            issuer=issuer,
            subject=subject,
            email=email,
            last_login_at=last_login_at,
            last_sync_at=last_sync_at,
            last_sync_problem=last_sync_problem,
            last_groups=last_groups,
            last_claims=last_claims,
            group_sync=group_sync,
            mapping=mapping,
        )


        user_sso_identities_item.additional_properties = d
        return user_sso_identities_item

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

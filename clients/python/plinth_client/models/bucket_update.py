from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.namespace_reference import NamespaceReference
  from ..models.owner_reference import OwnerReference





T = TypeVar("T", bound="BucketUpdate")



@_attrs_define
class BucketUpdate:
    """ The fields to change; at least one.

        Example:
            {'cors_allow_all': True}

        Attributes:
            cors_allow_all (bool | Unset): Allow or stop browser use from any origin.
            owner_reference (None | OwnerReference | Unset): The Kubernetes object that owns the bucket (needs the right to
                reveal credentials); null drops it.
            adoptable_by (NamespaceReference | None | Unset): Release the bucket to one namespace, whose objects may then
                adopt it while it has no owner (needs the right to reveal credentials); null withdraws the release.
     """

    cors_allow_all: bool | Unset = UNSET
    owner_reference: None | OwnerReference | Unset = UNSET
    adoptable_by: NamespaceReference | None | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.namespace_reference import NamespaceReference # noqa: PLC0415
        from ..models.owner_reference import OwnerReference # noqa: PLC0415
        cors_allow_all = self.cors_allow_all

        owner_reference: dict[str, Any] | None | Unset
        if isinstance(self.owner_reference, Unset):
            owner_reference = UNSET
        elif isinstance(self.owner_reference, OwnerReference):
            owner_reference = self.owner_reference.to_dict()
        else:
            owner_reference = self.owner_reference

        adoptable_by: dict[str, Any] | None | Unset
        if isinstance(self.adoptable_by, Unset):
            adoptable_by = UNSET
        elif isinstance(self.adoptable_by, NamespaceReference):
            adoptable_by = self.adoptable_by.to_dict()
        else:
            adoptable_by = self.adoptable_by


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if cors_allow_all is not UNSET:
            field_dict["cors_allow_all"] = cors_allow_all
        if owner_reference is not UNSET:
            field_dict["owner_reference"] = owner_reference
        if adoptable_by is not UNSET:
            field_dict["adoptable_by"] = adoptable_by

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.namespace_reference import NamespaceReference # noqa: PLC0415
        from ..models.owner_reference import OwnerReference # noqa: PLC0415
        d = dict(src_dict)
        cors_allow_all = d.pop("cors_allow_all", UNSET)

        def _parse_owner_reference(data: object) -> None | OwnerReference | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                owner_reference_type_0 = OwnerReference.from_dict(data)



                return owner_reference_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | OwnerReference | Unset, data)

        owner_reference = _parse_owner_reference(d.pop("owner_reference", UNSET))


        def _parse_adoptable_by(data: object) -> NamespaceReference | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                adoptable_by_type_0 = NamespaceReference.from_dict(data)



                return adoptable_by_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(NamespaceReference | None | Unset, data)

        adoptable_by = _parse_adoptable_by(d.pop("adoptable_by", UNSET))


        bucket_update = cls(
            cors_allow_all=cors_allow_all,
            owner_reference=owner_reference,
            adoptable_by=adoptable_by,
        )

        return bucket_update


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
  from ..models.owner_reference import OwnerReference





T = TypeVar("T", bound="BucketCreate")



@_attrs_define
class BucketCreate:
    """ A bucket to create, or to adopt when the caller already has it.

        Example:
            {'name': 'team-a-data', 'region': 'eu-central', 'organization': '0b7e4c2a-9d1f-4e3b-8a6c-5f2d1e0c9b8a',
                'workspace': '7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d', 'cors_allow_all': False}

        Attributes:
            name (str): A DNS label of 3-63 lowercase letters, digits and dashes; unique in its region.
            region (str): A region from GET /api/v1/s3/regions/.
            organization (UUID): The owning organization.
            workspace (UUID): A workspace of that organization.
            cors_allow_all (bool | Unset): Let browsers on any origin use the bucket (false when absent).
            owner_reference (OwnerReference | Unset): The Kubernetes object that asked for the bucket (set by the operator).
     """

    name: str
    region: str
    organization: UUID
    workspace: UUID
    cors_allow_all: bool | Unset = UNSET
    owner_reference: OwnerReference | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.owner_reference import OwnerReference # noqa: PLC0415
        name = self.name

        region = self.region

        organization = str(self.organization)

        workspace = str(self.workspace)

        cors_allow_all = self.cors_allow_all

        owner_reference: dict[str, Any] | Unset = UNSET
        if not isinstance(self.owner_reference, Unset):
            owner_reference = self.owner_reference.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "name": name,
            "region": region,
            "organization": organization,
            "workspace": workspace,
        })
        if cors_allow_all is not UNSET:
            field_dict["cors_allow_all"] = cors_allow_all
        if owner_reference is not UNSET:
            field_dict["owner_reference"] = owner_reference

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.owner_reference import OwnerReference # noqa: PLC0415
        d = dict(src_dict)
        name = d.pop("name")

        region = d.pop("region")

        organization = UUID(d.pop("organization"))




        workspace = UUID(d.pop("workspace"))




        cors_allow_all = d.pop("cors_allow_all", UNSET)

        _owner_reference = d.pop("owner_reference", UNSET)
        owner_reference: OwnerReference | Unset
        if isinstance(_owner_reference,  Unset):
            owner_reference = UNSET
        else:
            owner_reference = OwnerReference.from_dict(_owner_reference)




        bucket_create = cls(
            name=name,
            region=region,
            organization=organization,
            workspace=workspace,
            cors_allow_all=cors_allow_all,
            owner_reference=owner_reference,
        )

        return bucket_create


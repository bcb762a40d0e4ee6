from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from uuid import UUID






T = TypeVar("T", bound="BucketImport")



@_attrs_define
class BucketImport:
    """ A bucket that exists on a cluster but not in Plinth, to bring under management.

        Example:
            {'name': 'legacy-reports', 'region': 'eu-central', 'organization': '0b7e4c2a-9d1f-4e3b-8a6c-5f2d1e0c9b8a',
                'workspace': '7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d'}

        Attributes:
            name (str): The bucket as it is named on the cluster.
            region (str): The region whose cluster has the bucket.
            organization (UUID): The organization that will own it.
            workspace (UUID): A workspace of that organization.
     """

    name: str
    region: str
    organization: UUID
    workspace: UUID





    def to_dict(self) -> dict[str, Any]:
        name = self.name

        region = self.region

        organization = str(self.organization)

        workspace = str(self.workspace)


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "name": name,
            "region": region,
            "organization": organization,
            "workspace": workspace,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        region = d.pop("region")

        organization = UUID(d.pop("organization"))




        workspace = UUID(d.pop("workspace"))




        bucket_import = cls(
            name=name,
            region=region,
            organization=organization,
            workspace=workspace,
        )

        return bucket_import


from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
from uuid import UUID
import datetime






T = TypeVar("T", bound="BucketHealth")



@_attrs_define
class BucketHealth:
    """ What the storage cluster says of a bucket now: whether the bucket and its current access key exist there.

        Example:
            {'bucket_id': '5e4d3c2b-1a09-4f8e-8d7c-6b5a4f3e2d1c', 'healthy': True, 'bucket_exists': True,
                'access_key_exists': True, 'checked_at': '2026-11-25T02:00:00.000Z'}

        Attributes:
            bucket_id (UUID): The bucket's ID. Example: 5e4d3c2b-1a09-4f8e-8d7c-6b5a4f3e2d1c.
            healthy (bool): True when both the bucket and its access key exist on the storage cluster. Example: True.
            bucket_exists (bool): Whether the bucket exists on its storage cluster. Example: True.
            access_key_exists (bool): Whether the bucket's current access user (its access key) exists on the storage
                cluster. Example: True.
            checked_at (datetime.datetime): When the storage cluster answered (the time of this check). Example:
                2026-11-25T02:00:00.000Z.
     """

    bucket_id: UUID
    healthy: bool
    bucket_exists: bool
    access_key_exists: bool
    checked_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        bucket_id = str(self.bucket_id)

        healthy = self.healthy

        bucket_exists = self.bucket_exists

        access_key_exists = self.access_key_exists

        checked_at = self.checked_at.isoformat()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "bucket_id": bucket_id,
            "healthy": healthy,
            "bucket_exists": bucket_exists,
            "access_key_exists": access_key_exists,
            "checked_at": checked_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        bucket_id = UUID(d.pop("bucket_id"))




        healthy = d.pop("healthy")

        bucket_exists = d.pop("bucket_exists")

        access_key_exists = d.pop("access_key_exists")

        checked_at = datetime.datetime.fromisoformat(d.pop("checked_at"))




        bucket_health = cls(
            bucket_id=bucket_id,
            healthy=healthy,
            bucket_exists=bucket_exists,
            access_key_exists=access_key_exists,
            checked_at=checked_at,
        )


        bucket_health.additional_properties = d
        return bucket_health

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

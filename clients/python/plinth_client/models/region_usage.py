from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
import datetime






T = TypeVar("T", bound="RegionUsage")



@_attrs_define
class RegionUsage:
    """ One region's buckets, occupancy and objects.

        Attributes:
            name (str): The region name buckets are created in.
            cluster (str): The storage cluster that serves it.
            bucket_count (int): Buckets the caller can see in the region.
            bytes_ (int): Their total occupancy in bytes.
            objects (int): Their total number of objects.
            usage_updated_at (datetime.datetime | None): The oldest usage measurement in the sum, or null if none is
                measured yet. Example: 2026-11-21T10:00:00.000Z.
     """

    name: str
    cluster: str
    bucket_count: int
    bytes_: int
    objects: int
    usage_updated_at: datetime.datetime | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        name = self.name

        cluster = self.cluster

        bucket_count = self.bucket_count

        bytes_ = self.bytes_

        objects = self.objects

        usage_updated_at: None | str
        if isinstance(self.usage_updated_at, datetime.datetime):
            usage_updated_at = self.usage_updated_at.isoformat()
        else:
            usage_updated_at = self.usage_updated_at


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "name": name,
            "cluster": cluster,
            "bucket_count": bucket_count,
            "bytes": bytes_,
            "objects": objects,
            "usage_updated_at": usage_updated_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        cluster = d.pop("cluster")

        bucket_count = d.pop("bucket_count")

        bytes_ = d.pop("bytes")

        objects = d.pop("objects")

        def _parse_usage_updated_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                usage_updated_at_type_0 = datetime.datetime.fromisoformat(data)



                return usage_updated_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        usage_updated_at = _parse_usage_updated_at(d.pop("usage_updated_at"))


        region_usage = cls(
            name=name,
            cluster=cluster,
            bucket_count=bucket_count,
            bytes_=bytes_,
            objects=objects,
            usage_updated_at=usage_updated_at,
        )


        region_usage.additional_properties = d
        return region_usage

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

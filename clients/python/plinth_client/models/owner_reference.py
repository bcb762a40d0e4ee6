from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="OwnerReference")



@_attrs_define
class OwnerReference:
    """ The Kubernetes object that asked for the bucket (set by the operator).

        Attributes:
            cluster_id (str): The Kubernetes cluster (the operator’s ID).
            namespace (str): The object's namespace.
            name (str): The object's name.
            uid (str): The object's UID.
     """

    cluster_id: str
    namespace: str
    name: str
    uid: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        cluster_id = self.cluster_id

        namespace = self.namespace

        name = self.name

        uid = self.uid


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "cluster_id": cluster_id,
            "namespace": namespace,
            "name": name,
            "uid": uid,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        cluster_id = d.pop("cluster_id")

        namespace = d.pop("namespace")

        name = d.pop("name")

        uid = d.pop("uid")

        owner_reference = cls(
            cluster_id=cluster_id,
            namespace=namespace,
            name=name,
            uid=uid,
        )


        owner_reference.additional_properties = d
        return owner_reference

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

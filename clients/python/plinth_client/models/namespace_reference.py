from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="NamespaceReference")



@_attrs_define
class NamespaceReference:
    """ One namespace of one Kubernetes cluster.

        Attributes:
            cluster_id (str): The Kubernetes cluster (the operator’s ID).
            namespace (str): The namespace.
     """

    cluster_id: str
    namespace: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        cluster_id = self.cluster_id

        namespace = self.namespace


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "cluster_id": cluster_id,
            "namespace": namespace,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        cluster_id = d.pop("cluster_id")

        namespace = d.pop("namespace")

        namespace_reference = cls(
            cluster_id=cluster_id,
            namespace=namespace,
        )


        namespace_reference.additional_properties = d
        return namespace_reference

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

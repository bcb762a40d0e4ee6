from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="UploadUrlRequest")



@_attrs_define
class UploadUrlRequest:
    """ The object to upload.

        Example:
            {'key': 'reports/2026-11.csv', 'content_type': 'text/csv', 'expires_in': 900}

        Attributes:
            key (str): The object key: at most 1024 bytes of UTF-8, no control characters.
            content_type (str | Unset): The Content-Type the upload must send (signed into the URL).
            expires_in (int | Unset): How long the URL works, in seconds (60–3600; 900 when absent).
     """

    key: str
    content_type: str | Unset = UNSET
    expires_in: int | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        key = self.key

        content_type = self.content_type

        expires_in = self.expires_in


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "key": key,
        })
        if content_type is not UNSET:
            field_dict["content_type"] = content_type
        if expires_in is not UNSET:
            field_dict["expires_in"] = expires_in

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        key = d.pop("key")

        content_type = d.pop("content_type", UNSET)

        expires_in = d.pop("expires_in", UNSET)

        upload_url_request = cls(
            key=key,
            content_type=content_type,
            expires_in=expires_in,
        )

        return upload_url_request


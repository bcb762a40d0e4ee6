from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.upload_url_method import UploadUrlMethod
from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.upload_url_headers import UploadUrlHeaders





T = TypeVar("T", bound="UploadUrl")



@_attrs_define
class UploadUrl:
    """ A presigned upload: PUT the object body to `url` with `headers`.

        Example:
            {'url': 'https://s3.eu-central.example.com/team-a-data/reports/2026-11.csv?X-Amz-Algorithm=AWS4-HMAC-
                SHA256&X-Amz-Signature=…', 'method': 'PUT', 'headers': {'Content-Type': 'text/csv'}, 'expires_at':
                '2026-11-21T10:15:00.000Z'}

        Attributes:
            url (str): The presigned URL to send the object to.
            method (UploadUrlMethod): The HTTP method to use.
            headers (UploadUrlHeaders): Headers the upload must send as they are (signed into the URL).
            expires_at (datetime.datetime): When the URL stops working. Example: 2026-11-21T10:00:00.000Z.
     """

    url: str
    method: UploadUrlMethod
    headers: UploadUrlHeaders
    expires_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.upload_url_headers import UploadUrlHeaders # noqa: PLC0415
        url = self.url

        method = self.method.value

        headers = self.headers.to_dict()

        expires_at = self.expires_at.isoformat()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "url": url,
            "method": method,
            "headers": headers,
            "expires_at": expires_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.upload_url_headers import UploadUrlHeaders # noqa: PLC0415
        d = dict(src_dict)
        url = d.pop("url")

        method = UploadUrlMethod(d.pop("method"))




        headers = UploadUrlHeaders.from_dict(d.pop("headers"))




        expires_at = datetime.datetime.fromisoformat(d.pop("expires_at"))




        upload_url = cls(
            url=url,
            method=method,
            headers=headers,
            expires_at=expires_at,
        )


        upload_url.additional_properties = d
        return upload_url

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

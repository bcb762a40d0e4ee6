from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast
import datetime






T = TypeVar("T", bound="AlertAcknowledge")



@_attrs_define
class AlertAcknowledge:
    """ An acknowledgement of this firing.

        Example:
            {'comment': 'Looking into it; the database failed over.'}

        Attributes:
            comment (str): What you are doing about it.
            until (datetime.datetime | Unset): End it then at the latest (at most 30 days ahead); it ends anyway when the
                alert resolves.
     """

    comment: str
    until: datetime.datetime | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        comment = self.comment

        until: str | Unset = UNSET
        if not isinstance(self.until, Unset):
            until = self.until.isoformat()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "comment": comment,
        })
        if until is not UNSET:
            field_dict["until"] = until

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        comment = d.pop("comment")

        _until = d.pop("until", UNSET)
        until: datetime.datetime | Unset
        if isinstance(_until,  Unset):
            until = UNSET
        else:
            until = datetime.datetime.fromisoformat(_until)




        alert_acknowledge = cls(
            comment=comment,
            until=until,
        )

        return alert_acknowledge


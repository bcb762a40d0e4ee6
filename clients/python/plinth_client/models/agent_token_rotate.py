from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="AgentTokenRotate")



@_attrs_define
class AgentTokenRotate:
    """ How to rotate an agent’s token.

        Example:
            {'grace_seconds': 3600}

        Attributes:
            grace_seconds (int | Unset): How long the tokens it has keep working (default one hour, at most seven days; 0
                ends them now).
     """

    grace_seconds: int | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        grace_seconds = self.grace_seconds


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if grace_seconds is not UNSET:
            field_dict["grace_seconds"] = grace_seconds

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        grace_seconds = d.pop("grace_seconds", UNSET)

        agent_token_rotate = cls(
            grace_seconds=grace_seconds,
        )

        return agent_token_rotate


from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="ActionRunFinish")



@_attrs_define
class ActionRunFinish:
    """ How a client’s run ended.

        Example:
            {'exit_code': 0}

        Attributes:
            exit_code (int): The action’s exit code: 0 stopped, else failed.
            output (str | Unset): Its output; kept only when the workspace turns transaction logging on.
     """

    exit_code: int
    output: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        exit_code = self.exit_code

        output = self.output


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "exit_code": exit_code,
        })
        if output is not UNSET:
            field_dict["output"] = output

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        exit_code = d.pop("exit_code")

        output = d.pop("output", UNSET)

        action_run_finish = cls(
            exit_code=exit_code,
            output=output,
        )

        return action_run_finish


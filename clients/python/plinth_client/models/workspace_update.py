from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.workspace_update_config import WorkspaceUpdateConfig





T = TypeVar("T", bound="WorkspaceUpdate")



@_attrs_define
class WorkspaceUpdate:
    """ The fields to change; at least one. `config` replaces the whole configuration.

        Example:
            {'config': {'events': {'handler': 'webhook', 'endpoint': 'https://hooks.example.com/plinth'}}}

        Attributes:
            name (str | Unset): A new name.
            config (WorkspaceUpdateConfig | Unset): Workspace configuration, a JSON object nested at most 32 levels deep
                (the object itself is the first). The keys `blocks`, `workflows`, `events`, `transactions` and `runner` are
                checked as docs/events.md describes; other keys are free-form.
     """

    name: str | Unset = UNSET
    config: WorkspaceUpdateConfig | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.workspace_update_config import WorkspaceUpdateConfig # noqa: PLC0415
        name = self.name

        config: dict[str, Any] | Unset = UNSET
        if not isinstance(self.config, Unset):
            config = self.config.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if name is not UNSET:
            field_dict["name"] = name
        if config is not UNSET:
            field_dict["config"] = config

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.workspace_update_config import WorkspaceUpdateConfig # noqa: PLC0415
        d = dict(src_dict)
        name = d.pop("name", UNSET)

        _config = d.pop("config", UNSET)
        config: WorkspaceUpdateConfig | Unset
        if isinstance(_config,  Unset):
            config = UNSET
        else:
            config = WorkspaceUpdateConfig.from_dict(_config)




        workspace_update = cls(
            name=name,
            config=config,
        )

        return workspace_update


from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.action_run_start_run_by import ActionRunStartRunBy
from ..types import UNSET, Unset
from uuid import UUID






T = TypeVar("T", bound="ActionRunStart")



@_attrs_define
class ActionRunStart:
    """ An action (or workflow) of the workspace configuration to run.

        Example:
            {'workspace': '7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d', 'block': 'app', 'action': 'deploy'}

        Attributes:
            workspace (UUID): The workspace whose configuration declares it.
            block (str | Unset): The block (with `action`).
            action (str | Unset): The block’s action.
            workflow (str | Unset): A workflow instead: its steps run in order, one transaction each.
            run_by (ActionRunStartRunBy | Unset): server (default): a runner of the API runs it; client: the caller runs it
                and reports with finish.
            command (str | Unset): A client’s run: the command line it runs (secret-looking values are redacted).
            client_version (str | Unset): The client’s version, the event’s `version`.
     """

    workspace: UUID
    block: str | Unset = UNSET
    action: str | Unset = UNSET
    workflow: str | Unset = UNSET
    run_by: ActionRunStartRunBy | Unset = UNSET
    command: str | Unset = UNSET
    client_version: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        workspace = str(self.workspace)

        block = self.block

        action = self.action

        workflow = self.workflow

        run_by: str | Unset = UNSET
        if not isinstance(self.run_by, Unset):
            run_by = self.run_by.value


        command = self.command

        client_version = self.client_version


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "workspace": workspace,
        })
        if block is not UNSET:
            field_dict["block"] = block
        if action is not UNSET:
            field_dict["action"] = action
        if workflow is not UNSET:
            field_dict["workflow"] = workflow
        if run_by is not UNSET:
            field_dict["run_by"] = run_by
        if command is not UNSET:
            field_dict["command"] = command
        if client_version is not UNSET:
            field_dict["client_version"] = client_version

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        workspace = UUID(d.pop("workspace"))




        block = d.pop("block", UNSET)

        action = d.pop("action", UNSET)

        workflow = d.pop("workflow", UNSET)

        _run_by = d.pop("run_by", UNSET)
        run_by: ActionRunStartRunBy | Unset
        if isinstance(_run_by,  Unset):
            run_by = UNSET
        else:
            run_by = ActionRunStartRunBy(_run_by)




        command = d.pop("command", UNSET)

        client_version = d.pop("client_version", UNSET)

        action_run_start = cls(
            workspace=workspace,
            block=block,
            action=action,
            workflow=workflow,
            run_by=run_by,
            command=command,
            client_version=client_version,
        )

        return action_run_start


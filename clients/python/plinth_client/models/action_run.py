from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.action_run_run_by import ActionRunRunBy
from ..models.action_run_status import ActionRunStatus
from typing import cast
from uuid import UUID
import datetime






T = TypeVar("T", bound="ActionRun")



@_attrs_define
class ActionRun:
    """ An executed action: one transaction.

        Example:
            {'id': '2b4c6d8e-0f1a-4b3c-8d5e-7f9a1b3c5d7e', 'organization': '0b7e4c2a-9d1f-4e3b-8a6c-5f2d1e0c9b8a',
                'workspace': '7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d', 'block': 'app', 'action': 'deploy', 'workflow': None,
                'workflow_run': None, 'step': None, 'command': 'deploy --env production', 'client_version': None, 'run_by':
                'server', 'runner': 'oci', 'image': 'deployer:v1', 'user': '6d3f0c8e-5b1a-4f7e-9c2d-8a4b3e1f0a77', 'user_email':
                'alice@example.com', 'user_name': 'Alice', 'status': 'stopped', 'exit_code': 0, 'reason': None, 'snapshot_id':
                'sha256:9f2c…', 'deadline_seconds': 600, 'output_kept': False, 'output_truncated': False, 'created_at':
                '2026-11-26T04:30:00.000Z', 'started_at': '2026-11-26T04:30:00.100Z', 'finished_at': '2026-11-26T04:30:02.000Z'}

        Attributes:
            id (UUID): The transaction ID: the run’s ID, in its event as `transaction`.
            organization (UUID): The organization.
            workspace (UUID): The workspace.
            block (str): The block whose action ran.
            action (str): The action.
            workflow (None | str): The workflow, for a step of one.
            workflow_run (None | UUID): The ID every step of this workflow run shares.
            step (int | None): The step, from 1.
            command (str): The command line, secret-looking values redacted.
            client_version (None | str): The version of the client that started it.
            run_by (ActionRunRunBy): Who runs it: a runner of the API, or the client.
            runner (None | str): The API’s runner (`oci`, `kubernetes`); null for a client’s run.
            image (str): The block’s image.
            user (None | UUID): Who started it.
            user_email (None | str): Their e-mail, as the event carries it.
            user_name (None | str): Their name, as the event carries it.
            status (ActionRunStatus): created, running, then stopped (exit 0), failed (other exit, or could not start) or
                killed.
            exit_code (int | None): The exit code, once it ended.
            reason (None | str): Why it failed or was killed (deadline, cancelled, …).
            snapshot_id (str): The content hash of the configuration snapshot it ran with.
            deadline_seconds (int): How long it may run before it is killed.
            output_kept (bool): Its output is kept after it ends (`transactions.logging`).
            output_truncated (bool): The output went past the server’s limit and was cut.
            created_at (datetime.datetime): When it was started. Example: 2026-11-21T10:00:00.000Z.
            started_at (datetime.datetime | None): When it began running. Example: 2026-11-21T10:00:00.000Z.
            finished_at (datetime.datetime | None): When it ended. Example: 2026-11-21T10:00:00.000Z.
     """

    id: UUID
    organization: UUID
    workspace: UUID
    block: str
    action: str
    workflow: None | str
    workflow_run: None | UUID
    step: int | None
    command: str
    client_version: None | str
    run_by: ActionRunRunBy
    runner: None | str
    image: str
    user: None | UUID
    user_email: None | str
    user_name: None | str
    status: ActionRunStatus
    exit_code: int | None
    reason: None | str
    snapshot_id: str
    deadline_seconds: int
    output_kept: bool
    output_truncated: bool
    created_at: datetime.datetime
    started_at: datetime.datetime | None
    finished_at: datetime.datetime | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        organization = str(self.organization)

        workspace = str(self.workspace)

        block = self.block

        action = self.action

        workflow: None | str
        workflow = self.workflow

        workflow_run: None | str
        if isinstance(self.workflow_run, UUID):
            workflow_run = str(self.workflow_run)
        else:
            workflow_run = self.workflow_run

        step: int | None
        step = self.step

        command = self.command

        client_version: None | str
        client_version = self.client_version

        run_by = self.run_by.value

        runner: None | str
        runner = self.runner

        image = self.image

        user: None | str
        if isinstance(self.user, UUID):
            user = str(self.user)
        else:
            user = self.user

        user_email: None | str
        user_email = self.user_email

        user_name: None | str
        user_name = self.user_name

        status = self.status.value

        exit_code: int | None
        exit_code = self.exit_code

        reason: None | str
        reason = self.reason

        snapshot_id = self.snapshot_id

        deadline_seconds = self.deadline_seconds

        output_kept = self.output_kept

        output_truncated = self.output_truncated

        created_at = self.created_at.isoformat()

        started_at: None | str
        if isinstance(self.started_at, datetime.datetime):
            started_at = self.started_at.isoformat()
        else:
            started_at = self.started_at

        finished_at: None | str
        if isinstance(self.finished_at, datetime.datetime):
            finished_at = self.finished_at.isoformat()
        else:
            finished_at = self.finished_at


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "organization": organization,
            "workspace": workspace,
            "block": block,
            "action": action,
            "workflow": workflow,
            "workflow_run": workflow_run,
            "step": step,
            "command": command,
            "client_version": client_version,
            "run_by": run_by,
            "runner": runner,
            "image": image,
            "user": user,
            "user_email": user_email,
            "user_name": user_name,
            "status": status,
            "exit_code": exit_code,
            "reason": reason,
            "snapshot_id": snapshot_id,
            "deadline_seconds": deadline_seconds,
            "output_kept": output_kept,
            "output_truncated": output_truncated,
            "created_at": created_at,
            "started_at": started_at,
            "finished_at": finished_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))




        organization = UUID(d.pop("organization"))




        workspace = UUID(d.pop("workspace"))




        block = d.pop("block")

        action = d.pop("action")

        def _parse_workflow(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        workflow = _parse_workflow(d.pop("workflow"))


        def _parse_workflow_run(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                workflow_run_type_0 = UUID(data)



                return workflow_run_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        workflow_run = _parse_workflow_run(d.pop("workflow_run"))


        def _parse_step(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        step = _parse_step(d.pop("step"))


        command = d.pop("command")

        def _parse_client_version(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        client_version = _parse_client_version(d.pop("client_version"))


        run_by = ActionRunRunBy(d.pop("run_by"))




        def _parse_runner(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        runner = _parse_runner(d.pop("runner"))


        image = d.pop("image")

        def _parse_user(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                user_type_0 = UUID(data)



                return user_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        user = _parse_user(d.pop("user"))


        def _parse_user_email(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        user_email = _parse_user_email(d.pop("user_email"))


        def _parse_user_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        user_name = _parse_user_name(d.pop("user_name"))


        status = ActionRunStatus(d.pop("status"))




        def _parse_exit_code(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        exit_code = _parse_exit_code(d.pop("exit_code"))


        def _parse_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        reason = _parse_reason(d.pop("reason"))


        snapshot_id = d.pop("snapshot_id")

        deadline_seconds = d.pop("deadline_seconds")

        output_kept = d.pop("output_kept")

        output_truncated = d.pop("output_truncated")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))




        def _parse_started_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                started_at_type_0 = datetime.datetime.fromisoformat(data)



                return started_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        started_at = _parse_started_at(d.pop("started_at"))


        def _parse_finished_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                finished_at_type_0 = datetime.datetime.fromisoformat(data)



                return finished_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        finished_at = _parse_finished_at(d.pop("finished_at"))


        action_run = cls(
            id=id,
            organization=organization,
            workspace=workspace,
            block=block,
            action=action,
            workflow=workflow,
            workflow_run=workflow_run,
            step=step,
            command=command,
            client_version=client_version,
            run_by=run_by,
            runner=runner,
            image=image,
            user=user,
            user_email=user_email,
            user_name=user_name,
            status=status,
            exit_code=exit_code,
            reason=reason,
            snapshot_id=snapshot_id,
            deadline_seconds=deadline_seconds,
            output_kept=output_kept,
            output_truncated=output_truncated,
            created_at=created_at,
            started_at=started_at,
            finished_at=finished_at,
        )


        action_run.additional_properties = d
        return action_run

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

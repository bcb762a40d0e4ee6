from enum import StrEnum

class ActionRunStatus(StrEnum):
    CREATED = "created"
    FAILED = "failed"
    KILLED = "killed"
    RUNNING = "running"
    STOPPED = "stopped"

    def __str__(self) -> str:
        return str(self.value)

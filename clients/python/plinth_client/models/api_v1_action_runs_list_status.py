from enum import StrEnum

class ApiV1ActionRunsListStatus(StrEnum):
    CREATED = "created"
    FAILED = "failed"
    KILLED = "killed"
    RUNNING = "running"
    STOPPED = "stopped"

    def __str__(self) -> str:
        return str(self.value)

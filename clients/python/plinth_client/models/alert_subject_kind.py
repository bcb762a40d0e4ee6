from enum import StrEnum

class AlertSubjectKind(StrEnum):
    AGENT = "agent"
    ENDPOINT = "endpoint"

    def __str__(self) -> str:
        return str(self.value)

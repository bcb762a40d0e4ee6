from enum import StrEnum

class ApiV1ActionRunsOutputRetrieveFollow(StrEnum):
    FALSE = "false"
    TRUE = "true"

    def __str__(self) -> str:
        return str(self.value)

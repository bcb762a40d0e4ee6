from enum import StrEnum

class ApiKeyKind(StrEnum):
    ORGANIZATION = "organization"
    SYSTEM = "system"
    USER = "user"

    def __str__(self) -> str:
        return str(self.value)

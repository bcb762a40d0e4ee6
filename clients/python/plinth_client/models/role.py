from enum import StrEnum

class Role(StrEnum):
    ADMIN = "admin"
    USER = "user"
    VIEWER = "viewer"

    def __str__(self) -> str:
        return str(self.value)

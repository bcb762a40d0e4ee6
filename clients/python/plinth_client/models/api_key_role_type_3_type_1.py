from enum import StrEnum

class ApiKeyRoleType3Type1(StrEnum):
    ADMIN = "admin"
    USER = "user"
    VIEWER = "viewer"

    def __str__(self) -> str:
        return str(self.value)

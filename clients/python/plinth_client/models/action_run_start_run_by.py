from enum import StrEnum

class ActionRunStartRunBy(StrEnum):
    CLIENT = "client"
    SERVER = "server"

    def __str__(self) -> str:
        return str(self.value)

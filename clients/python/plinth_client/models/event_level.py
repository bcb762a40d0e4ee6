from enum import StrEnum

class EventLevel(StrEnum):
    ERROR = "Error"
    INFO = "Info"
    WARNING = "Warning"

    def __str__(self) -> str:
        return str(self.value)

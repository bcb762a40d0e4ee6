from enum import StrEnum

class UploadUrlMethod(StrEnum):
    PUT = "PUT"

    def __str__(self) -> str:
        return str(self.value)

from enum import StrEnum

class HttpCheckMethod(StrEnum):
    GET = "GET"
    HEAD = "HEAD"
    OPTIONS = "OPTIONS"
    POST = "POST"
    PUT = "PUT"

    def __str__(self) -> str:
        return str(self.value)

from enum import StrEnum

class CheckEndpointCreateKind(StrEnum):
    DNS = "dns"
    HTTP = "http"
    TCP = "tcp"

    def __str__(self) -> str:
        return str(self.value)

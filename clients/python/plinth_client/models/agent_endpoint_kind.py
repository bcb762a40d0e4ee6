from enum import StrEnum

class AgentEndpointKind(StrEnum):
    DNS = "dns"
    HTTP = "http"
    TCP = "tcp"

    def __str__(self) -> str:
        return str(self.value)

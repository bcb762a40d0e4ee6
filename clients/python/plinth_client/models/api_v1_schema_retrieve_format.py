from enum import StrEnum

class ApiV1SchemaRetrieveFormat(StrEnum):
    JSON = "json"
    YAML = "yaml"

    def __str__(self) -> str:
        return str(self.value)

"""Messages of the data part of the program (id -> English, German)."""

MESSAGES: dict[str, tuple[str, str]] = {
}

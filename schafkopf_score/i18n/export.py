"""Messages of the export part of the program (id -> English, German)."""

MESSAGES: dict[str, tuple[str, str]] = {
}

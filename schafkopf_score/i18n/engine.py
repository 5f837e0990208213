"""Messages of the engine part of the program (id -> English, German)."""

MESSAGES: dict[str, tuple[str, str]] = {
    "engine.family_title": ("{title}", "{title}"),  # placeholder until family and game names are translated
}

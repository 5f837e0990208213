"""Words every part of the program uses: joins, the error frame, yes/no."""

MESSAGES: dict[str, tuple[str, str]] = {
    "common.and": ("and", "und"),
    "common.or": ("or", "oder"),
    "common.error": ("Error: {message}", "Fehler: {message}"),
    "common.did_you_mean": ("Did you mean {name}?", "Meintest du {name}?"),
    "common.did_you_mean_q": ("Did you mean '{name}'?", "Meintest du '{name}'?"),
}

"""Messages of the cli part of the program (id -> English, German)."""

MESSAGES: dict[str, tuple[str, str]] = {
    "cli.os_error": ("{problem}{where}.", "{problem}{where}."),
    "cli.os_error_hint": (
        "A hand this command records is committed before its answer is printed; "
        "schafkopf sheet shows what the ledger holds.",
        "Ein Spiel, das dieser Befehl einträgt, ist gespeichert, bevor die Antwort erscheint; "
        "schafkopf sheet zeigt, was im Buch steht."),
    "cli.ledger_full": ("The ledger cannot be written: {problem}.", "Das Spielbuch kann nicht geschrieben werden: {problem}."),
    "cli.ledger_full_hint": ("Nothing of this command was recorded; make room on the disk and try again.",
                             "Von diesem Befehl wurde nichts eingetragen; schaff Platz auf der Platte und versuch es noch einmal."),
    "cli.ledger_unusable": ("The ledger cannot be used: {problem}.", "Das Spielbuch kann nicht benutzt werden: {problem}."),
    "cli.ledger_unusable_hint": (
        "It was left as it is. If it is damaged, restore a backup; if busy, try again.",
        "Es blieb unverändert. Ist es beschädigt, spiel eine Sicherung zurück; ist es belegt, versuch es noch einmal."),
    "cli.interrupted": ("Interrupted; nothing half-written was kept.", "Abgebrochen; nichts Halbfertiges wurde behalten."),
    "cli.output_failed": (
        "the output could not be written ({problem}). A hand this command records is committed before its "
        "answer is printed; schafkopf sheet shows what the ledger holds.",
        "die Ausgabe konnte nicht geschrieben werden ({problem}). Ein Spiel, das dieser Befehl einträgt, ist "
        "gespeichert, bevor die Antwort erscheint; schafkopf sheet zeigt, was im Buch steht."),
}

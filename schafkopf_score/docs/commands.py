"""The command reference and the man page, from the program's own ``--help`` (typer's click
tree rendered in-process at a fixed width), and the README's one-line command list."""

from __future__ import annotations

from typing import Any

from .. import __version__
from .common import MAN_WIDTH, REGENERATE, WIDTH, _cell, anchor


def command_tree(width: int = WIDTH) -> list[tuple[list[str], Any, Any]]:
    """Every command as ``(path, click command, click context)``, the group first, depth first,
    in the order ``--help`` lists them; the contexts carry the fixed width."""
    from typer._click import core

    from ..cli.app import app

    root = app.click_command()
    out: list[tuple[list[str], Any, Any]] = []

    def walk(cmd: Any, path: list[str], parent: Any) -> None:
        ctx = core.Context(cmd, info_name=path[-1], parent=parent, terminal_width=width, max_content_width=width)
        out.append((path, cmd, ctx))
        for name, sub in getattr(cmd, "commands", {}).items():
            if not getattr(sub, "hidden", False):
                walk(sub, [*path, name], ctx)

    walk(root, ["schafkopf"], None)
    return out


def help_text(cmd: Any, ctx: Any) -> str:
    """A command's ``--help`` as the program prints it at ``WIDTH`` columns."""
    return str(cmd.get_help(ctx)).rstrip() + "\n"


def options_of(cmd: Any) -> list[str]:
    """Every option spelling and argument name of a command (``--player``, ``--spieler``, ``GAME``)."""
    names: list[str] = []
    for param in cmd.params:
        if getattr(param, "param_type_name", "") == "argument":
            names.append(param.human_readable_name.upper())  # (as the usage line and the help show it: cli.app.plain_usage)
        else:
            names += [o for o in [*param.opts, *param.secondary_opts] if o.startswith("-")]
    return names


def summary(cmd: Any) -> str:
    """The first sentence of a command's help."""
    text = (cmd.help or "").split("\n\n")[0].replace("\n", " ").strip()
    return text


def commands_page() -> str:
    tree = command_tree()
    lines = [
        "# Command reference",
        "",
        f"Generated from the program's own `--help` ({WIDTH} columns) by `{REGENERATE}`; do not edit.",
        "Every command also takes the global `--table PATH` (before or after the command) and `--help`.",
        "",
        "| command | does |",
        "|---|---|",
    ]
    for path, cmd, _ in tree[1:]:
        title = " ".join(path)
        lines.append(f"| [`{title}`](#{anchor(title)}) | {_cell(summary(cmd))} |")
    for path, cmd, ctx in tree:
        title = " ".join(path)
        lines += ["", f"## {title}", "", "```text", help_text(cmd, ctx).rstrip(), "```"]
    return "\n".join(lines) + "\n"


def readme_commands() -> str:
    """The README's command list: one line a command, linking into the reference."""
    tree = command_tree()
    out = []
    for path, cmd, _ in tree[1:]:
        if len(path) > 2:
            continue
        title = " ".join(path)
        out.append(f"- [`{title}`](docs/reference/commands.md#{anchor(title)}): {summary(cmd)}")
    return "\n".join(out) + "\n"


# -- the man page ----------------------------------------------------------------------------------

def _roff(text: str) -> str:
    lines = []
    for line in text.replace("\\", "\\e").replace("-", "\\-").splitlines():
        lines.append("\\&" + line if line.startswith((".", "'")) else line)
    return "\n".join(lines)


def man_page() -> str:
    tree = command_tree(MAN_WIDTH)
    root_cmd = tree[0][1]
    out = [
        f'.TH SCHAFKOPF 1 "" "schafkopf-score {__version__}" "User Commands"',
        ".SH NAME",
        "schafkopf \\- " + _roff(summary(root_cmd).rstrip(".")),
        ".SH SYNOPSIS",
        ".B schafkopf",
        "[\\fB\\-\\-table\\fR \\fIPATH\\fR] \\fICOMMAND\\fR [\\fIARGS\\fR]...",
        ".SH DESCRIPTION",
        "After every game someone types the result; the program checks it against the table's rules,",
        "computes what everyone wins or pays, keeps the running sheet in a ledger (SQLite beside the",
        "table file, or PostgreSQL) and at the end of the evening settles the money with the fewest",
        "transfers. The table file comes from \\fB\\-\\-table\\fR, else \\fBSCHAFKOPF_TABLE\\fR, else",
        "\\fIschafkopf.toml\\fR in the current folder. A wrong entry is answered with what is wrong and",
        "how to fix it, exit status 2, and nothing written.",
        ".SH COMMANDS",
    ]
    for path, cmd, ctx in tree:
        out += [f'.SS "{" ".join(path)}"', ".nf", _roff(help_text(cmd, ctx).rstrip()), ".fi"]
    out += [
        ".SH ENVIRONMENT",
        ".TP", ".B SCHAFKOPF_TABLE", "The table file, where \\fB\\-\\-table\\fR is not given.",
        ".TP", ".B SCHAFKOPF_BUSY_TIMEOUT",
        "Seconds a write waits for a ledger another process holds (default 30).",
        ".SH FILES",
        ".TP", ".I schafkopf.toml", "The table file used when none is named.",
        ".TP", ".I NAME.sqlite", "The ledger beside the table file NAME.toml (unless its \\fBledger\\fR key says otherwise).",
        ".SH EXIT STATUS",
        "0 when the command did its work; 2 for a refused entry or a file that cannot be used (nothing",
        "written); 1 from \\fBcheck\\fR when it found a problem.",
        ".SH SEE ALSO",
        "The guide and the reference in the repository's \\fIdocs/\\fR folder.",
    ]
    return "\n".join(out) + "\n"

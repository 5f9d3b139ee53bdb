"""Print, as .po entries ready to translate, the msgids missing from the French catalogue."""

import sys
from pathlib import Path

import polib

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from apps.core.i18n_catalog import CATALOGUE, source_msgids


def main() -> int:
    catalogue = polib.pofile(str(CATALOGUE))
    known = {entry.msgid for entry in catalogue}
    missing = {m: where for m, where in source_msgids().items() if m not in known}
    for msgid, where in sorted(missing.items(), key=lambda item: item[1]):
        entry = polib.POEntry(msgid=msgid, msgstr="", occurrences=[(where, "")])
        print(entry)
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())

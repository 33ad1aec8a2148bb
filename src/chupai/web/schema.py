"""Print the JSON Schema of the ``chupai serve`` protocol:
``python -m chupai.web.schema > docs/protocol.schema.json``."""

from __future__ import annotations

import json
import sys

from chupai.web.protocol import json_schema


def main() -> None:
    sys.stdout.write(json.dumps(json_schema(), indent=2, ensure_ascii=False, sort_keys=True) + "\n")


if __name__ == "__main__":
    main()

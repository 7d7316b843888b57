#!/usr/bin/env python3
"""Checks scene files against scene.schema.json (JSON Schema draft 2020-12).

    tools/check-schema.py FILE…            every file must be valid (exit 1 otherwise)
    tools/check-schema.py --invalid FILE…  every file must be invalid

Exit 3 when the `jsonschema` package is missing (Debian: apt-get install python3-jsonschema).
"""
import json
import os
import sys

try:
    import jsonschema
except ImportError:
    print("check-schema: the Python package jsonschema is missing "
          "(apt-get install python3-jsonschema, or pip install jsonschema)", file=sys.stderr)
    sys.exit(3)

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
schema = json.load(open(os.path.join(root, "scene.schema.json"), encoding="utf-8"))
jsonschema.Draft202012Validator.check_schema(schema)
validator = jsonschema.Draft202012Validator(schema)

args = sys.argv[1:]
want_valid = True
if args and args[0] == "--invalid":
    want_valid = False
    args = args[1:]
if not args:
    print(__doc__, file=sys.stderr)
    sys.exit(2)

wrong = 0
for path in args:
    errors = list(validator.iter_errors(json.load(open(path, encoding="utf-8"))))
    if want_valid and errors:
        wrong += 1
        for e in errors[:5]:
            where = "/".join(str(p) for p in e.absolute_path)
            print(f"{path}: {where}: {e.message[:300]}")
    elif not want_valid and not errors:
        wrong += 1
        print(f"{path}: valid against the schema, but it should fail")
print(f"check-schema: {len(args) - wrong} of {len(args)} files "
      f"{'valid' if want_valid else 'rejected'} as expected")
sys.exit(1 if wrong else 0)

#!/usr/bin/env python3
"""Checks app/Cargo.toml's [package.metadata.packager] against the JSON schema that ships in the
cargo-packager crate, so a typo in the Windows/macOS configuration shows up on Linux too.

    cargo info cargo-packager@0.11.8 >/dev/null   # unpacks the crate into ~/.cargo/registry/src
    pip install jsonschema
    python3 dist/check-packager-config.py
"""

import glob
import json
import os
import subprocess
import sys

import jsonschema

VERSION = "0.11.8"

metadata = json.loads(subprocess.run(
    ["cargo", "metadata", "--no-deps", "--format-version", "1"],
    check=True, capture_output=True, text=True).stdout)
config = next(p for p in metadata["packages"] if p["name"] == "cardtable")["metadata"]["packager"]
pattern = os.path.expanduser(f"~/.cargo/registry/src/*/cargo-packager-{VERSION}/schema.json")
schemas = glob.glob(pattern)
if not schemas:
    sys.exit(f"no {pattern}: run `cargo info cargo-packager@{VERSION}` first")
with open(schemas[0], encoding="utf-8") as schema:
    jsonschema.validate(config, json.load(schema))
print(f"[package.metadata.packager] is valid for cargo-packager {VERSION}")

#!/usr/bin/env bash
# Builds Cardtable's Linux packages from a clean checkout, with nothing but crates.io:
#   target/dist/cardtable_VERSION-1_ARCH.deb          (cargo-deb: binary, desktop entry, icons,
#                                                      AppStream metadata, declared Depends)
#   target/dist/cardtable-VERSION-ARCH-linux.tar.gz   (the same files, for ~/.local)
# Usage: dist/build-linux.sh [--profile NAME] [--no-build]
#   default: build the `dist` profile (release with fat LTO, one codegen unit: what ships);
#   CI packages the binary its test build already made
#   (`--profile dev --no-build`), so it does not pay for a second optimised build.
# Installs the pinned cargo-deb first if it is missing (a crates.io build, ~2 min).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo_deb_version=3.8.0
profile=dist
build=()
while [ $# -gt 0 ]; do
  case $1 in
    --profile) profile=${2:?--profile needs a name}; shift 2 ;;
    --no-build) build=(--no-build); shift ;;
    *) echo "unknown argument: $1"; exit 2 ;;
  esac
done
target=${CARGO_TARGET_DIR:-target}
out=$target/dist

if [ "$(cargo deb --version 2>/dev/null)" != "cargo-deb $cargo_deb_version" ]; then
  echo "installing cargo-deb $cargo_deb_version"
  cargo install cargo-deb --version "$cargo_deb_version" --locked --quiet
fi

version=$(cargo pkgid -p cardtable | sed 's/.*@//')
mkdir -p "$out"
rm -f "$out"/cardtable_*.deb "$out"/cardtable-*-linux.tar.gz
cargo deb -p cardtable --locked --profile "$profile" "${build[@]}" --output "$out/"
deb=$(ls "$out"/cardtable_"$version"-*.deb)

# The tarball is the .deb's own file tree, so both always hold the same files.
arch=$(uname -m)
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
dpkg-deb --extract "$deb" "$stage/root"
name=cardtable-$version-$arch-linux
mv "$stage/root/usr" "$stage/$name"
tar -C "$stage" --owner=0 --group=0 -czf "$out/$name.tar.gz" "$name"

ls -l "$deb" "$out/$name.tar.gz"
echo "installed size: $(dpkg-deb -f "$deb" Installed-Size) KiB; Depends: $(dpkg-deb -f "$deb" Depends)"

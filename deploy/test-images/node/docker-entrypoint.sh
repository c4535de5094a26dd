#!/bin/sh
# As the official image: arguments that are not a command (a flag, a script) are given to node.
set -e
if [ "${1#-}" != "$1" ] || [ -z "$(command -v "$1" 2>/dev/null)" ] || { [ -f "$1" ] && ! [ -x "$1" ]; }; then
  set -- node "$@"
fi
exec "$@"

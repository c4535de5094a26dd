#!/bin/sh
set -e
case "$1" in
  -* | *.conf) set -- redis-server "$@" ;;
esac
if [ "$1" = redis-server ]; then
  # Without a configuration file, Redis refuses clients from other addresses unless told otherwise.
  case "${2:-}" in
    *.conf) ;;
    *) shift; set -- redis-server --protected-mode no "$@" ;;
  esac
  if [ "$(id -u)" = 0 ]; then
    exec setpriv --reuid=redis --regid=redis --init-groups "$@"
  fi
fi
exec "$@"

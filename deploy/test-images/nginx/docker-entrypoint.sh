#!/bin/sh
# The official image's template step: each /etc/nginx/templates/NAME.template is written to
# /etc/nginx/conf.d/NAME with ${VARIABLE} replaced for the variables set in the environment only, so
# nginx's own $variables stay as they are.
set -e
if [ "$1" = nginx ] && [ -d /etc/nginx/templates ]; then
  defined="$(env | sed -n 's/^\([A-Za-z_][A-Za-z0-9_]*\)=.*/${\1}/p' | tr '\n' ' ')"
  for template in /etc/nginx/templates/*.template; do
    [ -f "$template" ] || continue
    output="/etc/nginx/conf.d/$(basename "$template" .template)"
    envsubst "$defined" < "$template" > "$output"
    echo "$0: wrote $output from $template"
  done
fi
exec "$@"

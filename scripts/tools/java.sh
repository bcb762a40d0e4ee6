#!/usr/bin/env bash
# Prints a JAVA_HOME of a JDK 21 or newer (Keycloak 26 needs 21+; Debian 12's default is 17).
# Looked for, in order: JAVA_HOME when it is new enough, a Temurin JDK under /usr/lib/jvm (these
# machines have one preinstalled), any other JDK under /usr/lib/jvm that is new enough. Nothing is
# downloaded. stdout carries the path and nothing else; when none is found, one line on stderr
# says how to get one, and the exit status is 1.
set -euo pipefail

min=21

# The major version of the JDK at $1 (0 when it is none): from its `release` file, else from
# `java -version` (a few JDK packagings lack the file).
major() {
  local home="$1" v=''
  [ -x "$home/bin/java" ] || { echo 0; return; }
  if [ -f "$home/release" ]; then
    v="$(sed -n 's/^JAVA_VERSION="\([^"]*\)".*/\1/p' "$home/release")"
  fi
  if [ -z "$v" ]; then
    v="$("$home/bin/java" -version 2>&1 | sed -n 's/.* version "\([^"]*\)".*/\1/p' | head -n 1)"
  fi
  v="${v#1.}" # 1.8.0 -> 8
  v="${v%%[!0-9]*}"
  echo "${v:-0}"
}

candidates=()
[ -n "${JAVA_HOME:-}" ] && candidates+=("$JAVA_HOME")
for d in /usr/lib/jvm/temurin-*; do [ -d "$d" ] && candidates+=("$d"); done
for d in /usr/lib/jvm/*; do [ -d "$d" ] && [ ! -L "$d" ] && candidates+=("$d"); done

best='' best_major=0
for home in "${candidates[@]}"; do
  m="$(major "$home")"
  if [ "$m" -ge "$min" ]; then
    # JAVA_HOME and Temurin are taken as found; among the others, the newest.
    if [ "$home" = "${JAVA_HOME:-}" ] || [[ "$home" == /usr/lib/jvm/temurin-* ]]; then
      printf '%s\n' "$home"
      exit 0
    fi
    if [ "$m" -gt "$best_major" ]; then best="$home" best_major="$m"; fi
  fi
done
if [ -n "$best" ]; then
  printf '%s\n' "$best"
  exit 0
fi

echo "java: no JDK $min or newer (JAVA_HOME=${JAVA_HOME:-unset}, none under /usr/lib/jvm): apt-get install -y openjdk-21-jdk-headless (Debian 13) or temurin-25-jdk from packages.adoptium.net, or set JAVA_HOME to one" >&2
exit 1

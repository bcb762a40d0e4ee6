#!/usr/bin/env bash
# Prints the path of a Keycloak distribution for the tests (api/src/test/keycloak-server.ts),
# fetching it on first use: the keycloak-quarkus-dist zip from Maven Central with mvn (into the
# ordinary local Maven repository, ~/.m2/repository), checked against the pinned SHA-256, unpacked
# into a per-version directory of the tool cache. Keycloak 26 needs Java 21+: the JDK is the one
# scripts/tools/java.sh prints.
#
# Two steps are done here once so that no test start pays for them, and nothing is written into
# the cache at run time:
# - `kc.sh build` with the build options the harness uses (H2 file database, health endpoints), so
#   the server starts with `start --optimized` and skips Quarkus's augmentation (about 40 s here).
# - A template H2 database (`plinth-db-template/keycloakdb.mv.db`): the schema migrated and the
#   master realm with the bootstrap admin `admin`/`admin` made by `kc.sh bootstrap-admin user`. The
#   harness copies it into its temp directory, which saves another 20 s or so per start.
#
# stdout carries the path and nothing else; progress goes to stderr. KEYCLOAK_HOME overrides the
# lookup: a distribution of the same version built as below (`kc.sh build --db=dev-file
# --health-enabled=true`); without a template there, each start creates its database.
set -euo pipefail

version='26.4.7'
sha256='dd9834c023460be856f731423d86228c23b5d002194a2064642bec0cc6573eaa'
artifact="org.keycloak:keycloak-quarkus-dist:$version:zip"

if [ -n "${KEYCLOAK_HOME:-}" ]; then
  [ -x "$KEYCLOAK_HOME/bin/kc.sh" ] || { echo "keycloak: KEYCLOAK_HOME=$KEYCLOAK_HOME has no bin/kc.sh" >&2; exit 1; }
  printf '%s\n' "$KEYCLOAK_HOME"
  exit 0
fi

dir="${XDG_CACHE_HOME:-$HOME/.cache}/plinth/tools/keycloak-$version"
home="$dir/keycloak-$version"
# Written last: its presence means the distribution beside it is unpacked, built and templated.
done_marker="$dir/.complete"
if [ -f "$done_marker" ] && [ -x "$home/bin/kc.sh" ]; then
  printf '%s\n' "$home"
  exit 0
fi

here="$(dirname "${BASH_SOURCE[0]}")"
# Keycloak reads KC_* and QUARKUS_* variables as configuration: none of the caller's may reach the
# build below.
unset "${!KC_@}" "${!QUARKUS_@}" JAVA_OPTS JAVA_TOOL_OPTIONS JDK_JAVA_OPTIONS
java_home="$(bash "$here/java.sh")" || {
  echo "keycloak: Keycloak $version needs a JDK 21 or newer (see the line above)" >&2
  exit 1
}
command -v mvn >/dev/null || { echo "keycloak: mvn missing (fetches Keycloak from Maven Central): apt-get install -y maven, or set KEYCLOAK_HOME" >&2; exit 1; }
command -v unzip >/dev/null || { echo "keycloak: unzip missing: apt-get install -y unzip" >&2; exit 1; }

mkdir -p "$dir"
# Test workers may call this at the same time: one fetches, the others wait and reuse its result.
exec 9>"$dir/.lock"
if command -v flock >/dev/null 2>&1; then flock 9; fi
if [ ! -f "$done_marker" ]; then
  echo "keycloak: installing Keycloak $version ($artifact from Maven Central) into $dir (first run only, about 2 minutes)" >&2
  # Everything happens in a scratch directory that is moved into place at the end, so an
  # interrupted run leaves nothing the check above would accept.
  tmp="$(mktemp -d "$dir/.build.XXXXXX")"
  trap 'rm -rf "$tmp"' EXIT

  repo="$HOME/.m2/repository"
  zip="$repo/org/keycloak/keycloak-quarkus-dist/$version/keycloak-quarkus-dist-$version.zip"
  if [ ! -f "$zip" ] || ! echo "$sha256  $zip" | sha256sum -c --status; then
    # -C: fail on a checksum mismatch with Central's .sha1 instead of warning.
    mvn -q -B -C -Dstyle.color=never -Dmaven.repo.local="$repo" dependency:get \
      -Dartifact="$artifact" -Dtransitive=false >&2
  fi
  echo "$sha256  $zip" | sha256sum -c --status || {
    echo "keycloak: $zip does not have the pinned SHA-256 $sha256" >&2
    exit 1
  }
  unzip -q "$zip" -d "$tmp"
  kc="$tmp/keycloak-$version/bin/kc.sh"

  echo "keycloak: kc.sh build (Quarkus augmentation, once)" >&2
  # Must match what api/src/test/keycloak-server.ts passes to `start --optimized`: only build
  # options belong here; the runtime ones (ports, hostname, database URL, cache) are its own.
  # The client compiler only (as the harness runs it): a short-lived JVM on few cores starts faster.
  export JAVA_OPTS_APPEND='-XX:TieredStopAtLevel=1'
  JAVA_HOME="$java_home" "$kc" build --db=dev-file --health-enabled=true >"$tmp/build.log" 2>&1 || {
    tail -n 30 "$tmp/build.log" >&2
    exit 1
  }

  echo "keycloak: creating the template database (schema and master realm, once)" >&2
  run="$tmp/run"
  mkdir -p "$run/tmp"
  # Management port 0 (any free one): it would otherwise bind 0.0.0.0:9000 while it runs.
  KC_TEMPLATE_ADMIN=admin JAVA_HOME="$java_home" "$kc" bootstrap-admin user --optimized --no-prompt \
    --username:env=KC_TEMPLATE_ADMIN --password:env=KC_TEMPLATE_ADMIN \
    --http-management-port=0 \
    "--db-url=jdbc:h2:file:$run/h2/keycloakdb;NON_KEYWORDS=VALUE" \
    "-Dquarkus.transaction-manager.object-store.directory=$run/transaction-logs" \
    "-Djava.io.tmpdir=$run/tmp" >"$tmp/template.log" 2>&1 || {
    tail -n 30 "$tmp/template.log" >&2
    exit 1
  }
  mkdir "$tmp/keycloak-$version/plinth-db-template"
  mv "$run/h2/keycloakdb.mv.db" "$tmp/keycloak-$version/plinth-db-template/"

  rm -rf "${home:?}"
  mv "$tmp/keycloak-$version" "$home"
  touch "$done_marker"
fi
printf '%s\n' "$home"

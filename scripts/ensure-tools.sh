#!/usr/bin/env bash
# Makes sure the tools the test suite needs are present: builds MinIO, etcd, Kubernetes, helm,
# kubeconform and Alertmanager from the Go module proxy into the cache (with the Go of
# scripts/tools/go.sh, which fetches the pinned toolchain into the same cache when the machine has
# no Go or an older one), builds Garage from crates.io with cargo, installs Schemathesis from PyPI
# into a cached virtual environment, and installs PostgreSQL, Chromium, openssl, shellcheck, jq,
# curl, zsh and fish from Debian's packages when running as root (CI, these machines), runc,
# umoci, skopeo and busybox-static for the OCI action runner's tests, and dnsmasq for the
# monitoring agent's DNS checks. One line per tool says what is missing and how to get it otherwise.
set -euo pipefail

missing=()
pg_ok=false
if [ -n "${DATABASE_URL:-}" ] || [ -n "${PG_BIN:-}" ] || compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null; then
  pg_ok=true
fi
$pg_ok || missing+=(postgresql)
chromium_path="${CHROMIUM_PATH:-/usr/bin/chromium}"
[ -x "$chromium_path" ] || missing+=(chromium)

command -v openssl >/dev/null || missing+=(openssl)
command -v shellcheck >/dev/null || missing+=(shellcheck)
# The README's first-bucket lines (e2e/first-bucket.test.ts) sign S3 requests with curl --aws-sigv4.
command -v jq >/dev/null || missing+=(jq)
command -v curl >/dev/null || missing+=(curl)
# `plinth completion zsh|fish` is loaded in those shells (e2e/cli.test.ts).
command -v zsh >/dev/null || missing+=(zsh)
command -v fish >/dev/null || missing+=(fish)
# The OCI action runner's tests (api/src/areas/runs/runners/oci.int.test.ts) run containers with
# runc, unpack images with umoci, pack archives with skopeo and build the image from busybox: a
# static one, as it is copied alone into an empty root filesystem (ldd fails on a static binary).
command -v runc >/dev/null || missing+=(runc)
command -v umoci >/dev/null || missing+=(umoci)
command -v skopeo >/dev/null || missing+=(skopeo)
{ [ -x /bin/busybox ] && ! ldd /bin/busybox >/dev/null 2>&1; } || missing+=(busybox-static)
# The monitoring agent's DNS checks are tested against a real DNS server (api/src/test/dnsmasq-
# server.ts), on a free loopback port as any user. dnsmasq-base is the binary alone: the dnsmasq
# package adds a system service that would try to serve port 53. /usr/sbin is not on every PATH.
[ -n "${DNSMASQ_BIN:-}" ] || command -v dnsmasq >/dev/null || [ -x /usr/sbin/dnsmasq ] || missing+=(dnsmasq-base)

# Built tools (cached outside the checkout, keyed by pinned version), so no test waits on a build:
# MinIO, and the Kubernetes control plane the operator's tests run against (etcd, kube-apiserver,
# kube-controller-manager, kubectl). A cold cache took 21.5 minutes on 2 busy cores with no Go
# installed (README "Tests"), once.
#
# The second S3 backend's test server (api/src/test/garage-server.ts): Garage 2.5.0 built from
# crates.io with cargo, SQLite only at opt-level 1: 17.5 minutes (1048 s) cold at the lowest CPU
# priority while a whole test suite ran on the same 2 cores; later runs only check the file. It
# builds in the background while the tools below do: cargo's and Go's builds each have stretches
# on one core (downloads, the last crates, links) that the other fills. Its own process group,
# so a failure below stops it too.
set -m
bash scripts/tools/garage.sh >/dev/null &
garage=$!
set +m
trap 'kill -- -"$garage" 2>/dev/null || true' EXIT
bash scripts/tools/minio.sh >/dev/null
bash scripts/tools/etcd.sh >/dev/null
bash scripts/tools/kube.sh >/dev/null
# The chart and manifest checks.
bash scripts/tools/helm.sh >/dev/null
bash scripts/tools/kubeconform.sh >/dev/null
# The alerting tests' reference Alertmanager (api/src/test/alertmanager-server.ts): v0.28.1 from the
# Go module proxy, 59 s cold (empty tool, Go build and module caches, 2 cores at load 2.5).
bash scripts/tools/alertmanager.sh >/dev/null
# The fuzz run of the OpenAPI document (e2e/fuzz.test.ts): Schemathesis from PyPI in a virtual
# environment, about 20 seconds when cold.
bash scripts/tools/schemathesis.sh >/dev/null
# The clients (e2e/clients/, e2e/openapi.test.ts): oapi-codegen built from the Go module proxy,
# openapi-python-client from PyPI, Redocly CLI and pnpm from npm.
bash scripts/tools/oapi-codegen.sh >/dev/null
bash scripts/tools/openapi-python-client.sh >/dev/null
bash scripts/tools/redocly.sh >/dev/null
bash scripts/tools/pnpm.sh >/dev/null
# The single sign-on tests' identity provider (api/src/test/keycloak-server.ts): Keycloak from
# Maven Central, built and given a template database once (needs a JDK 21+, scripts/tools/java.sh);
# about 1.6 minutes when cold (measured 98 s on 2 busy cores, the 159 MB download included).
bash scripts/tools/keycloak.sh >/dev/null
wait "$garage" || { echo "tools: building the Garage test server failed (its output is above)" >&2; exit 1; }
trap - EXIT

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

for pkg in "${missing[@]}"; do
  case "$pkg" in
    postgresql) echo "tools: PostgreSQL server binaries missing (needed for the real-database tests): apt-get install -y postgresql, or set DATABASE_URL" ;;
    openssl) echo "tools: openssl missing (the Kubernetes test harness makes its certificates with it): apt-get install -y openssl" ;;
    chromium) echo "tools: Chromium missing (needed for the docs browser test): apt-get install -y chromium, or set CHROMIUM_PATH" ;;
    shellcheck) echo "tools: shellcheck missing (npm test lints the shell scripts with it): apt-get install -y shellcheck" ;;
    zsh | fish) echo "tools: $pkg missing (the command line's completion scripts are loaded in it, e2e/cli.test.ts): apt-get install -y $pkg" ;;
    runc | umoci | skopeo | busybox-static) echo "tools: $pkg missing (the OCI action runner's tests need it, api/src/areas/runs/runners/oci.int.test.ts): apt-get install -y $pkg" ;;
    dnsmasq-base) echo "tools: dnsmasq missing (the monitoring agent's DNS checks are tested against it, api/src/test/dnsmasq-server.ts): apt-get install -y dnsmasq-base, or set DNSMASQ_BIN" ;;
    jq | curl) echo "tools: $pkg missing (the README's first-bucket lines use it, e2e/first-bucket.test.ts): apt-get install -y $pkg" ;;
  esac
done

if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "tools: installing ${missing[*]} with apt-get"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
else
  echo "tools: not root or no apt-get; install the packages above and run again" >&2
  exit 1
fi

#!/usr/bin/env bash
# The whole journey on a laptop, in a throwaway kind cluster:
#   build both images -> kind cluster -> PostgreSQL and MinIO -> helm install charts/plinth ->
#   sign in as the bootstrap admin, create an organization, a workspace and an organization key ->
#   the operator's Secret -> annotate a namespace, apply the sample S3Bucket, wait for Ready ->
#   a pod with only the bucket's Secret (envFrom) writes and reads an object with the AWS CLI.
# Needs docker, kind, kubectl, helm, curl, jq and openssl; host ports 30080 and 30900 free
# (config/kind/cluster.yaml). Deletes the cluster at the end unless KEEP_CLUSTER=1.
#
#   e2e/kind/run.sh                  # about 5 minutes with a warm Docker cache
#   KEEP_CLUSTER=1 e2e/kind/run.sh   # keep it: kubectl --context kind-plinth-e2e ...
set -euo pipefail
cd "$(dirname "$0")/../.."

CLUSTER="${KIND_CLUSTER:-plinth-e2e}"
CONTEXT="kind-$CLUSTER"
KEEP_CLUSTER="${KEEP_CLUSTER:-0}"
# Release and namespace: the names below follow from them (charts/plinth/templates/_helpers.tpl).
RELEASE=plinth
NS=plinth-system
API_DEPLOY=plinth-api
OPERATOR_DEPLOY=plinth-operator
# NodePort 30080 of the plinth-api Service (e2e/kind/values.yaml), mapped to the host by
# config/kind/cluster.yaml.
API="http://127.0.0.1:30080"
# The chart's image repositories, tagged with its appVersion (what it deploys by default).
TAG="${IMAGE_TAG:-$(sed -n "s/^appVersion: *['\"]\{0,1\}\([^'\"]*\)['\"]\{0,1\} *$/\1/p" charts/plinth/Chart.yaml)}"
API_IMAGE="ghcr.io/plinth-dev/plinth-api:$TAG"
OPERATOR_IMAGE="ghcr.io/plinth-dev/plinth-operator:$TAG"
AWS_CLI_IMAGE="${AWS_CLI_IMAGE:-amazon/aws-cli:2.27.50}"
# From config/samples/: the namespace and the S3Bucket (region eu-central, as in values.yaml).
TEAM_NS=team-a
BUCKET=team-a-data

log() { printf '\n== %s\n' "$*"; }
die() {
  echo "run.sh: $*" >&2
  exit 1
}
k() { kubectl --context "$CONTEXT" "$@"; }

for tool in docker kind kubectl helm curl jq openssl; do
  command -v "$tool" >/dev/null || die "$tool is required (prerequisites: README.md, \"Try it on a laptop\")"
done
[ -n "$TAG" ] || die "cannot read appVersion from charts/plinth/Chart.yaml"
if kind get clusters 2>/dev/null | grep -qx "$CLUSTER"; then
  die "a kind cluster named $CLUSTER exists; delete it (kind delete cluster --name $CLUSTER) or set KIND_CLUSTER"
fi

created=false
on_exit() {
  local status=$?
  trap - EXIT
  if [ "$status" -ne 0 ] && $created; then
    echo >&2
    echo "== FAILED (exit $status): the cluster's state, events and logs" >&2
    k get pods,deployments,services -A -o wide >&2 || true
    k get s3buckets -A -o yaml >&2 || true
    k get events -A --sort-by=.lastTimestamp 2>/dev/null | tail -n 60 >&2 || true
    k -n "$NS" logs -l app.kubernetes.io/instance="$RELEASE" --all-containers --prefix --tail=100 >&2 || true
    k -n "$NS" logs deploy/minio --tail=50 >&2 || true
    k -n "$TEAM_NS" logs pod/s3-app >&2 || true
  fi
  if $created; then
    if [ "$KEEP_CLUSTER" = 1 ]; then
      echo "Kept the cluster: kubectl --context $CONTEXT ...; kind delete cluster --name $CLUSTER when done."
    else
      log "deleting the cluster"
      kind delete cluster --name "$CLUSTER" || true
    fi
  fi
  exit "$status"
}
trap on_exit EXIT

# Creates a Secret from KEY=VALUE pairs through stdin, so values never appear in a command line
# (nor, as `kubectl apply` would leave them, in a last-applied-configuration annotation).
secret() {
  local namespace=$1 name=$2 kv
  shift 2
  {
    printf 'apiVersion: v1\nkind: Secret\nmetadata: {name: %s, namespace: %s}\nstringData:\n' "$name" "$namespace"
    for kv in "$@"; do printf '  %s: %s\n' "${kv%%=*}" "$(printf '%s' "${kv#*=}" | jq -Rs .)"; done
  } | k create -f - >/dev/null
}

# api METHOD PATH [JSON]: prints the response body; fails with the status and body otherwise.
# The body goes through stdin (it may hold the admin password).
api() {
  local args=(-sS -X "$1" "$API$2" -H 'Content-Type: application/json' -w '\n%{http_code}') out code
  if [ -n "${TOKEN:-}" ]; then args+=(-H "Authorization: Bearer $TOKEN"); fi
  if [ $# -ge 3 ]; then args+=(--data-binary @-); fi
  out=$(curl "${args[@]}" <<<"${3:-}") || return 1
  code=${out##*$'\n'}
  out=${out%$'\n'*}
  case "$code" in
    2*) printf '%s\n' "$out" ;;
    *)
      echo "run.sh: $1 $2 answered $code: $out" >&2
      return 1
      ;;
  esac
}

log "building $API_IMAGE and $OPERATOR_IMAGE"
docker build -f Dockerfile.api -t "$API_IMAGE" .
docker build -f Dockerfile.operator -t "$OPERATOR_IMAGE" .

log "creating the kind cluster $CLUSTER (config/kind/cluster.yaml)"
created=true
kind create cluster --name "$CLUSTER" --config config/kind/cluster.yaml --wait 120s
kind load docker-image --name "$CLUSTER" "$API_IMAGE" "$OPERATOR_IMAGE"

log "PostgreSQL and MinIO in $NS (e2e/kind/manifests/)"
k create namespace "$NS"
PG_PASSWORD=$(openssl rand -hex 16)
MINIO_PASSWORD=$(openssl rand -hex 16)
ADMIN_PASSWORD=$(openssl rand -hex 12)
secret "$NS" postgresql-auth POSTGRES_USER=plinth POSTGRES_PASSWORD="$PG_PASSWORD" POSTGRES_DB=plinth
secret "$NS" minio-root MINIO_ROOT_USER=plinth-admin MINIO_ROOT_PASSWORD="$MINIO_PASSWORD"
# The Secrets e2e/kind/values.yaml names.
secret "$NS" plinth-database-url DATABASE_URL="postgres://plinth:$PG_PASSWORD@postgresql.$NS.svc:5432/plinth"
secret "$NS" plinth-bootstrap-admin PLINTH_BOOTSTRAP_ADMIN_PASSWORD="$ADMIN_PASSWORD"
k -n "$NS" apply -f e2e/kind/manifests/
k -n "$NS" rollout status deploy/postgresql --timeout=300s
k -n "$NS" rollout status deploy/minio --timeout=300s

log "helm install $RELEASE charts/plinth -f e2e/kind/values.yaml"
# No --wait: the operator's pod waits for its token Secret, which needs the API first.
helm --kube-context "$CONTEXT" install "$RELEASE" charts/plinth --namespace "$NS" \
  -f e2e/kind/values.yaml --set api.image.tag="$TAG" --set operator.image.tag="$TAG"
k -n "$NS" rollout status "deploy/$API_DEPLOY" --timeout=300s
for _ in $(seq 60); do
  curl -fsS "$API/readyz" >/dev/null 2>&1 && break
  sleep 1
done
curl -fsS "$API/readyz" >/dev/null || die "$API/readyz is not 200 (port 30080 mapped to the host?)"

log "signing in as admin; organization, workspace and an organization key for the operator"
# (The generated password is hex: no JSON escaping needed.)
TOKEN=$(api POST /api/login/ "$(printf '{"username":"admin","password":"%s"}' "$ADMIN_PASSWORD")" | jq -r .token)
ORG_ID=$(api POST /api/v1/organizations/ '{"slug":"acme","name":"Acme"}' | jq -r .id)
WORKSPACE_ID=$(api POST /api/v1/workspaces/ "$(jq -nc --arg o "$ORG_ID" '{organization: $o, name: "Team A"}')" | jq -r .id)
# Role admin, so that S3Buckets with deletionPolicy: Delete work too (user suffices otherwise);
# the bucket scopes only, as docs/operator.md recommends.
KEY=$(api POST "/api/v1/organizations/$ORG_ID/api-keys/" \
  '{"name":"plinth-operator","role":"admin","scopes":["buckets:read","buckets:write"]}' | jq -r .token)
echo "organization $ORG_ID, workspace $WORKSPACE_ID, key ${KEY:0:8}…"
secret "$NS" plinth-operator-token PLINTH_API_TOKEN="$KEY"
# Its pod has been waiting for that Secret (CreateContainerConfigError); a new one starts at once.
k -n "$NS" rollout restart "deploy/$OPERATOR_DEPLOY"
k -n "$NS" rollout status "deploy/$OPERATOR_DEPLOY" --timeout=300s

log "namespace $TEAM_NS mapped to the workspace; the sample S3Bucket"
k apply -f config/samples/namespace.yaml
k annotate namespace "$TEAM_NS" --overwrite \
  plinth.dev/organization="$ORG_ID" plinth.dev/workspace="$WORKSPACE_ID"
k apply -f config/samples/plinth_v1alpha1_s3bucket.yaml
k -n "$TEAM_NS" wait "s3bucket/$BUCKET" --for=condition=Ready --timeout=180s
k -n "$TEAM_NS" get s3buckets
SECRET_NAME=$(k -n "$TEAM_NS" get "s3bucket/$BUCKET" -o jsonpath='{.status.secretName}')
k -n "$TEAM_NS" get secret "$SECRET_NAME" -o json |
  jq -r '"Secret \(.metadata.name): \(.data | keys | join(", ")); AWS_ENDPOINT_URL_S3=\(.data.AWS_ENDPOINT_URL_S3 | @base64d)"'

log "an application with only the Secret: put and get an object with the AWS CLI"
# No endpoint, region or addressing settings besides the Secret: the AWS CLI sends requests for an
# endpoint given by AWS_ENDPOINT_URL_S3 path-style (http://minio.plinth-system.svc:9000/<bucket>/…).
k apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: s3-app
  namespace: $TEAM_NS
spec:
  restartPolicy: Never
  containers:
    - name: app
      image: $AWS_CLI_IMAGE
      command: [sh, -ec]
      args:
        - |
          echo "hello from \$HOSTNAME" > /tmp/hello.txt
          aws s3 cp /tmp/hello.txt "s3://\$BUCKET_NAME/hello.txt"
          aws s3 ls "s3://\$BUCKET_NAME/"
          echo "read back: \$(aws s3 cp "s3://\$BUCKET_NAME/hello.txt" -)"
      envFrom:
        - secretRef: { name: $SECRET_NAME }
EOF
phase=""
for _ in $(seq 150); do
  phase=$(k -n "$TEAM_NS" get pod s3-app -o jsonpath='{.status.phase}' || true)
  case "$phase" in Succeeded | Failed) break ;; esac
  sleep 2
done
k -n "$TEAM_NS" logs pod/s3-app
[ "$phase" = Succeeded ] || die "the application pod ended $phase"
k -n "$TEAM_NS" logs pod/s3-app | grep -q '^read back: hello from s3-app$' || die "the object did not read back"
# The API's view of the same bucket.
api GET /api/v1/s3/buckets/ | jq -e --arg b "$BUCKET" '[.results[] | select(.name == $b)] | length == 1' >/dev/null ||
  die "the API does not list the bucket $BUCKET"

log "the journey passed"

{{/* Names and labels shared by every template. */}}

{{- define "plinth.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/*
"<release>-<chart>", or the release name alone when it already contains the chart name. Kept to
50 characters so that "<fullname>-api", a Service name, stays a 63-character DNS label.
*/}}
{{- define "plinth.fullname" -}}
{{- if .Values.fullnameOverride }}
{{- .Values.fullnameOverride | trunc 50 | trimSuffix "-" }}
{{- else }}
{{- $name := default .Chart.Name .Values.nameOverride }}
{{- if contains $name .Release.Name }}
{{- .Release.Name | trunc 50 | trimSuffix "-" }}
{{- else }}
{{- printf "%s-%s" .Release.Name $name | trunc 50 | trimSuffix "-" }}
{{- end }}
{{- end }}
{{- end }}

{{- define "plinth.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/* Labels of every resource; call with (dict "ctx" $ "component" "api"). */}}
{{- define "plinth.labels" -}}
helm.sh/chart: {{ include "plinth.chart" .ctx }}
{{ include "plinth.selectorLabels" . }}
app.kubernetes.io/version: {{ .ctx.Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .ctx.Release.Service }}
app.kubernetes.io/part-of: plinth
{{- with .ctx.Values.commonLabels }}
{{ toYaml . }}
{{- end }}
{{- end }}

{{- define "plinth.selectorLabels" -}}
app.kubernetes.io/name: {{ include "plinth.name" .ctx }}
app.kubernetes.io/instance: {{ .ctx.Release.Name }}
{{- with .component }}
app.kubernetes.io/component: {{ . }}
{{- end }}
{{- end }}

{{/* "<repository>:<tag>" or "<repository>@<digest>"; call with (dict "ctx" $ "image" .Values.api.image). */}}
{{- define "plinth.image" -}}
{{- if .image.digest }}
{{- printf "%s@%s" .image.repository .image.digest }}
{{- else }}
{{- printf "%s:%s" .image.repository (.image.tag | default .ctx.Chart.AppVersion) }}
{{- end }}
{{- end }}

{{- define "plinth.api.fullname" -}}
{{- printf "%s-api" (include "plinth.fullname" .) }}
{{- end }}

{{/* The label that tells the API's metrics Service from its main one (the ServiceMonitor selects it). */}}
{{- define "plinth.api.metricsLabel" -}}
plinth.dev/endpoint: metrics
{{- end }}

{{- define "plinth.operator.fullname" -}}
{{- printf "%s-operator" (include "plinth.fullname" .) }}
{{- end }}

{{- define "plinth.agent.fullname" -}}
{{- printf "%s-agent" (include "plinth.fullname" .) }}
{{- end }}

{{- define "plinth.api.serviceAccountName" -}}
{{- if .Values.api.serviceAccount.create }}
{{- .Values.api.serviceAccount.name | default (include "plinth.api.fullname" .) }}
{{- else }}
{{- .Values.api.serviceAccount.name | default "default" }}
{{- end }}
{{- end }}

{{- define "plinth.operator.serviceAccountName" -}}
{{- .Values.operator.serviceAccount.name | default (include "plinth.operator.fullname" .) }}
{{- end }}

{{- define "plinth.agent.serviceAccountName" -}}
{{- if .Values.agent.serviceAccount.create }}
{{- .Values.agent.serviceAccount.name | default (include "plinth.agent.fullname" .) }}
{{- else }}
{{- .Values.agent.serviceAccount.name | default "default" }}
{{- end }}
{{- end }}

{{- define "plinth.configMapName" -}}
{{- printf "%s-config" (include "plinth.fullname" .) }}
{{- end }}

{{/* The Secret and key holding DATABASE_URL; fails the render when neither or both are set. */}}
{{- define "plinth.database.secretName" -}}
{{- if and .Values.database.url .Values.database.existingSecret }}
{{- fail "database: set either database.url or database.existingSecret, not both" }}
{{- end }}
{{- if .Values.database.existingSecret }}
{{- .Values.database.existingSecret }}
{{- else }}
{{- $_ := required "database: set database.existingSecret (a Secret holding the PostgreSQL URL under database.existingSecretKey, DATABASE_URL by default) or database.url; the API needs a PostgreSQL server" .Values.database.url }}
{{- printf "%s-database" (include "plinth.fullname" .) }}
{{- end }}
{{- end }}

{{- define "plinth.database.secretKey" -}}
{{- if .Values.database.existingSecret }}
{{- .Values.database.existingSecretKey }}
{{- else }}
{{- print "DATABASE_URL" }}
{{- end }}
{{- end }}

{{/* The Secret holding PLINTH_ENCRYPTION_KEY and PLINTH_JWT_SIGNING_KEY. */}}
{{- define "plinth.secrets.name" -}}
{{- .Values.secrets.existingSecret | default (printf "%s-secrets" (include "plinth.fullname" .)) }}
{{- end }}

{{/* The Secret with the first admin's password and its key: the user's, or the generated one. */}}
{{- define "plinth.bootstrapAdmin.secretName" -}}
{{- .Values.bootstrapAdmin.existingSecret | default (printf "%s-bootstrap-admin" (include "plinth.fullname" .)) }}
{{- end }}

{{- define "plinth.bootstrapAdmin.secretKey" -}}
{{- if .Values.bootstrapAdmin.existingSecret }}{{ .Values.bootstrapAdmin.passwordKey }}{{ else }}PLINTH_BOOTSTRAP_ADMIN_PASSWORD{{ end }}
{{- end }}

{{/* PLINTH_TRUST_PROXY: api.trustProxy, or derived from whether the chart's Ingress is in front. */}}
{{- define "plinth.api.trustProxy" -}}
{{- if kindIs "invalid" .Values.api.trustProxy }}
{{- if .Values.api.ingress.enabled }}1{{ else }}false{{ end }}
{{- else }}
{{- .Values.api.trustProxy }}
{{- end }}
{{- end }}

{{- define "plinth.operator.apiUrl" -}}
{{- if .Values.operator.apiUrl }}
{{- .Values.operator.apiUrl }}
{{- else if .Values.api.enabled }}
{{- printf "http://%s:%d" (include "plinth.api.fullname" .) (int .Values.api.service.port) }}
{{- else }}
{{- fail "operator.apiUrl is required when api.enabled is false: the URL of the Plinth API the operator talks to" }}
{{- end }}
{{- end }}

{{/* PLINTH_API_URL of the agent: agent.apiUrl, else this release's API; fails when there is neither. */}}
{{- define "plinth.agent.apiUrl" -}}
{{- if .Values.agent.apiUrl }}
{{- .Values.agent.apiUrl | trimSuffix "/" }}
{{- else if .Values.api.enabled }}
{{- printf "http://%s:%d" (include "plinth.api.fullname" .) (int .Values.api.service.port) }}
{{- else }}
{{- fail "agent.apiUrl is required when api.enabled is false: the base URL the agent reaches the Plinth API at, e.g. --set agent.apiUrl=https://plinth.example.com" }}
{{- end }}
{{- end }}

{{/* The Secret holding the agent's token; fails the render when none is named. */}}
{{- define "plinth.agent.tokenSecret" -}}
{{- required "agent.token.existingSecret is required when agent.enabled is true: the name of a Secret holding the agent's token (pla_..., printed once by `plinth agents create --name <name> --location <location>`) under agent.token.key (token by default), e.g. kubectl create secret generic plinth-agent-token --from-literal=token=pla_...; the chart never takes the token itself" .Values.agent.token.existingSecret }}
{{- end }}

{{/*
A storage quantity in bytes: a whole number with an optional unit, "1Gi", "500M", "1073741824"
(values.schema.json allows exactly these). Call with the quantity.
*/}}
{{- define "plinth.bytes" -}}
{{- $units := dict "" 1 "k" 1000 "M" 1000000 "G" 1000000000 "T" 1000000000000 "Ki" 1024 "Mi" 1048576 "Gi" 1073741824 "Ti" 1099511627776 }}
{{- $quantity := toString . }}
{{- $number := regexFind "^[1-9][0-9]*" $quantity }}
{{- $unit := trimPrefix $number $quantity }}
{{- if or (not $number) (not (hasKey $units $unit)) }}
{{- fail (printf "%q is not a quantity the chart reads: a whole number with an optional unit k, M, G, T, Ki, Mi, Gi or Ti (e.g. 1Gi)" $quantity) }}
{{- end }}
{{- mul (int64 $number) (get $units $unit) }}
{{- end }}

{{/*
PLINTH_AGENT_BUFFER_MAX_BYTES: agent.bufferMaxBytes, at most the buffer's volume; null: 80 % of that
volume (room for the file system's own blocks, ext4's 5 % kept for root, and the segment being
written), within the agent's bounds (64 KiB to 1 TiB).
*/}}
{{- define "plinth.agent.bufferMaxBytes" -}}
{{- $size := include "plinth.bytes" .Values.agent.persistence.size | int64 }}
{{- if kindIs "invalid" .Values.agent.bufferMaxBytes }}
{{- $derived := min (div (mul $size 4) 5) 1099511627776 }}
{{- if lt $derived 65536 }}
{{- fail (printf "agent.persistence.size %s is too small for the agent's buffer: 80 %% of it is below the agent's minimum of 64 KiB; give it 1Gi (the default) or at least 80Ki" .Values.agent.persistence.size) }}
{{- end }}
{{- $derived }}
{{- else }}
{{- $max := .Values.agent.bufferMaxBytes | int64 }}
{{- if gt $max $size }}
{{- fail (printf "agent.bufferMaxBytes %d is larger than agent.persistence.size %s (%d bytes): the buffer would fill its volume before dropping anything; lower it, raise the size, or leave it null (80 %% of the size)" $max .Values.agent.persistence.size $size) }}
{{- end }}
{{- $max }}
{{- end }}
{{- end }}

{{/*
"true" when the operator authenticates with its projected ServiceAccount token (the default):
no operator.apiToken.existingSecret. The API of this release then trusts that ServiceAccount.
*/}}
{{- define "plinth.operator.usesServiceAccountToken" -}}
{{- if and .Values.operator.enabled (not .Values.operator.apiToken.existingSecret) }}true{{- end }}
{{- end }}

{{/* Where the API's pods see the cluster CA and their own token (for OIDC discovery). */}}
{{- define "plinth.api.kubeDir" -}}/var/run/secrets/plinth/kubernetes{{- end }}

{{/* PLINTH_CONFIG: storage.config, plus the operator's ServiceAccount when it uses its token. */}}
{{- define "plinth.api.configFile" -}}
{{- $config := deepCopy .Values.storage.config }}
{{- if include "plinth.operator.usesServiceAccountToken" . }}
{{- $issuer := .Values.api.serviceAccountIssuer }}
{{- /* Bound to this cluster's issuer: another trusted cluster's account of that name is not it. */}}
{{- $account := dict "name" (printf "system:serviceaccount:%s:%s" .Release.Namespace (include "plinth.operator.serviceAccountName" .)) "issuer" $issuer.url }}
{{- if .Values.operator.serviceAccountToken.organization }}
{{- $_ := set $account "organization" .Values.operator.serviceAccountToken.organization }}
{{- else }}
{{- $_ := set $account "all_organizations" true }}
{{- end }}
{{- $_ := set $account "scopes" (list "buckets:read" "buckets:write") }}
{{- $i := dict "url" $issuer.url "audience" .Values.operator.serviceAccountToken.audience "ca_file" (printf "%s/ca.crt" (include "plinth.api.kubeDir" .)) "token_file" (printf "%s/token" (include "plinth.api.kubeDir" .)) }}
{{- with $issuer.discoveryUrl }}
{{- $_ := set $i "discovery_url" . }}
{{- end }}
{{- $_ := set $config "service_accounts" (dict "issuers" (list $i) "accounts" (list $account)) }}
{{- end }}
{{- with (include "plinth.sso.providers" . | fromYamlArray) }}
{{- $_ := set $config "oidc" (dict "providers" .) }}
{{- end }}
{{- toYaml $config }}
{{- end }}

{{/*
PLINTH_PUBLIC_URL: api.publicUrl, or the Ingress's first host (https:// when api.ingress.tls is
set, http:// otherwise); empty when neither says (no Ingress, or a wildcard first host).
*/}}
{{- define "plinth.api.publicUrl" -}}
{{- if .Values.api.publicUrl }}
{{- .Values.api.publicUrl | trimSuffix "/" }}
{{- else if and .Values.api.ingress.enabled .Values.api.ingress.hosts }}
{{- $host := (first .Values.api.ingress.hosts).host }}
{{- if not (hasPrefix "*" $host) }}
{{- printf "http%s://%s" (ternary "s" "" (not (empty .Values.api.ingress.tls))) $host }}
{{- end }}
{{- end }}
{{- end }}

{{/* The variable holding a provider's client secret; call with the provider's name. */}}
{{- define "plinth.sso.secretEnv" -}}
{{- printf "PLINTH_OIDC_%s_CLIENT_SECRET" (. | upper | replace "-" "_") }}
{{- end }}

{{/*
sso.providers as the oidc.providers of PLINTH_CONFIG (a YAML list, empty without providers):
snake_case keys, only those set (the API's defaults for the others) and, for a confidential client,
client_secret_env naming the variable plinth.api.env fills from its Secret, never the secret. Fails
the render on what the API would refuse at start.
*/}}
{{- define "plinth.sso.providers" -}}
{{- $providers := list }}
{{- if and .Values.api.enabled .Values.sso.providers }}
{{- if not (include "plinth.api.publicUrl" .) }}
{{- fail "sso.providers needs the URL users reach the API at (PLINTH_PUBLIC_URL, the origin of each provider's redirect URI <url>/auth/oidc/<name>/callback/): set api.publicUrl (e.g. https://plinth.example.com), or enable api.ingress with a host to derive it from" }}
{{- end }}
{{- $seen := dict }}
{{- range $i, $p := .Values.sso.providers }}
{{- $at := printf "sso.providers[%d]" $i }}
{{- $name := required (printf "%s.name is required: the provider's name in URLs (/auth/oidc/<name>/callback/), a-z, 0-9 and -" $at) $p.name }}
{{- $_ := required (printf "%s.issuer is required (provider %s): the OpenID Connect issuer URL, e.g. https://sso.example.com/realms/plinth" $at $name) $p.issuer }}
{{- $_ := required (printf "%s.clientId is required (provider %s): the client the provider registered for Plinth" $at $name) $p.clientId }}
{{- if hasKey $seen $name }}
{{- fail (printf "%s.name: the provider %s is declared twice" $at $name) }}
{{- end }}
{{- $_ := set $seen $name true }}
{{- $entry := dict "name" $name "issuer" $p.issuer "client_id" $p.clientId }}
{{- with $p.displayName }}{{ $_ := set $entry "display_name" . }}{{ end }}
{{- with $p.clientSecret }}
{{- $_ := set $entry "client_secret_env" (include "plinth.sso.secretEnv" $name) }}
{{- end }}
{{- with $p.scopes }}{{ $_ := set $entry "scopes" . }}{{ end }}
{{- with $p.groupsClaim }}{{ $_ := set $entry "groups_claim" . }}{{ end }}
{{- with $p.groupPrefix }}{{ $_ := set $entry "group_prefix" . }}{{ end }}
{{- with $p.groupParent }}{{ $_ := set $entry "group_parent" . }}{{ end }}
{{- if hasKey $p "superAdminFromGroups" }}{{ $_ := set $entry "super_admin_from_groups" $p.superAdminFromGroups }}{{ end }}
{{- if hasKey $p "organizations" }}{{ $_ := set $entry "organizations" $p.organizations }}{{ end }}
{{- if hasKey $p "groupSync" }}{{ $_ := set $entry "group_sync" $p.groupSync }}{{ end }}
{{- if hasKey $p "allowSignup" }}{{ $_ := set $entry "allow_signup" $p.allowSignup }}{{ end }}
{{- if hasKey $p "resyncIntervalSeconds" }}{{ $_ := set $entry "resync_interval_seconds" (int $p.resyncIntervalSeconds) }}{{ end }}
{{- with $p.cliClientId }}{{ $_ := set $entry "cli_client_id" . }}{{ end }}
{{- $providers = append $providers $entry }}
{{- end }}
{{- end }}
{{- toYaml $providers }}
{{- end }}

{{/* The default mapping is opt-in per namespace: defaults without a selector are refused here. */}}
{{- define "plinth.operator.defaultNamespaceSelector" -}}
{{- if and .Values.operator.defaultOrganization (not .Values.operator.defaultNamespaceSelector) }}
{{- fail "operator.defaultNamespaceSelector is required when operator.defaultOrganization is set: a label selector of the namespaces that may use the default organization and workspace (e.g. plinth.dev/default-workspace=true); other namespaces need the plinth.dev/organization and plinth.dev/workspace annotations" }}
{{- end }}
{{- .Values.operator.defaultNamespaceSelector }}
{{- end }}

{{- define "plinth.operator.leaseName" -}}
{{- .Values.operator.leaderElection.leaseName | default (include "plinth.operator.fullname" .) }}
{{- end }}

{{/* "true" when the API runs workspace actions as Kubernetes Jobs (api.actions.runner). */}}
{{- define "plinth.api.kubernetesRunner" -}}
{{- if and .Values.api.enabled (eq .Values.api.actions.runner "kubernetes") }}true{{- end }}
{{- end }}

{{/* PLINTH_RUNNER_NAMESPACE: api.actions.namespace, else the release namespace. */}}
{{- define "plinth.api.runnerNamespace" -}}
{{- .Values.api.actions.namespace | default .Release.Namespace }}
{{- end }}

{{/* The namespaces the kubernetes runner may create Jobs in (a YAML list, each once). */}}
{{- define "plinth.api.runnerNamespaces" -}}
{{- prepend .Values.api.actions.namespaces (include "plinth.api.runnerNamespace" .) | uniq | toYaml }}
{{- end }}

{{/* The volume mounted at api.events.workspacesDir; fails the render when there is none. */}}
{{- define "plinth.api.workspacesVolume" -}}
{{- if not .Values.api.events.workspacesVolume }}
{{- fail (printf "api.events.workspacesVolume is required when api.events.workspacesDir is set: the volume mounted at %s for the workspace event handler's files, e.g. {persistentVolumeClaim: {claimName: plinth-workspaces}} (shared, ReadWriteMany, with more than one API replica)" .Values.api.events.workspacesDir) }}
{{- end }}
{{- toYaml .Values.api.events.workspacesVolume }}
{{- end }}

{{/* PromQL matchers for the scrape targets of each component. */}}
{{- define "plinth.selector.api" -}}
{{- .Values.prometheusRule.selectors.api | default (printf "namespace=%q,pod=~%q" .Release.Namespace (printf "%s-.+" (include "plinth.api.fullname" .))) }}
{{- end }}

{{- define "plinth.selector.operator" -}}
{{- .Values.prometheusRule.selectors.operator | default (printf "namespace=%q,pod=~%q" .Release.Namespace (printf "%s-.+" (include "plinth.operator.fullname" .))) }}
{{- end }}

{{/*
The API's environment, shared by the API container and the migrate init container so both read
the same configuration (the migration CLI validates all of it, storage included).
*/}}
{{- define "plinth.api.env" -}}
- name: PORT
  value: "8080"
# /metrics on a listener of its own, which the Ingress never routes.
- name: PLINTH_METRICS_PORT
  value: "9090"
- name: LOG_LEVEL
  value: {{ .Values.api.logLevel | quote }}
- name: DATABASE_URL
  valueFrom:
    secretKeyRef:
      name: {{ include "plinth.database.secretName" . }}
      key: {{ include "plinth.database.secretKey" . }}
- name: PLINTH_DB_POOL_SIZE
  value: {{ .Values.api.dbPoolSize | quote }}
- name: PLINTH_ENCRYPTION_KEY
  valueFrom:
    secretKeyRef:
      name: {{ include "plinth.secrets.name" . }}
      key: PLINTH_ENCRYPTION_KEY
- name: PLINTH_JWT_SIGNING_KEY
  valueFrom:
    secretKeyRef:
      name: {{ include "plinth.secrets.name" . }}
      key: PLINTH_JWT_SIGNING_KEY
- name: PLINTH_CONFIG
  value: /etc/plinth/plinth.yaml
- name: PLINTH_BOOTSTRAP_ADMIN_USERNAME
  value: {{ .Values.bootstrapAdmin.username | quote }}
- name: PLINTH_BOOTSTRAP_ADMIN_PASSWORD
  valueFrom:
    secretKeyRef:
      name: {{ include "plinth.bootstrapAdmin.secretName" . }}
      key: {{ include "plinth.bootstrapAdmin.secretKey" . }}
- name: PLINTH_USAGE_INTERVAL_SECONDS
  value: {{ .Values.api.usageIntervalSeconds | quote }}
- name: PLINTH_LOGIN_TOKEN_TTL_SECONDS
  value: {{ .Values.api.loginTokenTtlSeconds | quote }}
- name: PLINTH_TRUST_PROXY
  value: {{ include "plinth.api.trustProxy" . | quote }}
{{- if and .Values.api.ingress.enabled .Values.api.ingress.tls }}
# Reached over HTTPS through the Ingress: browsers keep to HTTPS.
- name: PLINTH_HSTS_MAX_AGE_SECONDS
  value: {{ .Values.api.hstsMaxAgeSeconds | int | quote }}
{{- end }}
- name: PLINTH_SHUTDOWN_TIMEOUT_SECONDS
  value: {{ .Values.api.shutdownTimeoutSeconds | quote }}
{{- with (include "plinth.api.publicUrl" .) }}
# The origin users reach the API at (SSO redirect URIs, the web UI's CSRF check; https: Secure
# cookies).
- name: PLINTH_PUBLIC_URL
  value: {{ . | quote }}
{{- end }}
{{- $idle := .Values.api.sessions.idleSeconds }}
{{- $absolute := .Values.api.sessions.absoluteSeconds }}
{{- if gt (int (default 28800 $idle)) (int (default 86400 $absolute)) }}
{{- fail (printf "api.sessions.idleSeconds (%d) must not exceed api.sessions.absoluteSeconds (%d; null: the API's defaults, 28800 and 86400)" (int (default 28800 $idle)) (int (default 86400 $absolute))) }}
{{- end }}
{{- if not (kindIs "invalid" $idle) }}
- name: PLINTH_SESSION_IDLE_SECONDS
  value: {{ $idle | int | quote }}
{{- end }}
{{- if not (kindIs "invalid" $absolute) }}
- name: PLINTH_SESSION_ABSOLUTE_SECONDS
  value: {{ $absolute | int | quote }}
{{- end }}
{{- if include "plinth.api.kubernetesRunner" . }}
# Workspace actions run as batch/v1 Jobs, with the Role "<fullname>-api-runner" in each namespace
# of api.actions (docs/events.md, "Runners").
- name: PLINTH_ACTION_RUNNER
  value: "kubernetes"
- name: PLINTH_RUNNER_NAMESPACE
  value: {{ include "plinth.api.runnerNamespace" . | quote }}
{{- with .Values.api.actions.namespaces }}
# The other namespaces a workspace may name; the Roles above are in exactly these.
- name: PLINTH_RUNNER_NAMESPACES
  value: {{ join "," (uniq .) | quote }}
{{- end }}
{{- end }}
{{- with .Values.api.actions }}
{{- if not (kindIs "invalid" .concurrency) }}
- name: PLINTH_RUNNER_CONCURRENCY
  value: {{ .concurrency | int | quote }}
{{- end }}
{{- if not (kindIs "invalid" .outputLimitBytes) }}
- name: PLINTH_RUN_OUTPUT_LIMIT_BYTES
  value: {{ .outputLimitBytes | int | quote }}
{{- end }}
{{- end }}
{{- with .Values.api.events }}
{{- with .workspacesDir }}
- name: PLINTH_WORKSPACES_DIR
  value: {{ . | quote }}
{{- end }}
{{- with .webhookAllowPrivate }}
- name: PLINTH_WEBHOOK_ALLOW_PRIVATE
  value: {{ join "," . | quote }}
{{- end }}
{{- with .retrySchedule }}
{{- $delays := list }}
{{- range . }}
{{- $delays = append $delays (int .) }}
{{- end }}
- name: PLINTH_WEBHOOK_RETRY_SCHEDULE
  value: {{ join "," $delays | quote }}
{{- end }}
{{- if not (kindIs "invalid" .deliveryConcurrency) }}
- name: PLINTH_DELIVERY_CONCURRENCY
  value: {{ .deliveryConcurrency | int | quote }}
{{- end }}
{{- if not (kindIs "invalid" .deliveryPerReceiver) }}
- name: PLINTH_DELIVERY_PER_RECEIVER
  value: {{ .deliveryPerReceiver | int | quote }}
{{- end }}
{{- end }}
{{- if and .Values.api.enabled .Values.sso.providers }}
{{- $_ := include "plinth.sso.providers" . }}
{{- range .Values.sso.providers }}
{{- if .clientSecret }}
# The client secret of the OIDC provider {{ .name }}; PLINTH_CONFIG names the variable only.
- name: {{ include "plinth.sso.secretEnv" .name }}
  valueFrom:
    secretKeyRef:
      name: {{ .clientSecret.existingSecret }}
      key: {{ .clientSecret.key }}
{{- end }}
{{- end }}
{{- end }}
{{- with .Values.api.extraEnv }}
{{ toYaml . }}
{{- end }}
{{- end }}

{{- define "plinth.api.envFrom" -}}
{{- if .Values.storage.config.clusters }}
{{- $_ := required "storage.credentialsSecret is required when storage.config.clusters is set: an existing Secret holding the variables each cluster names in admin_access_key_env and admin_secret_key_env (e.g. MINIO_ROOT_USER, MINIO_ROOT_PASSWORD)" .Values.storage.credentialsSecret }}
{{- end }}
{{- with .Values.storage.credentialsSecret }}
- secretRef:
    name: {{ . }}
{{- end }}
{{- with .Values.api.extraEnvFrom }}
{{ toYaml . }}
{{- end }}
{{- end }}

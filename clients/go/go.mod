module github.com/plinth-dev/plinth/clients/go

go 1.23

require (
	github.com/oapi-codegen/runtime v1.2.0
	go.yaml.in/yaml/v3 v3.0.6
)

require (
	github.com/apapsch/go-jsonmerge/v2 v2.0.0 // indirect
	github.com/google/uuid v1.5.0 // indirect
)

module github.com/acme/inventory-svc

go 1.21

toolchain go1.21.5

require (
	github.com/gin-gonic/gin v1.9.1
	github.com/google/uuid v1.4.0
	golang.org/x/sync v0.5.0 // indirect
	gopkg.in/yaml.v3 v3.0.1 // indirect
)

require github.com/stretchr/testify v1.8.4

exclude github.com/google/uuid v1.3.1

replace github.com/acme/shared => ../shared

replace golang.org/x/net v0.10.0 => golang.org/x/net v0.17.0

retract [v1.0.0, v1.0.3] // published with a broken build

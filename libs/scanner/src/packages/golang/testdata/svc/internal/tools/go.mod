module github.com/acme/inventory-svc/internal/tools

go 1.21

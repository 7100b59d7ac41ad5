module github.com/gokkos/gokkos

go 1.24

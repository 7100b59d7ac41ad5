package main

import (
	"fmt"
	"strings"

	"github.com/gokkos/gokkos/execspace"
)

// openSpace opens the execution space called name ("" or "default": execspace.Default())
// with the configuration from the environment. The returned function closes a space that
// openSpace opened itself.
func openSpace(name string) (execspace.Space, func(), error) {
	name = strings.ToLower(strings.TrimSpace(name))
	if name == "" || name == "default" {
		s, err := execspace.Default()
		return s, func() {}, err
	}
	cfg, err := execspace.ConfigFromEnv()
	if err != nil {
		return nil, nil, err
	}
	s, err := execspace.Open(name, cfg)
	if err != nil {
		return nil, nil, fmt.Errorf("cannot open the %s space: %w", name, err)
	}
	return s, func() { s.Close() }, nil
}

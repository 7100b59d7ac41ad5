package main

import (
	"fmt"
	"strings"

	"github.com/gokkos/gokkos/execspace"
	"github.com/gokkos/gokkos/internal/profile"
)

// openSpace opens the execution space called name ("" or "default": execspace.Default())
// with the configuration from the environment. The returned function closes a space that
// openSpace opened itself; for the default space, which stays open for the process, it prints
// the GOKKOS_PROFILE table that closing would print.
func openSpace(name string) (execspace.Space, func(), error) {
	name = strings.ToLower(strings.TrimSpace(name))
	if name == "" || name == "default" {
		s, err := execspace.Default()
		if err != nil {
			return nil, nil, err
		}
		return s, func() { profile.ReportEnv(nil, s.Name()) }, nil
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

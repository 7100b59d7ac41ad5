package frontier_test

import (
	"strings"
	"testing"

	"github.com/gokkos/gokkos/algorithms/frontier"
)

func TestParseTuning(t *testing.T) {
	tests := []struct {
		in      string
		want    frontier.Tuning
		wantErr string // a part of the error's text; empty: no error
	}{
		{in: "", want: frontier.Tuning{}},
		{in: "LevelRounds=64", want: frontier.Tuning{LevelRounds: 64}},
		{in: " levelteamsize = 32 , LEVELTEAMS=264,", want: frontier.Tuning{LevelTeamSize: 32, LevelTeams: 264}},
		{in: "PullWords=-1,LevelEdges=-1,Buffer=16,Grain=1", want: frontier.Tuning{PullWords: -1, LevelEdges: -1, Buffer: 16, Grain: 1}},
		{in: "BinFuse=-1", want: frontier.Tuning{BinFuse: -1}},
		{in: "binfuse=4", want: frontier.Tuning{BinFuse: 4}},
		{in: "BinHub=-1", want: frontier.Tuning{BinHub: -1}},
		{in: "binhub=64,BinFuse=2", want: frontier.Tuning{BinHub: 64, BinFuse: 2}},
		{in: "Rounds=3", wantErr: `no field "Rounds"`},
		{in: "Buffer", wantErr: "not name=value"},
		{in: "Buffer=x", wantErr: "not an integer"},
		{in: "Buffer=1,buffer=2", wantErr: "set twice"},
		{in: "LevelRounds=-2", wantErr: "negative"},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			got, err := frontier.ParseTuning(tc.in)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("ParseTuning(%q) = %+v, %v; want an error with %q", tc.in, got, err, tc.wantErr)
				}
				return
			}
			if err != nil || got != tc.want {
				t.Fatalf("ParseTuning(%q) = %+v, %v; want %+v", tc.in, got, err, tc.want)
			}
		})
	}
}

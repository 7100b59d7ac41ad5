package graph_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/gokkos/gokkos/algorithms/graph"
)

func ExampleBuild() {
	el := &graph.EdgeList{N: 4,
		Src: []int32{2, 0, 0, 1, 3},
		Dst: []int32{0, 1, 1, 1, 2},
	}
	g, err := graph.Build(el, graph.BuildOptions{Dedup: true, DropSelfLoops: true})
	if err != nil {
		panic(err)
	}
	fmt.Println(g)
	for v := range int32(g.N) {
		fmt.Println(v, g.Neighbors(v))
	}
	// Output:
	// CSR{N: 4, M: 3, unweighted}
	// 0 [1]
	// 1 []
	// 2 [0]
	// 3 [2]
}

func ExampleRead() {
	in := "%%MatrixMarket matrix coordinate real symmetric\n3 3 2\n2 1 0.5\n3 2 1.5\n"
	g, err := graph.Read(strings.NewReader(in), "tiny.mtx", graph.FormatAuto, graph.ReadOptions{})
	if err != nil {
		panic(err)
	}
	fmt.Println(g, g.Neighbors(1), g.NeighborWeights(1))

	_, err = graph.Read(strings.NewReader("0 1\n1 two\n"), "bad.el", graph.FormatAuto, graph.ReadOptions{})
	fmt.Println(err)
	// Output:
	// CSR{N: 3, M: 4, weighted} [0 2] [0.5 1.5]
	// bad.el:2: invalid vertex id "two"
}

func ExampleWriteFile() {
	dir, err := os.MkdirTemp("", "graph")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	g, _ := graph.Build(graph.Grid(3, 3, 0), graph.BuildOptions{})
	path := dir + "/grid.gkg"
	if err := graph.WriteFile(path, g, graph.FormatAuto); err != nil {
		panic(err)
	}
	back, err := graph.ReadFile(path, graph.ReadOptions{})
	fmt.Println(back, back.Equal(g), err)
	// Output:
	// CSR{N: 9, M: 24, unweighted} true <nil>
}

func ExampleCSR_Stats() {
	g, _ := graph.Build(graph.Grid(3, 4, 0), graph.BuildOptions{})
	fmt.Println(g.Stats())
	// Output:
	// vertices 12, edges 34, out-degree min 2 max 4 mean 2.833 stddev 0.687, 0 with degree 0
	//   degree [2, 4): 10
	//   degree [4, 8): 2
}

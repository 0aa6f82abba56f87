// compat: np=2,4
// Graph topologies: Create_graph of a ring (at 2 ranks each edge twice) with, from 4 ranks, one extra one-way
// edge from rank 0 to rank size/2 (reorder false),
// Topo_test, Get (index and edges), Neighbours of every rank, Map, a neighbour exchange, and Create_graph given
// an edges array longer than the graph needs (the spare entries are ignored).
import java.util.Arrays;

import mpi.*;

public class Graph {
    static int rank, size;

    static void p(String s) {
        byte[] b = (rank + ": " + s + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8);
        System.out.write(b, 0, b.length); // one write(2) per line: lines of different ranks never mix
        System.out.flush();
    }

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm w = MPI.COMM_WORLD;
        rank = w.Rank();
        size = w.Size();
        // Node i: neighbours i+1 and i-1 (ring), node 0 also the node size/2 (from 4 ranks)
        int[] index = new int[size];
        int[] edges = new int[2 * size + 1];
        int e = 0;
        for (int i = 0; i < size; i++) {
            edges[e++] = (i + 1) % size;
            edges[e++] = (i + size - 1) % size;
            if (i == 0 && size >= 4) {
                edges[e++] = size / 2;
            }
            index[i] = e;
        }
        edges = Arrays.copyOf(edges, e);
        Graphcomm g = w.Create_graph(index, edges, false);
        int t = g.Topo_test();
        p("Topo_test: " + (t == MPI.GRAPH ? "GRAPH" : t == MPI.CART ? "CART" : "" + t));
        GraphParms gp = g.Get();
        p("Get: index=" + Arrays.toString(gp.index) + " edges=" + Arrays.toString(gp.edges));
        for (int i = 0; i < size; i++) {
            p("Neighbours(" + i + "): " + Arrays.toString(g.Neighbours(i)));
        }
        Graphcomm copy = (Graphcomm) g.clone();
        p("clone: Neighbours(" + rank + ")=" + Arrays.toString(copy.Neighbours(rank)));
        int m = g.Map(index, edges);
        p("Map: " + (m == MPI.UNDEFINED ? "UNDEFINED" : "" + m));

        // Exchange with every neighbour that lists this rank back (node 0's extra edge is one-way); the same
        // neighbour may appear twice (a duplicate edge): one message per appearance, in order
        int[] nb = g.Neighbours(rank);
        int[] in = new int[nb.length];
        Arrays.fill(in, -1);
        Request[] reqs = new Request[2 * nb.length];
        for (int i = 0; i < nb.length; i++) {
            boolean back = false;
            for (int x : g.Neighbours(nb[i])) {
                back |= x == rank;
            }
            reqs[i] = back ? g.Irecv(in, i, 1, MPI.INT, nb[i], 1) : MPI.REQUEST_NULL;
            reqs[nb.length + i] = back ? g.Isend(new int[] {rank * 10}, 0, 1, MPI.INT, nb[i], 1) : MPI.REQUEST_NULL;
        }
        Request.Waitall(reqs);
        p("neighbour exchange: " + Arrays.toString(in));

        // An edges array longer than index[size - 1]: the entries past it are not part of the graph (as in C,
        // where MPI reads index[nnodes - 1] edges)
        int[] spare = Arrays.copyOf(edges, edges.length + 2);
        spare[edges.length] = 0;
        spare[edges.length + 1] = 0;
        Graphcomm g2 = w.Create_graph(index, spare, false);
        p("Create_graph with 2 spare edges entries: Get().edges=" + Arrays.toString(g2.Get().edges)
                + " Neighbours(" + rank + ")=" + Arrays.toString(g2.Neighbours(rank)));
        w.Barrier();
        MPI.Finalize();
    }
}

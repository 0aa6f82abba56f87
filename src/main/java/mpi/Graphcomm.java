package mpi;

import natmpj.jni.NativeMPI;

/** A communicator whose ranks are the nodes of a graph. Made by {@link Intracomm#Create_graph}. */
public class Graphcomm extends Intracomm {
    Graphcomm(long handle, String name) {
        super(handle, name);
    }

    /** The graph as created. */
    public GraphParms Get() throws MPIException {
        return Get("Graphcomm.Get");
    }

    /** {@link #Get} for a call named {@code call} (either API's spelling). */
    GraphParms Get(String call) {
        requireLive(call);
        int[] nodes = new int[1], edges = new int[1];
        MPIException.check(NativeMPI.graphdims_get(handle, nodes, edges), call);
        GraphParms p = new GraphParms();
        p.index = new int[nodes[0]];
        p.edges = new int[edges[0]];
        MPIException.check(NativeMPI.graph_get(handle, nodes[0], edges[0], p.index, p.edges), call);
        return p;
    }

    /** The neighbours of {@code rank}, in the order given at creation. */
    public int[] Neighbours(int rank) throws MPIException {
        return Neighbours("Graphcomm.Neighbours", rank);
    }

    /** {@link #Neighbours} for a call named {@code call} (either API's spelling). */
    int[] Neighbours(String call, int rank) {
        requireLive(call);
        if (rank < 0 || rank >= size) {
            throw new IllegalArgumentException(call + ": rank is " + rank + ", not a rank of " + this + " (size "
                    + size + ")");
        }
        int[] count = new int[1];
        MPIException.check(NativeMPI.graph_neighbors_count(handle, rank, count), call);
        int[] neighbours = new int[count[0]];
        MPIException.check(NativeMPI.graph_neighbors(handle, rank, count[0], neighbours), call);
        return neighbours;
    }

    /** The rank this process would have in such a graph ({@code MPI.UNDEFINED} if outside it). */
    public int Map(int[] index, int[] edges) throws MPIException {
        return Map("Graphcomm.Map", index, edges);
    }

    /** {@link #Map} for a call named {@code call} (either API's spelling). */
    int Map(String call, int[] index, int[] edges) {
        requireLive(call);
        checkGraph(call, index, edges, size);
        int[] rank = new int[1];
        MPIException.check(NativeMPI.graph_map(handle, index.length, index, edges, rank), call);
        return rank[0];
    }

    /** {@code MPI.GRAPH}. */
    @Override
    public int Topo_test() throws MPIException {
        return super.Topo_test();
    }

    static void checkGraph(String call, int[] index, int[] edges, int size) {
        if (index == null) throw new NullPointerException(call + ": index is null");
        if (edges == null) throw new NullPointerException(call + ": edges is null");
        if (index.length > size) {
            throw new IllegalArgumentException(call + ": the graph has " + index.length + " nodes but the communicator "
                    + size + " ranks");
        }
        int previous = 0;
        for (int i = 0; i < index.length; i++) {
            if (index[i] < previous) {
                throw new IllegalArgumentException(call + ": index[" + i + "] is " + index[i] + ", below index["
                        + (i - 1) + "]");
            }
            previous = index[i];
        }
        // MPI reads index[nnodes - 1] edges: a longer edges array is fine (its rest unread), a shorter one is not
        int used = index.length > 0 ? index[index.length - 1] : 0;
        if (used > edges.length) {
            throw new IllegalArgumentException(call + ": index ends at " + used + " but edges has only "
                    + edges.length + " entries");
        }
        for (int i = 0; i < used; i++) {
            if (edges[i] < 0 || edges[i] >= index.length) {
                throw new IllegalArgumentException(call + ": edges[" + i + "] is " + edges[i] + ", not a node (0.."
                        + (index.length - 1) + ")");
            }
        }
    }
}

package mpi;

/** What {@link Graphcomm#Get} returns: the graph as given to {@link Intracomm#Create_graph}. */
public class GraphParms {
    public int[] index;
    public int[] edges;

    public GraphParms() {}

    // Open MPI's Java API: getters over the same values.

    /** Number of nodes. */
    public int getIndexCount() {
        return index.length;
    }

    /** index[i]: the number of edges of nodes 0..i together. */
    public int getIndex(int i) {
        return index[i];
    }

    /** Number of edges. */
    public int getEdgeCount() {
        return edges.length;
    }

    /** Edge {@code i}. */
    public int getEdge(int i) {
        return edges[i];
    }
}

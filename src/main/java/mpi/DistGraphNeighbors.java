package mpi;

/**
 * The neighbours of the calling process in a distributed graph topology, with the edges' weights, as {@code
 * GraphComm.getDistGraphNeighbors()} reports them (MPI_Dist_graph_neighbors). The weights mean something only when
 * {@link #isWeighted()}.
 */
public final class DistGraphNeighbors {
    private final int[] sources, sourceWeights, destinations, destWeights;
    private final boolean weighted;

    /**
     * Made by {@code GraphComm}: the sources and destinations with their weights (arrays of the in-degree and
     * out-degree; for an unweighted graph, the weight arrays may hold anything, or be null), and whether the graph was
     * made with weights. The arrays are kept, not copied.
     */
    protected DistGraphNeighbors(int[] sources, int[] sourceWeights, int[] destinations, int[] destWeights,
                                 boolean weighted) {
        this.sources = sources;
        this.sourceWeights = sourceWeights;
        this.destinations = destinations;
        this.destWeights = destWeights;
        this.weighted = weighted;
    }

    /** The number of edges into this process. */
    public int getInDegree() {
        return sources.length;
    }

    /** The number of edges out of this process. */
    public int getOutDegree() {
        return destinations.length;
    }

    /** Whether the graph was made with edge weights. */
    public boolean isWeighted() {
        return weighted;
    }

    /** The rank at the other end of in-edge {@code i}. */
    public int getSource(int i) {
        return sources[i];
    }

    /** The weight of in-edge {@code i} (0 where the graph has no weights and no array was given). */
    public int getSourceWeight(int i) {
        return weight(sourceWeights, sources, i);
    }

    /** The rank at the other end of out-edge {@code i}. */
    public int getDestination(int i) {
        return destinations[i];
    }

    /** The weight of out-edge {@code i} (0 where the graph has no weights and no array was given). */
    public int getDestinationWeight(int i) {
        return weight(destWeights, destinations, i);
    }

    private static int weight(int[] weights, int[] ends, int i) {
        if (weights != null) return weights[i];
        if (i < 0 || i >= ends.length) throw new ArrayIndexOutOfBoundsException(i);
        return 0;
    }
}

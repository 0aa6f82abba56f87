package mpi;

/** Open MPI's Java API: the neighbours of a process in a distributed graph topology (MPI_Dist_graph_neighbors). */
public final class DistGraphNeighbors {
    private final int[] sources, sourceWeights, destinations, destWeights;
    private final boolean weighted;

    protected DistGraphNeighbors(int[] sources, int[] sourceWeights, int[] destinations, int[] destWeights,
                                 boolean weighted) {
        this.sources = sources;
        this.sourceWeights = sourceWeights;
        this.destinations = destinations;
        this.destWeights = destWeights;
        this.weighted = weighted;
    }

    public int getInDegree() {
        return sources.length;
    }

    public int getOutDegree() {
        return destinations.length;
    }

    public boolean isWeighted() {
        return weighted;
    }

    public int getSource(int i) {
        return sources[i];
    }

    public int getSourceWeight(int i) {
        return sourceWeights[i];
    }

    public int getDestination(int i) {
        return destinations[i];
    }

    public int getDestinationWeight(int i) {
        return destWeights[i];
    }
}

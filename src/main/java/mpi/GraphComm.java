package mpi;

/**
 * Open MPI's Java API's graph communicator: the same object as mpiJava's {@link Graphcomm} (every graph
 * communicator natmpj makes is a GraphComm), with Open MPI's members.
 */
public final class GraphComm extends Graphcomm {
    GraphComm(long handle, String name) {
        super(handle, name);
    }

    @Override
    public GraphComm clone() throws MPIException {
        // shared with mpiJava (Comm.clone): its exceptions stay mpiJava's
        return (GraphComm) duplicate("GraphComm.clone");
    }

    @Override
    public GraphComm dup() throws MPIException {
        try {
            return (GraphComm) duplicate("GraphComm.dup");
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    @Override
    public GraphComm iDup() throws MPIException {
        try {
            return (GraphComm) iDuplicate("GraphComm.iDup");
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    @Override
    public GraphComm dupWithInfo(Info info) throws MPIException {
        try {
            return (GraphComm) duplicate("GraphComm.dupWithInfo", info);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Graph_get. */
    public GraphParms getDims() throws MPIException {
        try {
            return Get("GraphComm.getDims");
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Graph_neighbors. */
    public int[] getNeighbors(int rank) throws MPIException {
        try {
            return Neighbours("GraphComm.getNeighbors", rank);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Dist_graph_neighbors: pending (distributed graph topologies). */
    public DistGraphNeighbors getDistGraphNeighbors() throws MPIException {
        throw Pending.of("GraphComm.getDistGraphNeighbors", "distributed graph topologies (MPI_Dist_graph_neighbors)");
    }

    /** MPI_Graph_map. */
    public int map(int[] index, int[] edges) throws MPIException {
        try {
            return Map("GraphComm.map", index, edges);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }
}

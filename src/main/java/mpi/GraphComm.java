package mpi;

import natmpj.jni.NativeMPI;

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

    /** MPI_Dist_graph_neighbors: the in- and out-neighbours of this process in a distributed graph. */
    public DistGraphNeighbors getDistGraphNeighbors() throws MPIException {
        try {
            String call = "GraphComm.getDistGraphNeighbors";
            requireLive(call);
            int[] counts = new int[3];
            MPIException.check(NativeMPI.dist_graph_neighbors_count(handle, counts), call);
            int in = counts[0], out = counts[1];
            boolean weighted = counts[2] != 0;
            int[] sources = new int[in], sourceWeights = new int[in], destinations = new int[out],
                    destWeights = new int[out];
            MPIException.check(NativeMPI.dist_graph_neighbors(handle, in, sources, sourceWeights, out, destinations,
                    destWeights, weighted ? 1 : 0), call);
            return new DistGraphNeighbors(sources, sourceWeights, destinations, destWeights, weighted);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
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

package mpi;

import natmpj.jni.NativeMPI;

/**
 * A communicator between two disjoint groups: point-to-point ranks name processes of the remote group; Rank and
 * Size are the local group's. Made by {@link Comm#Create_intercomm}.
 */
public class Intercomm extends Comm {
    Intercomm(long handle, String name) {
        super(handle, name);
    }

    /** Number of processes in the remote group. */
    public int Remote_size() throws MPIException {
        String call = "Intercomm.Remote_size";
        requireLive(call);
        int[] size = new int[1];
        MPIException.check(NativeMPI.comm_remote_size(handle, size), call);
        return size[0];
    }

    /** The remote group. */
    public Group Remote_group() throws MPIException {
        String call = "Intercomm.Remote_group";
        requireLive(call);
        long[] group = new long[1];
        MPIException.check(NativeMPI.comm_remote_group(handle, group), call);
        return Group.wrap(group[0]);
    }

    /** An intracommunicator over both groups (collective); the group passing {@code high} true comes last. */
    public Intracomm Merge(boolean high) throws MPIException {
        String call = "Intercomm.Merge";
        requireLive(call);
        long[] merged = new long[1];
        MPIException.check(NativeMPI.intercomm_merge(handle, high ? 1 : 0, merged), call);
        return (Intracomm) created(merged[0], "merged intercommunicator");
    }

    /** Ranks of point-to-point calls name remote processes. */
    @Override
    void cacheShape() {
        super.cacheShape();
        int[] remote = new int[1];
        MPIException.check(NativeMPI.comm_remote_size(handle, remote), "MPI_Comm_remote_size");
        peers = remote[0];
    }
}

package mpi;

import natmpj.jni.NativeMPI;

/**
 * A communicator between two disjoint groups: point-to-point ranks name processes of the remote group; Rank and
 * Size are the local group's. Made by {@link Comm#Create_intercomm}. Open MPI's collectives ({@code Comm.bcast},
 * {@code Comm.iAllReduce}, ...) run on it as MPI defines them on intercommunicators: a rooted collective's root
 * passes MPI.ROOT, the rest of its group MPI.PROC_NULL, the other group the root's rank; blocks come from and go to
 * the remote group; nothing is in place.
 */
public class Intercomm extends Comm {
    Intercomm(long handle, String name) {
        super(handle, name);
    }

    /** Number of processes in the remote group. */
    public int Remote_size() throws MPIException {
        return Remote_size("Intercomm.Remote_size");
    }

    /** {@link #Remote_size} for a call named {@code call} (either API's spelling). */
    int Remote_size(String call) {
        requireLive(call);
        int[] size = new int[1];
        MPIException.check(NativeMPI.comm_remote_size(handle, size), call);
        return size[0];
    }

    /** The remote group. */
    public Group Remote_group() throws MPIException {
        return Remote_group("Intercomm.Remote_group");
    }

    /** {@link #Remote_group} for a call named {@code call} (either API's spelling). */
    Group Remote_group(String call) {
        requireLive(call);
        long[] group = new long[1];
        MPIException.check(NativeMPI.comm_remote_group(handle, group), call);
        return Group.wrap(group[0]);
    }

    /** An intracommunicator over both groups (collective); the group passing {@code high} true comes last. */
    public Intracomm Merge(boolean high) throws MPIException {
        return Merge("Intercomm.Merge", high);
    }

    /** {@link #Merge} for a call named {@code call} (either API's spelling). */
    Intracomm Merge(String call, boolean high) {
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

    // ================================================================ Open MPI's Java API (see Comm)

    @Override
    public Intercomm clone() throws MPIException {
        // shared with mpiJava (Comm.clone): its exceptions stay mpiJava's
        return (Intercomm) duplicate("Intercomm.clone");
    }

    @Override
    public Intercomm dup() throws MPIException {
        try {
            return (Intercomm) duplicate("Intercomm.dup");
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    @Override
    public Intercomm iDup() throws MPIException {
        try {
            return (Intercomm) iDuplicate("Intercomm.iDup");
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    @Override
    public Intercomm dupWithInfo(Info info) throws MPIException {
        try {
            return (Intercomm) duplicate("Intercomm.dupWithInfo", info);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Comm_remote_size. */
    public int getRemoteSize() throws MPIException {
        try {
            return Remote_size("Intercomm.getRemoteSize");
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Comm_remote_group. */
    public Group getRemoteGroup() throws MPIException {
        try {
            return Remote_group("Intercomm.getRemoteGroup");
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Intercomm_merge. */
    public Intracomm merge(boolean high) throws MPIException {
        try {
            return Merge("Intercomm.merge", high);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** What {@link #getParent} returned: the same object for the same MPI communicator. */
    private static Intercomm parent;

    /**
     * MPI_Comm_get_parent: the intercommunicator to the processes that spawned this one; a communicator whose
     * isNull() is true when none did (or after it was disconnected or freed). The same object at each call.
     */
    public static Intercomm getParent() throws MPIException {
        try {
            String call = "Intercomm.getParent";
            MPI.requireActive(call);
            synchronized (Intercomm.class) {
                if (parent != null && !parent.isNull()) return parent;
                long[] made = new long[1];
                MPIException.check(NativeMPI.comm_get_parent(made), call);
                Comm c = created(made[0], "parent intercommunicator");
                parent = c != null ? (Intercomm) c : new Intercomm(MPI.COMM_NULL.handle, "MPI.COMM_NULL").asNull();
                return parent;
            }
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }
}

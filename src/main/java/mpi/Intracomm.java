package mpi;

import java.lang.ref.Reference;

import natmpj.jni.NativeMPIJNI;

/** A communicator within one group of ranks: adds the collective operations, all handed to the host MPI. */
public class Intracomm extends Comm {
    Intracomm(long handle, String name) {
        super(handle, name);
    }

    /**
     * Splits the communicator (collective): ranks with the same {@code color} form a new one, ordered by
     * {@code key}, then by rank here. {@code MPI.UNDEFINED} as color gives null.
     */
    public Intracomm Split(int color, int key) throws MPIException {
        String call = "Intracomm.Split";
        requireLive(call);
        if (color < 0 && color != MPI.UNDEFINED) {
            throw new IllegalArgumentException(call + ": color is " + color + ", must be >= 0 or MPI.UNDEFINED");
        }
        long[] result = new long[1];
        MPIException.check(NativeMPIJNI.comm_split(handle, color, key, result), call);
        return (Intracomm) created(result[0], "split of " + this);
    }

    /** A communicator over {@code group}, a subset of this one's (collective); null on ranks not in it. */
    public Intracomm Create(Group group) throws MPIException {
        String call = "Intracomm.Create";
        requireLive(call);
        if (group == null) throw new NullPointerException(call + ": group is null");
        group.requireLive(call, "group");
        long[] result = new long[1];
        MPIException.check(NativeMPIJNI.comm_create(handle, group.handle, result), call);
        return (Intracomm) created(result[0], "communicator of a group");
    }

    /**
     * A Cartesian communicator over {@code dims} (collective); ranks beyond the grid get null. With
     * {@code reorder}, MPI may renumber ranks to fit the machine.
     */
    public Cartcomm Create_cart(int[] dims, boolean[] periods, boolean reorder) throws MPIException {
        String call = "Intracomm.Create_cart";
        requireLive(call);
        if (dims == null) throw new NullPointerException(call + ": dims is null");
        if (periods == null) throw new NullPointerException(call + ": periods is null");
        if (periods.length != dims.length) {
            throw new IllegalArgumentException(call + ": periods has " + periods.length + " entries but dims has "
                    + dims.length);
        }
        long cells = Cartcomm.cells(call, dims);
        if (cells > size) {
            throw new IllegalArgumentException(call + ": the grid has " + cells + " cells but " + this + " only "
                    + size + " ranks");
        }
        long[] result = new long[1];
        MPIException.check(NativeMPIJNI.cart_create(handle, dims.length, dims, Cartcomm.ints(periods),
                reorder ? 1 : 0, result), call);
        return (Cartcomm) created(result[0], "Cartesian communicator");
    }

    /**
     * A graph communicator (collective): node i's neighbours are {@code edges[index[i-1] .. index[i]-1]}; ranks
     * beyond the graph's nodes get null.
     */
    public Graphcomm Create_graph(int[] index, int[] edges, boolean reorder) throws MPIException {
        String call = "Intracomm.Create_graph";
        requireLive(call);
        Graphcomm.checkGraph(call, index, edges, size);
        long[] result = new long[1];
        MPIException.check(NativeMPIJNI.graph_create(handle, index.length, index, edges, reorder ? 1 : 0, result),
                call);
        return (Graphcomm) created(result[0], "graph communicator");
    }

    /** Blocks until every rank of the communicator has called it. */
    public void Barrier() throws MPIException {
        requireLive("Intracomm.Barrier");
        MPIException.check(NativeMPIJNI.barrier(handle), "Intracomm.Barrier");
    }

    /** Copies {@code count} items from {@code root}'s buffer into every other rank's. */
    public void Bcast(Object buf, int offset, int count, Datatype datatype, int root) throws MPIException {
        String call = "Intracomm.Bcast";
        requireLive(call);
        long off = Buffers.offset(call, "buf", buf, offset, count, datatype);
        checkRoot(call, root);
        int rc = NativeMPIJNI.bcast(Buffers.array(buf), Buffers.address(buf), off, count, datatype.handle,
                root, handle);
        Reference.reachabilityFence(buf); // MPI saw only the address of a direct buffer
        MPIException.check(rc, call);
    }

    /**
     * Combines every rank's {@code sendbuf} with {@code op} into {@code root}'s {@code recvbuf} (significant, and
     * checked, only at the root). The same array at the same offset for both reduces in place.
     */
    public void Reduce(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count, Datatype datatype,
                       Op op, int root) throws MPIException {
        String call = "Intracomm.Reduce";
        requireLive(call);
        long opHandle = opFor(call, op, datatype);
        long soff = Buffers.offset(call, "sendbuf", sendbuf, sendoffset, count, datatype);
        Buffers.requireNativeOrder(call, "sendbuf", sendbuf, datatype);
        checkRoot(call, root);
        Object rbuf = null;
        long roff = 0;
        boolean inPlace = false;
        if (rank == root) {
            rbuf = recvbuf;
            roff = Buffers.offset(call, "recvbuf", recvbuf, recvoffset, count, datatype);
            Buffers.requireNativeOrder(call, "recvbuf", recvbuf, datatype);
            inPlace = Buffers.inPlace(call, sendbuf, soff, recvbuf, roff, (long) count * datatype.base.bytes);
        }
        Object sbuf = inPlace ? null : sendbuf;
        int rc = NativeMPIJNI.reduce(Buffers.array(sbuf), Buffers.address(sbuf), soff, Buffers.array(rbuf),
                Buffers.address(rbuf), roff, inPlace ? 1 : 0, count, datatype.handle, opHandle, root, handle);
        Reference.reachabilityFence(sendbuf); // MPI saw only the address of a direct buffer
        Reference.reachabilityFence(recvbuf);
        MPIException.check(rc, call);
    }

    /** Like Reduce, with the result in every rank's {@code recvbuf}. */
    public void Allreduce(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count, Datatype datatype,
                          Op op) throws MPIException {
        String call = "Intracomm.Allreduce";
        requireLive(call);
        long opHandle = opFor(call, op, datatype);
        long soff = Buffers.offset(call, "sendbuf", sendbuf, sendoffset, count, datatype);
        long roff = Buffers.offset(call, "recvbuf", recvbuf, recvoffset, count, datatype);
        Buffers.requireNativeOrder(call, "sendbuf", sendbuf, datatype);
        Buffers.requireNativeOrder(call, "recvbuf", recvbuf, datatype);
        boolean inPlace = Buffers.inPlace(call, sendbuf, soff, recvbuf, roff, (long) count * datatype.base.bytes);
        Object sbuf = inPlace ? null : sendbuf;
        int rc = NativeMPIJNI.allreduce(Buffers.array(sbuf), Buffers.address(sbuf), soff,
                Buffers.array(recvbuf), Buffers.address(recvbuf), roff, inPlace ? 1 : 0, count, datatype.handle,
                opHandle, handle);
        Reference.reachabilityFence(sendbuf); // MPI saw only the address of a direct buffer
        Reference.reachabilityFence(recvbuf);
        MPIException.check(rc, call);
    }

    private static long opFor(String call, Op op, Datatype datatype) {
        if (op == null) throw new NullPointerException(call + ": op is null");
        if (datatype == null) throw new NullPointerException(call + ": datatype is null");
        return op.handleFor(datatype, call);
    }

    private void checkRoot(String call, int root) {
        if (root < 0 || root >= size) {
            throw new IllegalArgumentException(call + ": root is " + root + ", not a rank of " + this + " (size "
                    + size + ")");
        }
    }
}

package mpi;

import static natmpj.jni.NativeMPIConstants.IALLGATHER;
import static natmpj.jni.NativeMPIConstants.IALLTOALL;
import static natmpj.jni.NativeMPIConstants.IGATHER;
import static natmpj.jni.NativeMPIConstants.ISCATTER;

import java.nio.Buffer;

import natmpj.internal.BufferType;
import natmpj.internal.Buffers;
import natmpj.internal.Message;
import natmpj.jni.NativeMPI;

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
        return Split("Intracomm.Split", color, key);
    }

    /** {@link #Split} for a call named {@code call} (either API's spelling). */
    Intracomm Split(String call, int color, int key) {
        requireLive(call);
        if (color < 0 && color != MPI.UNDEFINED) {
            throw new IllegalArgumentException(call + ": color is " + color + ", must be >= 0 or MPI.UNDEFINED");
        }
        long[] result = new long[1];
        MPIException.check(NativeMPI.comm_split(handle, color, key, result), call);
        return (Intracomm) created(result[0], "split of " + this);
    }

    /** A communicator over {@code group}, a subset of this one's (collective); null on ranks not in it. */
    public Intracomm Create(Group group) throws MPIException {
        return Create("Intracomm.Create", group);
    }

    /** {@link #Create} for a call named {@code call} (either API's spelling). */
    Intracomm Create(String call, Group group) {
        requireLive(call);
        if (group == null) throw new NullPointerException(call + ": group is null");
        group.requireLive(call, "group");
        long[] result = new long[1];
        MPIException.check(NativeMPI.comm_create(handle, group.handle, result), call);
        return (Intracomm) created(result[0], "communicator of a group");
    }

    /**
     * A Cartesian communicator over {@code dims} (collective); ranks beyond the grid get null. With
     * {@code reorder}, MPI may renumber ranks to fit the machine.
     */
    public Cartcomm Create_cart(int[] dims, boolean[] periods, boolean reorder) throws MPIException {
        return Create_cart("Intracomm.Create_cart", dims, periods, reorder);
    }

    /** {@link #Create_cart} for a call named {@code call} (either API's spelling). */
    Cartcomm Create_cart(String call, int[] dims, boolean[] periods, boolean reorder) {
        requireLive(call);
        Cartcomm.checkGrid(call, dims, periods, this);
        long[] result = new long[1];
        MPIException.check(NativeMPI.cart_create(handle, dims.length, dims, Cartcomm.ints(periods),
                reorder ? 1 : 0, result), call);
        return (Cartcomm) created(result[0], "Cartesian communicator");
    }

    /**
     * A graph communicator (collective): node i's neighbours are {@code edges[index[i-1] .. index[i]-1]}; ranks
     * beyond the graph's nodes get null.
     */
    public Graphcomm Create_graph(int[] index, int[] edges, boolean reorder) throws MPIException {
        return Create_graph("Intracomm.Create_graph", index, edges, reorder);
    }

    /** {@link #Create_graph} for a call named {@code call} (either API's spelling). */
    Graphcomm Create_graph(String call, int[] index, int[] edges, boolean reorder) {
        requireLive(call);
        Graphcomm.checkGraph(call, index, edges, size);
        long[] result = new long[1];
        MPIException.check(NativeMPI.graph_create(handle, index.length, index, edges, reorder ? 1 : 0, result),
                call);
        return (Graphcomm) created(result[0], "graph communicator");
    }

    /** Blocks until every rank of the communicator has called it. */
    public void Barrier() throws MPIException {
        requireLive("Intracomm.Barrier");
        MPIException.check(NativeMPI.barrier(handle), "Intracomm.Barrier");
    }

    /** Copies {@code count} items from {@code root}'s buffer into every other rank's. */
    public void Bcast(Object buf, int offset, int count, Datatype datatype, int root) throws MPIException {
        Bcast("Intracomm.Bcast", buf, offset, count, datatype, root);
    }

    /** {@link #Bcast} for a call named {@code call} (either API's spelling). */
    void Bcast(String call, Object buf, int offset, int count, Datatype datatype, int root) {
        requireLive(call);
        checkRoot(call, root);
        if (ObjectMessages.isObject(datatype)) {
            Buffers.offset(call, "buf", buf, offset, count, Datatype.layout(datatype));
            ObjectCollectives.bcast(this, call, buf, offset, count, datatype, root);
            return;
        }
        // Not buffer(): see checked.
        long off = checked(call, "buf", buf, offset, count, datatype, false);
        Message b = Message.blocking(call, buf, off, count, datatype.layout, Message.stageBlockingArrays,
                Message.READ_WRITE);
        int rc = NativeMPI.bcast(b.array, b.address, b.off, count, datatype.layout.handle(), root, handle);
        finish(call, rc, Message.NONE, b);
    }

    /**
     * Combines every rank's {@code sendbuf} with {@code op} into {@code root}'s {@code recvbuf} (significant, and
     * checked, only at the root). The same array at the same offset for both reduces in place.
     */
    public void Reduce(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count, Datatype datatype,
                       Op op, int root) throws MPIException {
        Reduce("Intracomm.Reduce", sendbuf, sendoffset, recvbuf, recvoffset, count, datatype, op, root);
    }

    /** {@link #Reduce} for a call named {@code call} (either API's spelling). */
    void Reduce(String call, Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count,
            Datatype datatype, Op op, int root) {
        requireLive(call);
        checkRoot(call, root);
        if (ObjectMessages.isObject(datatype)) {
            objectReduce(call, sendbuf, sendoffset, recvbuf, recvoffset, count, datatype, op, root, false);
            return;
        }
        if (holdsNothing(datatype)) {
            reduceNothing(call, sendbuf, sendoffset, count, recvbuf, recvoffset, count, datatype, op, rank == root,
                    (type, opHandle) -> NativeMPI.reduce(null, 0, 0, null, 0, 0, 0, 0, type, opHandle, root, handle));
            return;
        }
        reduction(REDUCE, call, sendbuf, sendoffset, count, recvbuf, recvoffset, count, datatype, op, rank == root,
                true, root, null);
    }

    /** Like Reduce, with the result in every rank's {@code recvbuf}. */
    public void Allreduce(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count, Datatype datatype,
                          Op op) throws MPIException {
        Allreduce("Intracomm.Allreduce", sendbuf, sendoffset, recvbuf, recvoffset, count, datatype, op);
    }

    /** {@link #Allreduce} for a call named {@code call} (either API's spelling). */
    void Allreduce(String call, Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count,
            Datatype datatype, Op op) {
        requireLive(call);
        if (ObjectMessages.isObject(datatype)) {
            objectReduce(call, sendbuf, sendoffset, recvbuf, recvoffset, count, datatype, op, -1, false);
            return;
        }
        if (holdsNothing(datatype)) {
            reduceNothing(call, sendbuf, sendoffset, count, recvbuf, recvoffset, count, datatype, op, true,
                    (type, opHandle) -> NativeMPI.allreduce(null, 0, 0, null, 0, 0, 0, 0, type, opHandle, handle));
            return;
        }
        reduction(ALLREDUCE, call, sendbuf, sendoffset, count, recvbuf, recvoffset, count, datatype, op, true, true,
                -1, null);
    }

    /**
     * Inclusive prefix reduction: rank i's {@code recvbuf} gets the combination of ranks 0..i. The same array at the
     * same offset for both reduces in place.
     */
    public void Scan(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count, Datatype datatype,
                     Op op) throws MPIException {
        Scan("Intracomm.Scan", sendbuf, sendoffset, recvbuf, recvoffset, count, datatype, op);
    }

    /** {@link #Scan} for a call named {@code call} (either API's spelling). */
    void Scan(String call, Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count,
            Datatype datatype, Op op) {
        requireLive(call);
        if (ObjectMessages.isObject(datatype)) {
            objectReduce(call, sendbuf, sendoffset, recvbuf, recvoffset, count, datatype, op, -1, true);
            return;
        }
        if (holdsNothing(datatype)) {
            reduceNothing(call, sendbuf, sendoffset, count, recvbuf, recvoffset, count, datatype, op, true,
                    (type, opHandle) -> NativeMPI.scan(null, 0, 0, null, 0, 0, 0, 0, type, opHandle, handle));
            return;
        }
        reduction(SCAN, call, sendbuf, sendoffset, count, recvbuf, recvoffset, count, datatype, op, true, true, -1,
                null);
    }

    /** Which native call {@link #reduction} makes. */
    private static final int REDUCE = 0, ALLREDUCE = 1, SCAN = 2, REDUCE_SCATTER = 3, EXSCAN = 4,
            REDUCE_SCATTER_BLOCK = 5;

    /**
     * What Reduce, Allreduce, Scan and Reduce_scatter share: checks, staging (for a user op, whose Java callback
     * must not run inside a JNI critical region, and under THREAD_MULTIPLE), MPI_IN_PLACE when both buffers are the
     * same range, and handing a user function's exception back to the caller. The native call is picked by
     * {@code kind} (root for REDUCE, recvcounts for REDUCE_SCATTER), not passed as a lambda: a capturing lambda is
     * an allocation per call unless C2 inlines this whole method, and one call site of an interface shared by four
     * reductions turns megamorphic in programs that use several.
     */
    private void reduction(int kind, String call, Object sendbuf, int sendoffset, int sendcount, Object recvbuf,
                           int recvoffset, int recvcount, Datatype datatype, Op op, boolean receives,
                           boolean inPlaceAllowed, int root, int[] recvcounts) {
        long opHandle = opFor(call, op, datatype);
        boolean user = op.isUser(), stage = user || Message.stageBlockingArrays;
        // Not buffer(): see checked.
        long soff = checked(call, "sendbuf", sendbuf, sendoffset, sendcount, datatype, true);
        long roff = receives ? checked(call, "recvbuf", recvbuf, recvoffset, recvcount, datatype, true) : 0;
        Message s = Message.blocking(call, sendbuf, soff, sendcount, datatype.layout, stage, Message.READ);
        // Where recvbuf is not significant, an empty Message (what Message.NONE is) made at the same site, so that
        // the two cases do not merge two objects (see Message.blocking).
        Message r = Message.blocking(call, receives ? recvbuf : null, roff, receives ? recvcount : 0, datatype.layout,
                stage, Message.READ_WRITE);
        if (!inPlaceAllowed && sendbuf != null && sendbuf == recvbuf) throw sameBuffers(call, s, r);
        boolean inPlace = inPlaceAllowed && receives
                && Buffers.inPlace(call, sendbuf, s.position, recvbuf, r.position, datatype.layout, sendcount);
        if (inPlace) s = drop(s);
        int in = inPlace ? 1 : 0;
        int rc = user ? userReduction(kind, call, s, r, in, sendcount, datatype, op, opHandle, root, recvcounts)
                : reduce(kind, s, r, in, sendcount, datatype.layout.handle(), opHandle, root, recvcounts);
        finish(call, rc, s, r);
    }

    private static IllegalArgumentException sameBuffers(String call, Message s, Message r) {
        drop(s);
        drop(r);
        return new IllegalArgumentException(call + ": sendbuf and recvbuf must be different buffers");
    }

    /** {@link #reduce} with a user op: its Java function runs inside, and what it throws is rethrown here. */
    private int userReduction(int kind, String call, Message s, Message r, int in, int count, Datatype datatype,
                              Op op, long opHandle, int root, int[] recvcounts) {
        op.enter(datatype);
        int rc = reduce(kind, s, r, in, count, datatype.layout.handle(), opHandle, root, recvcounts);
        try {
            op.exit(datatype, call); // rethrows what the user function threw
        } catch (RuntimeException | Error e) {
            drop(s);
            drop(r);
            throw e;
        }
        return rc;
    }

    /** The native call of a reduction of {@code kind}, on buffers resolved by {@link #reduction}. */
    private int reduce(int kind, Message s, Message r, int in, int count, long type, long opHandle, int root,
                       int[] recvcounts) {
        switch (kind) {
            case REDUCE:
                return NativeMPI.reduce(s.array, s.address, s.off, r.array, r.address, r.off, in, count, type,
                        opHandle, root, handle);
            case ALLREDUCE:
                return NativeMPI.allreduce(s.array, s.address, s.off, r.array, r.address, r.off, in, count, type,
                        opHandle, handle);
            case SCAN:
                return NativeMPI.scan(s.array, s.address, s.off, r.array, r.address, r.off, in, count, type,
                        opHandle, handle);
            case EXSCAN:
                return NativeMPI.exscan(s.array, s.address, s.off, r.array, r.address, r.off, in, count, type,
                        opHandle, handle);
            case REDUCE_SCATTER_BLOCK:
                return NativeMPI.reduce_scatter_block(s.array, s.address, s.off, r.array, r.address, r.off, in,
                        recvcounts[0], type, opHandle, handle);
            default:
                return NativeMPI.reduce_scatter(s.array, s.address, s.off, r.array, r.address, r.off, in, recvcounts,
                        type, opHandle, handle);
        }
    }

    /** A reduction's native call on no data, given the MPI handles of the datatype and op to run it with. */
    private interface NativeEmptyReduction {
        int run(long type, long opHandle);
    }

    /** Items of a type of size 0 (a Struct of MPI.LB / MPI.UB markers only, or a Contiguous of 0 items). */
    static boolean holdsNothing(Datatype datatype) {
        return datatype != null && datatype.layout.size == 0 && datatype.layout.element.movedByMpi();
    }

    /**
     * A reduction over a type that {@link #holdsNothing}: there is nothing to combine, whatever the op, and MPI
     * refuses predefined ops on most derived types. After the buffers are checked, MPI runs the same collective on
     * no data (0 items of MPI.BYTE with MPI.BOR), so the ranks still meet in it and it completes as MPI's would.
     */
    private void reduceNothing(String call, Object sendbuf, int sendoffset, int sendcount, Object recvbuf,
                               int recvoffset, int recvcount, Datatype datatype, Op op, boolean receives,
                               NativeEmptyReduction nativeCall) {
        if (op == null) throw new NullPointerException(call + ": op is null");
        if (op.isFreed()) throw new IllegalStateException(call + ": the op has been freed");
        Buffers.offset(call, "sendbuf", sendbuf, sendoffset, sendcount, Datatype.layout(datatype));
        if (receives) Buffers.offset(call, "recvbuf", recvbuf, recvoffset, recvcount, Datatype.layout(datatype));
        MPIException.check(nativeCall.run(MPI.BYTE.layout.handle(), MPI.BOR.handleFor(MPI.BYTE, call)), call);
    }

    /**
     * Reduces {@code sum(recvcounts)} items elementwise, then scatters the result: rank i receives
     * {@code recvcounts[i]} items, in rank order.
     */
    public void Reduce_scatter(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int[] recvcounts,
                               Datatype datatype, Op op) throws MPIException {
        Reduce_scatter("Intracomm.Reduce_scatter", sendbuf, sendoffset, recvbuf, recvoffset, recvcounts, datatype, op);
    }

    /** {@link #Reduce_scatter} for a call named {@code call} (either API's spelling). */
    void Reduce_scatter(String call, Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int[] recvcounts,
            Datatype datatype, Op op) {
        requireLive(call);
        int total = total(call, "recvcounts", recvcounts);
        if (ObjectMessages.isObject(datatype)) {
            if (op == null) throw new NullPointerException(call + ": op is null");
            if (op.function() == null) {
                throw new IllegalArgumentException(call + ": MPI.OBJECT reductions need a user-defined op, not " + op);
            }
            Buffers.offset(call, "sendbuf", sendbuf, sendoffset, total, Datatype.layout(datatype));
            Buffers.offset(call, "recvbuf", recvbuf, recvoffset, recvcounts[rank], Datatype.layout(datatype));
            if (sendbuf != null && sendbuf == recvbuf) {
                throw new IllegalArgumentException(call + ": sendbuf and recvbuf must be different buffers");
            }
            ObjectCollectives.reduceScatter(this, call, sendbuf, sendoffset, recvbuf, recvoffset, recvcounts, datatype,
                    op.function());
            return;
        }
        if (holdsNothing(datatype)) {
            reduceNothing(call, sendbuf, sendoffset, total, recvbuf, recvoffset, recvcounts[rank], datatype, op, true,
                    (type, opHandle) -> NativeMPI.reduce_scatter(null, 0, 0, null, 0, 0, 0, new int[size], type,
                            opHandle, handle));
            return;
        }
        reduction(REDUCE_SCATTER, call, sendbuf, sendoffset, total, recvbuf, recvoffset, recvcounts[rank], datatype,
                op, true, false, -1, recvcounts);
    }

    /** Root's {@code recvbuf} receives {@code recvcount} items from every rank, in rank order. */
    public void Gather(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, Object recvbuf,
                       int recvoffset, int recvcount, Datatype recvtype, int root) throws MPIException {
        Gather("Intracomm.Gather", sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, recvcount, recvtype,
                root);
    }

    /** {@link #Gather} for a call named {@code call} (either API's spelling). */
    void Gather(String call, Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, Object recvbuf,
            int recvoffset, int recvcount, Datatype recvtype, int root) {
        requireLive(call);
        checkRoot(call, root);
        if (objects(call, sendtype, recvtype)) {
            Buffers.offset(call, "sendbuf", sendbuf, sendoffset, sendcount, Datatype.layout(sendtype));
            if (rank == root) {
                Buffers.offset(call, "recvbuf", recvbuf, recvoffset, items(call, "recvcount", recvcount, size),
                        Datatype.layout(recvtype));
            }
            ObjectCollectives.gather(this, call, sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset,
                    recvcount, null, null, recvtype, root);
            return;
        }
        boolean stage = Message.stageBlockingArrays;
        Message s = buffer(call, "sendbuf", sendbuf, sendoffset, sendcount, sendtype, stage, false, false);
        Message r = Message.NONE;
        if (rank == root) {
            r = buffer(call, "recvbuf", recvbuf, recvoffset, items(call, "recvcount", recvcount, size), recvtype,
                    stage, false, true);
        }
        long stype = sendtype.layout.handle(), rtype = rank == root ? recvtype.layout.handle() : stype;
        int rc = NativeMPI.gather(s.array, s.address, s.off, sendcount, stype, r.array, r.address, r.off,
                recvcount, rtype, 0, root, handle);
        finish(call, rc, s, r);
    }

    /** Root's {@code recvbuf} receives {@code recvcount[i]} items from rank i at item {@code displs[i]}. */
    public void Gatherv(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, Object recvbuf,
                        int recvoffset, int[] recvcount, int[] displs, Datatype recvtype, int root)
            throws MPIException {
        Gatherv("Intracomm.Gatherv", sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, recvcount, displs,
                recvtype, root);
    }

    /** {@link #Gatherv} for a call named {@code call} (either API's spelling). */
    void Gatherv(String call, Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, Object recvbuf,
            int recvoffset, int[] recvcount, int[] displs, Datatype recvtype, int root) {
        requireLive(call);
        checkRoot(call, root);
        if (objects(call, sendtype, recvtype)) {
            Buffers.offset(call, "sendbuf", sendbuf, sendoffset, sendcount, Datatype.layout(sendtype));
            if (rank == root) {
                Buffers.offset(call, "recvbuf", recvbuf, recvoffset, span(call, "recvcount", recvcount, "displs",
                        displs), Datatype.layout(recvtype));
            }
            ObjectCollectives.gather(this, call, sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, 0,
                    recvcount, displs, recvtype, root);
            return;
        }
        boolean stage = Message.stageBlockingArrays;
        Message s = buffer(call, "sendbuf", sendbuf, sendoffset, sendcount, sendtype, stage, false, false);
        Message r = Message.NONE;
        if (rank == root) {
            r = buffer(call, "recvbuf", recvbuf, recvoffset, span(call, "recvcount", recvcount, "displs", displs),
                    recvtype, stage, false, true);
        }
        long stype = sendtype.layout.handle(), rtype = rank == root ? recvtype.layout.handle() : stype;
        int rc = NativeMPI.gatherv(s.array, s.address, s.off, sendcount, stype, r.array, r.address, r.off,
                rank == root ? recvcount : null, rank == root ? displs : null, rtype, 0, root, handle);
        finish(call, rc, s, r);
    }

    /** Every rank receives {@code recvcount} items, block i of root's {@code sendbuf} going to rank i. */
    public void Scatter(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, Object recvbuf,
                        int recvoffset, int recvcount, Datatype recvtype, int root) throws MPIException {
        Scatter("Intracomm.Scatter", sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, recvcount,
                recvtype, root);
    }

    /** {@link #Scatter} for a call named {@code call} (either API's spelling). */
    void Scatter(String call, Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, Object recvbuf,
            int recvoffset, int recvcount, Datatype recvtype, int root) {
        requireLive(call);
        checkRoot(call, root);
        if (objects(call, sendtype, recvtype)) {
            if (rank == root) {
                Buffers.offset(call, "sendbuf", sendbuf, sendoffset, items(call, "sendcount", sendcount, size),
                        Datatype.layout(sendtype));
            }
            Buffers.offset(call, "recvbuf", recvbuf, recvoffset, recvcount, Datatype.layout(recvtype));
            ObjectCollectives.scatter(this, call, sendbuf, sendoffset, sendcount, null, null, sendtype, recvbuf,
                    recvoffset, recvcount, recvtype, root);
            return;
        }
        boolean stage = Message.stageBlockingArrays;
        Message s = Message.NONE;
        if (rank == root) {
            s = buffer(call, "sendbuf", sendbuf, sendoffset, items(call, "sendcount", sendcount, size), sendtype,
                    stage, false, false);
        }
        Message r = buffer(call, "recvbuf", recvbuf, recvoffset, recvcount, recvtype, stage, false, true);
        long rtype = recvtype.layout.handle(), stype = rank == root ? sendtype.layout.handle() : rtype;
        int rc = NativeMPI.scatter(s.array, s.address, s.off, sendcount, stype, r.array, r.address, r.off,
                recvcount, rtype, 0, root, handle);
        finish(call, rc, s, r);
    }

    /** Rank i receives {@code sendcount[i]} items from root's {@code sendbuf} at item {@code displs[i]}. */
    public void Scatterv(Object sendbuf, int sendoffset, int[] sendcount, int[] displs, Datatype sendtype,
                         Object recvbuf, int recvoffset, int recvcount, Datatype recvtype, int root)
            throws MPIException {
        Scatterv("Intracomm.Scatterv", sendbuf, sendoffset, sendcount, displs, sendtype, recvbuf, recvoffset,
                recvcount, recvtype, root);
    }

    /** {@link #Scatterv} for a call named {@code call} (either API's spelling). */
    void Scatterv(String call, Object sendbuf, int sendoffset, int[] sendcount, int[] displs, Datatype sendtype,
            Object recvbuf, int recvoffset, int recvcount, Datatype recvtype, int root) {
        requireLive(call);
        checkRoot(call, root);
        if (objects(call, sendtype, recvtype)) {
            if (rank == root) {
                Buffers.offset(call, "sendbuf", sendbuf, sendoffset, span(call, "sendcount", sendcount, "displs",
                        displs), Datatype.layout(sendtype));
            }
            Buffers.offset(call, "recvbuf", recvbuf, recvoffset, recvcount, Datatype.layout(recvtype));
            ObjectCollectives.scatter(this, call, sendbuf, sendoffset, 0, sendcount, displs, sendtype, recvbuf,
                    recvoffset, recvcount, recvtype, root);
            return;
        }
        boolean stage = Message.stageBlockingArrays;
        Message s = Message.NONE;
        if (rank == root) {
            s = buffer(call, "sendbuf", sendbuf, sendoffset, span(call, "sendcount", sendcount, "displs", displs),
                    sendtype, stage, false, false);
        }
        Message r = buffer(call, "recvbuf", recvbuf, recvoffset, recvcount, recvtype, stage, false, true);
        long rtype = recvtype.layout.handle(), stype = rank == root ? sendtype.layout.handle() : rtype;
        int rc = NativeMPI.scatterv(s.array, s.address, s.off, rank == root ? sendcount : null,
                rank == root ? displs : null, stype, r.array, r.address, r.off, recvcount, rtype, 0, root, handle);
        finish(call, rc, s, r);
    }

    /** Every rank's {@code recvbuf} receives {@code recvcount} items from every rank, in rank order. */
    public void Allgather(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, Object recvbuf,
                          int recvoffset, int recvcount, Datatype recvtype) throws MPIException {
        Allgather("Intracomm.Allgather", sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, recvcount,
                recvtype);
    }

    /** {@link #Allgather} for a call named {@code call} (either API's spelling). */
    void Allgather(String call, Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, Object recvbuf,
            int recvoffset, int recvcount, Datatype recvtype) {
        requireLive(call);
        if (objects(call, sendtype, recvtype)) {
            Buffers.offset(call, "sendbuf", sendbuf, sendoffset, sendcount, Datatype.layout(sendtype));
            Buffers.offset(call, "recvbuf", recvbuf, recvoffset, items(call, "recvcount", recvcount, size),
                    Datatype.layout(recvtype));
            ObjectCollectives.allgather(this, call, sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset,
                    recvcount, null, null, recvtype);
            return;
        }
        boolean stage = Message.stageBlockingArrays;
        Message s = buffer(call, "sendbuf", sendbuf, sendoffset, sendcount, sendtype, stage, false, false);
        Message r = buffer(call, "recvbuf", recvbuf, recvoffset, items(call, "recvcount", recvcount, size), recvtype,
                stage, false, true);
        int rc = NativeMPI.allgather(s.array, s.address, s.off, sendcount, sendtype.layout.handle(), r.array,
                r.address, r.off, recvcount, recvtype.layout.handle(), 0, handle);
        finish(call, rc, s, r);
    }

    /** Every rank's {@code recvbuf} receives {@code recvcount[i]} items from rank i at item {@code displs[i]}. */
    public void Allgatherv(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, Object recvbuf,
                           int recvoffset, int[] recvcount, int[] displs, Datatype recvtype) throws MPIException {
        Allgatherv("Intracomm.Allgatherv", sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, recvcount,
                displs, recvtype);
    }

    /** {@link #Allgatherv} for a call named {@code call} (either API's spelling). */
    void Allgatherv(String call, Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, Object recvbuf,
            int recvoffset, int[] recvcount, int[] displs, Datatype recvtype) {
        requireLive(call);
        int span = span(call, "recvcount", recvcount, "displs", displs);
        if (objects(call, sendtype, recvtype)) {
            Buffers.offset(call, "sendbuf", sendbuf, sendoffset, sendcount, Datatype.layout(sendtype));
            Buffers.offset(call, "recvbuf", recvbuf, recvoffset, span, Datatype.layout(recvtype));
            ObjectCollectives.allgather(this, call, sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, 0,
                    recvcount, displs, recvtype);
            return;
        }
        boolean stage = Message.stageBlockingArrays;
        Message s = buffer(call, "sendbuf", sendbuf, sendoffset, sendcount, sendtype, stage, false, false);
        Message r = buffer(call, "recvbuf", recvbuf, recvoffset, span, recvtype, stage, false, true);
        int rc = NativeMPI.allgatherv(s.array, s.address, s.off, sendcount, sendtype.layout.handle(), r.array,
                r.address, r.off, recvcount, displs, recvtype.layout.handle(), 0, handle);
        finish(call, rc, s, r);
    }

    /** Block i of every rank's {@code sendbuf} ({@code sendcount} items) goes to rank i, in rank order. */
    public void Alltoall(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, Object recvbuf,
                         int recvoffset, int recvcount, Datatype recvtype) throws MPIException {
        Alltoall("Intracomm.Alltoall", sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, recvcount,
                recvtype);
    }

    /** {@link #Alltoall} for a call named {@code call} (either API's spelling). */
    void Alltoall(String call, Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, Object recvbuf,
            int recvoffset, int recvcount, Datatype recvtype) {
        requireLive(call);
        if (objects(call, sendtype, recvtype)) {
            Buffers.offset(call, "sendbuf", sendbuf, sendoffset, items(call, "sendcount", sendcount, size),
                    Datatype.layout(sendtype));
            Buffers.offset(call, "recvbuf", recvbuf, recvoffset, items(call, "recvcount", recvcount, size),
                    Datatype.layout(recvtype));
            ObjectCollectives.alltoall(this, call, sendbuf, sendoffset, sendcount, null, null, sendtype, recvbuf,
                    recvoffset, recvcount, null, null, recvtype);
            return;
        }
        boolean stage = Message.stageBlockingArrays;
        Message s = buffer(call, "sendbuf", sendbuf, sendoffset, items(call, "sendcount", sendcount, size), sendtype,
                stage, false, false);
        Message r = buffer(call, "recvbuf", recvbuf, recvoffset, items(call, "recvcount", recvcount, size), recvtype,
                stage, false, true);
        int rc = NativeMPI.alltoall(s.array, s.address, s.off, sendcount, sendtype.layout.handle(), r.array,
                r.address, r.off, recvcount, recvtype.layout.handle(), 0, handle);
        finish(call, rc, s, r);
    }

    /** Rank i gets {@code sendcount[i]} items from {@code sdispls[i]} of every rank's sendbuf, stored at
     *  {@code rdispls[j]} for sender j. */
    public void Alltoallv(Object sendbuf, int sendoffset, int[] sendcount, int[] sdispls, Datatype sendtype,
                          Object recvbuf, int recvoffset, int[] recvcount, int[] rdispls, Datatype recvtype)
            throws MPIException {
        Alltoallv("Intracomm.Alltoallv", sendbuf, sendoffset, sendcount, sdispls, sendtype, recvbuf, recvoffset,
                recvcount, rdispls, recvtype);
    }

    /** {@link #Alltoallv} for a call named {@code call} (either API's spelling). */
    void Alltoallv(String call, Object sendbuf, int sendoffset, int[] sendcount, int[] sdispls, Datatype sendtype,
            Object recvbuf, int recvoffset, int[] recvcount, int[] rdispls, Datatype recvtype) {
        requireLive(call);
        int sspan = span(call, "sendcount", sendcount, "sdispls", sdispls);
        int rspan = span(call, "recvcount", recvcount, "rdispls", rdispls);
        if (objects(call, sendtype, recvtype)) {
            Buffers.offset(call, "sendbuf", sendbuf, sendoffset, sspan, Datatype.layout(sendtype));
            Buffers.offset(call, "recvbuf", recvbuf, recvoffset, rspan, Datatype.layout(recvtype));
            ObjectCollectives.alltoall(this, call, sendbuf, sendoffset, 0, sendcount, sdispls, sendtype, recvbuf,
                    recvoffset, 0, recvcount, rdispls, recvtype);
            return;
        }
        boolean stage = Message.stageBlockingArrays;
        Message s = buffer(call, "sendbuf", sendbuf, sendoffset, sspan, sendtype, stage, false, false);
        Message r = buffer(call, "recvbuf", recvbuf, recvoffset, rspan, recvtype, stage, false, true);
        int rc = NativeMPI.alltoallv(s.array, s.address, s.off, sendcount, sdispls, sendtype.layout.handle(),
                r.array, r.address, r.off, recvcount, rdispls, recvtype.layout.handle(), 0, handle);
        finish(call, rc, s, r);
    }

    // ------------------------------------------------------------------------------------------ non-blocking
    // MPI-3's non-blocking collectives in mpiJava's naming: natmpj's additions, not members of mpiJava 1.2 nor of
    // MPJ Express. Buffers and offsets as in the blocking collectives (arrays pinned or staged until the request
    // completes, direct ByteBuffers by address); MPI.OBJECT is refused. The count and displacement arrays are copied
    // at the call. A reduction whose sendbuf and recvbuf are the same buffer at the same offset runs in place.

    /** MPI_Ibarrier: a request that completes once every rank has called it. */
    public Request Ibarrier() throws MPIException {
        return Icollectives.iBarrier(this, "Intracomm.Ibarrier");
    }

    /** MPI_Ibcast: the non-blocking {@link #Bcast}. */
    public Request Ibcast(Object buf, int offset, int count, Datatype datatype, int root) throws MPIException {
        return Icollectives.iBcast(this, "Intracomm.Ibcast", buf, offset, count, datatype, root);
    }

    /** MPI_Ireduce: the non-blocking {@link #Reduce}. */
    public Request Ireduce(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count,
                           Datatype datatype, Op op, int root) throws MPIException {
        boolean in = sendbuf != null && sendbuf == recvbuf && sendoffset == recvoffset;
        return Icollectives.iReduce(this, "Intracomm.Ireduce", sendbuf, sendoffset, in ? null : recvbuf, recvoffset,
                count, datatype, op, root, in);
    }

    /** MPI_Iallreduce: the non-blocking {@link #Allreduce}. */
    public Request Iallreduce(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count,
                              Datatype datatype, Op op) throws MPIException {
        boolean in = sendbuf != null && sendbuf == recvbuf && sendoffset == recvoffset;
        return Icollectives.iAllReduce(this, "Intracomm.Iallreduce", sendbuf, sendoffset, in ? null : recvbuf,
                recvoffset, count, datatype, op, in);
    }

    /** MPI_Iscan: the non-blocking {@link #Scan}. */
    public Request Iscan(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count,
                         Datatype datatype, Op op) throws MPIException {
        boolean in = sendbuf != null && sendbuf == recvbuf && sendoffset == recvoffset;
        return Icollectives.iScan(this, "Intracomm.Iscan", false, sendbuf, sendoffset, in ? null : recvbuf,
                recvoffset, count, datatype, op, in);
    }

    /** MPI_Ireduce_scatter: the non-blocking {@link #Reduce_scatter}. */
    public Request Ireduce_scatter(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int[] recvcounts,
                                   Datatype datatype, Op op) throws MPIException {
        return Icollectives.iReduceScatter(this, "Intracomm.Ireduce_scatter", sendbuf, sendoffset, recvbuf,
                recvoffset, recvcounts, datatype, op, false);
    }

    /** MPI_Igather: the non-blocking {@link #Gather}. */
    public Request Igather(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, Object recvbuf,
                           int recvoffset, int recvcount, Datatype recvtype, int root) throws MPIException {
        return Icollectives.blocks(this, IGATHER, "Intracomm.Igather", sendbuf, sendoffset, sendcount, sendtype,
                recvbuf, recvoffset, recvcount, recvtype, root, false);
    }

    /** MPI_Igatherv: the non-blocking {@link #Gatherv}. */
    public Request Igatherv(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, Object recvbuf,
                            int recvoffset, int[] recvcount, int[] displs, Datatype recvtype, int root)
            throws MPIException {
        return Icollectives.gatherv(this, IGATHER, "Intracomm.Igatherv", sendbuf, sendoffset, sendcount, sendtype,
                recvbuf, recvoffset, recvcount, displs, recvtype, root, 0);
    }

    /** MPI_Iscatter: the non-blocking {@link #Scatter}. */
    public Request Iscatter(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, Object recvbuf,
                            int recvoffset, int recvcount, Datatype recvtype, int root) throws MPIException {
        return Icollectives.blocks(this, ISCATTER, "Intracomm.Iscatter", sendbuf, sendoffset, sendcount, sendtype,
                recvbuf, recvoffset, recvcount, recvtype, root, false);
    }

    /** MPI_Iscatterv: the non-blocking {@link #Scatterv}. */
    public Request Iscatterv(Object sendbuf, int sendoffset, int[] sendcount, int[] displs, Datatype sendtype,
                             Object recvbuf, int recvoffset, int recvcount, Datatype recvtype, int root)
            throws MPIException {
        return Icollectives.scatterv(this, "Intracomm.Iscatterv", sendbuf, sendoffset, sendcount, displs, sendtype,
                recvbuf, recvoffset, recvcount, recvtype, root, 0);
    }

    /** MPI_Iallgather: the non-blocking {@link #Allgather}. */
    public Request Iallgather(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, Object recvbuf,
                              int recvoffset, int recvcount, Datatype recvtype) throws MPIException {
        return Icollectives.blocks(this, IALLGATHER, "Intracomm.Iallgather", sendbuf, sendoffset, sendcount,
                sendtype, recvbuf, recvoffset, recvcount, recvtype, -1, false);
    }

    /** MPI_Iallgatherv: the non-blocking {@link #Allgatherv}. */
    public Request Iallgatherv(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, Object recvbuf,
                               int recvoffset, int[] recvcount, int[] displs, Datatype recvtype) throws MPIException {
        return Icollectives.gatherv(this, IALLGATHER, "Intracomm.Iallgatherv", sendbuf, sendoffset, sendcount,
                sendtype, recvbuf, recvoffset, recvcount, displs, recvtype, -1, 0);
    }

    /** MPI_Ialltoall: the non-blocking {@link #Alltoall}. */
    public Request Ialltoall(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, Object recvbuf,
                             int recvoffset, int recvcount, Datatype recvtype) throws MPIException {
        return Icollectives.blocks(this, IALLTOALL, "Intracomm.Ialltoall", sendbuf, sendoffset, sendcount, sendtype,
                recvbuf, recvoffset, recvcount, recvtype, -1, false);
    }

    /** MPI_Ialltoallv: the non-blocking {@link #Alltoallv}. */
    public Request Ialltoallv(Object sendbuf, int sendoffset, int[] sendcount, int[] sdispls, Datatype sendtype,
                              Object recvbuf, int recvoffset, int[] recvcount, int[] rdispls, Datatype recvtype)
            throws MPIException {
        return Icollectives.allToAllv(this, "Intracomm.Ialltoallv", sendbuf, sendoffset, sendcount, sdispls,
                sendtype, recvbuf, recvoffset, recvcount, rdispls, recvtype);
    }

    // ------------------------------------------------------------------------------------------ helpers

    /**
     * One buffer of a collective: checked, then resolved on the one buffer path (see {@link Message}): pinned, a
     * direct buffer's address, or staged in native memory (with a user op, whose Java callback must not run inside a
     * JNI critical region, and under THREAD_MULTIPLE). A staged receive buffer is copied in first too, so the gaps
     * between a v-collective's blocks keep their values when it is copied back whole.
     */
    private static Message buffer(String call, String name, Object buf, int offset, int count, Datatype type,
                                  boolean stage, boolean reduction, boolean receive) {
        long off = checked(call, name, buf, offset, count, type, reduction);
        return Message.blocking(call, buf, off, count, type.layout, stage,
                receive ? Message.READ_WRITE : Message.READ);
    }

    /**
     * {@link #buffer}'s checks: the byte offset of item 0, or an exception naming the argument. Bcast and the
     * reductions call it and then Message.blocking themselves: buffer(), shared by every collective, is soon
     * compiled on its own, too big for C2 to inline it into a collective compiled later, and a Message returned
     * from a call is allocated; made in the collective's own code, escape analysis removes it (AllocationSuite).
     */
    static long checked(String call, String name, Object buf, int offset, int count, Datatype type,
                        boolean reduction) {
        BufferType layout = Datatype.layout(type);
        long off = Buffers.offset(call, name, buf, offset, count, layout);
        if (reduction) Buffers.requireNativeOrder(call, name, buf, layout);
        return off;
    }

    /** The send side of an in-place call, which MPI does not read (MPI_IN_PLACE): staging given back. */
    private static Message drop(Message m) {
        m.release();
        return Message.NONE;
    }

    /** After the native call: copies staged receive buffers back, frees staging, turns rc into an exception. */
    private static void finish(String call, int rc, Message send, Message recv) {
        send.finish(call, rc);
        recv.finish(call, rc);
        MPIException.check(rc, call);
    }

    private static boolean objects(String call, Datatype sendtype, Datatype recvtype) {
        boolean s = ObjectMessages.isObject(sendtype), r = ObjectMessages.isObject(recvtype);
        if (s != r && sendtype != null && recvtype != null) {
            throw new IllegalArgumentException(call + ": sendtype " + sendtype + " and recvtype " + recvtype
                    + " must both be MPI.OBJECT types or neither");
        }
        return s && r;
    }

    private void objectReduce(String call, Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count,
                              Datatype datatype, Op op, int root, boolean scan) {
        if (op == null) throw new NullPointerException(call + ": op is null");
        if (op.function() == null) {
            throw new IllegalArgumentException(call + ": MPI.OBJECT reductions need a user-defined op, not " + op);
        }
        Buffers.offset(call, "sendbuf", sendbuf, sendoffset, count, Datatype.layout(datatype));
        if (root < 0 || rank == root) Buffers.offset(call, "recvbuf", recvbuf, recvoffset, count,
                Datatype.layout(datatype));
        ObjectCollectives.reduce(this, call, sendbuf, sendoffset, recvbuf, recvoffset, count, datatype, op.function(),
                root, scan);
    }

    /** count items for each of n ranks, as one int. */
    static int items(String call, String name, int count, int n) {
        if (count < 0) throw new IllegalArgumentException(call + ": " + name + " is " + count + ", must be >= 0");
        long items = (long) count * n;
        if (items > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(call + ": " + name + " " + count + " items for each of " + n
                    + " ranks overflow int");
        }
        return (int) items;
    }

    /** Validates a counts/displacements pair (one entry per rank) and returns the items they span. */
    private int span(String call, String countsName, int[] counts, String displsName, int[] displs) {
        return span(call, countsName, counts, displsName, displs, size, "rank");
    }

    /**
     * {@link #span(String, String, int[], String, int[])} for {@code n} entries, one per {@code what} (a rank, an
     * in-neighbour or an out-neighbour).
     */
    static int span(String call, String countsName, int[] counts, String displsName, int[] displs, int n,
                    String what) {
        int size = n;
        if (counts == null) throw new NullPointerException(call + ": " + countsName + " is null");
        if (displs == null) throw new NullPointerException(call + ": " + displsName + " is null");
        if (counts.length < size) {
            throw new IllegalArgumentException(call + ": " + countsName + " has " + counts.length + " entries, needs "
                    + size + " (one per " + what + ")");
        }
        if (displs.length < size) {
            throw new IllegalArgumentException(call + ": " + displsName + " has " + displs.length + " entries, needs "
                    + size + " (one per " + what + ")");
        }
        long end = 0;
        for (int i = 0; i < size; i++) {
            if (counts[i] < 0) {
                throw new IllegalArgumentException(call + ": " + countsName + "[" + i + "] is " + counts[i]);
            }
            if (displs[i] < 0) {
                throw new IllegalArgumentException(call + ": " + displsName + "[" + i + "] is " + displs[i]
                        + ", must be >= 0");
            }
            if (counts[i] > 0) end = Math.max(end, (long) displs[i] + counts[i]);
        }
        if (end > Integer.MAX_VALUE) throw new IllegalArgumentException(call + ": " + displsName + " overflow int");
        return (int) end;
    }

    int total(String call, String name, int[] counts) {
        if (counts == null) throw new NullPointerException(call + ": " + name + " is null");
        if (counts.length < size) {
            throw new IllegalArgumentException(call + ": " + name + " has " + counts.length + " entries, needs " + size
                    + " (one per rank)");
        }
        long total = 0;
        for (int i = 0; i < size; i++) {
            if (counts[i] < 0) throw new IllegalArgumentException(call + ": " + name + "[" + i + "] is " + counts[i]);
            total += counts[i];
        }
        if (total > Integer.MAX_VALUE) throw new IllegalArgumentException(call + ": " + name + " overflow int");
        return (int) total;
    }

    static long opFor(String call, Op op, Datatype datatype) {
        if (op == null) throw new NullPointerException(call + ": op is null");
        if (datatype == null) throw new NullPointerException(call + ": datatype is null");
        return op.handleFor(datatype, call);
    }

    void checkRoot(String call, int root) {
        if (root < 0 || root >= size) throw badRoot(call, root);
    }

    private IllegalArgumentException badRoot(String call, int root) {
        return new IllegalArgumentException(call + ": root is " + root + ", not a rank of " + this + " (size " + size
                + ")");
    }

    // ================================================================ Open MPI's Java API (see Comm)

    @Override
    public Intracomm clone() throws MPIException {
        // shared with mpiJava (Comm.clone): its exceptions stay mpiJava's
        return (Intracomm) duplicate(getClass().getSimpleName() + ".clone");
    }

    @Override
    public Intracomm dup() throws MPIException {
        try {
            return (Intracomm) duplicate(getClass().getSimpleName() + ".dup");
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    @Override
    public Intracomm iDup() throws MPIException {
        try {
            return (Intracomm) iDuplicate(getClass().getSimpleName() + ".iDup");
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    @Override
    public Intracomm dupWithInfo(Info info) throws MPIException {
        try {
            return (Intracomm) duplicate(getClass().getSimpleName() + ".dupWithInfo", info);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Comm_split. */
    public final Intracomm split(int color, int key) throws MPIException {
        try {
            return orNull(Split("Intracomm.split", color, key));
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /**
     * MPI_Comm_split_type: {@code Comm.TYPE_SHARED} splits into the processes that can share memory (one node);
     * {@code MPI.UNDEFINED} gives this process MPI.COMM_NULL (isNull() true). Collective.
     */
    public final Intracomm splitType(int splitType, int key, Info info) throws MPIException {
        try {
            String call = "Intracomm.splitType";
            requireLive(call);
            if (splitType != TYPE_SHARED && splitType != MPI.UNDEFINED) {
                throw new IllegalArgumentException(call + ": splitType is " + splitType + ", must be Comm.TYPE_SHARED ("
                        + TYPE_SHARED + ") or MPI.UNDEFINED (" + MPI.UNDEFINED + ")");
            }
            long infoHandle = Info.handleOf(call, "info", info);
            long[] made = new long[1];
            MPIException.check(NativeMPI.comm_split_type(handle, splitType == TYPE_SHARED ? 1 : 0, key, infoHandle,
                    made), call);
            return orNull((Intracomm) created(made[0], "splitType of " + this));
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Comm_create. */
    public final Intracomm create(Group group) throws MPIException {
        try {
            return orNull(Create("Intracomm.create", group));
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /**
     * MPI_Comm_create_group: a communicator of {@code group}, a subgroup of this communicator's group; collective
     * over the members of {@code group} only (the others need not call). {@code tag} tells apart concurrent calls.
     */
    public final Intracomm createGroup(Group group, int tag) throws MPIException {
        try {
            String call = "Intracomm.createGroup";
            requireLive(call);
            if (group == null) throw new NullPointerException(call + ": group is null");
            group.requireLive(call, "group");
            checkTag(call, tag);
            // MPI requires a subgroup of this communicator's group, called by its members only; MPICH and Open MPI
            // abort on anything else, so it is checked here.
            if (group.Rank() == MPI.UNDEFINED) {
                throw new IllegalArgumentException(call + ": group does not contain the calling process (only the"
                        + " members of group call MPI_Comm_create_group)");
            }
            Group mine = Group(call);
            int[] ranks = new int[group.Size()];
            for (int i = 0; i < ranks.length; i++) ranks[i] = i;
            int[] translated;
            try {
                translated = Group.Translate_ranks(group, ranks, mine);
            } finally {
                mine.Free();
            }
            for (int i = 0; i < translated.length; i++) {
                if (translated[i] == MPI.UNDEFINED) {
                    throw new IllegalArgumentException(call + ": group is not a subgroup of " + this + "'s group"
                            + " (its rank " + i + " is not a member)");
                }
            }
            long[] made = new long[1];
            MPIException.check(NativeMPI.comm_create_group(handle, group.handle, tag, made), call);
            return orNull((Intracomm) created(made[0], "createGroup of " + this));
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Cart_create. */
    public final CartComm createCart(int[] dims, boolean[] periods, boolean reorder) throws MPIException {
        try {
            Cartcomm c = Create_cart("Intracomm.createCart", dims, periods, reorder);
            return c != null ? (CartComm) c : new CartComm(MPI.COMM_NULL.handle, "MPI.COMM_NULL").asNull();
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Graph_create. */
    public final GraphComm createGraph(int[] index, int[] edges, boolean reorder) throws MPIException {
        try {
            Graphcomm c = Create_graph("Intracomm.createGraph", index, edges, reorder);
            return c != null ? (GraphComm) c : new GraphComm(MPI.COMM_NULL.handle, "MPI.COMM_NULL").asNull();
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Dist_graph_create: {@code sources.length} sources, each with its degree and destinations, weighted. */
    public final GraphComm createDistGraph(int[] sources, int[] degrees, int[] destinations, int[] weights, Info info,
                                           boolean reorder) throws MPIException {
        try {
            return distGraph("Intracomm.createDistGraph", sources, degrees, destinations, weights, true, info, reorder);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Dist_graph_create without weights (MPI_UNWEIGHTED). */
    public final GraphComm createDistGraph(int[] sources, int[] degrees, int[] destinations, Info info,
                                           boolean reorder) throws MPIException {
        try {
            return distGraph("Intracomm.createDistGraph", sources, degrees, destinations, null, false, info, reorder);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Dist_graph_create_adjacent: this process's in-neighbours and out-neighbours, weighted. */
    public final GraphComm createDistGraphAdjacent(int[] sources, int[] sourceWeights, int[] destinations,
                                                   int[] destWeights, Info info, boolean reorder)
            throws MPIException {
        try {
            return distGraphAdjacent("Intracomm.createDistGraphAdjacent", sources, sourceWeights, destinations,
                    destWeights, true, info, reorder);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Dist_graph_create_adjacent without weights (MPI_UNWEIGHTED). */
    public final GraphComm createDistGraphAdjacent(int[] sources, int[] destinations, Info info, boolean reorder)
            throws MPIException {
        try {
            return distGraphAdjacent("Intracomm.createDistGraphAdjacent", sources, null, destinations, null, false,
                    info, reorder);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    private GraphComm distGraph(String call, int[] sources, int[] degrees, int[] destinations, int[] weights,
                                boolean weighted, Info info, boolean reorder) {
        requireLive(call);
        long infoHandle = Info.argument(call, info);
        if (sources == null) throw new NullPointerException(call + ": sources is null");
        if (degrees == null) throw new NullPointerException(call + ": degrees is null");
        if (destinations == null) throw new NullPointerException(call + ": destinations is null");
        int n = sources.length;
        if (degrees.length < n) {
            throw new IllegalArgumentException(call + ": degrees has " + degrees.length + " entries, needs one per"
                    + " source (" + n + ")");
        }
        long edges = 0;
        for (int i = 0; i < n; i++) {
            checkNode(call, "sources[" + i + "]", sources[i]);
            if (degrees[i] < 0) {
                throw new IllegalArgumentException(call + ": degrees[" + i + "] is " + degrees[i] + ", must be >= 0");
            }
            edges += degrees[i];
        }
        if (destinations.length < edges) {
            throw new IllegalArgumentException(call + ": destinations has " + destinations.length + " entries, the"
                    + " degrees add up to " + edges);
        }
        for (int i = 0; i < edges; i++) checkNode(call, "destinations[" + i + "]", destinations[i]);
        if (weighted) checkWeights(call, "weights", weights, (int) edges);
        long[] created = new long[1];
        MPIException.check(NativeMPI.dist_graph_create(handle, n, sources, degrees, destinations,
                weighted ? weights : null, weighted ? 1 : 0, infoHandle, reorder ? 1 : 0, created), call);
        return asGraphComm(created[0], call);
    }

    private GraphComm distGraphAdjacent(String call, int[] sources, int[] sourceWeights, int[] destinations,
                                        int[] destWeights, boolean weighted, Info info, boolean reorder) {
        requireLive(call);
        long infoHandle = Info.argument(call, info);
        if (sources == null) throw new NullPointerException(call + ": sources is null");
        if (destinations == null) throw new NullPointerException(call + ": destinations is null");
        for (int i = 0; i < sources.length; i++) checkNode(call, "sources[" + i + "]", sources[i]);
        for (int i = 0; i < destinations.length; i++) checkNode(call, "destinations[" + i + "]", destinations[i]);
        if (weighted) {
            checkWeights(call, "sourceWeights", sourceWeights, sources.length);
            checkWeights(call, "destWeights", destWeights, destinations.length);
        }
        long[] created = new long[1];
        MPIException.check(NativeMPI.dist_graph_create_adjacent(handle, sources.length, sources,
                weighted ? sourceWeights : null, destinations.length, destinations, weighted ? destWeights : null,
                weighted ? 1 : 0, infoHandle, reorder ? 1 : 0, created), call);
        return asGraphComm(created[0], call);
    }

    private void checkNode(String call, String name, int node) {
        if (node < 0 || node >= size) {
            throw new IllegalArgumentException(call + ": " + name + " is " + node + ", not a rank of " + this
                    + " (size " + size + ")");
        }
    }

    private static void checkWeights(String call, String name, int[] weights, int n) {
        if (weights == null) throw new NullPointerException(call + ": " + name + " is null");
        if (weights.length < n) {
            throw new IllegalArgumentException(call + ": " + name + " has " + weights.length + " entries, needs one"
                    + " per edge (" + n + ")");
        }
        for (int i = 0; i < n; i++) {
            if (weights[i] < 0) {
                throw new IllegalArgumentException(call + ": " + name + "[" + i + "] is " + weights[i]
                        + ", must be >= 0");
            }
        }
    }

    private static GraphComm asGraphComm(long created, String call) {
        Comm c = Comm.created(created, call);
        return c != null ? (GraphComm) c : new GraphComm(MPI.COMM_NULL.handle, "MPI.COMM_NULL").asNull();
    }

    /** MPI_Scan. */
    public final void scan(Object sendbuf, Object recvbuf, int count, Datatype type, Op op) throws MPIException {
        try {
            type = OmpiArgs.type(type, sendbuf, recvbuf);
            String call = "Intracomm.scan";
            Scan(call, OmpiArgs.base(call, "sendbuf", sendbuf), OmpiArgs.offset(sendbuf), OmpiArgs.base(call,
                    "recvbuf", recvbuf), OmpiArgs.offset(recvbuf), count, type, op);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Scan in place. */
    public final void scan(Object buf, int count, Datatype type, Op op) throws MPIException {
        try {
            type = OmpiArgs.type(type, buf);
            String call = "Intracomm.scan";
            Object base = OmpiArgs.base(call, "buf", buf);
            int off = OmpiArgs.offset(buf);
            Scan(call, base, off, base, off, count, type, op);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Exscan: rank 0's recvbuf is left as it was. */
    public final void exScan(Object sendbuf, Object recvbuf, int count, Datatype type, Op op) throws MPIException {
        try {
            type = OmpiArgs.type(type, sendbuf, recvbuf);
            String call = "Intracomm.exScan";
            exScan(call, OmpiArgs.base(call, "sendbuf", sendbuf), OmpiArgs.offset(sendbuf), OmpiArgs.base(call,
                    "recvbuf", recvbuf), OmpiArgs.offset(recvbuf), count, type, op);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Exscan in place. */
    public final void exScan(Object buf, int count, Datatype type, Op op) throws MPIException {
        try {
            type = OmpiArgs.type(type, buf);
            String call = "Intracomm.exScan";
            Object base = OmpiArgs.base(call, "buf", buf);
            int off = OmpiArgs.offset(buf);
            exScan(call, base, off, base, off, count, type, op);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Iscan. */
    public final Request iScan(Buffer sendbuf, Buffer recvbuf, int count, Datatype type, Op op) throws MPIException {
        try {
            String call = "Intracomm.iScan";
            return Icollectives.iScan(this, call, false, OmpiArgs.base(call, "sendbuf", sendbuf),
                    OmpiArgs.offset(sendbuf), OmpiArgs.base(call, "recvbuf", recvbuf), OmpiArgs.offset(recvbuf),
                    count, OmpiArgs.type(type, sendbuf, recvbuf), op, false);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Iscan in place. */
    public final Request iScan(Buffer buf, int count, Datatype type, Op op) throws MPIException {
        try {
            String call = "Intracomm.iScan";
            return Icollectives.iScan(this, call, false, OmpiArgs.base(call, "buf", buf), OmpiArgs.offset(buf), null,
                    0, count, OmpiArgs.type(type, buf), op, true);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Iexscan. */
    public final Request iExScan(Buffer sendbuf, Buffer recvbuf, int count, Datatype type, Op op)
            throws MPIException {
        try {
            String call = "Intracomm.iExScan";
            return Icollectives.iScan(this, call, true, OmpiArgs.base(call, "sendbuf", sendbuf),
                    OmpiArgs.offset(sendbuf), OmpiArgs.base(call, "recvbuf", recvbuf), OmpiArgs.offset(recvbuf),
                    count, OmpiArgs.type(type, sendbuf, recvbuf), op, false);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Iexscan in place. */
    public final Request iExScan(Buffer buf, int count, Datatype type, Op op) throws MPIException {
        try {
            String call = "Intracomm.iExScan";
            return Icollectives.iScan(this, call, true, OmpiArgs.base(call, "buf", buf), OmpiArgs.offset(buf), null,
                    0, count, OmpiArgs.type(type, buf), op, true);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    // Dynamic processes: see docs/ompi-api.md for where each works (Open MPI 4.1 and MPICH 4.0 as Debian ships them).

    /** MPI_Open_port: a port name other processes connect to (accept on it). */
    public static String openPort() throws MPIException {
        return openPort(MPI.INFO_NULL);
    }

    /** MPI_Open_port with hints. */
    public static String openPort(Info info) throws MPIException {
        try {
            String call = "Intracomm.openPort";
            MPI.requireActive(call);
            MPIException.check(NativeMPI.open_port(Info.handleOf(call, "info", info)), call);
            return NativeMPI.text();
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Close_port. */
    public static void closePort(String name) throws MPIException {
        try {
            String call = "Intracomm.closePort";
            MPI.requireActive(call);
            MPIException.check(NativeMPI.close_port(requireName(call, "name", name)), call);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** A port or service name: neither null nor empty, shorter than MPI_MAX_PORT_NAME (natmpj's 4096 bytes). */
    private static String requireName(String call, String what, String name) {
        if (name == null) throw new NullPointerException(call + ": " + what + " is null");
        if (name.isEmpty()) throw new IllegalArgumentException(call + ": " + what + " is empty");
        if (name.length() >= 1024) {
            throw new IllegalArgumentException(call + ": " + what + " is " + name.length()
                    + " characters long, longer than any port name MPI makes");
        }
        return name;
    }

    /** MPI_Comm_accept: collective; the port matters at {@code root} only. */
    public final Intercomm accept(String port, int root) throws MPIException {
        return accept(port, MPI.INFO_NULL, root);
    }

    /** MPI_Comm_accept with hints (at root). */
    public final Intercomm accept(String port, Info info, int root) throws MPIException {
        try {
            return connected("Intracomm.accept", true, port, info, root);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Comm_connect: collective; the port matters at {@code root} only. */
    public final Intercomm connect(String port, int root) throws MPIException {
        return connect(port, MPI.INFO_NULL, root);
    }

    /** MPI_Comm_connect with hints (at root). */
    public final Intercomm connect(String port, Info info, int root) throws MPIException {
        try {
            return connected("Intracomm.connect", false, port, info, root);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    private Intercomm connected(String call, boolean accept, String port, Info info, int root) {
        requireLive(call);
        checkRoot(call, root);
        long infoHandle = MPI.INFO_NULL.handle;
        String name = "";
        if (rank == root) {
            name = requireName(call, "port", port);
            infoHandle = Info.handleOf(call, "info", info);
        }
        long[] inter = new long[1];
        MPIException.check(accept ? NativeMPI.comm_accept(name, infoHandle, root, handle, inter)
                : NativeMPI.comm_connect(name, infoHandle, root, handle, inter), call);
        return (Intercomm) created(inter[0], accept ? "accepted intercommunicator" : "connected intercommunicator");
    }

    /** MPI_Publish_name: publishes {@code port} as {@code service}. */
    public static void publishName(String service, String port) throws MPIException {
        publishName(service, MPI.INFO_NULL, port);
    }

    /** MPI_Publish_name with hints. */
    public static void publishName(String service, Info info, String port) throws MPIException {
        try {
            String call = "Intracomm.publishName";
            MPI.requireActive(call);
            MPIException.check(NativeMPI.publish_name(requireName(call, "service", service),
                    Info.handleOf(call, "info", info), requireName(call, "port", port)), call);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Unpublish_name. */
    public static void unpublishName(String service, String port) throws MPIException {
        unpublishName(service, MPI.INFO_NULL, port);
    }

    /** MPI_Unpublish_name with hints. */
    public static void unpublishName(String service, Info info, String port) throws MPIException {
        try {
            String call = "Intracomm.unpublishName";
            MPI.requireActive(call);
            MPIException.check(NativeMPI.unpublish_name(requireName(call, "service", service),
                    Info.handleOf(call, "info", info), requireName(call, "port", port)), call);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Lookup_name: the port published as {@code service}. */
    public static String lookupName(String service) throws MPIException {
        return lookupName(service, MPI.INFO_NULL);
    }

    /** MPI_Lookup_name with hints. */
    public static String lookupName(String service, Info info) throws MPIException {
        try {
            String call = "Intracomm.lookupName";
            MPI.requireActive(call);
            MPIException.check(NativeMPI.lookup_name(requireName(call, "service", service),
                    Info.handleOf(call, "info", info)), call);
            return NativeMPI.text();
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /**
     * MPI_Comm_spawn: starts {@code maxprocs} processes running {@code command} with arguments {@code argv} (null:
     * none); collective, the arguments but root matter at {@code root} only. {@code errcodes} (null: ignored) gets
     * one code per process asked for. A Java program's command is {@code java} with the class path and
     * {@code -Djava.library.path} natmpj needs among its arguments (see docs/ompi-api.md).
     */
    public final Intercomm spawn(String command, String[] argv, int maxprocs, Info info, int root, int[] errcodes)
            throws MPIException {
        try {
            return spawned("Intracomm.spawn", false, new String[] {command}, new String[][] {argv},
                    new int[] {maxprocs}, new Info[] {info}, root, errcodes);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Comm_spawn_multiple: {@code commands.length} commands, each with its arguments, count and hints. */
    public final Intercomm spawnMultiple(String[] commands, String[][] argv, int[] maxprocs, Info[] info, int root,
                                         int[] errcodes) throws MPIException {
        try {
            return spawned("Intracomm.spawnMultiple", true, commands, argv, maxprocs, info, root, errcodes);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    private Intercomm spawned(String call, boolean multiple, String[] commands, String[][] argv, int[] maxprocs,
                              Info[] info, int root, int[] errcodes) {
        requireLive(call);
        checkRoot(call, root);
        int count = 1, total = 0;
        int[] argcs = {0}, procs = {1};
        long[] infos = {MPI.INFO_NULL.handle};
        java.io.ByteArrayOutputStream strings = new java.io.ByteArrayOutputStream();
        strings.write(0); // the command "" where the arguments do not matter
        if (rank == root) {
            if (commands == null) throw new NullPointerException(call + ": " + (multiple ? "commands" : "command")
                    + " is null");
            count = commands.length;
            if (count == 0) throw new IllegalArgumentException(call + ": commands is empty");
            if (argv != null && argv.length != count) {
                throw new IllegalArgumentException(call + ": argv has " + argv.length + " elements, commands "
                        + count);
            }
            if (maxprocs == null) throw new NullPointerException(call + ": maxprocs is null");
            if (maxprocs.length != count) {
                throw new IllegalArgumentException(call + ": maxprocs has " + maxprocs.length + " elements, commands "
                        + count);
            }
            if (info == null) throw new NullPointerException(call + ": info is null");
            if (info.length != count) {
                throw new IllegalArgumentException(call + ": info has " + info.length + " elements, commands "
                        + count);
            }
            argcs = new int[count];
            procs = maxprocs.clone();
            infos = new long[count];
            strings.reset();
            for (int i = 0; i < count; i++) {
                String what = multiple ? "commands[" + i + "]" : "command";
                byte[] command = cString(call, what, commands[i]);
                if (command.length == 1) throw new IllegalArgumentException(call + ": " + what + " is empty");
                strings.writeBytes(command);
                String[] args = argv == null ? null : argv[i];
                argcs[i] = args == null ? 0 : args.length;
                for (int a = 0; a < argcs[i]; a++) {
                    strings.writeBytes(cString(call, (multiple ? "argv[" + i + "]" : "argv") + "[" + a + "]", args[a]));
                }
                if (procs[i] <= 0) {
                    throw new IllegalArgumentException(call + ": " + (multiple ? "maxprocs[" + i + "]" : "maxprocs")
                            + " is " + procs[i] + ", must be positive");
                }
                total += procs[i];
                infos[i] = Info.handleOf(call, multiple ? "info[" + i + "]" : "info", info[i]);
            }
            if (errcodes != null && errcodes.length < total) {
                throw new IllegalArgumentException(call + ": errcodes has " + errcodes.length + " elements, fewer"
                        + " than the " + total + " processes asked for");
            }
        }
        byte[] bytes = strings.toByteArray();
        natmpj.internal.Staging memory = natmpj.internal.Staging.acquire(Math.max(bytes.length, 8), call);
        try {
            natmpj.internal.Failures.check(NativeMPI.copy_in(bytes, 0, memory.address, bytes.length), call);
            int[] codes = errcodes == null || rank != root ? null : new int[total];
            long[] inter = new long[1];
            MPIException.check(NativeMPI.comm_spawn(multiple ? 1 : 0, count, memory.address, argcs, procs, infos,
                    root, handle, codes, inter), call);
            if (codes != null) System.arraycopy(codes, 0, errcodes, 0, total);
            return (Intercomm) created(inter[0], "spawned intercommunicator");
        } finally {
            memory.release();
        }
    }

    /** {@code s} as C wants it: UTF-8 with a NUL at the end, no NUL inside. */
    private static byte[] cString(String call, String what, String s) {
        if (s == null) throw new NullPointerException(call + ": " + what + " is null");
        if (s.indexOf('\0') >= 0) throw new IllegalArgumentException(call + ": " + what + " contains a NUL character");
        byte[] utf8 = s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        return java.util.Arrays.copyOf(utf8, utf8.length + 1);
    }

    /**
     * Where MPI gives MPI_COMM_NULL, Open MPI's API returns a communicator object whose isNull() is true (mpiJava's
     * returns null).
     */
    private static Intracomm orNull(Intracomm c) {
        return c != null ? c : new Intracomm(MPI.COMM_NULL.handle, "MPI.COMM_NULL").asNull();
    }

    // ---- what Open MPI's collectives (Comm) need beyond mpiJava's

    final void barrier(String call) {
        requireLive(call);
        MPIException.check(NativeMPI.barrier(handle), call);
    }

    private static void refuseObjects(String call, Datatype type) {
        if (ObjectMessages.isObject(type)) {
            throw new IllegalArgumentException(call + ": datatype is " + type + ": the in-place forms take the"
                    + " primitive datatypes and types built from them");
        }
    }

    /** MPI_Gather with MPI_IN_PLACE at the root (its block already at item root * count of buf). */
    final void gatherInPlace(String call, Object buf, int offset, int count, Datatype type, int root) {
        requireLive(call);
        checkRoot(call, root);
        refuseObjects(call, type);
        boolean stage = Message.stageBlockingArrays, atRoot = rank == root;
        Message b = atRoot ? buffer(call, "buf", buf, offset, items(call, "count", count, size), type, stage, false,
                true) : buffer(call, "buf", buf, offset, count, type, stage, false, false);
        long t = type.layout.handle();
        int rc = atRoot ? NativeMPI.gather(null, 0, 0, 0, t, b.array, b.address, b.off, count, t, 1, root,
                handle) : NativeMPI.gather(b.array, b.address, b.off, count, t, null, 0, 0, count, t, 0, root, handle);
        finish(call, rc, Message.NONE, b);
    }

    /** MPI_Gatherv with MPI_IN_PLACE, called at the root. */
    final void gathervInPlace(String call, Object buf, int offset, int[] counts, int[] displs, Datatype type,
                              int root) {
        requireLive(call);
        checkRoot(call, root);
        refuseObjects(call, type);
        if (rank != root) {
            throw new IllegalArgumentException(call + ": the in-place form (recvbuf, recvcount, displs, recvtype,"
                    + " root) is for the root; rank " + rank + " is not root " + root);
        }
        Message b = buffer(call, "recvbuf", buf, offset, span(call, "recvcount", counts, "displs", displs), type,
                Message.stageBlockingArrays, false, true);
        long t = type.layout.handle();
        int rc = NativeMPI.gatherv(null, 0, 0, 0, t, b.array, b.address, b.off, counts, displs, t, 1, root, handle);
        finish(call, rc, Message.NONE, b);
    }

    /** MPI_Gatherv at a rank other than the root. */
    final void gathervSendOnly(String call, Object buf, int offset, int count, Datatype type, int root) {
        requireLive(call);
        checkRoot(call, root);
        refuseObjects(call, type);
        if (rank == root) {
            throw new IllegalArgumentException(call + ": the form (sendbuf, sendcount, sendtype, root) is for the"
                    + " ranks other than the root; rank " + rank + " is root");
        }
        Message s = buffer(call, "sendbuf", buf, offset, count, type, Message.stageBlockingArrays, false, false);
        long t = type.layout.handle();
        int rc = NativeMPI.gatherv(s.array, s.address, s.off, count, t, null, 0, 0, null, null, t, 0, root, handle);
        finish(call, rc, s, Message.NONE);
    }

    /** MPI_Scatter with MPI_IN_PLACE at the root (it keeps its block at item root * count of buf). */
    final void scatterInPlace(String call, Object buf, int offset, int count, Datatype type, int root) {
        requireLive(call);
        checkRoot(call, root);
        refuseObjects(call, type);
        boolean stage = Message.stageBlockingArrays, atRoot = rank == root;
        Message b = atRoot ? buffer(call, "buf", buf, offset, items(call, "count", count, size), type, stage, false,
                false) : buffer(call, "buf", buf, offset, count, type, stage, false, true);
        long t = type.layout.handle();
        int rc = atRoot ? NativeMPI.scatter(b.array, b.address, b.off, count, t, null, 0, 0, count, t, 1, root,
                handle) : NativeMPI.scatter(null, 0, 0, count, t, b.array, b.address, b.off, count, t, 0, root, handle);
        finish(call, rc, atRoot ? b : Message.NONE, atRoot ? Message.NONE : b);
    }

    /** MPI_Scatterv with MPI_IN_PLACE, called at the root. */
    final void scattervInPlace(String call, Object buf, int offset, int[] counts, int[] displs, Datatype type,
                               int root) {
        requireLive(call);
        checkRoot(call, root);
        refuseObjects(call, type);
        if (rank != root) {
            throw new IllegalArgumentException(call + ": the in-place form (sendbuf, sendcount, displs, sendtype,"
                    + " root) is for the root; rank " + rank + " is not root " + root);
        }
        Message s = buffer(call, "sendbuf", buf, offset, span(call, "sendcount", counts, "displs", displs), type,
                Message.stageBlockingArrays, false, false);
        long t = type.layout.handle();
        int rc = NativeMPI.scatterv(s.array, s.address, s.off, counts, displs, t, null, 0, 0, 0, t, 1, root, handle);
        finish(call, rc, s, Message.NONE);
    }

    /** MPI_Scatterv at a rank other than the root. */
    final void scattervReceiveOnly(String call, Object buf, int offset, int count, Datatype type, int root) {
        requireLive(call);
        checkRoot(call, root);
        refuseObjects(call, type);
        if (rank == root) {
            throw new IllegalArgumentException(call + ": the form (recvbuf, recvcount, recvtype, root) is for the"
                    + " ranks other than the root; rank " + rank + " is root");
        }
        Message r = buffer(call, "recvbuf", buf, offset, count, type, Message.stageBlockingArrays, false, true);
        long t = type.layout.handle();
        int rc = NativeMPI.scatterv(null, 0, 0, null, null, t, r.array, r.address, r.off, count, t, 0, root, handle);
        finish(call, rc, Message.NONE, r);
    }

    /** MPI_Allgather with MPI_IN_PLACE (each rank's block already at item rank * count). */
    final void allgatherInPlace(String call, Object buf, int offset, int count, Datatype type) {
        requireLive(call);
        refuseObjects(call, type);
        Message r = buffer(call, "buf", buf, offset, items(call, "count", count, size), type,
                Message.stageBlockingArrays, false, true);
        long t = type.layout.handle();
        int rc = NativeMPI.allgather(null, 0, 0, 0, t, r.array, r.address, r.off, count, t, 1, handle);
        finish(call, rc, Message.NONE, r);
    }

    /** MPI_Allgatherv with MPI_IN_PLACE. */
    final void allgathervInPlace(String call, Object buf, int offset, int[] counts, int[] displs, Datatype type) {
        requireLive(call);
        refuseObjects(call, type);
        Message r = buffer(call, "recvbuf", buf, offset, span(call, "recvcount", counts, "displs", displs), type,
                Message.stageBlockingArrays, false, true);
        long t = type.layout.handle();
        int rc = NativeMPI.allgatherv(null, 0, 0, 0, t, r.array, r.address, r.off, counts, displs, t, 1, handle);
        finish(call, rc, Message.NONE, r);
    }

    /** MPI_Reduce_scatter with MPI_IN_PLACE: buf holds every rank's counts; the result is in its first counts[rank]. */
    final void reduceScatterInPlace(String call, Object buf, int offset, int[] counts, Datatype datatype, Op op) {
        requireLive(call);
        refuseObjects(call, datatype);
        int total = total(call, "counts", counts);
        reduction(REDUCE_SCATTER, call, buf, offset, total, buf, offset, total, datatype, op, true, true, -1, counts);
    }

    /** MPI_Exscan; in place when sendbuf and recvbuf are the same buffer at the same offset. */
    final void exScan(String call, Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count,
                      Datatype datatype, Op op) {
        requireLive(call);
        refuseObjects(call, datatype);
        reduction(EXSCAN, call, sendbuf, sendoffset, count, recvbuf, recvoffset, count, datatype, op, true, true, -1,
                null);
    }

    /** MPI_Reduce_scatter_block: every rank gets {@code count} items; sendbuf holds size * count. */
    final void reduceScatterBlock(String call, Object sendbuf, int sendoffset, Object recvbuf, int recvoffset,
                                  int count, Datatype datatype, Op op, boolean inPlace, String countName) {
        requireLive(call);
        refuseObjects(call, datatype);
        int total = items(call, countName, count, size);
        reduction(REDUCE_SCATTER_BLOCK, call, sendbuf, sendoffset, total, recvbuf, recvoffset, inPlace ? total : count,
                datatype, op, true, inPlace, -1, new int[] {count});
    }
}

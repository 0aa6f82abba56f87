package mpi;

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
        String call = "Intracomm.Split";
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
        String call = "Intracomm.Create";
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
        String call = "Intracomm.Create_cart";
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
        String call = "Intracomm.Create_graph";
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
        String call = "Intracomm.Bcast";
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
        String call = "Intracomm.Reduce";
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
        String call = "Intracomm.Allreduce";
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
        String call = "Intracomm.Scan";
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
    private static final int REDUCE = 0, ALLREDUCE = 1, SCAN = 2, REDUCE_SCATTER = 3;

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
    private static boolean holdsNothing(Datatype datatype) {
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
        String call = "Intracomm.Reduce_scatter";
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
        String call = "Intracomm.Gather";
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
        String call = "Intracomm.Gatherv";
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
        String call = "Intracomm.Scatter";
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
        String call = "Intracomm.Scatterv";
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
        String call = "Intracomm.Allgather";
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
        String call = "Intracomm.Allgatherv";
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
        String call = "Intracomm.Alltoall";
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
        String call = "Intracomm.Alltoallv";
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
    private static long checked(String call, String name, Object buf, int offset, int count, Datatype type,
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
    private static int items(String call, String name, int count, int n) {
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
        if (counts == null) throw new NullPointerException(call + ": " + countsName + " is null");
        if (displs == null) throw new NullPointerException(call + ": " + displsName + " is null");
        if (counts.length < size) {
            throw new IllegalArgumentException(call + ": " + countsName + " has " + counts.length + " entries, needs "
                    + size + " (one per rank)");
        }
        if (displs.length < size) {
            throw new IllegalArgumentException(call + ": " + displsName + " has " + displs.length + " entries, needs "
                    + size + " (one per rank)");
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

    private int total(String call, String name, int[] counts) {
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

    private static long opFor(String call, Op op, Datatype datatype) {
        if (op == null) throw new NullPointerException(call + ": op is null");
        if (datatype == null) throw new NullPointerException(call + ": datatype is null");
        return op.handleFor(datatype, call);
    }

    private void checkRoot(String call, int root) {
        if (root < 0 || root >= size) throw badRoot(call, root);
    }

    private IllegalArgumentException badRoot(String call, int root) {
        return new IllegalArgumentException(call + ": root is " + root + ", not a rank of " + this + " (size " + size
                + ")");
    }
}

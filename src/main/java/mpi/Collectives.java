package mpi;

import natmpj.internal.BufferType;
import natmpj.internal.Buffers;
import natmpj.internal.Message;
import natmpj.jni.NativeMPI;

/**
 * The blocking collectives of both APIs (mpiJava's {@code Intracomm.Bcast}, Open MPI's {@code Comm.bcast}, ...) on
 * intra- and intercommunicators: the checks (counts, displacements, roots, buffers against their capacity, datatypes,
 * ops), then every buffer on the one buffer path ({@link Message}: arrays pinned for the call, direct buffers by
 * address, staged where a user op or THREAD_MULTIPLE needs it), then MPI.
 *
 * <p>The two kinds of communicator differ in who takes part and how many blocks there are ({@link Comm#isRoot},
 * {@link Comm#toRoot}, {@link Comm#peers}). In an intracommunicator every process sends to the root, the root
 * included, and the blocks are the group's. In an intercommunicator (MPI-3.1 5.2.2) the root's group passes
 * {@code MPI.ROOT} at the root and {@code MPI.PROC_NULL} at its other processes, the other group passes the root's
 * rank; the blocks are the remote group's, and nothing is in place. Buffers that are not significant at a process
 * are neither checked nor touched there, and may be null.
 */
final class Collectives {
    private Collectives() {}

    static void barrier(Comm c, String call) {
        c.requireLive(call);
        MPIException.check(NativeMPI.barrier(c.handle), call);
    }

    /** Copies {@code count} items from {@code root}'s buffer into every other process's. */
    static void bcast(Comm c, String call, Object buf, int offset, int count, Datatype datatype, int root) {
        c.requireLive(call);
        c.checkRoot(call, root);
        if (objects(c, call, datatype)) {
            Buffers.offset(call, "buf", buf, offset, count, Datatype.layout(datatype));
            ObjectCollectives.bcast((Intracomm) c, call, buf, offset, count, datatype, root);
            return;
        }
        // In an intercommunicator the root's other processes (MPI.PROC_NULL) take no part. MPI gets the program's
        // count there too: an MPI may take a shortcut on a count of 0.
        boolean takesPart = !c.inter || root != MPI.PROC_NULL;
        // Not buffer(): see checked.
        long off = takesPart ? checked(call, "buf", buf, offset, count, datatype, false) : 0;
        BufferType layout = takesPart || datatype != null ? datatype.layout : MPI.BYTE.layout;
        Message b = Message.blocking(call, takesPart ? buf : null, off, takesPart ? count : 0, layout,
                Message.stageBlockingArrays, Message.READ_WRITE);
        int rc = NativeMPI.bcast(b.array, b.address, b.off, count, layout.handle(), root, c.handle);
        finish(call, rc, Message.NONE, b);
    }

    // ------------------------------------------------------------------------------------------ reductions

    /** Which native call {@link #reduction} makes. */
    static final int REDUCE = 0, ALLREDUCE = 1, SCAN = 2, REDUCE_SCATTER = 3, EXSCAN = 4, REDUCE_SCATTER_BLOCK = 5;

    /**
     * Combines every process's {@code sendbuf} with {@code op} into {@code root}'s {@code recvbuf} (significant, and
     * checked, only at the root). In an intracommunicator the same array at the same offset for both reduces in
     * place.
     */
    static void reduce(Comm c, String call, Object sendbuf, int sendoffset, Object recvbuf, int recvoffset,
                       int count, Datatype datatype, Op op, int root) {
        c.requireLive(call);
        c.checkRoot(call, root);
        if (objects(c, call, datatype)) {
            objectReduce((Intracomm) c, call, sendbuf, sendoffset, recvbuf, recvoffset, count, datatype, op, root,
                    false);
            return;
        }
        boolean sends = c.toRoot(root), receives = c.isRoot(root);
        if (holdsNothing(datatype)) {
            reduceNothing(call, sends, sendbuf, sendoffset, count, recvbuf, recvoffset, count, datatype, op, receives,
                    (type, opHandle) -> NativeMPI.reduce(null, 0, 0, null, 0, 0, 0, 0, type, opHandle, root,
                            c.handle));
            return;
        }
        reduction(c, REDUCE, call, sends, sendbuf, sendoffset, count, recvbuf, recvoffset, count, datatype, op,
                receives, !c.inter, root, null);
    }

    /** Like reduce, with the result in every process's {@code recvbuf} (the other group's, in an intercomm). */
    static void allreduce(Comm c, String call, Object sendbuf, int sendoffset, Object recvbuf, int recvoffset,
                          int count, Datatype datatype, Op op) {
        c.requireLive(call);
        if (objects(c, call, datatype)) {
            objectReduce((Intracomm) c, call, sendbuf, sendoffset, recvbuf, recvoffset, count, datatype, op, -1,
                    false);
            return;
        }
        if (holdsNothing(datatype)) {
            reduceNothing(call, true, sendbuf, sendoffset, count, recvbuf, recvoffset, count, datatype, op, true,
                    (type, opHandle) -> NativeMPI.allreduce(null, 0, 0, null, 0, 0, 0, 0, type, opHandle, c.handle));
            return;
        }
        reduction(c, ALLREDUCE, call, true, sendbuf, sendoffset, count, recvbuf, recvoffset, count, datatype, op,
                true, !c.inter, -1, null);
    }

    /**
     * Prefix reductions (intracommunicators only): rank i's {@code recvbuf} gets the combination of ranks 0..i
     * ({@code exclusive}: 0..i-1, rank 0's left as it was). The same array at the same offset for both reduces in
     * place.
     */
    static void scan(Intracomm c, String call, boolean exclusive, Object sendbuf, int sendoffset, Object recvbuf,
                     int recvoffset, int count, Datatype datatype, Op op) {
        c.requireLive(call);
        if (exclusive) {
            refuseObjects(call, datatype);
        } else if (ObjectMessages.isObject(datatype)) {
            objectReduce(c, call, sendbuf, sendoffset, recvbuf, recvoffset, count, datatype, op, -1, true);
            return;
        }
        if (!exclusive && holdsNothing(datatype)) {
            reduceNothing(call, true, sendbuf, sendoffset, count, recvbuf, recvoffset, count, datatype, op, true,
                    (type, opHandle) -> NativeMPI.scan(null, 0, 0, null, 0, 0, 0, 0, type, opHandle, c.handle));
            return;
        }
        reduction(c, exclusive ? EXSCAN : SCAN, call, true, sendbuf, sendoffset, count, recvbuf, recvoffset, count,
                datatype, op, true, true, -1, null);
    }

    /**
     * Reduces {@code sum(recvcounts)} items elementwise, then scatters the result: process i receives
     * {@code recvcounts[i]} items, in rank order. In an intercommunicator the counts are the local group's and the
     * result is the reduction of the other group's data.
     */
    static void reduceScatter(Comm c, String call, Object sendbuf, int sendoffset, Object recvbuf, int recvoffset,
                              int[] recvcounts, Datatype datatype, Op op) {
        c.requireLive(call);
        int total = total(c, call, "recvcounts", recvcounts);
        if (objects(c, call, datatype)) {
            if (op == null) throw new NullPointerException(call + ": op is null");
            if (op.function() == null) {
                throw new IllegalArgumentException(call + ": MPI.OBJECT reductions need a user-defined op, not " + op);
            }
            Buffers.offset(call, "sendbuf", sendbuf, sendoffset, total, Datatype.layout(datatype));
            Buffers.offset(call, "recvbuf", recvbuf, recvoffset, recvcounts[c.rank], Datatype.layout(datatype));
            if (sendbuf != null && sendbuf == recvbuf) {
                throw new IllegalArgumentException(call + ": sendbuf and recvbuf must be different buffers");
            }
            ObjectCollectives.reduceScatter((Intracomm) c, call, sendbuf, sendoffset, recvbuf, recvoffset,
                    recvcounts, datatype, op.function());
            return;
        }
        if (holdsNothing(datatype)) {
            reduceNothing(call, true, sendbuf, sendoffset, total, recvbuf, recvoffset, recvcounts[c.rank], datatype,
                    op, true, (type, opHandle) -> NativeMPI.reduce_scatter(null, 0, 0, null, 0, 0, 0, new int[c.size],
                            type, opHandle, c.handle));
            return;
        }
        reduction(c, REDUCE_SCATTER, call, true, sendbuf, sendoffset, total, recvbuf, recvoffset, recvcounts[c.rank],
                datatype, op, true, false, -1, recvcounts);
    }

    /** MPI_Reduce_scatter with MPI_IN_PLACE: buf holds every rank's counts; the result is in its first counts[rank]. */
    static void reduceScatterInPlace(Comm c, String call, Object buf, int offset, int[] counts, Datatype datatype,
                                     Op op) {
        c.refuseInPlace(call);
        refuseObjects(call, datatype);
        int total = total(c, call, "counts", counts);
        reduction(c, REDUCE_SCATTER, call, true, buf, offset, total, buf, offset, total, datatype, op, true, true, -1,
                counts);
    }

    /**
     * MPI_Reduce_scatter_block: every process gets {@code count} items; sendbuf holds size * count (the local
     * group's size).
     */
    static void reduceScatterBlock(Comm c, String call, Object sendbuf, int sendoffset, Object recvbuf,
                                   int recvoffset, int count, Datatype datatype, Op op, boolean inPlace,
                                   String countName) {
        c.requireLive(call);
        if (inPlace) c.refuseInPlace(call);
        refuseObjects(call, datatype);
        int total = items(call, countName, count, c.size);
        reduction(c, REDUCE_SCATTER_BLOCK, call, true, sendbuf, sendoffset, total, recvbuf, recvoffset,
                inPlace ? total : count, datatype, op, true, inPlace, -1, new int[] {count});
    }

    /**
     * What the reductions share: checks, staging (for a user op, whose Java callback must not run inside a JNI
     * critical region, and under THREAD_MULTIPLE), MPI_IN_PLACE when both buffers are the same range, and handing a
     * user function's exception back to the caller. {@code sends}/{@code receives}: whether sendbuf and recvbuf are
     * significant here. The native call is picked by {@code kind} (root for REDUCE, recvcounts for REDUCE_SCATTER),
     * not passed as a lambda: a capturing lambda is an allocation per call unless C2 inlines this whole method, and
     * one call site of an interface shared by four reductions turns megamorphic in programs that use several.
     */
    private static void reduction(Comm c, int kind, String call, boolean sends, Object sendbuf, int sendoffset,
                                  int sendcount, Object recvbuf, int recvoffset, int recvcount, Datatype datatype,
                                  Op op, boolean receives, boolean inPlaceAllowed, int root, int[] recvcounts) {
        long opHandle = opFor(call, op, datatype);
        boolean user = op.isUser(), stage = user || Message.stageBlockingArrays;
        // Not buffer(): see checked.
        long soff = sends ? checked(call, "sendbuf", sendbuf, sendoffset, sendcount, datatype, true) : 0;
        long roff = receives ? checked(call, "recvbuf", recvbuf, recvoffset, recvcount, datatype, true) : 0;
        // Where a buffer is not significant, an empty Message (what Message.NONE is) made at the same site, so that
        // the two cases do not merge two objects (see Message.blocking).
        Message s = Message.blocking(call, sends ? sendbuf : null, soff, sends ? sendcount : 0, datatype.layout,
                stage, Message.READ);
        Message r = Message.blocking(call, receives ? recvbuf : null, roff, receives ? recvcount : 0, datatype.layout,
                stage, Message.READ_WRITE);
        if (!inPlaceAllowed && sends && receives && sendbuf != null && sendbuf == recvbuf) {
            throw sameBuffers(c, call, s, r);
        }
        boolean inPlace = inPlaceAllowed && receives
                && Buffers.inPlace(call, sendbuf, s.position, recvbuf, r.position, datatype.layout, sendcount);
        if (inPlace) s = drop(s);
        int in = inPlace ? 1 : 0;
        int rc = user ? userReduction(c, kind, call, s, r, in, sendcount, datatype, op, opHandle, root, recvcounts)
                : reduce(c, kind, s, r, in, sendcount, datatype.layout.handle(), opHandle, root, recvcounts);
        finish(call, rc, s, r);
    }

    private static IllegalArgumentException sameBuffers(Comm c, String call, Message s, Message r) {
        drop(s);
        drop(r);
        return new IllegalArgumentException(call + ": sendbuf and recvbuf must be different buffers" + (c.inter
                ? " (collectives on an intercommunicator have no in-place form)" : ""));
    }

    /** {@link #reduce(Comm, int, Message, Message, int, int, long, long, int, int[])} with a user op. */
    private static int userReduction(Comm c, int kind, String call, Message s, Message r, int in, int count,
                                     Datatype datatype, Op op, long opHandle, int root, int[] recvcounts) {
        op.enter(datatype);
        int rc = reduce(c, kind, s, r, in, count, datatype.layout.handle(), opHandle, root, recvcounts);
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
    private static int reduce(Comm c, int kind, Message s, Message r, int in, int count, long type, long opHandle,
                              int root, int[] recvcounts) {
        switch (kind) {
            case REDUCE:
                return NativeMPI.reduce(s.array, s.address, s.off, r.array, r.address, r.off, in, count, type,
                        opHandle, root, c.handle);
            case ALLREDUCE:
                return NativeMPI.allreduce(s.array, s.address, s.off, r.array, r.address, r.off, in, count, type,
                        opHandle, c.handle);
            case SCAN:
                return NativeMPI.scan(s.array, s.address, s.off, r.array, r.address, r.off, in, count, type,
                        opHandle, c.handle);
            case EXSCAN:
                return NativeMPI.exscan(s.array, s.address, s.off, r.array, r.address, r.off, in, count, type,
                        opHandle, c.handle);
            case REDUCE_SCATTER_BLOCK:
                return NativeMPI.reduce_scatter_block(s.array, s.address, s.off, r.array, r.address, r.off, in,
                        recvcounts[0], type, opHandle, c.handle);
            default:
                return NativeMPI.reduce_scatter(s.array, s.address, s.off, r.array, r.address, r.off, in, recvcounts,
                        type, opHandle, c.handle);
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
     * no data (0 items of MPI.BYTE with MPI.BOR), so the processes still meet in it and it completes as MPI's would.
     */
    private static void reduceNothing(String call, boolean sends, Object sendbuf, int sendoffset, int sendcount,
                                      Object recvbuf, int recvoffset, int recvcount, Datatype datatype, Op op,
                                      boolean receives, NativeEmptyReduction nativeCall) {
        if (op == null) throw new NullPointerException(call + ": op is null");
        if (op.isFreed()) throw new IllegalStateException(call + ": the op has been freed");
        if (sends) Buffers.offset(call, "sendbuf", sendbuf, sendoffset, sendcount, Datatype.layout(datatype));
        if (receives) Buffers.offset(call, "recvbuf", recvbuf, recvoffset, recvcount, Datatype.layout(datatype));
        MPIException.check(nativeCall.run(MPI.BYTE.layout.handle(), MPI.BOR.handleFor(MPI.BYTE, call)), call);
    }

    private static void objectReduce(Intracomm c, String call, Object sendbuf, int sendoffset, Object recvbuf,
                                     int recvoffset, int count, Datatype datatype, Op op, int root, boolean scan) {
        if (op == null) throw new NullPointerException(call + ": op is null");
        if (op.function() == null) {
            throw new IllegalArgumentException(call + ": MPI.OBJECT reductions need a user-defined op, not " + op);
        }
        Buffers.offset(call, "sendbuf", sendbuf, sendoffset, count, Datatype.layout(datatype));
        if (root < 0 || c.rank == root) Buffers.offset(call, "recvbuf", recvbuf, recvoffset, count,
                Datatype.layout(datatype));
        ObjectCollectives.reduce(c, call, sendbuf, sendoffset, recvbuf, recvoffset, count, datatype, op.function(),
                root, scan);
    }

    // ------------------------------------------------------------------------------------------ gather, scatter

    /** The root's {@code recvbuf} receives {@code recvcount} items from every process, in rank order. */
    static void gather(Comm c, String call, Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
                       Object recvbuf, int recvoffset, int recvcount, Datatype recvtype, int root) {
        c.requireLive(call);
        c.checkRoot(call, root);
        boolean sends = c.toRoot(root), atRoot = c.isRoot(root);
        if (objects(c, call, sendtype, recvtype)) {
            Buffers.offset(call, "sendbuf", sendbuf, sendoffset, sendcount, Datatype.layout(sendtype));
            if (atRoot) {
                Buffers.offset(call, "recvbuf", recvbuf, recvoffset, items(call, "recvcount", recvcount, c.peers),
                        Datatype.layout(recvtype));
            }
            ObjectCollectives.gather((Intracomm) c, call, sendbuf, sendoffset, sendcount, sendtype, recvbuf,
                    recvoffset, recvcount, null, null, recvtype, root);
            return;
        }
        boolean stage = Message.stageBlockingArrays;
        Message s = Message.NONE, r = Message.NONE;
        if (sends) s = buffer(call, "sendbuf", sendbuf, sendoffset, sendcount, sendtype, stage, false, false);
        if (atRoot) {
            r = buffer(call, "recvbuf", recvbuf, recvoffset, items(call, "recvcount", recvcount, c.peers), recvtype,
                    stage, false, true);
        }
        long stype = handle(sends, sendtype, atRoot, recvtype), rtype = handle(atRoot, recvtype, sends, sendtype);
        int rc = NativeMPI.gather(s.array, s.address, s.off, sendcount, stype, r.array, r.address, r.off, recvcount,
                rtype, 0, root, c.handle);
        finish(call, rc, s, r);
    }

    /** The root's {@code recvbuf} receives {@code recvcount[i]} items from process i at item {@code displs[i]}. */
    static void gatherv(Comm c, String call, Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
                        Object recvbuf, int recvoffset, int[] recvcount, int[] displs, Datatype recvtype, int root) {
        c.requireLive(call);
        c.checkRoot(call, root);
        boolean sends = c.toRoot(root), atRoot = c.isRoot(root);
        if (objects(c, call, sendtype, recvtype)) {
            Buffers.offset(call, "sendbuf", sendbuf, sendoffset, sendcount, Datatype.layout(sendtype));
            if (atRoot) {
                Buffers.offset(call, "recvbuf", recvbuf, recvoffset, span(c, call, "recvcount", recvcount, "displs",
                        displs), Datatype.layout(recvtype));
            }
            ObjectCollectives.gather((Intracomm) c, call, sendbuf, sendoffset, sendcount, sendtype, recvbuf,
                    recvoffset, 0, recvcount, displs, recvtype, root);
            return;
        }
        boolean stage = Message.stageBlockingArrays;
        Message s = Message.NONE, r = Message.NONE;
        if (sends) s = buffer(call, "sendbuf", sendbuf, sendoffset, sendcount, sendtype, stage, false, false);
        if (atRoot) {
            r = buffer(call, "recvbuf", recvbuf, recvoffset, span(c, call, "recvcount", recvcount, "displs", displs),
                    recvtype, stage, false, true);
        }
        long stype = handle(sends, sendtype, atRoot, recvtype), rtype = handle(atRoot, recvtype, sends, sendtype);
        int rc = NativeMPI.gatherv(s.array, s.address, s.off, sendcount, stype, r.array, r.address, r.off,
                atRoot ? recvcount : null, atRoot ? displs : null, rtype, 0, root, c.handle);
        finish(call, rc, s, r);
    }

    /** Every process receives {@code recvcount} items, block i of root's {@code sendbuf} going to process i. */
    static void scatter(Comm c, String call, Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
                        Object recvbuf, int recvoffset, int recvcount, Datatype recvtype, int root) {
        c.requireLive(call);
        c.checkRoot(call, root);
        boolean atRoot = c.isRoot(root), receives = c.toRoot(root);
        if (objects(c, call, sendtype, recvtype)) {
            if (atRoot) {
                Buffers.offset(call, "sendbuf", sendbuf, sendoffset, items(call, "sendcount", sendcount, c.peers),
                        Datatype.layout(sendtype));
            }
            Buffers.offset(call, "recvbuf", recvbuf, recvoffset, recvcount, Datatype.layout(recvtype));
            ObjectCollectives.scatter((Intracomm) c, call, sendbuf, sendoffset, sendcount, null, null, sendtype,
                    recvbuf, recvoffset, recvcount, recvtype, root);
            return;
        }
        boolean stage = Message.stageBlockingArrays;
        Message s = Message.NONE, r = Message.NONE;
        if (atRoot) {
            s = buffer(call, "sendbuf", sendbuf, sendoffset, items(call, "sendcount", sendcount, c.peers), sendtype,
                    stage, false, false);
        }
        if (receives) r = buffer(call, "recvbuf", recvbuf, recvoffset, recvcount, recvtype, stage, false, true);
        long rtype = handle(receives, recvtype, atRoot, sendtype), stype = handle(atRoot, sendtype, receives, recvtype);
        int rc = NativeMPI.scatter(s.array, s.address, s.off, sendcount, stype, r.array, r.address, r.off, recvcount,
                rtype, 0, root, c.handle);
        finish(call, rc, s, r);
    }

    /** Process i receives {@code sendcount[i]} items from root's {@code sendbuf} at item {@code displs[i]}. */
    static void scatterv(Comm c, String call, Object sendbuf, int sendoffset, int[] sendcount, int[] displs,
                         Datatype sendtype, Object recvbuf, int recvoffset, int recvcount, Datatype recvtype,
                         int root) {
        c.requireLive(call);
        c.checkRoot(call, root);
        boolean atRoot = c.isRoot(root), receives = c.toRoot(root);
        if (objects(c, call, sendtype, recvtype)) {
            if (atRoot) {
                Buffers.offset(call, "sendbuf", sendbuf, sendoffset, span(c, call, "sendcount", sendcount, "displs",
                        displs), Datatype.layout(sendtype));
            }
            Buffers.offset(call, "recvbuf", recvbuf, recvoffset, recvcount, Datatype.layout(recvtype));
            ObjectCollectives.scatter((Intracomm) c, call, sendbuf, sendoffset, 0, sendcount, displs, sendtype,
                    recvbuf, recvoffset, recvcount, recvtype, root);
            return;
        }
        boolean stage = Message.stageBlockingArrays;
        Message s = Message.NONE, r = Message.NONE;
        if (atRoot) {
            s = buffer(call, "sendbuf", sendbuf, sendoffset, span(c, call, "sendcount", sendcount, "displs", displs),
                    sendtype, stage, false, false);
        }
        if (receives) r = buffer(call, "recvbuf", recvbuf, recvoffset, recvcount, recvtype, stage, false, true);
        long rtype = handle(receives, recvtype, atRoot, sendtype), stype = handle(atRoot, sendtype, receives, recvtype);
        int rc = NativeMPI.scatterv(s.array, s.address, s.off, atRoot ? sendcount : null, atRoot ? displs : null,
                stype, r.array, r.address, r.off, recvcount, rtype, 0, root, c.handle);
        finish(call, rc, s, r);
    }

    /** Every process's {@code recvbuf} receives {@code recvcount} items from every process, in rank order. */
    static void allgather(Comm c, String call, Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
                          Object recvbuf, int recvoffset, int recvcount, Datatype recvtype) {
        c.requireLive(call);
        if (objects(c, call, sendtype, recvtype)) {
            Buffers.offset(call, "sendbuf", sendbuf, sendoffset, sendcount, Datatype.layout(sendtype));
            Buffers.offset(call, "recvbuf", recvbuf, recvoffset, items(call, "recvcount", recvcount, c.peers),
                    Datatype.layout(recvtype));
            ObjectCollectives.allgather((Intracomm) c, call, sendbuf, sendoffset, sendcount, sendtype, recvbuf,
                    recvoffset, recvcount, null, null, recvtype);
            return;
        }
        boolean stage = Message.stageBlockingArrays;
        Message s = buffer(call, "sendbuf", sendbuf, sendoffset, sendcount, sendtype, stage, false, false);
        Message r = buffer(call, "recvbuf", recvbuf, recvoffset, items(call, "recvcount", recvcount, c.peers),
                recvtype, stage, false, true);
        int rc = NativeMPI.allgather(s.array, s.address, s.off, sendcount, sendtype.layout.handle(), r.array,
                r.address, r.off, recvcount, recvtype.layout.handle(), 0, c.handle);
        finish(call, rc, s, r);
    }

    /** Every process's {@code recvbuf} receives {@code recvcount[i]} items from process i at {@code displs[i]}. */
    static void allgatherv(Comm c, String call, Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
                           Object recvbuf, int recvoffset, int[] recvcount, int[] displs, Datatype recvtype) {
        c.requireLive(call);
        int span = span(c, call, "recvcount", recvcount, "displs", displs);
        if (objects(c, call, sendtype, recvtype)) {
            Buffers.offset(call, "sendbuf", sendbuf, sendoffset, sendcount, Datatype.layout(sendtype));
            Buffers.offset(call, "recvbuf", recvbuf, recvoffset, span, Datatype.layout(recvtype));
            ObjectCollectives.allgather((Intracomm) c, call, sendbuf, sendoffset, sendcount, sendtype, recvbuf,
                    recvoffset, 0, recvcount, displs, recvtype);
            return;
        }
        boolean stage = Message.stageBlockingArrays;
        Message s = buffer(call, "sendbuf", sendbuf, sendoffset, sendcount, sendtype, stage, false, false);
        Message r = buffer(call, "recvbuf", recvbuf, recvoffset, span, recvtype, stage, false, true);
        int rc = NativeMPI.allgatherv(s.array, s.address, s.off, sendcount, sendtype.layout.handle(), r.array,
                r.address, r.off, recvcount, displs, recvtype.layout.handle(), 0, c.handle);
        finish(call, rc, s, r);
    }

    /** Block i of every process's {@code sendbuf} ({@code sendcount} items) goes to process i, in rank order. */
    static void alltoall(Comm c, String call, Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
                         Object recvbuf, int recvoffset, int recvcount, Datatype recvtype) {
        c.requireLive(call);
        if (objects(c, call, sendtype, recvtype)) {
            Buffers.offset(call, "sendbuf", sendbuf, sendoffset, items(call, "sendcount", sendcount, c.peers),
                    Datatype.layout(sendtype));
            Buffers.offset(call, "recvbuf", recvbuf, recvoffset, items(call, "recvcount", recvcount, c.peers),
                    Datatype.layout(recvtype));
            ObjectCollectives.alltoall((Intracomm) c, call, sendbuf, sendoffset, sendcount, null, null, sendtype,
                    recvbuf, recvoffset, recvcount, null, null, recvtype);
            return;
        }
        boolean stage = Message.stageBlockingArrays;
        Message s = buffer(call, "sendbuf", sendbuf, sendoffset, items(call, "sendcount", sendcount, c.peers),
                sendtype, stage, false, false);
        Message r = buffer(call, "recvbuf", recvbuf, recvoffset, items(call, "recvcount", recvcount, c.peers),
                recvtype, stage, false, true);
        int rc = NativeMPI.alltoall(s.array, s.address, s.off, sendcount, sendtype.layout.handle(), r.array,
                r.address, r.off, recvcount, recvtype.layout.handle(), 0, c.handle);
        finish(call, rc, s, r);
    }

    /**
     * Process i gets {@code sendcount[i]} items from {@code sdispls[i]} of every process's sendbuf, stored at
     * {@code rdispls[j]} for sender j.
     */
    static void alltoallv(Comm c, String call, Object sendbuf, int sendoffset, int[] sendcount, int[] sdispls,
                          Datatype sendtype, Object recvbuf, int recvoffset, int[] recvcount, int[] rdispls,
                          Datatype recvtype) {
        c.requireLive(call);
        int sspan = span(c, call, "sendcount", sendcount, "sdispls", sdispls);
        int rspan = span(c, call, "recvcount", recvcount, "rdispls", rdispls);
        if (objects(c, call, sendtype, recvtype)) {
            Buffers.offset(call, "sendbuf", sendbuf, sendoffset, sspan, Datatype.layout(sendtype));
            Buffers.offset(call, "recvbuf", recvbuf, recvoffset, rspan, Datatype.layout(recvtype));
            ObjectCollectives.alltoall((Intracomm) c, call, sendbuf, sendoffset, 0, sendcount, sdispls, sendtype,
                    recvbuf, recvoffset, 0, recvcount, rdispls, recvtype);
            return;
        }
        boolean stage = Message.stageBlockingArrays;
        Message s = buffer(call, "sendbuf", sendbuf, sendoffset, sspan, sendtype, stage, false, false);
        Message r = buffer(call, "recvbuf", recvbuf, recvoffset, rspan, recvtype, stage, false, true);
        int rc = NativeMPI.alltoallv(s.array, s.address, s.off, sendcount, sdispls, sendtype.layout.handle(),
                r.array, r.address, r.off, recvcount, rdispls, recvtype.layout.handle(), 0, c.handle);
        finish(call, rc, s, r);
    }

    /**
     * MPI_Alltoallw: to and from each process its own count and datatype, at displacements in bytes from
     * {@code sbyteoff}/{@code rbyteoff}, where the buffers' data start ({@code sendOwner}/{@code recvOwner}: the
     * arguments as the program passed them, whose capacity bounds the data).
     */
    static void alltoallw(Comm c, String call, Object sendbuf, long sbyteoff, int[] sendcount, int[] sdispls,
                          Datatype[] sendtypes, Object recvbuf, long rbyteoff, int[] recvcount, int[] rdispls,
                          Datatype[] recvtypes, Object sendOwner, Object recvOwner) {
        c.requireLive(call);
        long[] stypes = new long[c.peers], rtypes = new long[c.peers];
        long sspan = wSpan(c, call, "sendbuf", sendOwner, "sendcount", sendcount, "sdispls", sdispls, "sendtypes",
                sendtypes, stypes);
        long rspan = wSpan(c, call, "recvbuf", recvOwner, "recvcount", recvcount, "rdispls", rdispls, "recvtypes",
                recvtypes, rtypes);
        BufferType bytes = MPI.BYTE.layout;
        boolean stage = Message.stageBlockingArrays;
        Message s = Message.blocking(call, sendbuf, sbyteoff, (int) sspan, bytes, stage, Message.READ);
        Message r = Message.blocking(call, recvbuf, rbyteoff, (int) rspan, bytes, stage, Message.READ_WRITE);
        int rc = NativeMPI.alltoallw(s.array, s.address, s.off, sendcount, sdispls, stypes, r.array, r.address,
                r.off, recvcount, rdispls, rtypes, c.handle);
        finish(call, rc, s, r);
    }

    /**
     * alltoallw's checks of one side: arrays of an entry per peer at least, counts and displacements not negative,
     * datatypes usable, and every peer's data inside the buffer. Fills the MPI handles; returns the bytes from the
     * buffer's start that the data reaches.
     */
    static long wSpan(Comm c, String call, String bufName, Object buf, String countsName, int[] counts,
                      String displsName, int[] displs, String typesName, Datatype[] types, long[] handles) {
        if (buf == null) throw new NullPointerException(call + ": " + bufName + " is null");
        if (counts == null) throw new NullPointerException(call + ": " + countsName + " is null");
        if (displs == null) throw new NullPointerException(call + ": " + displsName + " is null");
        if (types == null) throw new NullPointerException(call + ": " + typesName + " is null");
        int n = c.peers;
        if (counts.length < n || displs.length < n || types.length < n) {
            throw new IllegalArgumentException(call + ": " + countsName + ", " + displsName + " and " + typesName
                    + " need an entry per " + c.peer() + " (" + n + "), have " + counts.length + ", " + displs.length
                    + " and " + types.length);
        }
        long capacity = OmpiArgs.capacityBytes(call, bufName, buf), end = 0;
        for (int i = 0; i < n; i++) {
            Datatype t = types[i];
            String arg = typesName + "[" + i + "]";
            if (t == null) throw new NullPointerException(call + ": " + arg + " is null");
            Buffers.requireData(call, arg, t.layout);
            if (ObjectMessages.isObject(t)) {
                throw new IllegalArgumentException(call + ": " + arg + " is " + t + ", which holds Java objects");
            }
            if (counts[i] < 0) {
                throw new IllegalArgumentException(call + ": " + countsName + "[" + i + "] is " + counts[i]
                        + ", must be >= 0");
            }
            if (displs[i] < 0) {
                throw new IndexOutOfBoundsException(call + ": " + displsName + "[" + i + "] is " + displs[i]
                        + ", must be >= 0");
            }
            handles[i] = t.layout.handle();
            if (counts[i] == 0 || t.layout.size == 0) continue;
            long from = displs[i] + t.layout.spanStartBytes(counts[i]), to = displs[i]
                    + t.layout.spanEndBytes(counts[i]);
            if (from < 0 || to > capacity) {
                throw new IndexOutOfBoundsException(call + ": " + countsName + "[" + i + "] = " + counts[i]
                        + " items of " + t + " at " + displsName + "[" + i + "] = " + displs[i] + " bytes reach bytes "
                        + from + ".." + to + ", outside " + bufName + " (" + capacity + " bytes)");
            }
            end = Math.max(end, to);
        }
        if (end > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(call + ": the data of " + bufName + " spans more than 2 GiB");
        }
        return end;
    }

    // ------------------------------------------------------------------------------------------ Open MPI's forms
    // The in-place forms (MPI_IN_PLACE: intracommunicators only) and the forms for one side of a rooted collective.

    private static void refuseObjects(String call, Datatype type) {
        if (ObjectMessages.isObject(type)) {
            throw new IllegalArgumentException(call + ": datatype is " + type + ": this form takes the primitive"
                    + " datatypes and types built from them");
        }
    }

    /** MPI_Gather with MPI_IN_PLACE at the root (its block already at item root * count of buf). */
    static void gatherInPlace(Comm c, String call, Object buf, int offset, int count, Datatype type, int root) {
        inPlaceChecks(c, call, type, root);
        boolean stage = Message.stageBlockingArrays, atRoot = c.rank == root;
        Message b = atRoot ? buffer(call, "buf", buf, offset, items(call, "count", count, c.size), type, stage, false,
                true) : buffer(call, "buf", buf, offset, count, type, stage, false, false);
        long t = type.layout.handle();
        int rc = atRoot ? NativeMPI.gather(null, 0, 0, 0, t, b.array, b.address, b.off, count, t, 1, root, c.handle)
                : NativeMPI.gather(b.array, b.address, b.off, count, t, null, 0, 0, count, t, 0, root, c.handle);
        finish(call, rc, Message.NONE, b);
    }

    /** The checks of a rooted collective's in-place form (one buffer at every rank; intracommunicators only). */
    private static void inPlaceChecks(Comm c, String call, Datatype type, int root) {
        c.refuseInPlace(call);
        c.checkRoot(call, root);
        refuseObjects(call, type);
    }

    /**
     * The checks of a form for one side of a rooted collective: the root's in-place form ({@code inPlace}), or the
     * form of the processes other than the root; {@code form} lists its arguments, for messages.
     */
    private static void oneSide(Comm c, String call, Datatype type, int root, boolean inPlace, String form) {
        if (inPlace) {
            inPlaceChecks(c, call, type, root);
        } else {
            c.requireLive(call);
            c.checkRoot(call, root);
            refuseObjects(call, type);
        }
        boolean atRoot = c.isRoot(root);
        if (inPlace && !atRoot) {
            throw new IllegalArgumentException(call + ": the in-place form (" + form + ") is for the root; rank "
                    + c.rank + " is not root " + root);
        }
        if (!inPlace && atRoot) {
            throw new IllegalArgumentException(call + ": the form (" + form + ") is for the processes other than the"
                    + " root; " + (c.inter ? "root is MPI.ROOT" : "rank " + c.rank + " is root"));
        }
    }

    /** MPI_Gatherv with MPI_IN_PLACE, called at the root. */
    static void gathervInPlace(Comm c, String call, Object buf, int offset, int[] counts, int[] displs,
                               Datatype type, int root) {
        oneSide(c, call, type, root, true, "recvbuf, recvcount, displs, recvtype, root");
        Message b = buffer(call, "recvbuf", buf, offset, span(c, call, "recvcount", counts, "displs", displs), type,
                Message.stageBlockingArrays, false, true);
        long t = type.layout.handle();
        int rc = NativeMPI.gatherv(null, 0, 0, 0, t, b.array, b.address, b.off, counts, displs, t, 1, root,
                c.handle);
        finish(call, rc, Message.NONE, b);
    }

    /** MPI_Gatherv at a process other than the root, which sends only (in an intercomm, MPI.PROC_NULL too). */
    static void gathervSendOnly(Comm c, String call, Object buf, int offset, int count, Datatype type, int root) {
        oneSide(c, call, type, root, false, "sendbuf, sendcount, sendtype, root");
        boolean sends = c.toRoot(root);
        Message s = sends ? buffer(call, "sendbuf", buf, offset, count, type, Message.stageBlockingArrays, false,
                false) : Message.NONE;
        long t = handle(sends, type, false, null);
        int rc = NativeMPI.gatherv(s.array, s.address, s.off, count, t, null, 0, 0, null, null, t, 0, root,
                c.handle);
        finish(call, rc, s, Message.NONE);
    }

    /** MPI_Scatter with MPI_IN_PLACE at the root (it keeps its block at item root * count of buf). */
    static void scatterInPlace(Comm c, String call, Object buf, int offset, int count, Datatype type, int root) {
        inPlaceChecks(c, call, type, root);
        boolean stage = Message.stageBlockingArrays, atRoot = c.rank == root;
        Message b = atRoot ? buffer(call, "buf", buf, offset, items(call, "count", count, c.size), type, stage, false,
                false) : buffer(call, "buf", buf, offset, count, type, stage, false, true);
        long t = type.layout.handle();
        int rc = atRoot ? NativeMPI.scatter(b.array, b.address, b.off, count, t, null, 0, 0, count, t, 1, root,
                c.handle) : NativeMPI.scatter(null, 0, 0, count, t, b.array, b.address, b.off, count, t, 0, root,
                c.handle);
        finish(call, rc, atRoot ? b : Message.NONE, atRoot ? Message.NONE : b);
    }

    /** MPI_Scatterv with MPI_IN_PLACE, called at the root. */
    static void scattervInPlace(Comm c, String call, Object buf, int offset, int[] counts, int[] displs,
                                Datatype type, int root) {
        oneSide(c, call, type, root, true, "sendbuf, sendcount, displs, sendtype, root");
        Message s = buffer(call, "sendbuf", buf, offset, span(c, call, "sendcount", counts, "displs", displs), type,
                Message.stageBlockingArrays, false, false);
        long t = type.layout.handle();
        int rc = NativeMPI.scatterv(s.array, s.address, s.off, counts, displs, t, null, 0, 0, 0, t, 1, root,
                c.handle);
        finish(call, rc, s, Message.NONE);
    }

    /** MPI_Scatterv at a process other than the root, which receives only (in an intercomm, MPI.PROC_NULL too). */
    static void scattervReceiveOnly(Comm c, String call, Object buf, int offset, int count, Datatype type,
                                    int root) {
        oneSide(c, call, type, root, false, "recvbuf, recvcount, recvtype, root");
        boolean receives = c.toRoot(root);
        Message r = receives ? buffer(call, "recvbuf", buf, offset, count, type, Message.stageBlockingArrays, false,
                true) : Message.NONE;
        long t = handle(receives, type, false, null);
        int rc = NativeMPI.scatterv(null, 0, 0, null, null, t, r.array, r.address, r.off, count, t, 0, root,
                c.handle);
        finish(call, rc, Message.NONE, r);
    }

    /** MPI_Allgather with MPI_IN_PLACE (each rank's block already at item rank * count). */
    static void allgatherInPlace(Comm c, String call, Object buf, int offset, int count, Datatype type) {
        c.refuseInPlace(call);
        refuseObjects(call, type);
        Message r = buffer(call, "buf", buf, offset, items(call, "count", count, c.size), type,
                Message.stageBlockingArrays, false, true);
        long t = type.layout.handle();
        int rc = NativeMPI.allgather(null, 0, 0, 0, t, r.array, r.address, r.off, count, t, 1, c.handle);
        finish(call, rc, Message.NONE, r);
    }

    /** MPI_Allgatherv with MPI_IN_PLACE. */
    static void allgathervInPlace(Comm c, String call, Object buf, int offset, int[] counts, int[] displs,
                                  Datatype type) {
        c.refuseInPlace(call);
        refuseObjects(call, type);
        Message r = buffer(call, "recvbuf", buf, offset, span(c, call, "recvcount", counts, "displs", displs), type,
                Message.stageBlockingArrays, false, true);
        long t = type.layout.handle();
        int rc = NativeMPI.allgatherv(null, 0, 0, 0, t, r.array, r.address, r.off, counts, displs, t, 1, c.handle);
        finish(call, rc, Message.NONE, r);
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

    /**
     * The MPI handle of the datatype of one side of a rooted collective: {@code type} where that side is
     * significant here ({@code significant}), else the other side's when that one is, else MPI.BYTE's (MPI reads
     * neither, but some MPIs check every datatype handle they are given). The counts MPI gets are the program's,
     * significant or not: an MPI may take a shortcut on a count of 0 that the other processes do not take (see
     * Icollectives.iBcast).
     */
    static long handle(boolean significant, Datatype type, boolean otherSignificant, Datatype other) {
        if (significant) return type.layout.handle();
        if (otherSignificant) return other.layout.handle();
        return MPI.BYTE.layout.handle();
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

    /**
     * Whether the collective moves MPI.OBJECT (both datatypes are object types), which it does on
     * intracommunicators only: an object type on an intercommunicator is refused.
     */
    private static boolean objects(Comm c, String call, Datatype sendtype, Datatype recvtype) {
        boolean s = ObjectMessages.isObject(sendtype), r = ObjectMessages.isObject(recvtype);
        if (s != r && sendtype != null && recvtype != null) {
            throw new IllegalArgumentException(call + ": sendtype " + sendtype + " and recvtype " + recvtype
                    + " must both be MPI.OBJECT types or neither");
        }
        if ((s || r) && c.inter) throw interObjects(c, call, s ? "sendtype" : "recvtype", s ? sendtype : recvtype);
        return s && r;
    }

    /** {@link #objects(Comm, String, Datatype, Datatype)} for the collectives of one datatype. */
    private static boolean objects(Comm c, String call, Datatype datatype) {
        boolean o = ObjectMessages.isObject(datatype);
        if (o && c.inter) throw interObjects(c, call, "datatype", datatype);
        return o;
    }

    private static IllegalArgumentException interObjects(Comm c, String call, String name, Datatype type) {
        return new IllegalArgumentException(call + ": " + name + " is " + type + ", Java objects, which collectives"
                + " move on intracommunicators only, not on " + c);
    }

    /** count items for each of n processes, as one int. */
    static int items(String call, String name, int count, int n) {
        if (count < 0) throw new IllegalArgumentException(call + ": " + name + " is " + count + ", must be >= 0");
        long items = (long) count * n;
        if (items > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(call + ": " + name + " " + count + " items for each of " + n
                    + " ranks overflow int");
        }
        return (int) items;
    }

    /** Validates a counts/displacements pair (one entry per peer of {@code c}) and returns the items they span. */
    static int span(Comm c, String call, String countsName, int[] counts, String displsName, int[] displs) {
        return span(call, countsName, counts, displsName, displs, c.peers, c.peer());
    }

    /** {@link #span(Comm, String, String, int[], String, int[])} for {@code n} entries, one per {@code what}. */
    static int span(String call, String countsName, int[] counts, String displsName, int[] displs, int n,
                    String what) {
        if (counts == null) throw new NullPointerException(call + ": " + countsName + " is null");
        if (displs == null) throw new NullPointerException(call + ": " + displsName + " is null");
        if (counts.length < n) {
            throw new IllegalArgumentException(call + ": " + countsName + " has " + counts.length + " entries, needs "
                    + n + " (one per " + what + ")");
        }
        if (displs.length < n) {
            throw new IllegalArgumentException(call + ": " + displsName + " has " + displs.length + " entries, needs "
                    + n + " (one per " + what + ")");
        }
        long end = 0;
        for (int i = 0; i < n; i++) {
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

    /** The sum of {@code counts}, one entry per process of the local group. */
    static int total(Comm c, String call, String name, int[] counts) {
        int size = c.size;
        if (counts == null) throw new NullPointerException(call + ": " + name + " is null");
        if (counts.length < size) {
            throw new IllegalArgumentException(call + ": " + name + " has " + counts.length + " entries, needs " + size
                    + " (one per rank" + (c.inter ? " of the local group" : "") + ")");
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
}

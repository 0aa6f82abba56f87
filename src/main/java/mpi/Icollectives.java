package mpi;

import static natmpj.jni.NativeMPIConstants.IALLGATHER;
import static natmpj.jni.NativeMPIConstants.IALLREDUCE;
import static natmpj.jni.NativeMPIConstants.IALLTOALL;
import static natmpj.jni.NativeMPIConstants.IEXSCAN;
import static natmpj.jni.NativeMPIConstants.IGATHER;
import static natmpj.jni.NativeMPIConstants.INEIGHBOR_ALLGATHER;
import static natmpj.jni.NativeMPIConstants.INEIGHBOR_ALLTOALL;
import static natmpj.jni.NativeMPIConstants.IREDUCE;
import static natmpj.jni.NativeMPIConstants.IREDUCE_SCATTER_BLOCK;
import static natmpj.jni.NativeMPIConstants.ISCAN;
import static natmpj.jni.NativeMPIConstants.ISCATTER;

import natmpj.internal.BufferType;
import natmpj.internal.Buffers;
import natmpj.internal.Held;
import natmpj.internal.Message;
import natmpj.internal.StatusBuffer;
import natmpj.jni.NativeMPI;

/**
 * Non-blocking collectives (MPI-3.1 5.12) and neighbourhood collectives (MPI-3.1 7.6), blocking and non-blocking, on
 * the core: the checks of the blocking collectives (counts, displacements, roots, buffers against their capacity,
 * datatypes, ops), then every buffer resolved for a request on the one buffer path and held by the request with
 * native copies of the count, displacement and datatype arrays ({@link Held}): a Java array is pinned where the
 * collector pins objects, else staged (copied in now, copied back when the request completes), a direct buffer is
 * passed by address. The caller's arrays are the caller's again as soon as the call returns; its buffers, as MPI
 * requires, when the request completes.
 *
 * <p>Buffers are given as (buffer, offset in elements) like mpiJava's collectives; the facades map their own forms
 * (Open MPI's heap buffers: OmpiArgs) onto these. Arguments are checked before anything is resolved, and whatever was
 * resolved is given back if MPI refuses the call.
 */
final class Icollectives {
    private Icollectives() {}

    private static final int READ = Message.READ, WRITE = Message.WRITE, READ_WRITE = Message.READ_WRITE;

    // ------------------------------------------------------------------------------------------- plumbing

    /** One buffer of a non-blocking call: checked, resolved for a request, held. */
    private static Message buffer(Held h, String call, String name, Object buf, int offset, int count, Datatype type,
                                  int access, boolean gaps, boolean reduction) {
        long off = Collectives.checked(call, name, buf, offset, count, type, reduction);
        return h.buffer(call, buf, off, count, type.layout, access, gaps);
    }

    /** MPI started the operation (rc 0) or refused it: the request, or the exception (the caller releases). */
    private static Request start(Held h, String call, int rc, StatusBuffer out) {
        MPIException.check(rc, call);
        return new Request(out.handle(), h);
    }

    private static void refuseObjects(String call, String name, Datatype type) {
        if (type == null) throw new NullPointerException(call + ": " + name + " is null");
        if (ObjectMessages.isObject(type)) {
            throw new IllegalArgumentException(call + ": " + name + " is " + type + ": non-blocking and neighbourhood"
                    + " collectives move the primitive datatypes and types built from them, not Java objects");
        }
    }

    /** The datatype parameter's name in {@code call}'s API: mpiJava's "datatype" (Ibcast), Open MPI's "type". */
    private static String typeName(String call) {
        return Character.isUpperCase(call.charAt(call.indexOf('.') + 1)) ? "datatype" : "type";
    }

    private static IllegalArgumentException rootOnly(String call, Comm c, int root, boolean forRoot) {
        String here = c.inter ? "root is " + (root == MPI.ROOT ? "MPI.ROOT" : root == MPI.PROC_NULL ? "MPI.PROC_NULL"
                : root + " (a rank of the remote group)") : "rank " + c.rank + (forRoot ? " is not root " + root
                : " is root");
        return new IllegalArgumentException(call + ": this form is for " + (forRoot ? "the root" : "the processes"
                + " other than the root") + "; " + here);
    }

    // ------------------------------------------------------------------------------------------- barrier, bcast

    static Request iBarrier(Comm c, String call) {
        c.requireLive(call);
        StatusBuffer out = StatusBuffer.current();
        MPIException.check(NativeMPI.ibarrier(c.handle, out.handleAddress), call);
        return new Request(out.handle(), new Held());
    }

    static Request iBcast(Comm c, String call, Object buf, int offset, int count, Datatype type, int root) {
        c.requireLive(call);
        c.checkRoot(call, root);
        // In an intercommunicator the root's other processes (MPI.PROC_NULL) take no part; MPI gets the program's
        // count there too: given 0 items there, Open MPI 4.1 left the group's next non-blocking collective hanging
        // (its libnbc seems to complete a collective of 0 items without the tag the others' schedules take).
        boolean takesPart = !c.inter || root != MPI.PROC_NULL;
        if (takesPart || type != null) refuseObjects(call, typeName(call), type);
        Held h = new Held();
        try {
            Message b = takesPart ? buffer(h, call, "buf", buf, offset, count, type, c.isRoot(root) ? READ : WRITE,
                    false, false) : Message.NONE;
            StatusBuffer out = StatusBuffer.current();
            return start(h, call, NativeMPI.ibcast(b.address, count, (type != null ? type : MPI.BYTE).layout.handle(),
                    root, c.handle, out.handleAddress), out);
        } catch (RuntimeException | Error e) {
            h.release();
            throw e;
        }
    }

    // ------------------------------------------------------------------------------------------- reductions

    /** Kinds of reduction beside the native ones: MPI_Ireduce_scatter (counts per rank). */
    private static final int IREDUCE_SCATTER = -1;

    /**
     * A non-blocking reduction of {@code kind} (IREDUCE, IALLREDUCE, ISCAN, IEXSCAN, IREDUCE_SCATTER_BLOCK or
     * IREDUCE_SCATTER). {@code inPlace}: {@code buf} is both buffers (MPI_IN_PLACE), except for IREDUCE at a rank
     * other than the root, where it is the send buffer. {@code scount}/{@code rcount}: items of each side;
     * {@code recvcounts}: IREDUCE_SCATTER's counts per rank.
     */
    static Request reduction(Comm c, int kind, String call, Object sendbuf, int soffset, int scount,
                             Object recvbuf, int roffset, int rcount, Datatype type, Op op, int root, boolean inPlace,
                             int[] recvcounts) {
        c.requireLive(call);
        if (kind == IREDUCE) c.checkRoot(call, root);
        if (inPlace) c.refuseInPlace(call);
        refuseObjects(call, typeName(call), type);
        long opHandle = Collectives.opFor(call, op, type);
        boolean receives = kind != IREDUCE || c.isRoot(root), sends = kind != IREDUCE || c.toRoot(root);
        if (inPlace && !receives) { // Reduce's in-place form at a rank other than the root: buf is the send buffer
            inPlace = false;
        }
        if (c.inter && sends && receives && sendbuf != null && sendbuf == recvbuf) {
            throw new IllegalArgumentException(call + ": sendbuf and recvbuf must be different buffers (collectives"
                    + " on an intercommunicator have no in-place form)");
        }
        if (!c.inter && !inPlace && sendbuf != null && sendbuf == recvbuf && receives) {
            // as the blocking reductions: one buffer at one position reduces in place, disjoint ranges of one buffer
            // are two buffers; the scattering reductions take in place only in their one-buffer forms
            boolean scatters = kind == IREDUCE_SCATTER || kind == IREDUCE_SCATTER_BLOCK;
            if (scatters) {
                throw new IllegalArgumentException(call + ": sendbuf and recvbuf must be different buffers (the"
                        + " in-place form takes one)");
            }
            long so = Collectives.checked(call, "sendbuf", sendbuf, soffset, scount, type, true);
            long ro = Collectives.checked(call, "recvbuf", recvbuf, roffset, rcount, type, true);
            inPlace = Buffers.inPlace(call, sendbuf, so, recvbuf, ro, type.layout, scount);
        }
        Held h = new Held();
        try {
            Message s = Message.NONE, r = Message.NONE;
            boolean nothing = Collectives.holdsNothing(type);
            if (nothing) { // a type of size 0: checked, then the collective on no data (Collectives.reduceNothing)
                if (sends) Buffers.offset(call, inPlace ? "buf" : "sendbuf", sendbuf, soffset, scount, type.layout);
                if (receives && !inPlace) Buffers.offset(call, "recvbuf", recvbuf, roffset, rcount, type.layout);
                type = MPI.BYTE;
                opHandle = MPI.BOR.handleFor(MPI.BYTE, call);
                scount = 0;
                if (recvcounts != null) recvcounts = new int[c.size];
            } else if (inPlace) {
                r = buffer(h, call, "buf", sendbuf, soffset, scount, type, READ_WRITE, false, true);
            } else {
                if (sends) s = buffer(h, call, "sendbuf", sendbuf, soffset, scount, type, READ, false, true);
                if (receives) r = buffer(h, call, "recvbuf", recvbuf, roffset, rcount, type, WRITE, false, true);
            }
            if (!nothing && op.isUser()) h.userOp(type.layout);
            StatusBuffer out = StatusBuffer.current();
            long t = type.layout.handle();
            int in = inPlace && !nothing ? 1 : 0, rc;
            if (kind == IREDUCE_SCATTER) {
                rc = NativeMPI.ireduce_scatter(s.address, r.address, in, h.ints(call, recvcounts, c.size), t, opHandle,
                        c.handle, out.handleAddress);
            } else {
                int count = kind == IREDUCE_SCATTER_BLOCK ? (nothing ? 0 : rcount) : scount;
                if (kind == IREDUCE_SCATTER_BLOCK && inPlace) count = scount / Math.max(c.size, 1);
                rc = NativeMPI.ireduction(kind, s.address, r.address, in, count, t, opHandle, root, c.handle,
                        out.handleAddress);
            }
            return start(h, call, rc, out);
        } catch (RuntimeException | Error e) {
            h.release();
            throw e;
        }
    }

    static Request iReduce(Comm c, String call, Object sendbuf, int soffset, Object recvbuf, int roffset,
                           int count, Datatype type, Op op, int root, boolean inPlace) {
        return reduction(c, IREDUCE, call, sendbuf, soffset, count, recvbuf, roffset, count, type, op, root, inPlace,
                null);
    }

    static Request iAllReduce(Comm c, String call, Object sendbuf, int soffset, Object recvbuf, int roffset,
                              int count, Datatype type, Op op, boolean inPlace) {
        return reduction(c, IALLREDUCE, call, sendbuf, soffset, count, recvbuf, roffset, count, type, op, -1, inPlace,
                null);
    }

    static Request iScan(Comm c, String call, boolean exclusive, Object sendbuf, int soffset, Object recvbuf,
                         int roffset, int count, Datatype type, Op op, boolean inPlace) {
        return reduction(c, exclusive ? IEXSCAN : ISCAN, call, sendbuf, soffset, count, recvbuf, roffset, count, type,
                op, -1, inPlace, null);
    }

    /** MPI_Ireduce_scatter_block: every rank gets {@code count} items; the send side holds size * count. */
    static Request iReduceScatterBlock(Comm c, String call, Object sendbuf, int soffset, Object recvbuf,
                                       int roffset, int count, Datatype type, Op op, boolean inPlace) {
        c.requireLive(call);
        int total = Collectives.items(call, inPlace ? "count" : "recvcount", count, c.size);
        return reduction(c, IREDUCE_SCATTER_BLOCK, call, sendbuf, soffset, total, recvbuf, roffset,
                inPlace ? total : count, type, op, -1, inPlace, null);
    }

    /** MPI_Ireduce_scatter: rank i gets {@code recvcounts[i]} items; the send side holds their sum. */
    static Request iReduceScatter(Comm c, String call, Object sendbuf, int soffset, Object recvbuf, int roffset,
                                  int[] recvcounts, Datatype type, Op op, boolean inPlace) {
        c.requireLive(call);
        int total = Collectives.total(c, call, inPlace ? "counts" : "recvcounts", recvcounts);
        return reduction(c, IREDUCE_SCATTER, call, sendbuf, soffset, total, recvbuf, roffset,
                inPlace ? total : recvcounts[c.rank], type, op, -1, inPlace, recvcounts);
    }

    // ------------------------------------------------------------------------------------------- gather, scatter

    /**
     * MPI_Igather (IGATHER), MPI_Iscatter (ISCATTER), MPI_Iallgather (IALLGATHER), MPI_Ialltoall (IALLTOALL).
     * {@code inPlace}: the in-place form on {@code buf} = sendbuf (gather at the root, allgather: the receive buffer
     * holding the rank's own block; scatter at the root: the send buffer; at other ranks of a rooted in-place form,
     * buf is the buffer the rank sends or receives).
     */
    static Request blocks(Comm c, int kind, String call, Object sendbuf, int soffset, int scount,
                          Datatype stype, Object recvbuf, int roffset, int rcount, Datatype rtype, int root,
                          boolean inPlace) {
        c.requireLive(call);
        boolean rooted = kind == IGATHER || kind == ISCATTER;
        if (rooted) c.checkRoot(call, root);
        if (inPlace) c.refuseInPlace(call);
        boolean atRoot = rooted && c.isRoot(root);
        Held h = new Held();
        try {
            Message s = Message.NONE, r = Message.NONE;
            long st, rt;
            int in = 0;
            if (inPlace) {
                refuseObjects(call, "type", stype);
                int all = Collectives.items(call, "count", scount, c.size); // intracommunicators only
                st = rt = stype.layout.handle();
                rcount = scount;
                if (kind == IGATHER) {
                    if (atRoot) r = buffer(h, call, "buf", sendbuf, soffset, all, stype, WRITE, true, false);
                    else s = buffer(h, call, "buf", sendbuf, soffset, scount, stype, READ, false, false);
                    in = atRoot ? 1 : 0;
                } else if (kind == ISCATTER) {
                    if (atRoot) s = buffer(h, call, "buf", sendbuf, soffset, all, stype, READ, false, false);
                    else r = buffer(h, call, "buf", sendbuf, soffset, scount, stype, WRITE, false, false);
                    in = atRoot ? 1 : 0;
                } else { // IALLGATHER (Open MPI's API has no in-place all-to-all)
                    r = buffer(h, call, "buf", sendbuf, soffset, all, stype, WRITE, true, false);
                    in = 1;
                }
            } else {
                // gather: every process sends (in an intercomm, the other group's), the root receives; scatter the
                // other way round; allgather and alltoall: every process both
                boolean sends = kind == IGATHER ? c.toRoot(root) : kind != ISCATTER || atRoot;
                boolean receives = kind == IGATHER ? atRoot : kind != ISCATTER || c.toRoot(root);
                if (sends) refuseObjects(call, "sendtype", stype);
                int sitems = kind == IALLTOALL || kind == ISCATTER && atRoot
                        ? Collectives.items(call, "sendcount", scount, c.peers) : scount;
                if (receives) refuseObjects(call, "recvtype", rtype);
                int ritems = (receives || !c.inter) && (kind == IGATHER || kind == IALLGATHER || kind == IALLTOALL)
                        ? Collectives.items(call, "recvcount", rcount, c.peers) : rcount;
                if (sends) s = buffer(h, call, "sendbuf", sendbuf, soffset, sitems, stype, READ, false, false);
                if (receives) r = buffer(h, call, "recvbuf", recvbuf, roffset, ritems, rtype, WRITE, false, false);
                st = Collectives.handle(sends, stype, receives, rtype);
                rt = Collectives.handle(receives, rtype, sends, stype);
            }
            StatusBuffer out = StatusBuffer.current();
            return start(h, call, NativeMPI.iblocks(kind, s.address, scount, st, r.address, rcount, rt, in, root,
                    c.handle, out.handleAddress), out);
        } catch (RuntimeException | Error e) {
            h.release();
            throw e;
        }
    }

    /**
     * MPI_Igatherv (IGATHER) and MPI_Iallgatherv (IALLGATHER): {@code recvcounts}/{@code displs} per rank.
     * {@code form}: 0 the full form, 1 in place (recvbuf only; at the root of a gather), 2 a gather's send-only form
     * at a rank other than the root (sendbuf only).
     */
    static Request gatherv(Comm c, int kind, String call, Object sendbuf, int soffset, int scount,
                           Datatype stype, Object recvbuf, int roffset, int[] recvcounts, int[] displs,
                           Datatype rtype, int root, int form) {
        c.requireLive(call);
        boolean rooted = kind == IGATHER;
        if (rooted) c.checkRoot(call, root);
        if (form == 1) c.refuseInPlace(call);
        boolean atRoot = !rooted || c.isRoot(root), sends = form != 1 && (!rooted || c.toRoot(root));
        boolean receives = form != 2 && atRoot;
        if (rooted && form == 1 && !atRoot) throw rootOnly(call, c, root, true);
        if (rooted && form == 2 && atRoot) throw rootOnly(call, c, root, false);
        if (sends) refuseObjects(call, "sendtype", stype);
        if (receives) refuseObjects(call, "recvtype", rtype);
        int span = receives ? Collectives.span(c, call, "recvcount", recvcounts, "displs", displs) : 0;
        Held h = new Held();
        try {
            Message s = Message.NONE, r = Message.NONE;
            if (sends) s = buffer(h, call, "sendbuf", sendbuf, soffset, scount, stype, READ, false, false);
            long counts = 0, at = 0, st, rt;
            if (receives) {
                r = buffer(h, call, "recvbuf", recvbuf, roffset, span, rtype, WRITE, true, false);
                counts = h.ints(call, recvcounts, c.peers);
                at = h.ints(call, displs, c.peers);
            }
            st = Collectives.handle(sends, stype, receives, rtype);
            rt = Collectives.handle(receives, rtype, sends, stype);
            StatusBuffer out = StatusBuffer.current();
            return start(h, call, NativeMPI.igatherv(kind, s.address, form == 1 ? 0 : scount, st, r.address, counts,
                    at, rt, form == 1 ? 1 : 0, root, c.handle, out.handleAddress), out);
        } catch (RuntimeException | Error e) {
            h.release();
            throw e;
        }
    }

    /**
     * MPI_Iscatterv: {@code sendcounts}/{@code displs} per rank, significant at the root. {@code form}: 0 the full
     * form, 1 in place at the root (sendbuf only), 2 receive-only at the other ranks (recvbuf only).
     */
    static Request scatterv(Comm c, String call, Object sendbuf, int soffset, int[] sendcounts, int[] displs,
                            Datatype stype, Object recvbuf, int roffset, int rcount, Datatype rtype, int root,
                            int form) {
        c.requireLive(call);
        c.checkRoot(call, root);
        if (form == 1) c.refuseInPlace(call);
        boolean atRoot = c.isRoot(root), sends = form != 2 && atRoot, receives = form != 1 && c.toRoot(root);
        if (form == 1 && !atRoot) throw rootOnly(call, c, root, true);
        if (form == 2 && atRoot) throw rootOnly(call, c, root, false);
        if (sends) refuseObjects(call, "sendtype", stype);
        if (receives) refuseObjects(call, "recvtype", rtype);
        int span = sends ? Collectives.span(c, call, "sendcount", sendcounts, "displs", displs) : 0;
        Held h = new Held();
        try {
            Message s = Message.NONE, r = Message.NONE;
            long counts = 0, at = 0;
            if (sends) {
                s = buffer(h, call, "sendbuf", sendbuf, soffset, span, stype, READ, false, false);
                counts = h.ints(call, sendcounts, c.peers);
                at = h.ints(call, displs, c.peers);
            }
            if (receives) r = buffer(h, call, "recvbuf", recvbuf, roffset, rcount, rtype, WRITE, false, false);
            long st = Collectives.handle(sends, stype, receives, rtype);
            long rt = Collectives.handle(receives, rtype, sends, stype);
            StatusBuffer out = StatusBuffer.current();
            return start(h, call, NativeMPI.iscatterv(s.address, counts, at, st, r.address, form == 1 ? 0 : rcount,
                    rt, form == 1 ? 1 : 0, root, c.handle, out.handleAddress), out);
        } catch (RuntimeException | Error e) {
            h.release();
            throw e;
        }
    }

    /** MPI_Ialltoallv: counts and displacements per rank, each side. */
    static Request allToAllv(Comm c, String call, Object sendbuf, int soffset, int[] sendcounts, int[] sdispls,
                             Datatype stype, Object recvbuf, int roffset, int[] recvcounts, int[] rdispls,
                             Datatype rtype) {
        c.requireLive(call);
        refuseObjects(call, "sendtype", stype);
        refuseObjects(call, "recvtype", rtype);
        int sspan = Collectives.span(c, call, "sendcount", sendcounts, "sdispls", sdispls);
        int rspan = Collectives.span(c, call, "recvcount", recvcounts, "rdispls", rdispls);
        return vectors(c, IALLTOALL, call, sendbuf, soffset, sspan, sendcounts, sdispls, stype, recvbuf, roffset,
                rspan, recvcounts, rdispls, rtype, c.peers, c.peers);
    }

    /** The native call of an all-to-all of vectors (IALLTOALL or INEIGHBOR_ALLTOALL), checked. */
    private static Request vectors(Comm c, int kind, String call, Object sendbuf, int soffset, int sspan,
                                   int[] sendcounts, int[] sdispls, Datatype stype, Object recvbuf, int roffset,
                                   int rspan, int[] recvcounts, int[] rdispls, Datatype rtype, int outs, int ins) {
        Held h = new Held();
        try {
            Message s = buffer(h, call, "sendbuf", sendbuf, soffset, sspan, stype, READ, false, false);
            Message r = buffer(h, call, "recvbuf", recvbuf, roffset, rspan, rtype, WRITE, true, false);
            StatusBuffer out = StatusBuffer.current();
            return start(h, call, NativeMPI.ialltoallv(kind, s.address, h.ints(call, sendcounts, outs),
                    h.ints(call, sdispls, outs), stype.layout.handle(), r.address, h.ints(call, recvcounts, ins),
                    h.ints(call, rdispls, ins), rtype.layout.handle(), 0, c.handle, out.handleAddress), out);
        } catch (RuntimeException | Error e) {
            h.release();
            throw e;
        }
    }

    /**
     * MPI_Ialltoallw: byte displacements and a datatype per rank, each side; the buffers from their starts
     * ({@code sbyteoff}/{@code rbyteoff}: where a heap buffer's data starts in its array, in bytes).
     */
    static Request allToAllw(Comm c, String call, Object sendbuf, long sbyteoff, int[] sendcounts,
                             int[] sdispls, Datatype[] stypes, Object recvbuf, long rbyteoff, int[] recvcounts,
                             int[] rdispls, Datatype[] rtypes, Object sendOwner, Object recvOwner) {
        c.requireLive(call);
        long[] st = new long[c.peers], rt = new long[c.peers];
        long sspan = Collectives.wSpan(c, call, "sendbuf", sendOwner, "sendcount", sendcounts, "sdispls", sdispls,
                "sendtypes", stypes, st);
        long rspan = Collectives.wSpan(c, call, "recvbuf", recvOwner, "recvcount", recvcounts, "rdispls", rdispls,
                "recvtypes", rtypes, rt);
        BufferType bytes = MPI.BYTE.layout;
        Held h = new Held();
        try {
            Message s = h.buffer(call, sendbuf, sbyteoff, (int) sspan, bytes, READ, false);
            Message r = h.buffer(call, recvbuf, rbyteoff, (int) rspan, bytes, WRITE, true);
            StatusBuffer out = StatusBuffer.current();
            int n = c.peers;
            return start(h, call, NativeMPI.ialltoallw(s.address, h.ints(call, sendcounts, n),
                    h.ints(call, sdispls, n), h.handles(call, st, n), r.address, h.ints(call, recvcounts, n),
                    h.ints(call, rdispls, n), h.handles(call, rt, n), n, c.handle, out.handleAddress), out);
        } catch (RuntimeException | Error e) {
            h.release();
            throw e;
        }
    }

    // ------------------------------------------------------------------------------------------- neighbourhood

    /**
     * {in-degree, out-degree} of the calling process in {@code c}'s topology: 2 * ndims each on a Cartesian
     * communicator, its neighbour count each on a graph one, MPI_Dist_graph_neighbors_count's on a distributed graph.
     * A communicator without a topology: an MPIException of class MPI.ERR_TOPOLOGY.
     */
    static int[] degrees(Comm c, String call) {
        int[] value = new int[1];
        MPIException.check(NativeMPI.topo_test(c.handle, value), call);
        int kind = value[0];
        if (kind == MPI.CART) {
            MPIException.check(NativeMPI.cartdim_get(c.handle, value), call);
            return new int[] {2 * value[0], 2 * value[0]};
        }
        if (kind == MPI.GRAPH) {
            MPIException.check(NativeMPI.graph_neighbors_count(c.handle, c.rank, value), call);
            return new int[] {value[0], value[0]};
        }
        if (kind == MPI.DIST_GRAPH) {
            int[] counts = new int[3];
            MPIException.check(NativeMPI.dist_graph_neighbors_count(c.handle, counts), call);
            return new int[] {counts[0], counts[1]};
        }
        throw new MPIException(MPI.ERR_TOPOLOGY, MPI.ERR_TOPOLOGY, call + ": comm " + c + " has no process topology"
                + " (neighbourhood collectives run on Cartesian, graph and distributed graph communicators)");
    }

    /**
     * MPI_Neighbor_allgather (INEIGHBOR_ALLGATHER) and MPI_Neighbor_alltoall (INEIGHBOR_ALLTOALL), blocking
     * ({@code nonBlocking} false: null returned) or not.
     */
    static Request neighborBlocks(Comm c, int kind, String call, boolean nonBlocking, Object sendbuf,
                                  int soffset, int scount, Datatype stype, Object recvbuf, int roffset, int rcount,
                                  Datatype rtype) {
        c.requireLive(call);
        refuseObjects(call, "sendtype", stype);
        refuseObjects(call, "recvtype", rtype);
        int[] d = degrees(c, call);
        int sitems = kind == INEIGHBOR_ALLTOALL ? Collectives.items(call, "sendcount", scount, d[1]) : scount;
        if (kind != INEIGHBOR_ALLTOALL && scount < 0) {
            throw new IllegalArgumentException(call + ": sendcount is " + scount + ", must be >= 0");
        }
        int ritems = Collectives.items(call, "recvcount", rcount, d[0]);
        if (!nonBlocking) {
            long soff = Collectives.checked(call, "sendbuf", sendbuf, soffset, sitems, stype, false);
            long roff = Collectives.checked(call, "recvbuf", recvbuf, roffset, ritems, rtype, false);
            boolean stage = Message.stageBlockingArrays;
            Message s = Message.blocking(call, sendbuf, soff, sitems, stype.layout, stage, READ);
            Message r = Message.blocking(call, recvbuf, roff, ritems, rtype.layout, stage, READ_WRITE);
            int rc = NativeMPI.neighbor_blocks(kind, s.array, s.address, s.off, scount, stype.layout.handle(),
                    r.array, r.address, r.off, rcount, rtype.layout.handle(), sitems, ritems, c.handle);
            s.finish(call, rc);
            r.finish(call, rc);
            MPIException.check(rc, call);
            return null;
        }
        Held h = new Held();
        try {
            Message s = buffer(h, call, "sendbuf", sendbuf, soffset, sitems, stype, READ, false, false);
            Message r = buffer(h, call, "recvbuf", recvbuf, roffset, ritems, rtype, WRITE, false, false);
            StatusBuffer out = StatusBuffer.current();
            return start(h, call, NativeMPI.iblocks(kind, s.address, scount, stype.layout.handle(), r.address,
                    rcount, rtype.layout.handle(), 0, 0, c.handle, out.handleAddress), out);
        } catch (RuntimeException | Error e) {
            h.release();
            throw e;
        }
    }

    /** MPI_[I]neighbor_allgatherv: {@code recvcounts}/{@code displs} per in-neighbour. */
    static Request neighborAllGatherv(Comm c, String call, boolean nonBlocking, Object sendbuf, int soffset,
                                      int scount, Datatype stype, Object recvbuf, int roffset, int[] recvcounts,
                                      int[] displs, Datatype rtype) {
        c.requireLive(call);
        refuseObjects(call, "sendtype", stype);
        refuseObjects(call, "recvtype", rtype);
        int[] d = degrees(c, call);
        int rspan = Collectives.span(call, "recvcount", recvcounts, "displs", displs, d[0], "in-neighbour");
        if (!nonBlocking) {
            long soff = Collectives.checked(call, "sendbuf", sendbuf, soffset, scount, stype, false);
            long roff = Collectives.checked(call, "recvbuf", recvbuf, roffset, rspan, rtype, false);
            boolean stage = Message.stageBlockingArrays;
            Message s = Message.blocking(call, sendbuf, soff, scount, stype.layout, stage, READ);
            Message r = Message.blocking(call, recvbuf, roff, rspan, rtype.layout, stage, READ_WRITE);
            int rc = NativeMPI.neighbor_allgatherv(s.array, s.address, s.off, scount, stype.layout.handle(),
                    r.array, r.address, r.off, java.util.Arrays.copyOf(recvcounts, d[0]),
                    java.util.Arrays.copyOf(displs, d[0]), rtype.layout.handle(), rspan, c.handle);
            s.finish(call, rc);
            r.finish(call, rc);
            MPIException.check(rc, call);
            return null;
        }
        Held h = new Held();
        try {
            Message s = buffer(h, call, "sendbuf", sendbuf, soffset, scount, stype, READ, false, false);
            Message r = buffer(h, call, "recvbuf", recvbuf, roffset, rspan, rtype, WRITE, true, false);
            StatusBuffer out = StatusBuffer.current();
            return start(h, call, NativeMPI.igatherv(INEIGHBOR_ALLGATHER, s.address, scount, stype.layout.handle(),
                    r.address, h.ints(call, recvcounts, d[0]), h.ints(call, displs, d[0]), rtype.layout.handle(), 0,
                    0, c.handle, out.handleAddress), out);
        } catch (RuntimeException | Error e) {
            h.release();
            throw e;
        }
    }

    /** MPI_[I]neighbor_alltoallv: send counts/displacements per out-neighbour, receive ones per in-neighbour. */
    static Request neighborAllToAllv(Comm c, String call, boolean nonBlocking, Object sendbuf, int soffset,
                                     int[] sendcounts, int[] sdispls, Datatype stype, Object recvbuf, int roffset,
                                     int[] recvcounts, int[] rdispls, Datatype rtype) {
        c.requireLive(call);
        refuseObjects(call, "sendtype", stype);
        refuseObjects(call, "recvtype", rtype);
        int[] d = degrees(c, call);
        int sspan = Collectives.span(call, "sendcount", sendcounts, "sdispls", sdispls, d[1], "out-neighbour");
        int rspan = Collectives.span(call, "recvcount", recvcounts, "rdispls", rdispls, d[0], "in-neighbour");
        if (nonBlocking) {
            return vectors(c, INEIGHBOR_ALLTOALL, call, sendbuf, soffset, sspan, sendcounts, sdispls, stype, recvbuf,
                    roffset, rspan, recvcounts, rdispls, rtype, d[1], d[0]);
        }
        long soff = Collectives.checked(call, "sendbuf", sendbuf, soffset, sspan, stype, false);
        long roff = Collectives.checked(call, "recvbuf", recvbuf, roffset, rspan, rtype, false);
        boolean stage = Message.stageBlockingArrays;
        Message s = Message.blocking(call, sendbuf, soff, sspan, stype.layout, stage, READ);
        Message r = Message.blocking(call, recvbuf, roff, rspan, rtype.layout, stage, READ_WRITE);
        int rc = NativeMPI.neighbor_alltoallv(s.array, s.address, s.off, java.util.Arrays.copyOf(sendcounts, d[1]),
                java.util.Arrays.copyOf(sdispls, d[1]), stype.layout.handle(), r.array, r.address, r.off,
                java.util.Arrays.copyOf(recvcounts, d[0]), java.util.Arrays.copyOf(rdispls, d[0]),
                rtype.layout.handle(), sspan, rspan, c.handle);
        s.finish(call, rc);
        r.finish(call, rc);
        MPIException.check(rc, call);
        return null;
    }
}

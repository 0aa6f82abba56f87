package mpi;

import static natmpj.jni.NativeMPIConstants.IALLGATHER;
import static natmpj.jni.NativeMPIConstants.IALLTOALL;
import static natmpj.jni.NativeMPIConstants.IGATHER;
import static natmpj.jni.NativeMPIConstants.ISCATTER;

import java.nio.Buffer;

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
        Collectives.barrier(this, "Intracomm.Barrier");
    }

    /** Copies {@code count} items from {@code root}'s buffer into every other rank's. */
    public void Bcast(Object buf, int offset, int count, Datatype datatype, int root) throws MPIException {
        Collectives.bcast(this, "Intracomm.Bcast", buf, offset, count, datatype, root);
    }

    /**
     * Combines every rank's {@code sendbuf} with {@code op} into {@code root}'s {@code recvbuf} (significant, and
     * checked, only at the root). The same array at the same offset for both reduces in place.
     */
    public void Reduce(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count, Datatype datatype,
                       Op op, int root) throws MPIException {
        Collectives.reduce(this, "Intracomm.Reduce", sendbuf, sendoffset, recvbuf, recvoffset, count, datatype, op,
                root);
    }

    /** Like Reduce, with the result in every rank's {@code recvbuf}. */
    public void Allreduce(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count, Datatype datatype,
                          Op op) throws MPIException {
        Collectives.allreduce(this, "Intracomm.Allreduce", sendbuf, sendoffset, recvbuf, recvoffset, count, datatype,
                op);
    }

    /**
     * Inclusive prefix reduction: rank i's {@code recvbuf} gets the combination of ranks 0..i. The same array at the
     * same offset for both reduces in place.
     */
    public void Scan(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count, Datatype datatype,
                     Op op) throws MPIException {
        Collectives.scan(this, "Intracomm.Scan", false, sendbuf, sendoffset, recvbuf, recvoffset, count, datatype, op);
    }

    /**
     * Reduces {@code sum(recvcounts)} items elementwise, then scatters the result: rank i receives
     * {@code recvcounts[i]} items, in rank order.
     */
    public void Reduce_scatter(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int[] recvcounts,
                               Datatype datatype, Op op) throws MPIException {
        Collectives.reduceScatter(this, "Intracomm.Reduce_scatter", sendbuf, sendoffset, recvbuf, recvoffset,
                recvcounts, datatype, op);
    }

    /** Root's {@code recvbuf} receives {@code recvcount} items from every rank, in rank order. */
    public void Gather(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, Object recvbuf,
                       int recvoffset, int recvcount, Datatype recvtype, int root) throws MPIException {
        Collectives.gather(this, "Intracomm.Gather", sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset,
                recvcount, recvtype, root);
    }

    /** Root's {@code recvbuf} receives {@code recvcount[i]} items from rank i at item {@code displs[i]}. */
    public void Gatherv(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, Object recvbuf,
                        int recvoffset, int[] recvcount, int[] displs, Datatype recvtype, int root)
            throws MPIException {
        Collectives.gatherv(this, "Intracomm.Gatherv", sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset,
                recvcount, displs, recvtype, root);
    }

    /** Every rank receives {@code recvcount} items, block i of root's {@code sendbuf} going to rank i. */
    public void Scatter(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, Object recvbuf,
                        int recvoffset, int recvcount, Datatype recvtype, int root) throws MPIException {
        Collectives.scatter(this, "Intracomm.Scatter", sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset,
                recvcount, recvtype, root);
    }

    /** Rank i receives {@code sendcount[i]} items from root's {@code sendbuf} at item {@code displs[i]}. */
    public void Scatterv(Object sendbuf, int sendoffset, int[] sendcount, int[] displs, Datatype sendtype,
                         Object recvbuf, int recvoffset, int recvcount, Datatype recvtype, int root)
            throws MPIException {
        Collectives.scatterv(this, "Intracomm.Scatterv", sendbuf, sendoffset, sendcount, displs, sendtype, recvbuf,
                recvoffset, recvcount, recvtype, root);
    }

    /** Every rank's {@code recvbuf} receives {@code recvcount} items from every rank, in rank order. */
    public void Allgather(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, Object recvbuf,
                          int recvoffset, int recvcount, Datatype recvtype) throws MPIException {
        Collectives.allgather(this, "Intracomm.Allgather", sendbuf, sendoffset, sendcount, sendtype, recvbuf,
                recvoffset, recvcount, recvtype);
    }

    /** Every rank's {@code recvbuf} receives {@code recvcount[i]} items from rank i at item {@code displs[i]}. */
    public void Allgatherv(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, Object recvbuf,
                           int recvoffset, int[] recvcount, int[] displs, Datatype recvtype) throws MPIException {
        Collectives.allgatherv(this, "Intracomm.Allgatherv", sendbuf, sendoffset, sendcount, sendtype, recvbuf,
                recvoffset, recvcount, displs, recvtype);
    }

    /** Block i of every rank's {@code sendbuf} ({@code sendcount} items) goes to rank i, in rank order. */
    public void Alltoall(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, Object recvbuf,
                         int recvoffset, int recvcount, Datatype recvtype) throws MPIException {
        Collectives.alltoall(this, "Intracomm.Alltoall", sendbuf, sendoffset, sendcount, sendtype, recvbuf,
                recvoffset, recvcount, recvtype);
    }

    /** Rank i gets {@code sendcount[i]} items from {@code sdispls[i]} of every rank's sendbuf, stored at
     *  {@code rdispls[j]} for sender j. */
    public void Alltoallv(Object sendbuf, int sendoffset, int[] sendcount, int[] sdispls, Datatype sendtype,
                          Object recvbuf, int recvoffset, int[] recvcount, int[] rdispls, Datatype recvtype)
            throws MPIException {
        Collectives.alltoallv(this, "Intracomm.Alltoallv", sendbuf, sendoffset, sendcount, sdispls, sendtype,
                recvbuf, recvoffset, recvcount, rdispls, recvtype);
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
            Collectives.scan(this, call, false, OmpiArgs.base(call, "sendbuf", sendbuf), OmpiArgs.offset(sendbuf),
                    OmpiArgs.base(call, "recvbuf", recvbuf), OmpiArgs.offset(recvbuf), count, type, op);
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
            Collectives.scan(this, call, false, base, off, base, off, count, type, op);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Exscan: rank 0's recvbuf is left as it was. */
    public final void exScan(Object sendbuf, Object recvbuf, int count, Datatype type, Op op) throws MPIException {
        try {
            type = OmpiArgs.type(type, sendbuf, recvbuf);
            String call = "Intracomm.exScan";
            Collectives.scan(this, call, true, OmpiArgs.base(call, "sendbuf", sendbuf), OmpiArgs.offset(sendbuf),
                    OmpiArgs.base(call, "recvbuf", recvbuf), OmpiArgs.offset(recvbuf), count, type, op);
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
            Collectives.scan(this, call, true, base, off, base, off, count, type, op);
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

    /**
     * MPI_Comm_spawn(_multiple). The root checks the arguments that are its alone (command, argv, maxprocs, info) and
     * tells the others, in natmpj's native call, how many processes it asks for or that it refused them: a refusal
     * at the root is an exception on every rank, never a wait. Every rank gets the error codes MPI gives it.
     */
    private Intercomm spawned(String call, boolean multiple, String[] commands, String[][] argv, int[] maxprocs,
                              Info[] info, int root, int[] errcodes) {
        requireLive(call);
        checkRoot(call, root);
        int count = 1, total = 0;
        int[] argcs = {0}, procs = {1};
        long[] infos = {MPI.INFO_NULL.handle};
        java.io.ByteArrayOutputStream strings = new java.io.ByteArrayOutputStream();
        strings.write(0); // the command "" where the arguments do not matter
        RuntimeException problem = null;
        if (rank == root) {
            try {
                if (commands == null) {
                    throw new NullPointerException(call + ": " + (multiple ? "commands" : "command") + " is null");
                }
                count = commands.length;
                if (count == 0) throw new IllegalArgumentException(call + ": commands is empty");
                if (argv != null && argv.length != count) {
                    throw new IllegalArgumentException(call + ": argv has " + argv.length + " elements, commands "
                            + count);
                }
                if (maxprocs == null) throw new NullPointerException(call + ": maxprocs is null");
                if (maxprocs.length != count) {
                    throw new IllegalArgumentException(call + ": maxprocs has " + maxprocs.length + " elements,"
                            + " commands " + count);
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
                        strings.writeBytes(cString(call, (multiple ? "argv[" + i + "]" : "argv") + "[" + a + "]",
                                args[a]));
                    }
                    if (procs[i] <= 0) {
                        throw new IllegalArgumentException(call + ": " + (multiple ? "maxprocs[" + i + "]"
                                : "maxprocs") + " is " + procs[i] + ", must be positive");
                    }
                    total += procs[i];
                    infos[i] = Info.handleOf(call, multiple ? "info[" + i + "]" : "info", info[i]);
                }
                if (errcodes != null && errcodes.length < total) {
                    throw new IllegalArgumentException(call + ": errcodes has " + errcodes.length + " elements, fewer"
                            + " than the " + total + " processes asked for");
                }
            } catch (RuntimeException e) {
                problem = e;
                count = 1;
                argcs = new int[] {0};
                procs = new int[] {1};
                infos = new long[] {MPI.INFO_NULL.handle};
                strings.reset();
                strings.write(0);
            }
        }
        byte[] bytes = strings.toByteArray();
        natmpj.internal.Staging memory = natmpj.internal.Staging.acquire(Math.max(bytes.length, 8), call);
        try {
            natmpj.internal.Failures.check(NativeMPI.copy_in(bytes, 0, memory.address, bytes.length), call);
            int[] refused = new int[1];
            long[] inter = new long[1];
            int rc = NativeMPI.comm_spawn(multiple ? 1 : 0, count, memory.address, argcs, procs, infos, root, handle,
                    problem != null ? 1 : 0, refused, errcodes, errcodes == null ? 0 : errcodes.length, inter);
            if (problem != null) throw problem;
            if (rc == 0 && refused[0] != 0) {
                throw new IllegalArgumentException(call + ": the root (rank " + root + ") refused its arguments (its"
                        + " exception says why); no process was spawned");
            }
            MPIException.check(rc, call);
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

}

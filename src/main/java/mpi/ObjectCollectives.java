package mpi;

import java.io.ByteArrayOutputStream;

import natmpj.internal.ObjectCodec;

/**
 * Collectives on {@code MPI.OBJECT}: every rank serializes its part once ({@link ObjectCodec}'s format), the sizes
 * travel in one integer collective, the bytes in one v-collective of MPI.BYTE, all handed to the host MPI, and each
 * part is deserialized where it lands. Reductions gather the parts to one rank, apply the user function in rank
 * order there (MPI's order, so non-commutative functions are right) and spread the result.
 */
final class ObjectCollectives {
    private ObjectCollectives() {}


    static void bcast(Intracomm comm, String call, Object buf, int offset, int count, Datatype type, int root) {
        int[] size = new int[1];
        byte[] bytes = null;
        if (comm.rank == root) {
            ObjectCodec.Encoded out = ObjectCodec.serialize(call, "buf", buf, offset, count, type.layout);
            bytes = out.contiguous() ? out.array() : out.toArray();
            size[0] = out.size();
        }
        comm.Bcast(size, 0, 1, MPI.INT, root);
        if (comm.rank != root) bytes = new byte[size[0]];
        comm.Bcast(bytes, 0, size[0], MPI.BYTE, root);
        if (comm.rank != root) ObjectCodec.deserialize(call, "buf", bytes, size[0], buf, offset, count, type.layout);
    }

    /** Serialized parts and their byte offsets in one array. */
    private static final class Parts {
        final byte[] bytes;
        final int[] sizes, displs;

        Parts(byte[] bytes, int[] sizes) {
            this.bytes = bytes;
            this.sizes = sizes;
            this.displs = new int[sizes.length];
            for (int i = 1; i < sizes.length; i++) displs[i] = displs[i - 1] + sizes[i - 1];
        }

        static Parts of(int[] sizes) {
            long total = 0;
            for (int s : sizes) total += s;
            if (total > Integer.MAX_VALUE) {
                throw new MPIException("MPI.OBJECT collective: over 2 GiB of serialized data");
            }
            return new Parts(new byte[(int) total], sizes);
        }
    }

    /**
     * Serializes part i (count counts[i] items at element offset offsets[i]) of every rank into one array. There is
     * one part per entry of {@code offsets}, one per rank: as in MPI, counts and displacements arrays may be longer
     * than the communicator, and only their first entries count.
     */
    private static Parts serializeParts(String call, Object buf, int[] offsets, int[] counts, Datatype type) {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        int[] sizes = new int[offsets.length];
        for (int i = 0; i < offsets.length; i++) {
            ObjectCodec.Encoded out = ObjectCodec.serialize(call, "sendbuf", buf, offsets[i], counts[i],
                    type.layout);
            sizes[i] = out.size();
            if (out.contiguous()) all.write(out.array(), 0, out.size()); else all.writeBytes(out.toArray());
        }
        return new Parts(all.toByteArray(), sizes);
    }

    private static void deserializeParts(String call, Parts parts, Object buf, int[] offsets, int[] counts,
                                         Datatype type) {
        for (int i = 0; i < offsets.length; i++) {
            ObjectCodec.deserialize(call, "recvbuf", parts.bytes, parts.displs[i], parts.sizes[i], buf, offsets[i],
                    counts[i], type.layout);
        }
    }

    private static int[] regular(int n, int offset, int count, Datatype type, int[] displs) {
        int[] offsets = new int[n];
        for (int i = 0; i < n; i++) offsets[i] = offset + (displs == null ? i * count : displs[i]) * type.layout.extent;
        return offsets;
    }

    private static int[] same(int n, int value) {
        int[] a = new int[n];
        java.util.Arrays.fill(a, value);
        return a;
    }

    /** Gather and Gatherv (recvcounts/displs null for Gather). */
    static void gather(Intracomm comm, String call, Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
                       Object recvbuf, int recvoffset, int recvcount, int[] recvcounts, int[] displs,
                       Datatype recvtype, int root) {
        int n = comm.size;
        byte[] mine = ObjectCodec.serialize(call, "sendbuf", sendbuf, sendoffset, sendcount, sendtype.layout)
                .toArray();
        int[] sizes = new int[n];
        comm.Gather(new int[] {mine.length}, 0, 1, MPI.INT, sizes, 0, 1, MPI.INT, root);
        Parts parts = comm.rank == root ? Parts.of(sizes) : null;
        comm.Gatherv(mine, 0, mine.length, MPI.BYTE, parts == null ? null : parts.bytes, 0, sizes,
                parts == null ? new int[n] : parts.displs, MPI.BYTE, root);
        if (parts != null) {
            int[] counts = recvcounts != null ? recvcounts : same(n, recvcount);
            deserializeParts(call, parts, recvbuf, regular(n, recvoffset, recvcount, recvtype, displs), counts,
                    recvtype);
        }
    }

    /** Scatter and Scatterv (sendcounts/displs null for Scatter). */
    static void scatter(Intracomm comm, String call, Object sendbuf, int sendoffset, int sendcount, int[] sendcounts,
                        int[] displs, Datatype sendtype, Object recvbuf, int recvoffset, int recvcount,
                        Datatype recvtype, int root) {
        int n = comm.size;
        Parts parts = null;
        if (comm.rank == root) {
            int[] counts = sendcounts != null ? sendcounts : same(n, sendcount);
            parts = serializeParts(call, sendbuf, regular(n, sendoffset, sendcount, sendtype, displs), counts,
                    sendtype);
        }
        int[] size = new int[1];
        comm.Scatter(parts == null ? null : parts.sizes, 0, 1, MPI.INT, size, 0, 1, MPI.INT, root);
        byte[] mine = new byte[size[0]];
        comm.Scatterv(parts == null ? null : parts.bytes, 0, parts == null ? new int[n] : parts.sizes,
                parts == null ? new int[n] : parts.displs, MPI.BYTE, mine, 0, size[0], MPI.BYTE, root);
        ObjectCodec.deserialize(call, "recvbuf", mine, mine.length, recvbuf, recvoffset, recvcount, recvtype.layout);
    }

    /** Allgather and Allgatherv (recvcounts/displs null for Allgather). */
    static void allgather(Intracomm comm, String call, Object sendbuf, int sendoffset, int sendcount,
                          Datatype sendtype, Object recvbuf, int recvoffset, int recvcount, int[] recvcounts,
                          int[] displs, Datatype recvtype) {
        int n = comm.size;
        byte[] mine = ObjectCodec.serialize(call, "sendbuf", sendbuf, sendoffset, sendcount, sendtype.layout)
                .toArray();
        int[] sizes = new int[n];
        comm.Allgather(new int[] {mine.length}, 0, 1, MPI.INT, sizes, 0, 1, MPI.INT);
        Parts parts = Parts.of(sizes);
        comm.Allgatherv(mine, 0, mine.length, MPI.BYTE, parts.bytes, 0, sizes, parts.displs, MPI.BYTE);
        int[] counts = recvcounts != null ? recvcounts : same(n, recvcount);
        deserializeParts(call, parts, recvbuf, regular(n, recvoffset, recvcount, recvtype, displs), counts, recvtype);
    }

    /** Alltoall and Alltoallv (counts/displs null for Alltoall). */
    static void alltoall(Intracomm comm, String call, Object sendbuf, int sendoffset, int sendcount, int[] sendcounts,
                         int[] sdispls, Datatype sendtype, Object recvbuf, int recvoffset, int recvcount,
                         int[] recvcounts, int[] rdispls, Datatype recvtype) {
        int n = comm.size;
        Parts out = serializeParts(call, sendbuf, regular(n, sendoffset, sendcount, sendtype, sdispls),
                sendcounts != null ? sendcounts : same(n, sendcount), sendtype);
        int[] sizes = new int[n];
        comm.Alltoall(out.sizes, 0, 1, MPI.INT, sizes, 0, 1, MPI.INT);
        Parts in = Parts.of(sizes);
        comm.Alltoallv(out.bytes, 0, out.sizes, out.displs, MPI.BYTE, in.bytes, 0, sizes, in.displs, MPI.BYTE);
        deserializeParts(call, in, recvbuf, regular(n, recvoffset, recvcount, recvtype, rdispls),
                recvcounts != null ? recvcounts : same(n, recvcount), recvtype);
    }

    /**
     * Reduce (root >= 0), Allreduce (root < 0, scan false) and Scan (scan true) with a user function: the parts
     * meet at rank 0 (or root), which folds them in rank order, x0 op x1 op ... (op(in, inout) makes
     * inout = in op inout), and sends back what each rank needs.
     */
    static void reduce(Intracomm comm, String call, Object sendbuf, int sendoffset, Object recvbuf, int recvoffset,
                       int count, Datatype type, User_function function, int root, boolean scan) {
        int n = comm.size, at = root >= 0 ? root : 0;
        int width = count * type.layout.extent; // elements one rank's part spans
        Object[] all = comm.rank == at ? new Object[n * width] : null;
        gather(comm, call, sendbuf, sendoffset, count, type, all, 0, count, null, null, type, at);
        Object[] results = null;
        if (comm.rank == at) {
            // acc_i = acc_{i-1} op x_i: in = acc_{i-1} (a copy), inout = x_i, in place in `all`.
            for (int i = 1; i < n; i++) {
                Object[] previous = java.util.Arrays.copyOfRange(all, (i - 1) * width, i * width);
                function.Call(previous, 0, all, i * width, count, type);
            }
            results = all;
        }
        if (scan) {
            scatter(comm, call, results, 0, count, null, null, type, recvbuf, recvoffset, count, type, at);
        } else if (root >= 0) {
            if (comm.rank == root) copyItems(all, (n - 1) * width, (Object[]) recvbuf, recvoffset, count, type);
        } else {
            Object[] last = comm.rank == at ? java.util.Arrays.copyOfRange(all, (n - 1) * width, n * width)
                    : new Object[width];
            bcast(comm, call, last, 0, count, type, at);
            copyItems(last, 0, (Object[]) recvbuf, recvoffset, count, type);
        }
    }

    /**
     * Reduce_scatter: the {@code sum(recvcounts)} items are reduced to rank 0 (in rank order, as in {@link #reduce}),
     * which scatters them, {@code recvcounts[i]} items to rank i, in rank order.
     */
    static void reduceScatter(Intracomm comm, String call, Object sendbuf, int sendoffset, Object recvbuf,
                              int recvoffset, int[] recvcounts, Datatype type, User_function function) {
        int n = comm.size;
        int[] counts = java.util.Arrays.copyOf(recvcounts, n), displs = new int[n];
        long total = 0;
        for (int i = 0; i < n; i++) {
            displs[i] = (int) total;
            total += counts[i];
        }
        Object[] all = comm.rank == 0 ? new Object[(int) total * type.layout.extent] : null;
        reduce(comm, call, sendbuf, sendoffset, all, 0, (int) total, type, function, 0, false);
        scatter(comm, call, all, 0, 0, counts, displs, type, recvbuf, recvoffset, counts[comm.rank], type, 0);
    }

    /** Copies the type-map elements of count items, leaving a derived type's gaps in the target alone. */
    private static void copyItems(Object[] from, int fromOffset, Object[] to, int toOffset, int count, Datatype type) {
        int[] map = type.layout.displacements();
        int extent = type.layout.extent;
        for (int item = 0; item < count; item++) {
            for (int d : map) to[toOffset + item * extent + d] = from[fromOffset + item * extent + d];
        }
    }
}

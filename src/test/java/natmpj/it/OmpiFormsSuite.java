package natmpj.it;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.DoubleBuffer;
import java.nio.IntBuffer;
import java.util.Arrays;

import mpi.CartComm;
import mpi.Cartcomm;
import mpi.Comm;
import mpi.Datatype;
import mpi.Info;
import mpi.Intercomm;
import mpi.Intracomm;
import mpi.MPI;
import mpi.Op;
import mpi.Request;
import mpi.Status;
import mpi.UserFunction;
import natmpj.testkit.Cases;
import natmpj.testkit.Check;

/**
 * Open MPI's Java API on natmpj, where natmpj does more than Open MPI's bindings or where only natmpj can be checked
 * (the differential harness, ci/test-ompi-compat, compares the rest with Open MPI's own bindings): Java arrays
 * (heap buffers) in non-blocking calls, direct buffers of any element type, the in-place collectives and their
 * root-only forms, MPI_Exscan and MPI_Reduce_scatter_block, UserFunction ops on arrays and buffers, MPI_Reduce_local,
 * MPI_Alltoallw, attributes, Info, names, the two topology classes as one object, status setters, and errors named as
 * Open MPI spells the call.
 */
public final class OmpiFormsSuite {
    public static void main(String[] args) throws Exception {
        Cases.job(args).run(OmpiFormsSuite::addCases);
    }

    /** Sums ints, over MPI's memory (Open MPI's UserFunction form). */
    static final class IntSum extends UserFunction {
        @Override
        public void call(ByteBuffer in, ByteBuffer inOut, int count, Datatype type) {
            for (int i = 0; i < count; i++) inOut.putInt(4 * i, inOut.getInt(4 * i) + in.getInt(4 * i));
        }
    }

    /** Takes the maximum of ints through the default buffer form, which copies into int[] arrays. */
    static final class IntMaxOnArrays extends UserFunction {
        @Override
        public void call(Object in, Object inOut, int count, Datatype type) {
            int[] a = (int[]) in, b = (int[]) inOut;
            for (int i = 0; i < count; i++) b[i] = Math.max(a[i], b[i]);
        }
    }

    private static void addCases(Cases cases) {
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank(), size = world.getSize();
        int right = (rank + 1) % size, left = (rank + size - 1) % size;

        cases.add("heap_buffers_in_non_blocking_calls", () -> {
            int[] out = new int[10], in = new int[10];
            Arrays.fill(in, -1);
            for (int i = 0; i < out.length; i++) out[i] = 100 * rank + i;
            Request r = world.iRecv(MPI.slice(in, 3), 4, MPI.INT, left, 41);
            Request s = world.iSend(MPI.slice(out, 2), 4, MPI.INT, right, 41);
            Request.waitAll(new Request[] {r, s});
            for (int i = 0; i < 10; i++) {
                Check.eq(i >= 3 && i < 7 ? 100 * left + (i - 1) : -1, in[i], "in[" + i + "]");
            }
            Check.isTrue(r.isNull() && s.isNull(), "completed requests are null");
        });
        cases.add("wrapped_array_persistent_receive", () -> {
            long[] in = new long[4];
            Request recv = world.recvInit(java.nio.LongBuffer.wrap(in), 4, MPI.LONG, left, 42);
            for (int round = 0; round < 3; round++) {
                ((mpi.Prequest) recv).start();
                world.send(new long[] {round, rank, 7, 8}, 4, MPI.LONG, right, 42);
                recv.waitFor();
                Check.eq((long) round, in[0], "round");
                Check.eq((long) left, in[1], "source");
            }
            recv.free();
        });
        cases.add("typed_direct_buffers", () -> {
            DoubleBuffer out = MPI.newDoubleBuffer(8), in = MPI.newDoubleBuffer(8);
            for (int i = 0; i < 8; i++) out.put(i, rank + i / 10.0);
            Status st = world.sendRecv(out, 8, MPI.DOUBLE, right, 43, in, 8, MPI.DOUBLE, left, 43);
            Check.eq(8, st.getCount(MPI.DOUBLE), "count");
            Check.eq(left, st.getSource(), "source");
            Check.eq(43, st.getTag(), "tag");
            for (int i = 0; i < 8; i++) Check.eq(left + i / 10.0, in.get(i), "in[" + i + "]");
            refused(IndexOutOfBoundsException.class, MPI.ERR_BUFFER,
                    () -> world.send(MPI.newDoubleBuffer(2), 3, MPI.DOUBLE, right, 43), "Comm.send", "capacity 16");
        });
        cases.add("in_place_collectives", () -> {
            int[] buf = {rank + 1, 2 * rank};
            world.allReduce(buf, 2, MPI.INT, MPI.SUM);
            Check.eq(size * (size + 1) / 2, buf[0], "allReduce in place");
            int[] all = new int[size];
            all[rank] = 10 * rank;
            world.allGather(all, 1, MPI.INT);
            for (int i = 0; i < size; i++) Check.eq(10 * i, all[i], "allGather in place [" + i + "]");
            int[] g = new int[size];
            g[rank] = rank + 5;
            world.gather(rank == 0 ? g : new int[] {rank + 5}, 1, MPI.INT, 0);
            if (rank == 0) for (int i = 0; i < size; i++) Check.eq(i + 5, g[i], "gather in place [" + i + "]");
            int[] sc = new int[size];
            if (rank == 0) for (int i = 0; i < size; i++) sc[i] = 3 * i;
            int[] mine = rank == 0 ? sc : new int[1];
            world.scatter(mine, 1, MPI.INT, 0);
            Check.eq(3 * rank, rank == 0 ? sc[0] : mine[0], "scatter in place");
            int[] red = {rank};
            world.reduce(red, 1, MPI.INT, MPI.MAX, 0);
            if (rank == 0) Check.eq(size - 1, red[0], "reduce in place");
            int[] blocks = new int[size];
            Arrays.fill(blocks, rank + 1);
            world.reduceScatterBlock(blocks, 1, MPI.INT, MPI.SUM);
            Check.eq(size * (size + 1) / 2, blocks[0], "reduceScatterBlock in place");
            int[] scan = {rank + 1};
            world.scan(scan, 1, MPI.INT, MPI.SUM);
            Check.eq((rank + 1) * (rank + 2) / 2, scan[0], "scan in place");
        });
        cases.add("root_only_forms_refused_elsewhere", () -> {
            if (rank == 0) {
                refused(IllegalArgumentException.class, MPI.ERR_ARG,
                        () -> world.gatherv(new int[1], 1, MPI.INT, 0), "Comm.gatherv", "root");
                refused(IllegalArgumentException.class, MPI.ERR_ARG,
                        () -> world.scatterv(new int[1], 1, MPI.INT, 0), "Comm.scatterv", "root");
            } else {
                refused(IllegalArgumentException.class, MPI.ERR_ARG,
                        () -> world.gatherv(new int[size], new int[size], new int[size], MPI.INT, 0), "Comm.gatherv",
                        "root");
            }
        });
        cases.add("exscan_and_reduce_scatter_block", () -> {
            int[] out = {-7};
            world.exScan(new int[] {rank + 1}, out, 1, MPI.INT, MPI.SUM);
            if (rank > 0) Check.eq(rank * (rank + 1) / 2, out[0], "exScan");
            int[] send = new int[2 * size], recv = new int[2];
            for (int i = 0; i < send.length; i++) send[i] = i;
            world.reduceScatterBlock(send, recv, 2, MPI.INT, MPI.SUM);
            Check.eq(size * 2 * rank, recv[0], "block 0");
            Check.eq(size * (2 * rank + 1), recv[1], "block 1");
        });
        cases.add("user_functions_on_arrays_and_buffers", () -> {
            Op sum = new Op(new IntSum(), true), max = new Op(new IntMaxOnArrays(), true);
            int[] a = {rank, 1};
            world.allReduce(a, 2, MPI.INT, sum);
            Check.eq(size * (size - 1) / 2, a[0], "sum on int[]");
            Check.eq(size, a[1], "sum of ones");
            IntBuffer b = MPI.newIntBuffer(2);
            b.put(0, rank).put(1, -rank);
            world.allReduce(b, 2, MPI.INT, max);
            Check.eq(size - 1, b.get(0), "max on IntBuffer");
            Check.eq(0, b.get(1), "max of negatives");
            Check.isTrue(sum.isCommutative(), "commutative");
            sum.free();
            max.free();
            Check.isTrue(sum.isNull(), "freed op is null");
        });
        cases.add("reduce_local", () -> {
            int[] in = {1, 2, 3}, inout = {10, 20, 30};
            Comm.reduceLocal(in, inout, 3, MPI.INT, MPI.SUM);
            Check.eq("[11, 22, 33]", Arrays.toString(inout), "reduceLocal");
        });
        cases.add("all_to_all_w", () -> {
            // to rank i: one int at byte 4 * i; from rank i: one int at byte 8 * i (every other slot)
            ByteBuffer out = MPI.newByteBuffer(4 * size), in = MPI.newByteBuffer(8 * size);
            for (int i = 0; i < size; i++) out.putInt(4 * i, 1000 * rank + i);
            int[] ones = new int[size], sd = new int[size], rd = new int[size];
            Datatype[] ints = new Datatype[size];
            for (int i = 0; i < size; i++) {
                ones[i] = 1;
                sd[i] = 4 * i;
                rd[i] = 8 * i;
                ints[i] = MPI.INT;
            }
            world.allToAllw(out, ones, sd, ints, in, ones, rd, ints);
            for (int i = 0; i < size; i++) Check.eq(1000 * i + rank, in.getInt(8 * i), "from " + i);
            refused(IndexOutOfBoundsException.class, MPI.ERR_COUNT,
                    () -> world.allToAllw(out, ones, far(size), ints, in, ones, rd, ints), "Comm.allToAllw", "sdispls");
        });
        cases.add("attributes_are_copied_by_dup", () -> {
            int key = Comm.createKeyval();
            Intracomm dup = world.dup();
            dup.setAttr(key, "attribute of " + rank);
            Intracomm copy = dup.dup();
            Check.eq("attribute of " + rank, copy.getAttr(key), "copied attribute");
            dup.deleteAttr(key);
            Check.isTrue(dup.getAttr(key) == null, "deleted");
            Check.isTrue(world.getAttr(MPI.TAG_UB) instanceof Integer, "TAG_UB");
            copy.free();
            dup.free();
            Comm.freeKeyval(key);
        });
        cases.add("info_and_names", () -> {
            Info info = new Info();
            info.set("natmpj_a", "1");
            info.set("natmpj_b", "two");
            Check.eq(2, info.size(), "size");
            Check.eq("two", info.get("natmpj_b"), "get");
            Check.isTrue(info.get("natmpj_none") == null, "absent key");
            Info copy = info.dup();
            info.delete("natmpj_a");
            Check.eq(1, info.size(), "after delete");
            Check.eq(2, copy.size(), "dup keeps both");
            Check.eq("natmpj_a", copy.getKey(0), "key 0");
            info.free();
            copy.free();
            Check.isTrue(info.isNull(), "freed info is null");
            Intracomm dup = world.dup();
            dup.setName("natmpj-comm-" + rank);
            Check.eq("natmpj-comm-" + rank, dup.getName(), "communicator name");
            dup.free();
            Datatype t = Datatype.createContiguous(2, MPI.INT);
            t.setName("pair");
            Check.eq("pair", t.getName(), "datatype name");
            t.free();
        });
        cases.add("topology_classes_are_one_object", () -> {
            CartComm cart = world.createCart(new int[] {size}, new boolean[] {true}, false);
            Cartcomm same = cart;
            Check.eq(rank, same.Coords(rank)[0], "mpiJava's member on Open MPI's object");
            Check.eq(left, cart.shift(0, 1).getRankSource(), "shift source");
            Cartcomm old = world.Create_cart(new int[] {size}, new boolean[] {false}, false);
            Check.isTrue(old instanceof CartComm, "mpiJava's Create_cart makes a CartComm");
            Check.eq(1, ((CartComm) old).getTopo().getDimCount(), "Open MPI's member on mpiJava's object");
            old.Free();
            cart.free();
        });
        cases.add("derived_types_in_bytes", () -> {
            Datatype hv = Datatype.createHVector(2, 1, 8, MPI.INT); // every other int: a stride of 8 bytes
            int[] out = {rank, -1, rank + 1, -1}, in = {-5, -5, -5, -5};
            world.sendRecv(out, 1, hv, right, 44, in, 1, hv, left, 44);
            Check.eq("[" + left + ", -5, " + (left + 1) + ", -5]", Arrays.toString(in), "hvector");
            Check.eq(3, hv.getExtent(), "extent in ints");
            refused(IllegalArgumentException.class, MPI.ERR_ARG, () -> Datatype.createHVector(2, 1, 6, MPI.INT),
                    "Datatype.createHVector", "stride");
            Datatype st = Datatype.createStruct(new int[] {1, 1}, new int[] {0, 8},
                    new Datatype[] {MPI.INT, MPI.DOUBLE});
            Check.eq(16, st.getExtent(), "struct extent in bytes");
            Check.eq(12, st.getSize(), "struct size in bytes");
            ByteBuffer so = MPI.newByteBuffer(32), si = MPI.newByteBuffer(32);
            so.putInt(0, rank).putDouble(8, rank / 2.0).putInt(16, rank + 1).putDouble(24, rank * 2.0);
            world.sendRecv(so, 2, st, right, 45, si, 2, st, left, 45);
            Check.eq(left, si.getInt(0), "int of item 0");
            Check.eq(left * 2.0, si.getDouble(24), "double of item 1");
            Datatype resized = Datatype.createResized(MPI.INT, 0, 12);
            Check.eq(3, resized.getExtent(), "resized extent in ints");
            hv.free();
            st.free();
            resized.free();
        });
        cases.add("status_and_requests", () -> {
            Status s = world.sendRecv(new int[] {1, 2, 3}, 3, MPI.INT, right, 46, new int[3], 3, MPI.INT, left, 46);
            s.setElements(MPI.INT, 2);
            Check.eq(2, s.getElements(MPI.INT), "setElements");
            s.setCancelled(true);
            Check.isTrue(s.isCancelled(), "setCancelled");
            int[] in = new int[1];
            Request r = world.iRecv(IntBuffer.wrap(in), 1, MPI.INT, left, 47);
            world.send(new int[] {rank}, 1, MPI.INT, right, 47);
            Status early;
            while ((early = r.getStatus()) == null) Thread.onSpinWait();
            Check.eq(left, early.getSource(), "getStatus source");
            Check.isTrue(!r.isNull(), "getStatus leaves the request as it is");
            Request[] both = {r};
            int index = Request.waitAny(both);
            Check.eq(0, index, "waitAny index");
            Check.eq(left, in[0], "received");
            Check.eq(MPI.UNDEFINED, Request.waitAny(new Request[] {MPI.REQUEST_NULL}), "nothing active");
        });
        cases.add("errors_name_open_mpis_call", () -> {
            refused(IllegalArgumentException.class, MPI.ERR_RANK, () -> world.send(new int[1], 1, MPI.INT, size, 1),
                    "Comm.send", "dest");
            refused(IllegalArgumentException.class, MPI.ERR_TAG, () -> world.iSend(MPI.newIntBuffer(1), 1, MPI.INT,
                    right, -3), "Comm.iSend", "tag");
            refused(NullPointerException.class, MPI.ERR_BUFFER, () -> world.bcast(null, 1, MPI.INT, 0), "Comm.bcast",
                    "buf");
            refused(IllegalArgumentException.class, MPI.ERR_COUNT, () -> world.recv(new int[4], -1, MPI.INT, left, 1),
                    "Comm.recv", "count");
            refused(IllegalStateException.class, MPI.ERR_COMM, () -> {
                Intracomm gone = world.dup();
                gone.free();
                gone.barrier();
            }, "Comm.barrier", "freed");
            // on an intercommunicator, a root that is neither MPI.ROOT, MPI.PROC_NULL nor a remote rank
            Intracomm half = world.split(rank % 2, rank);
            if (size > 1) {
                Intercomm inter = world.createIntercomm(half, 0, rank % 2 == 0 ? 1 : 0, 5);
                refused(IllegalArgumentException.class, MPI.ERR_ROOT, () -> inter.bcast(new int[1], 1, MPI.INT,
                        inter.getRemoteSize()), "Comm.bcast", "root");
                inter.free();
            }
            half.free();
        });
    }

    /**
     * Open MPI's members report what natmpj finds wrong before MPI as an MPIException of the argument's MPI error
     * class, the Java exception mpiJava's members would throw as its cause, the same message.
     */
    private static void refused(Class<? extends RuntimeException> cause, int errorClass, natmpj.testkit.Cases.Body call,
                                String... words) {
        mpi.MPIException e = Check.throwsWith(mpi.MPIException.class, call, words);
        Check.isTrue(cause.isInstance(e.getCause()), "cause " + e.getCause() + " is a " + cause.getSimpleName());
        Check.eq(errorClass, e.getErrorClass(), "error class of " + e.getMessage());
        Check.eq(e.getMessage(), e.getCause().getMessage(), "message");
    }

    private static int[] far(int size) {
        int[] d = new int[size];
        Arrays.fill(d, 4 * size);
        return d;
    }
}

package natmpj.it;

import java.io.Serializable;
import java.util.Arrays;

import mpi.Cartcomm;
import mpi.Datatype;
import mpi.Graphcomm;
import mpi.Group;
import mpi.Intracomm;
import mpi.MPI;
import mpi.Op;
import mpi.Request;
import mpi.ShiftParms;
import mpi.Status;
import mpi.User_function;
import natmpj.testkit.Cases;
import natmpj.testkit.Check;
import natmpj.testkit.MultiRank;

/**
 * natmpj at many ranks, one job a launch (a full node's worth, oversubscribed on a small machine): every collective
 * on a typed array and on MPI.OBJECT, with the v-forms, Reduce_scatter and Scan, whose algorithms inside the MPI
 * switch with the communicator's size; Split, Create, Cartesian and graph topologies; a window of non-blocking
 * messages to and from every other rank. Each case checks every value it receives. The ranks start through
 * natmpj-java sized for a 128-CPU, 256 GiB node shared by all of them, which the first case checks. With
 * {@code -Dnatmpj.it.scale.churnMb=N} each rank also allocates N MB of short-lived arrays between the collectives,
 * as a compute phase does (what the memory of a rank is judged under).
 */
@MultiRank(scale = true, sized = true, env = {ScaleSuite.NODE_CPUS, ScaleSuite.NODE_MEMORY})
public final class ScaleSuite {
    private ScaleSuite() {}

    /** The node natmpj-java sizes the ranks for (and natmpj's warning judges by): 128 CPUs, 256 GiB. */
    public static final String NODE_CPUS = "NATMPJ_NODE_CPUS=128", NODE_MEMORY = "NATMPJ_NODE_MEMORY=256g";

    static final int B = 3; // items per block

    public static void main(String[] args) throws Exception {
        Cases.job(args).run(ScaleSuite::addCases);
    }

    /** A record travelling as MPI.OBJECT. */
    static final class Item implements Serializable {
        private static final long serialVersionUID = 1L;
        final int from, to;
        final String text;

        Item(int from, int to) {
            this.from = from;
            this.to = to;
            this.text = "item " + from + "->" + to;
        }

        void check(int from, int to, String what) {
            Check.eq(from, this.from, what + ": from");
            Check.eq(to, this.to, what + ": to");
            Check.eq("item " + from + "->" + to, text, what + ": text");
        }
    }

    /** One case's communication on the world of {@code size} ranks. */
    interface Step {
        void run(Intracomm world, int rank, int size);
    }

    private static long sink;

    /** Allocates {@code mb} MB of short-lived 16 KiB arrays (the churn of a compute phase). */
    static void churn(long mb) {
        for (long done = 0; done < mb << 20; done += 1 << 14) {
            byte[] junk = new byte[1 << 14];
            junk[(int) (done & 1023)] = 1;
            sink += junk[7];
        }
    }

    private static void addCases(Cases cases) {
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank(), size = world.Size();
        long churnMb = Long.getLong("natmpj.it.scale.churnMb", 0);

        cases.add("hello", () -> {
            int[] sum = new int[1];
            world.Allreduce(new int[] {rank}, 0, sum, 0, 1, MPI.INT, MPI.SUM);
            Check.eq(size * (size - 1) / 2, sum[0], "sum of the ranks");
            Check.isTrue(!MPI.Get_processor_name().isEmpty(), "a processor name");
        });
        cases.add("sized_for_its_share", () -> {
            // started by natmpj-java for a node of NATMPJ_NODE_CPUS and NATMPJ_NODE_MEMORY shared by every rank
            String cpus = System.getenv("NATMPJ_NODE_CPUS"), memory = System.getenv("NATMPJ_NODE_MEMORY");
            if (cpus == null || !"256g".equals(memory)) return; // not started so
            Check.eq(Math.max(1, Integer.parseInt(cpus) / size), Runtime.getRuntime().availableProcessors(),
                    "the JVM's CPUs: its share of the node's " + cpus);
            long half = (256L << 30) / size / 2, max = Runtime.getRuntime().maxMemory();
            Check.isTrue(max > half * 0.9 && max <= half, "the heap's limit, " + (max >> 20) + " MiB, is about half"
                    + " of the rank's share of the node's memory, " + (half >> 19) + " MiB");
        });
        // each case after a share of the churn, as a compute phase between communication phases
        Step[] steps = {ScaleSuite::typed, ScaleSuite::typedV, ScaleSuite::objects, ScaleSuite::splitAndCreate,
                ScaleSuite::cartesian, ScaleSuite::graph, ScaleSuite::window, ScaleSuite::objectWindow};
        String[] names = {"typed_collectives", "typed_v_collectives", "object_collectives", "split_and_create",
                "cartesian", "graph", "window_of_every_peer", "object_window_of_every_peer"};
        for (int i = 0; i < steps.length; i++) {
            Step step = steps[i];
            cases.add(names[i], () -> {
                churn(churnMb / steps.length);
                step.run(world, rank, size);
            });
        }
    }

    static void typed(Intracomm world, int rank, int size) {
        double[] one = {rank == 0 ? 42.5 : -1};
        world.Bcast(one, 0, 1, MPI.DOUBLE, 0);
        Check.eq(42.5, one[0], "Bcast");

        long[] sum = new long[2];
        world.Reduce(new long[] {rank, 1}, 0, sum, 0, 2, MPI.LONG, MPI.SUM, size - 1);
        if (rank == size - 1) Check.eq((long) size * (size - 1) / 2, sum[0], "Reduce to the last rank");
        int[] max = new int[1];
        world.Allreduce(new int[] {rank}, 0, max, 0, 1, MPI.INT, MPI.MAX);
        Check.eq(size - 1, max[0], "Allreduce MAX");

        double[] mine = new double[B], all = new double[B * size];
        for (int i = 0; i < B; i++) mine[i] = rank * 10 + i;
        world.Gather(mine, 0, B, MPI.DOUBLE, all, 0, B, MPI.DOUBLE, 0);
        if (rank == 0) for (int i = 0; i < all.length; i++) Check.eq((i / B) * 10.0 + i % B, all[i], "Gather " + i);
        world.Allgather(mine, 0, B, MPI.DOUBLE, all, 0, B, MPI.DOUBLE);
        for (int i = 0; i < all.length; i++) Check.eq((i / B) * 10.0 + i % B, all[i], "Allgather " + i);

        int root = size / 2;
        int[] spread = new int[B * size], got = new int[B];
        if (rank == root) for (int i = 0; i < spread.length; i++) spread[i] = i * 3;
        world.Scatter(spread, 0, B, MPI.INT, got, 0, B, MPI.INT, root);
        for (int i = 0; i < B; i++) Check.eq((rank * B + i) * 3, got[i], "Scatter " + i);

        long[] out = new long[size], in = new long[size];
        for (int r = 0; r < size; r++) out[r] = rank * 100_000L + r;
        world.Alltoall(out, 0, 1, MPI.LONG, in, 0, 1, MPI.LONG);
        for (int r = 0; r < size; r++) Check.eq(r * 100_000L + rank, in[r], "Alltoall from " + r);

        long[] prefix = new long[1];
        world.Scan(new long[] {rank + 1}, 0, prefix, 0, 1, MPI.LONG, MPI.SUM);
        Check.eq((long) (rank + 1) * (rank + 2) / 2, prefix[0], "Scan");

        int[] counts = new int[size];
        for (int r = 0; r < size; r++) counts[r] = r % 3; // some ranks get nothing
        int total = Arrays.stream(counts).sum();
        int[] contrib = new int[total], part = new int[2];
        for (int i = 0; i < total; i++) contrib[i] = rank + i;
        world.Reduce_scatter(contrib, 0, part, 0, counts, MPI.INT, MPI.SUM);
        int first = 0;
        for (int r = 0; r < rank; r++) first += counts[r];
        for (int i = 0; i < counts[rank]; i++) {
            Check.eq(size * (size - 1) / 2 + size * (first + i), part[i], "Reduce_scatter " + i);
        }
        world.Barrier();
    }

    static void typedV(Intracomm world, int rank, int size) {
        // rank r contributes r % 4 items; rank 0 gathers them in reverse rank order
        int[] counts = new int[size], displs = new int[size];
        int total = 0;
        for (int r = 0; r < size; r++) counts[r] = r % 4;
        for (int r = size - 1; r >= 0; r--) {
            displs[r] = total;
            total += counts[r];
        }
        float[] mine = new float[counts[rank]];
        for (int i = 0; i < mine.length; i++) mine[i] = rank + i / 10f;
        float[] all = new float[total];
        world.Gatherv(mine, 0, mine.length, MPI.FLOAT, all, 0, counts, displs, MPI.FLOAT, 0);
        if (rank == 0) {
            for (int r = 0; r < size; r++) {
                for (int i = 0; i < counts[r]; i++) Check.eq(r + i / 10f, all[displs[r] + i], "Gatherv " + r);
            }
        }
        world.Allgatherv(mine, 0, mine.length, MPI.FLOAT, all, 0, counts, displs, MPI.FLOAT);
        for (int r = 0; r < size; r++) {
            for (int i = 0; i < counts[r]; i++) Check.eq(r + i / 10f, all[displs[r] + i], "Allgatherv " + r);
        }
        float[] back = new float[4];
        world.Scatterv(all, 0, counts, displs, MPI.FLOAT, back, 1, counts[rank], MPI.FLOAT, 0);
        for (int i = 0; i < counts[rank]; i++) Check.eq(rank + i / 10f, back[1 + i], "Scatterv " + i);

        // Alltoallv: rank r sends (r + d) % 3 items to rank d
        int[] sc = new int[size], sd = new int[size], rc = new int[size], rd = new int[size];
        int sTotal = 0, rTotal = 0;
        for (int d = 0; d < size; d++) {
            sc[d] = (rank + d) % 3;
            sd[d] = sTotal;
            sTotal += sc[d];
            rc[d] = (d + rank) % 3;
            rd[d] = rTotal;
            rTotal += rc[d];
        }
        short[] send = new short[sTotal], recv = new short[rTotal];
        for (int d = 0; d < size; d++) for (int i = 0; i < sc[d]; i++) send[sd[d] + i] = (short) (rank * 3 + i);
        world.Alltoallv(send, 0, sc, sd, MPI.SHORT, recv, 0, rc, rd, MPI.SHORT);
        for (int s = 0; s < size; s++) {
            for (int i = 0; i < rc[s]; i++) Check.eq((short) (s * 3 + i), recv[rd[s] + i], "Alltoallv from " + s);
        }
    }

    static void objects(Intracomm world, int rank, int size) {
        Object[] one = {rank == 1 % size ? new Item(1 % size, -1) : null};
        world.Bcast(one, 0, 1, MPI.OBJECT, 1 % size);
        ((Item) one[0]).check(1 % size, -1, "OBJECT Bcast");

        Object[] mine = {new Item(rank, 0)}, all = new Object[size];
        world.Gather(mine, 0, 1, MPI.OBJECT, all, 0, 1, MPI.OBJECT, 0);
        if (rank == 0) for (int r = 0; r < size; r++) ((Item) all[r]).check(r, 0, "OBJECT Gather " + r);
        Object[] every = new Object[size];
        world.Allgather(mine, 0, 1, MPI.OBJECT, every, 0, 1, MPI.OBJECT);
        for (int r = 0; r < size; r++) ((Item) every[r]).check(r, 0, "OBJECT Allgather " + r);

        Object[] spread = new Object[size], got = new Object[1];
        if (rank == size - 1) for (int r = 0; r < size; r++) spread[r] = new Item(size - 1, r);
        world.Scatter(spread, 0, 1, MPI.OBJECT, got, 0, 1, MPI.OBJECT, size - 1);
        ((Item) got[0]).check(size - 1, rank, "OBJECT Scatter");

        Object[] out = new Object[size], in = new Object[size];
        for (int d = 0; d < size; d++) out[d] = new Item(rank, d);
        world.Alltoall(out, 0, 1, MPI.OBJECT, in, 0, 1, MPI.OBJECT);
        for (int s = 0; s < size; s++) ((Item) in[s]).check(s, rank, "OBJECT Alltoall from " + s);

        // v-forms: rank r sends r % 3 objects
        int[] counts = new int[size], displs = new int[size];
        int total = 0;
        for (int r = 0; r < size; r++) {
            counts[r] = r % 3;
            displs[r] = total;
            total += counts[r];
        }
        Object[] several = new Object[counts[rank]];
        for (int i = 0; i < several.length; i++) several[i] = new Item(rank, i);
        Object[] gathered = new Object[total];
        world.Allgatherv(several, 0, several.length, MPI.OBJECT, gathered, 0, counts, displs, MPI.OBJECT);
        for (int r = 0; r < size; r++) {
            for (int i = 0; i < counts[r]; i++) ((Item) gathered[displs[r] + i]).check(r, i, "OBJECT Allgatherv");
        }
        Object[] back = new Object[counts[rank]];
        world.Scatterv(gathered, 0, counts, displs, MPI.OBJECT, back, 0, counts[rank], MPI.OBJECT, 0);
        for (int i = 0; i < back.length; i++) ((Item) back[i]).check(rank, i, "OBJECT Scatterv");

        // a reduction of objects in rank order: the concatenation of every rank's letter
        Op concat = new Op(new User_function() {
            @Override
            public void Call(Object in1, int inOffset, Object inout, int inoutOffset, int count, Datatype type) {
                Object[] a = (Object[]) in1, b = (Object[]) inout;
                for (int i = 0; i < count; i++) b[inoutOffset + i] = (String) a[inOffset + i] + b[inoutOffset + i];
            }
        }, false);
        Object[] text = {Character.toString((char) ('a' + rank % 26))}, joined = new Object[1];
        world.Allreduce(text, 0, joined, 0, 1, MPI.OBJECT, concat);
        StringBuilder want = new StringBuilder();
        for (int r = 0; r < size; r++) want.append((char) ('a' + r % 26));
        Check.eq(want.toString(), joined[0], "OBJECT Allreduce in rank order");
        concat.Free();
    }

    static void splitAndCreate(Intracomm world, int rank, int size) {
        Intracomm quarter = world.Split(rank % 4, -rank); // reversed order within each colour
        int members = (size - rank % 4 + 3) / 4;
        Check.eq(members, quarter.Size(), "Split size");
        Check.eq(members - 1 - rank / 4, quarter.Rank(), "Split rank, by descending key");
        int[] sum = new int[1];
        quarter.Allreduce(new int[] {rank}, 0, sum, 0, 1, MPI.INT, MPI.SUM);
        int want = 0;
        for (int r = rank % 4; r < size; r += 4) want += r;
        Check.eq(want, sum[0], "Allreduce in the Split communicator");
        quarter.Free();

        int[] evens = new int[(size + 1) / 2];
        for (int i = 0; i < evens.length; i++) evens[i] = 2 * i;
        Group group = world.Group().Incl(evens);
        Intracomm even = world.Create(group);
        if (rank % 2 == 0) {
            Check.eq(evens.length, even.Size(), "Create size");
            Check.eq(rank / 2, even.Rank(), "Create rank");
            int[] max = new int[1];
            even.Allreduce(new int[] {rank}, 0, max, 0, 1, MPI.INT, MPI.MAX);
            Check.eq(evens[evens.length - 1], max[0], "Allreduce in the created communicator");
            even.Free();
        } else {
            Check.isTrue(even == null, "an odd rank is not in the created communicator");
        }
        group.Free();
    }

    static void cartesian(Intracomm world, int rank, int size) {
        int[] dims = new int[2];
        Cartcomm.Dims_create(size, dims);
        Check.eq(size, dims[0] * dims[1], "Dims_create covers every rank");
        Cartcomm grid = world.Create_cart(dims, new boolean[] {true, false}, false);
        int[] me = grid.Coords(grid.Rank());
        for (int dim = 0; dim < 2; dim++) {
            ShiftParms shift = grid.Shift(dim, 1);
            int[] got = {-7};
            grid.Sendrecv(new int[] {grid.Rank()}, 0, 1, MPI.INT, shift.rank_dest, dim, got, 0, 1, MPI.INT,
                    shift.rank_source, dim);
            if (shift.rank_source >= 0) {
                int[] from = grid.Coords(shift.rank_source);
                int want = (me[dim] - 1 + dims[dim]) % dims[dim];
                Check.eq(want, from[dim], "the source is the neighbour below in dimension " + dim);
                Check.eq(shift.rank_source, got[0], "received from the source in dimension " + dim);
            } else {
                Check.eq(0, me[dim], "no source only at the open edge");
                Check.eq(-7, got[0], "nothing received from MPI.PROC_NULL");
            }
        }
        Cartcomm row = grid.Sub(new boolean[] {false, true});
        Check.eq(dims[1], row.Size(), "a row of the grid");
        int[] sum = new int[1];
        row.Allreduce(new int[] {me[1]}, 0, sum, 0, 1, MPI.INT, MPI.SUM);
        Check.eq(dims[1] * (dims[1] - 1) / 2, sum[0], "Allreduce along a row");
        row.Free();
        grid.Free();
    }

    static void graph(Intracomm world, int rank, int size) {
        // a ring with chords to rank + size/2: every node has the same degree
        int degree = size > 2 ? 3 : 1;
        int[] index = new int[size], edges = new int[size * degree];
        for (int r = 0; r < size; r++) {
            index[r] = (r + 1) * degree;
            if (degree == 1) {
                edges[r] = (r + 1) % size;
            } else {
                edges[r * 3] = (r + 1) % size;
                edges[r * 3 + 1] = (r - 1 + size) % size;
                edges[r * 3 + 2] = (r + size / 2) % size;
            }
        }
        Graphcomm g = world.Create_graph(index, edges, false);
        int[] neighbours = g.Neighbours(g.Rank());
        Check.eq(Arrays.toString(Arrays.copyOfRange(edges, rank * degree, (rank + 1) * degree)),
                Arrays.toString(neighbours), "Neighbours");
        // everyone sends its rank to each neighbour, and receives from each rank that has it as a neighbour
        Request[] sends = new Request[neighbours.length];
        int[] me = {rank};
        int inbound = 0;
        for (int r = 0; r < size; r++) {
            for (int e = r * degree; e < (r + 1) * degree; e++) if (edges[e] == rank) inbound++;
        }
        Request[] recvs = new Request[inbound];
        int[][] from = new int[inbound][1];
        for (int i = 0; i < inbound; i++) recvs[i] = g.Irecv(from[i], 0, 1, MPI.INT, MPI.ANY_SOURCE, 5);
        for (int i = 0; i < neighbours.length; i++) sends[i] = g.Isend(me, 0, 1, MPI.INT, neighbours[i], 5);
        Request.Waitall(sends);
        Status[] statuses = Request.Waitall(recvs);
        int[] seen = new int[size];
        for (int i = 0; i < inbound; i++) {
            Check.eq(statuses[i].source, from[i][0], "the sender's rank");
            seen[from[i][0]]++;
        }
        for (int r = 0; r < size; r++) {
            int edgesToMe = 0;
            for (int e = r * degree; e < (r + 1) * degree; e++) if (edges[e] == rank) edgesToMe++;
            Check.eq(edgesToMe, seen[r], "messages from " + r);
        }
        g.Free();
    }

    static void window(Intracomm world, int rank, int size) {
        final int n = 64; // ints a message
        int[][] in = new int[size][n], out = new int[size][n];
        Request[] reqs = new Request[2 * (size - 1)];
        int k = 0;
        for (int s = 0; s < size; s++) if (s != rank) reqs[k++] = world.Irecv(in[s], 0, n, MPI.INT, s, 9);
        for (int d = 0; d < size; d++) {
            if (d == rank) continue;
            for (int i = 0; i < n; i++) out[d][i] = rank * 1_000_000 + d * 1000 + i;
            reqs[k++] = world.Isend(out[d], 0, n, MPI.INT, d, 9);
        }
        Request.Waitall(reqs);
        for (int s = 0; s < size; s++) {
            if (s == rank) continue;
            for (int i = 0; i < n; i++) Check.eq(s * 1_000_000 + rank * 1000 + i, in[s][i], "from " + s + " at " + i);
        }
    }

    static void objectWindow(Intracomm world, int rank, int size) {
        Object[][] in = new Object[size][1];
        Request[] reqs = new Request[2 * (size - 1)];
        int k = 0;
        for (int s = 0; s < size; s++) if (s != rank) reqs[k++] = world.Irecv(in[s], 0, 1, MPI.OBJECT, s, 11);
        for (int d = 0; d < size; d++) {
            if (d != rank) reqs[k++] = world.Isend(new Object[] {new Item(rank, d)}, 0, 1, MPI.OBJECT, d, 11);
        }
        Request.Waitall(reqs);
        for (int s = 0; s < size; s++) if (s != rank) ((Item) in[s][0]).check(s, rank, "OBJECT from " + s);
    }
}

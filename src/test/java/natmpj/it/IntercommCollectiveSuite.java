package natmpj.it;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.IntBuffer;
import java.util.Arrays;

import mpi.Datatype;
import mpi.Intercomm;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Op;
import mpi.Request;
import mpi.UserFunction;
import natmpj.testkit.Cases;
import natmpj.testkit.Check;

/**
 * Collectives on an intercommunicator (MPI-3.1 5.2.2), through Open MPI's Java API: every blocking and non-blocking
 * collective between two groups of unequal size (a quarter of the ranks and the rest; one and one at 2 ranks), with
 * the root in either group, on arrays, heap buffers and direct buffers, against the values MPI must deliver: the
 * root passes MPI.ROOT, the rest of its group MPI.PROC_NULL (whose buffers stay untouched, and may be null), the
 * other group the root's rank; blocks and count arrays are the remote group's. Then bad input on both groups, each
 * refused before MPI: a root outside the remote group, the in-place forms, MPI.OBJECT, one buffer as both, short
 * count arrays at the root (which then makes the right call, so the others are not left waiting), and the
 * neighbourhood collectives, which need a topology.
 */
public final class IntercommCollectiveSuite {
    public static void main(String[] args) throws Exception {
        Cases.job(args).run(IntercommCollectiveSuite::addCases);
    }

    /** Sums ints over MPI's memory (a user op on the intercommunicator). */
    static final class IntSum extends UserFunction {
        @Override
        public void call(ByteBuffer in, ByteBuffer inOut, int count, Datatype type) {
            for (int i = 0; i < count; i++) inOut.putInt(4 * i, inOut.getInt(4 * i) + in.getInt(4 * i));
        }
    }

    /** This process's place: its group (0: A, the first quarter of COMM_WORLD; 1: B), local rank, both sizes. */
    static final class Side {
        final Intercomm inter;
        final int group, rank, size, remote;

        Side(Intercomm inter, int group) {
            this.inter = inter;
            this.group = group;
            this.rank = inter.getRank();
            this.size = inter.getSize();
            this.remote = inter.getRemoteSize();
        }

        /** The root argument of a rooted collective whose root is local rank {@code root} of group {@code g}. */
        int root(int g, int root) {
            return g != group ? root : rank == root ? MPI.ROOT : MPI.PROC_NULL;
        }

        boolean isRoot(int g, int root) {
            return g == group && rank == root;
        }

        boolean takesNoPart(int g, int root) {
            return g == group && rank != root;
        }

        int other() {
            return 1 - group;
        }

        /** Item i of what local rank r of group g contributes. */
        static int value(int g, int r, int i) {
            return 1000 * (g + 1) + 100 * r + i;
        }

        /** Item i of the block local rank r of group g sends to local rank d of the other group (all-to-all). */
        static int block(int g, int r, int d, int i) {
            return 10000 * (g + 1) + 1000 * r + 10 * d + i;
        }

        /** How many items r of one group sends to d of the other in alltoallv (symmetric, so both sides agree). */
        static int vcount(int r, int d) {
            return (r + d) % 3 + 1;
        }
    }

    static IntBuffer ints(boolean direct, int n) {
        if (direct) return MPI.newIntBuffer(n);
        int off = 2;
        return IntBuffer.wrap(new int[n + off + 3], off, n).slice();
    }

    static int[] get(IntBuffer b) {
        int[] a = new int[b.capacity()];
        for (int i = 0; i < a.length; i++) a[i] = b.get(i);
        return a;
    }

    static IntBuffer put(IntBuffer b, int[] values) {
        for (int i = 0; i < values.length; i++) b.put(i, values[i]);
        return b;
    }

    static int[] filled(int n, int value) {
        int[] a = new int[n];
        Arrays.fill(a, value);
        return a;
    }

    /** What local rank r of group g contributes: n items. */
    static int[] mine(int g, int r, int n) {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) a[i] = Side.value(g, r, i);
        return a;
    }

    /** The blocks of every process of group g, n items each, in rank order. */
    static int[] blocksOf(int g, int processes, int n) {
        int[] a = new int[processes * n];
        for (int r = 0; r < processes; r++) for (int i = 0; i < n; i++) a[r * n + i] = Side.value(g, r, i);
        return a;
    }

    /** Item-wise sum over the processes of group g of their n items. */
    static int[] sumOf(int g, int processes, int n) {
        int[] a = new int[n];
        for (int r = 0; r < processes; r++) for (int i = 0; i < n; i++) a[i] += Side.value(g, r, i);
        return a;
    }

    static void same(int[] expected, int[] actual, String what) {
        Check.isTrue(Arrays.equals(expected, actual), what + ": expected " + Arrays.toString(expected) + " but was "
                + Arrays.toString(actual));
    }

    /** Counts and displacements (with a gap of one item after each block) of n blocks, block j of j+1 items. */
    static int[][] vectors(int n) {
        int[] counts = new int[n], displs = new int[n];
        for (int j = 0, at = 0; j < n; j++) {
            counts[j] = j + 1;
            displs[j] = at;
            at += counts[j] + 1;
        }
        return new int[][] {counts, displs};
    }

    static int extent(int[][] v) {
        int n = v[0].length;
        return n == 0 ? 0 : v[1][n - 1] + v[0][n - 1] + 1;
    }

    /** What a v-gather's root holds: block j (j+1 items of remote j) at displs[j], -1 in the gaps. */
    static int[] gathered(int g, int[][] v) {
        int[] a = filled(extent(v), -1);
        for (int j = 0; j < v[0].length; j++) for (int i = 0; i < v[0][j]; i++) a[v[1][j] + i] = Side.value(g, j, i);
        return a;
    }

    private static void addCases(Cases cases) {
        Intracomm world = MPI.COMM_WORLD;
        int worldRank = world.getRank(), worldSize = world.getSize();
        if (worldSize < 2) throw new IllegalStateException("IntercommCollectiveSuite needs 2 ranks or more");
        int a = Math.max(1, worldSize / 4);
        int group = worldRank < a ? 0 : 1;
        Intracomm half = world.split(group, worldRank);
        Intercomm inter = world.createIntercomm(half, 0, group == 0 ? a : 0, 31);
        Side s = new Side(inter, group);
        Check.eq(group == 0 ? a : worldSize - a, s.size, "local size");
        Check.eq(group == 0 ? worldSize - a : a, s.remote, "remote size");
        int[] roots = {0, 1};

        cases.add("barrier", () -> {
            inter.barrier();
            Request r = inter.iBarrier();
            r.waitFor();
        });

        for (int g : roots) {
            // the root is the last process of its group: local rank 0 would hide a mix-up of ranks
            int rr = (g == 0 ? a : worldSize - a) - 1;

            cases.add("bcast_root_in_group_" + g, () -> {
                int[] buf = s.isRoot(g, rr) ? mine(g, rr, 5) : filled(5, -1);
                inter.bcast(s.takesNoPart(g, rr) ? null : buf, 5, MPI.INT, s.root(g, rr));
                same(s.takesNoPart(g, rr) ? filled(5, -1) : mine(g, rr, 5), buf, "bcast");
                for (boolean direct : new boolean[] {false, true}) {
                    IntBuffer b = put(ints(direct, 5), s.isRoot(g, rr) ? mine(g, rr, 5) : filled(5, -1));
                    inter.iBcast(b, 5, MPI.INT, s.root(g, rr)).waitFor();
                    same(s.takesNoPart(g, rr) ? filled(5, -1) : mine(g, rr, 5), get(b), "iBcast direct=" + direct);
                }
            });

            cases.add("gather_root_in_group_" + g, () -> {
                boolean root = s.isRoot(g, rr), sends = g != s.group;
                int[] recv = filled(3 * s.remote, -1);
                inter.gather(sends ? mine(s.group, s.rank, 3) : null, 3, MPI.INT, root ? recv : null, 3, MPI.INT,
                        s.root(g, rr));
                same(root ? blocksOf(s.other(), s.remote, 3) : filled(3 * s.remote, -1), recv, "gather");
                for (boolean direct : new boolean[] {false, true}) {
                    IntBuffer sb = put(ints(direct, 3), mine(s.group, s.rank, 3)), rb = ints(direct, 3 * s.remote);
                    inter.iGather(sb, 3, MPI.INT, rb, 3, MPI.INT, s.root(g, rr)).waitFor();
                    if (root) same(blocksOf(s.other(), s.remote, 3), get(rb), "iGather direct=" + direct);
                }
            });

            cases.add("gatherv_root_in_group_" + g, () -> {
                boolean root = s.isRoot(g, rr), sends = g != s.group;
                int[][] v = vectors(s.remote);
                int[] recv = filled(extent(v), -1);
                int[] send = sends ? mine(s.group, s.rank, s.rank + 1) : null;
                inter.gatherv(send, s.rank + 1, MPI.INT, recv, v[0], v[1], MPI.INT, s.root(g, rr));
                same(root ? gathered(s.other(), v) : filled(extent(v), -1), recv, "gatherv");
                // the form for the processes other than the root: the other group sends, PROC_NULL takes no part
                if (!root) {
                    inter.gatherv(send, s.rank + 1, MPI.INT, s.root(g, rr));
                } else {
                    Arrays.fill(recv, -1);
                    inter.gatherv(null, 0, MPI.INT, recv, v[0], v[1], MPI.INT, MPI.ROOT);
                    same(gathered(s.other(), v), recv, "gatherv, send-only form at the other group");
                }
                for (boolean direct : new boolean[] {false, true}) {
                    IntBuffer rb = put(ints(direct, extent(v)), filled(extent(v), -1));
                    IntBuffer sb = put(ints(direct, s.rank + 1), mine(s.group, s.rank, s.rank + 1));
                    Request r = root ? inter.iGatherv(sb, s.rank + 1, MPI.INT, rb, v[0], v[1], MPI.INT, MPI.ROOT)
                            : inter.iGatherv(sb, s.rank + 1, MPI.INT, s.root(g, rr));
                    Arrays.fill(v[0], 99); // the request holds its own copy of the counts
                    r.waitFor();
                    v = vectors(s.remote);
                    if (root) same(gathered(s.other(), v), get(rb), "iGatherv direct=" + direct);
                }
            });

            cases.add("scatter_root_in_group_" + g, () -> {
                boolean root = s.isRoot(g, rr), receives = g != s.group;
                int[] send = root ? blocksOf(g, s.remote, 2) : null;
                int[] recv = filled(2, -1);
                inter.scatter(send, 2, MPI.INT, receives ? recv : null, 2, MPI.INT, s.root(g, rr));
                same(receives ? mine(g, s.rank, 2) : filled(2, -1), recv, "scatter");
                for (boolean direct : new boolean[] {false, true}) {
                    IntBuffer sb = put(ints(direct, 2 * s.remote), blocksOf(g, s.remote, 2));
                    IntBuffer rb = put(ints(direct, 2), filled(2, -1));
                    inter.iScatter(sb, 2, MPI.INT, rb, 2, MPI.INT, s.root(g, rr)).waitFor();
                    same(receives ? mine(g, s.rank, 2) : filled(2, -1), get(rb), "iScatter direct=" + direct);
                }
            });

            cases.add("scatterv_root_in_group_" + g, () -> {
                boolean root = s.isRoot(g, rr), receives = g != s.group;
                int[][] v = vectors(s.remote);
                int[] send = root ? gathered(g, v) : null;
                int[] recv = filled(s.rank + 1, -1);
                inter.scatterv(send, v[0], v[1], MPI.INT, recv, s.rank + 1, MPI.INT, s.root(g, rr));
                same(receives ? mine(g, s.rank, s.rank + 1) : filled(s.rank + 1, -1), recv, "scatterv");
                // the form for the processes other than the root
                Arrays.fill(recv, -1);
                if (root) inter.scatterv(send, v[0], v[1], MPI.INT, null, 0, MPI.INT, MPI.ROOT);
                else inter.scatterv(recv, s.rank + 1, MPI.INT, s.root(g, rr));
                same(receives ? mine(g, s.rank, s.rank + 1) : filled(s.rank + 1, -1), recv, "scatterv, receive-only");
                for (boolean direct : new boolean[] {false, true}) {
                    IntBuffer sb = put(ints(direct, extent(v)), gathered(g, v));
                    IntBuffer rb = put(ints(direct, s.rank + 1), filled(s.rank + 1, -1));
                    Request r = root ? inter.iScatterv(sb, v[0], v[1], MPI.INT, rb, 0, MPI.INT, MPI.ROOT)
                            : inter.iScatterv(rb, s.rank + 1, MPI.INT, s.root(g, rr));
                    r.waitFor();
                    same(receives ? mine(g, s.rank, s.rank + 1) : filled(s.rank + 1, -1), get(rb),
                            "iScatterv direct=" + direct);
                }
            });

            cases.add("reduce_root_in_group_" + g, () -> {
                boolean root = s.isRoot(g, rr), sends = g != s.group;
                int[] recv = filled(4, -1);
                inter.reduce(sends ? mine(s.group, s.rank, 4) : null, root ? recv : null, 4, MPI.INT, MPI.SUM,
                        s.root(g, rr));
                same(root ? sumOf(s.other(), s.remote, 4) : filled(4, -1), recv, "reduce");
                Op sum = new Op(new IntSum(), true);
                for (boolean direct : new boolean[] {false, true}) {
                    IntBuffer sb = put(ints(direct, 4), mine(s.group, s.rank, 4));
                    IntBuffer rb = put(ints(direct, 4), filled(4, -1));
                    inter.iReduce(sb, rb, 4, MPI.INT, sum, s.root(g, rr)).waitFor();
                    same(root ? sumOf(s.other(), s.remote, 4) : filled(4, -1), get(rb), "iReduce, user op, direct="
                            + direct);
                }
                // the user op on arrays, blocking
                Arrays.fill(recv, -1);
                inter.reduce(mine(s.group, s.rank, 4), recv, 4, MPI.INT, sum, s.root(g, rr));
                same(root ? sumOf(s.other(), s.remote, 4) : filled(4, -1), recv, "reduce, user op");
                sum.free();
            });
        }

        cases.add("allgather", () -> {
            int[] recv = filled(2 * s.remote, -1);
            inter.allGather(mine(s.group, s.rank, 2), 2, MPI.INT, recv, 2, MPI.INT);
            same(blocksOf(s.other(), s.remote, 2), recv, "allGather");
            for (boolean direct : new boolean[] {false, true}) {
                IntBuffer sb = put(ints(direct, 2), mine(s.group, s.rank, 2)), rb = ints(direct, 2 * s.remote);
                Request r = inter.iAllGather(sb, 2, MPI.INT, rb, 2, MPI.INT);
                System.gc(); // the request keeps its buffers in place, or staged
                r.waitFor();
                same(blocksOf(s.other(), s.remote, 2), get(rb), "iAllGather direct=" + direct);
            }
        });

        cases.add("allgatherv", () -> {
            int[][] v = vectors(s.remote);
            int[] recv = filled(extent(v), -1);
            inter.allGatherv(mine(s.group, s.rank, s.rank + 1), s.rank + 1, MPI.INT, recv, v[0], v[1], MPI.INT);
            same(gathered(s.other(), v), recv, "allGatherv");
            for (boolean direct : new boolean[] {false, true}) {
                IntBuffer sb = put(ints(direct, s.rank + 1), mine(s.group, s.rank, s.rank + 1));
                IntBuffer rb = put(ints(direct, extent(v)), filled(extent(v), -1));
                inter.iAllGatherv(sb, s.rank + 1, MPI.INT, rb, v[0], v[1], MPI.INT).waitFor();
                same(gathered(s.other(), v), get(rb), "iAllGatherv direct=" + direct);
            }
        });

        cases.add("alltoall", () -> {
            int n = 2;
            int[] send = new int[n * s.remote], expected = new int[n * s.remote];
            for (int d = 0; d < s.remote; d++) {
                for (int i = 0; i < n; i++) {
                    send[d * n + i] = Side.block(s.group, s.rank, d, i);
                    expected[d * n + i] = Side.block(s.other(), d, s.rank, i);
                }
            }
            int[] recv = filled(n * s.remote, -1);
            inter.allToAll(send, n, MPI.INT, recv, n, MPI.INT);
            same(expected, recv, "allToAll");
            for (boolean direct : new boolean[] {false, true}) {
                IntBuffer sb = put(ints(direct, send.length), send), rb = ints(direct, recv.length);
                inter.iAllToAll(sb, n, MPI.INT, rb, n, MPI.INT).waitFor();
                same(expected, get(rb), "iAllToAll direct=" + direct);
            }
        });

        cases.add("alltoallv_and_alltoallw", () -> {
            int[] scounts = new int[s.remote], sdispls = new int[s.remote];
            int[] rcounts = new int[s.remote], rdispls = new int[s.remote];
            int sn = 0, rn = 0;
            for (int d = 0; d < s.remote; d++) {
                scounts[d] = Side.vcount(s.rank, d);
                sdispls[d] = sn;
                sn += scounts[d];
                rcounts[d] = Side.vcount(d, s.rank);
                rdispls[d] = rn;
                rn += rcounts[d];
            }
            int[] send = new int[sn], expected = new int[rn];
            for (int d = 0; d < s.remote; d++) {
                for (int i = 0; i < scounts[d]; i++) send[sdispls[d] + i] = Side.block(s.group, s.rank, d, i);
                for (int i = 0; i < rcounts[d]; i++) expected[rdispls[d] + i] = Side.block(s.other(), d, s.rank, i);
            }
            int[] recv = filled(rn, -1);
            inter.allToAllv(send, scounts, sdispls, MPI.INT, recv, rcounts, rdispls, MPI.INT);
            same(expected, recv, "allToAllv");
            for (boolean direct : new boolean[] {false, true}) {
                IntBuffer sb = put(ints(direct, sn), send), rb = ints(direct, rn);
                inter.iAllToAllv(sb, scounts, sdispls, MPI.INT, rb, rcounts, rdispls, MPI.INT).waitFor();
                same(expected, get(rb), "iAllToAllv direct=" + direct);
            }
            // alltoallw: byte displacements, a datatype per remote process
            int[] sbytes = new int[s.remote], rbytes = new int[s.remote];
            Datatype[] types = new Datatype[s.remote];
            for (int d = 0; d < s.remote; d++) {
                sbytes[d] = 4 * sdispls[d];
                rbytes[d] = 4 * rdispls[d];
                types[d] = MPI.INT;
            }
            for (boolean nonBlocking : new boolean[] {false, true}) {
                ByteBuffer sb = ByteBuffer.allocateDirect(4 * sn).order(ByteOrder.nativeOrder());
                ByteBuffer rb = ByteBuffer.allocateDirect(4 * rn).order(ByteOrder.nativeOrder());
                for (int i = 0; i < sn; i++) sb.putInt(4 * i, send[i]);
                if (nonBlocking) {
                    inter.iAllToAllw(sb, scounts, sbytes, types, rb, rcounts, rbytes, types).waitFor();
                } else {
                    inter.allToAllw(sb, scounts, sbytes, types, rb, rcounts, rbytes, types);
                }
                int[] got = new int[rn];
                for (int i = 0; i < rn; i++) got[i] = rb.getInt(4 * i);
                same(expected, got, (nonBlocking ? "iAllToAllw" : "allToAllw"));
            }
        });

        cases.add("allreduce", () -> {
            int[] recv = filled(3, -1);
            inter.allReduce(mine(s.group, s.rank, 3), recv, 3, MPI.INT, MPI.SUM);
            same(sumOf(s.other(), s.remote, 3), recv, "allReduce");
            for (boolean direct : new boolean[] {false, true}) {
                IntBuffer sb = put(ints(direct, 3), mine(s.group, s.rank, 3)), rb = ints(direct, 3);
                inter.iAllReduce(sb, rb, 3, MPI.INT, MPI.MAX).waitFor();
                int[] max = new int[3];
                for (int i = 0; i < 3; i++) max[i] = Side.value(s.other(), s.remote - 1, i);
                same(max, get(rb), "iAllReduce MAX direct=" + direct);
            }
        });

        cases.add("reduce_scatter_and_block", () -> {
            // Group A's reduced vector is scattered over group B by B's counts and the other way round: both groups'
            // counts add up to |A| * |B|; each process of a group gets the other group's size in items.
            int n = s.size * s.remote;
            int[] counts = filled(s.size, s.remote);
            int[] send = new int[n], expected = new int[s.remote];
            for (int k = 0; k < n; k++) send[k] = Side.value(s.group, s.rank, k);
            for (int i = 0; i < s.remote; i++) {
                for (int r = 0; r < s.remote; r++) expected[i] += Side.value(s.other(), r, s.rank * s.remote + i);
            }
            int[] recv = filled(s.remote, -1);
            inter.reduceScatter(send, recv, counts, MPI.INT, MPI.SUM);
            same(expected, recv, "reduceScatter");
            Arrays.fill(recv, -1);
            inter.reduceScatterBlock(send, recv, s.remote, MPI.INT, MPI.SUM);
            same(expected, recv, "reduceScatterBlock");
            for (boolean direct : new boolean[] {false, true}) {
                IntBuffer sb = put(ints(direct, n), send), rb = ints(direct, s.remote);
                inter.iReduceScatter(sb, rb, counts, MPI.INT, MPI.SUM).waitFor();
                same(expected, get(rb), "iReduceScatter direct=" + direct);
                rb = ints(direct, s.remote);
                inter.iReduceScatterBlock(sb, rb, s.remote, MPI.INT, MPI.SUM).waitFor();
                same(expected, get(rb), "iReduceScatterBlock direct=" + direct);
            }
        });

        cases.add("several_pending_then_waitall", () -> {
            IntBuffer b1 = ints(false, 2 * s.remote), b2 = ints(true, 3), b3 = ints(false, 5);
            int rootArg = s.root(0, 0);
            if (s.isRoot(0, 0)) put(b3, mine(0, 0, 5));
            Request[] r = {
                inter.iAllGather(put(ints(false, 2), mine(s.group, s.rank, 2)), 2, MPI.INT, b1, 2, MPI.INT),
                inter.iAllReduce(put(ints(true, 3), mine(s.group, s.rank, 3)), b2, 3, MPI.INT, MPI.SUM),
                inter.iBcast(b3, 5, MPI.INT, rootArg),
            };
            Request.waitAll(r);
            same(blocksOf(s.other(), s.remote, 2), get(b1), "iAllGather");
            same(sumOf(s.other(), s.remote, 3), get(b2), "iAllReduce");
            if (!s.takesNoPart(0, 0)) same(mine(0, 0, 5), get(b3), "iBcast");
        });

        cases.add("bad_input_on_both_groups", () -> {
            int[] buf = new int[16];
            // a root neither MPI.ROOT, MPI.PROC_NULL nor a rank of the remote group
            for (int bad : new int[] {s.remote, -7}) {
                refused(MPI.ERR_ROOT, () -> inter.bcast(buf, 1, MPI.INT, bad), "Comm.bcast", "root",
                        "remote group");
                refused(MPI.ERR_ROOT, () -> inter.iReduce(MPI.newIntBuffer(1), MPI.newIntBuffer(1), 1, MPI.INT,
                        MPI.SUM, bad), "Comm.iReduce", "root");
            }
            // MPI_IN_PLACE is for intracommunicators
            refused(MPI.ERR_ARG, () -> inter.allReduce(buf, 1, MPI.INT, MPI.SUM), "Comm.allReduce",
                    "in-place", "intercommunicator");
            refused(MPI.ERR_ARG, () -> inter.gather(buf, 1, MPI.INT, s.root(0, 0)), "Comm.gather", "in-place");
            refused(MPI.ERR_ARG, () -> inter.allGather(buf, 1, MPI.INT), "Comm.allGather", "in-place");
            refused(MPI.ERR_ARG, () -> inter.reduceScatterBlock(buf, 1, MPI.INT, MPI.SUM),
                    "Comm.reduceScatterBlock", "in-place");
            refused(MPI.ERR_ARG, () -> inter.iAllReduce(MPI.newIntBuffer(4), 1, MPI.INT, MPI.SUM),
                    "Comm.iAllReduce", "in-place");
            refused(MPI.ERR_ARG, () -> inter.iScatter(MPI.newIntBuffer(4), 1, MPI.INT, s.root(0, 0)),
                    "Comm.iScatter", "in-place");
            // one buffer as both where both are significant
            refused(MPI.ERR_BUFFER, () -> inter.allReduce(buf, buf, 1, MPI.INT, MPI.SUM), "Comm.allReduce",
                    "different buffers");
            // Java objects move on intracommunicators only
            refused(MPI.ERR_TYPE, () -> inter.allGather(new Object[1], 1, MPI.OBJECT, new Object[s.remote], 1,
                    MPI.OBJECT), "Comm.allGather", "sendtype", "intracommunicators");
            // count arrays need an entry per process of the remote group
            refused(MPI.ERR_COUNT, () -> inter.allGatherv(buf, 1, MPI.INT, buf.clone(), new int[s.remote - 1],
                    new int[s.remote - 1], MPI.INT), "Comm.allGatherv", "remote group");
            // neighbourhood collectives need a process topology, which an intercommunicator has not
            MPIException t = Check.throwsWith(MPIException.class, () -> inter.neighborAllGather(buf, 1, MPI.INT,
                    buf.clone(), 1, MPI.INT), "Comm.neighborAllGather");
            Check.eq(MPI.ERR_TOPOLOGY, t.getErrorClass(), "error class");
        });

        cases.add("bad_input_at_the_root_only", () -> {
            // significant at the root only: the root is refused, then makes the right call the others are in
            boolean root = s.isRoot(0, 0), sends = s.group == 1;
            int[][] v = vectors(s.remote);
            int[] recv = filled(extent(v), -1);
            if (root) {
                refused(MPI.ERR_COUNT, () -> inter.gatherv(null, 0, MPI.INT, recv, Arrays.copyOf(v[0], s.remote - 1),
                        v[1], MPI.INT, MPI.ROOT), "Comm.gatherv", "recvcount", "remote group");
                refused(MPI.ERR_ARG, () -> inter.gatherv(new int[1], 1, MPI.INT, MPI.ROOT), "Comm.gatherv",
                        "other than the root", "MPI.ROOT");
                refused(MPI.ERR_COUNT, () -> inter.gather(null, 0, MPI.INT, recv, -1, MPI.INT, MPI.ROOT),
                        "Comm.gather", "recvcount");
            }
            int[] send = sends ? mine(1, s.rank, s.rank + 1) : null;
            inter.gatherv(send, s.rank + 1, MPI.INT, root ? recv : null, v[0], v[1], MPI.INT, s.root(0, 0));
            if (root) same(gathered(1, v), recv, "gatherv after the refused calls");
        });

        cases.add("free", () -> {
            inter.free();
            half.free();
            Check.throwsWith(MPIException.class, () -> inter.barrier(), "Comm.barrier", "freed");
        });
    }

    /** The call throws an MPIException of {@code errorClass} whose message has every one of {@code words}. */
    private static void refused(int errorClass, Cases.Body call, String... words) {
        MPIException e = Check.throwsWith(MPIException.class, call, words);
        Check.eq(errorClass, e.getErrorClass(), "error class of " + e.getMessage());
    }
}

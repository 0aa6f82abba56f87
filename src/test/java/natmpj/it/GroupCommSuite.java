package natmpj.it;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import mpi.Cartcomm;
import mpi.CartParms;
import mpi.Comm;
import mpi.GraphParms;
import mpi.Graphcomm;
import mpi.Group;
import mpi.Intercomm;
import mpi.Intracomm;
import mpi.MPI;
import mpi.ShiftParms;
import mpi.Status;
import natmpj.testkit.Cases;
import natmpj.testkit.Check;

/**
 * Groups, communicator management, intercommunicators and topologies under a real mpirun, each result checked
 * against what plain Java computes from the ranks.
 */
public final class GroupCommSuite {
    public static void main(String[] args) throws Exception {
        Cases.job(args).run(GroupCommSuite::addCases);
    }

    private static void addCases(Cases cases) {
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank(), size = world.Size();

        cases.add("group_algebra", () -> {
            Group all = world.Group();
            Check.eq(size, all.Size(), "size");
            Check.eq(rank, all.Rank(), "rank");
            int[] evens = java.util.stream.IntStream.range(0, size).filter(r -> r % 2 == 0).toArray();
            Group even = all.Incl(evens), odd = all.Excl(evens);
            Check.eq(evens.length, even.Size(), "Incl size");
            Check.eq(size - evens.length, odd.Size(), "Excl size");
            Check.eq(rank % 2 == 0 ? rank / 2 : MPI.UNDEFINED, even.Rank(), "rank in evens");
            Check.eq(0, Group.Intersection(even, odd).Size(), "evens and odds are disjoint");
            Group union = Group.Union(odd, even);
            Check.eq(MPI.SIMILAR == Group.Compare(union, all) || size == 1 ? 1 : 0, 1, "union is all, reordered");
            Check.eq(MPI.IDENT, Group.Compare(Group.Union(even, odd).Incl(order(even, odd, size)), all), "reordered");
            Check.eq(MPI.UNEQUAL, size > 1 ? Group.Compare(even, all) : MPI.UNEQUAL, "subset is unequal");
            Check.eq(MPI.IDENT, Group.Compare(Group.Difference(all, MPI.GROUP_EMPTY), all), "minus empty");
            int[] there = Group.Translate_ranks(all, new int[] {rank}, even);
            Check.eq(rank % 2 == 0 ? rank / 2 : MPI.UNDEFINED, there[0], "Translate_ranks");
            Group range = all.Range_incl(new int[][] {{size - 1, 0, -1}});
            Check.eq(size - 1 - rank, range.Rank(), "reversed by a range");
            Check.eq(size - evens.length, all.Range_excl(new int[][] {{0, size - 1, 2}}).Size(), "Range_excl");
            even.Free();
            Check.throwsWith(IllegalStateException.class, even::Size, "Group.Size", "freed");
            Check.throwsWith(IllegalArgumentException.class, () -> all.Incl(new int[] {size}), "Group.Incl", "ranks[0]");
            Check.throwsWith(IllegalArgumentException.class, () -> all.Range_incl(new int[][] {{0, 1}}),
                    "Group.Range_incl", "ranges[0]");
            Check.throwsWith(IllegalArgumentException.class, MPI.GROUP_EMPTY::Free, "Group.Free", "predefined");
            Check.throwsWith(IllegalStateException.class, MPI.GROUP_NULL::Size, "Group.Size", "GROUP_NULL");
        });
        cases.add("split_by_parity_reversed", () -> {
            Intracomm half = world.Split(rank % 2, -rank);
            int members = (size + 1 - rank % 2) / 2;
            Check.eq(members, half.Size(), "size");
            Check.eq(members - 1 - rank / 2, half.Rank(), "key reverses the order");
            int[] sum = new int[1];
            half.Allreduce(new int[] {rank}, 0, sum, 0, 1, MPI.INT, MPI.SUM);
            int expected = 0;
            for (int r = rank % 2; r < size; r += 2) expected += r;
            Check.eq(expected, sum[0], "Allreduce stays within the split");
            Check.eq(null, world.Split(MPI.UNDEFINED, 0), "UNDEFINED color gives null");
            half.Free();
            Check.throwsWith(IllegalStateException.class, half::Rank, "Comm.Rank", "freed");
            Check.isTrue(half.Is_null(), "Is_null after Free");
        });
        cases.add("dup_compare_and_isolation", () -> {
            Intracomm dup = (Intracomm) world.clone();
            Check.eq(MPI.IDENT, Comm.Compare(world, world), "ident");
            Check.eq(MPI.CONGRUENT, Comm.Compare(world, dup), "congruent");
            Intracomm reversed = world.Split(0, size - rank);
            Check.eq(size == 1 ? MPI.CONGRUENT : MPI.SIMILAR, Comm.Compare(world, reversed), "similar");
            // A message on dup is not received on world, even with ANY_TAG.
            int right = (rank + 1) % size, left = (rank + size - 1) % size;
            int[] a = new int[1], b = new int[1];
            dup.Send(new int[] {100 + rank}, 0, 1, MPI.INT, right, 1);
            world.Send(new int[] {200 + rank}, 0, 1, MPI.INT, right, 1);
            world.Recv(a, 0, 1, MPI.INT, left, MPI.ANY_TAG);
            dup.Recv(b, 0, 1, MPI.INT, left, MPI.ANY_TAG);
            Check.eq(200 + left, a[0], "world message");
            Check.eq(100 + left, b[0], "dup message");
            Check.eq(Boolean.FALSE, dup.Test_inter(), "not an intercommunicator");
            Check.eq(MPI.UNDEFINED, dup.Topo_test(), "no topology");
            dup.Free();
            reversed.Free();
            Check.throwsWith(IllegalArgumentException.class, world::Free, "Comm.Free", "predefined");
            Check.throwsWith(IllegalStateException.class, () -> MPI.COMM_NULL.Rank(), "Comm.Rank", "COMM_NULL");
        });
        cases.add("create_from_subgroup", () -> {
            Group first = world.Group().Incl(new int[] {0});
            Intracomm solo = world.Create(first);
            Check.isTrue(rank == 0 ? solo != null && solo.Size() == 1 : solo == null, "only rank 0 is in it");
        });
        cases.add("attributes", () -> {
            Object tagUb = world.Attr_get(MPI.TAG_UB);
            Check.isTrue(tagUb instanceof Integer && (Integer) tagUb >= 32767, "TAG_UB is an Integer >= 32767");
            Check.isTrue(world.Attr_get(MPI.HOST) instanceof Integer, "HOST");
            Object io = world.Attr_get(MPI.IO);
            Check.isTrue(io instanceof Integer, "IO");
        });
        cases.add("intercomm_between_halves", () -> {
            if (size < 2) return;
            int color = rank < size / 2 ? 0 : 1;
            Intracomm local = world.Split(color, rank);
            int remoteLeader = color == 0 ? size / 2 : 0;
            Intercomm inter = world.Create_intercomm(local, 0, remoteLeader, 77);
            Check.isTrue(inter.Test_inter(), "Test_inter");
            int remoteSize = color == 0 ? size - size / 2 : size / 2;
            Check.eq(remoteSize, inter.Remote_size(), "Remote_size");
            Check.eq(remoteSize, inter.Remote_group().Size(), "Remote_group");
            int[] got = new int[1];
            int peer = Math.min(local.Rank(), remoteSize - 1);
            if (local.Rank() < remoteSize && (color == 0 ? local.Rank() < size - size / 2 : true)) {
                inter.Sendrecv(new int[] {rank}, 0, 1, MPI.INT, peer, 5, got, 0, 1, MPI.INT, MPI.ANY_SOURCE, 5);
            }
            Intracomm merged = inter.Merge(color == 1);
            Check.eq(size, merged.Size(), "merged size");
            Check.eq(rank, merged.Rank(), "low group first, in order");
            merged.Free();
            inter.Free();
            local.Free();
        });
        cases.add("cartesian_grid", () -> {
            int[] dims = {0, 0};
            Cartcomm.Dims_create(size, dims);
            Check.eq(size, dims[0] * dims[1], "Dims_create covers every rank");
            Check.isTrue(dims[0] >= dims[1], "balanced, non-increasing");
            Cartcomm grid = world.Create_cart(dims, new boolean[] {true, false}, false);
            Check.eq(MPI.CART, grid.Topo_test(), "Topo_test");
            CartParms p = grid.Get();
            Check.eq(Arrays.toString(dims), Arrays.toString(p.dims), "dims");
            Check.eq(Arrays.toString(grid.Coords(rank)), Arrays.toString(p.coords), "Coords of self");
            Check.eq(rank, grid.Rank(p.coords), "Rank(Coords) round-trips");
            ShiftParms down = grid.Shift(0, 1);
            int[] c = p.coords.clone();
            c[0] = (c[0] + 1) % dims[0];
            Check.eq(grid.Rank(c), down.rank_dest, "periodic shift wraps");
            ShiftParms across = grid.Shift(1, 1);
            Check.eq(p.coords[1] == dims[1] - 1 ? MPI.PROC_NULL : rank + 1, across.rank_dest, "non-periodic edge");
            // Halo exchange along dimension 0 with Sendrecv.
            int[] halo = new int[1];
            grid.Sendrecv(new int[] {rank}, 0, 1, MPI.INT, down.rank_dest, 9, halo, 0, 1, MPI.INT, down.rank_source, 9);
            Check.eq(down.rank_source, halo[0], "halo from the source neighbour");
            Cartcomm rows = grid.Sub(new boolean[] {false, true});
            Check.eq(dims[1], rows.Size(), "Sub keeps one dimension");
            Check.eq(rank, grid.Map(dims, new boolean[] {true, false}), "Map");
            Check.throwsWith(IllegalArgumentException.class, () -> grid.Shift(2, 1), "Cartcomm.Shift", "direction");
            Check.throwsWith(IllegalArgumentException.class, () -> world.Create_cart(new int[] {size + 1},
                    new boolean[] {false}, false), "Intracomm.Create_cart", "cells");
            Check.throwsWith(IllegalArgumentException.class, () -> Cartcomm.Dims_create(0, new int[2]),
                    "Cartcomm.Dims_create", "nnodes");
            Cartcomm line = world.Create_cart(new int[] {1}, new boolean[] {false}, false);
            Check.isTrue(rank == 0 ? line != null : line == null, "ranks beyond the grid get null");
        });
        cases.add("graph_ring", () -> {
            int[] index = new int[size];
            List<Integer> edges = new ArrayList<>();
            for (int r = 0; r < size; r++) {
                if (size > 1) edges.add((r + 1) % size);
                if (size > 2) edges.add((r + size - 1) % size);
                index[r] = edges.size();
            }
            int[] e = edges.stream().mapToInt(Integer::intValue).toArray();
            Graphcomm ring = world.Create_graph(index, e, false);
            Check.eq(MPI.GRAPH, ring.Topo_test(), "Topo_test");
            GraphParms p = ring.Get();
            Check.eq(Arrays.toString(index), Arrays.toString(p.index), "index");
            Check.eq(Arrays.toString(e), Arrays.toString(p.edges), "edges");
            int[] n = ring.Neighbours(rank);
            Check.eq(size > 1 ? (rank + 1) % size : -1, n.length > 0 ? n[0] : -1, "first neighbour");
            Check.throwsWith(IllegalArgumentException.class, () -> world.Create_graph(new int[] {1}, new int[] {5},
                    false), "Intracomm.Create_graph", "edges[0]");
        });
    }

    /** The ranks of (union of even and odd) that put it back in world order. */
    static int[] order(Group even, Group odd, int size) {
        int[] order = new int[size];
        int evens = (size + 1) / 2;
        for (int r = 0; r < size; r++) order[r] = r % 2 == 0 ? r / 2 : evens + r / 2;
        return order;
    }
}

// compat: np=2,4
// Cartesian topologies: Dims_create (free and fixed dimensions), Create_cart (periodic and not, reorder false),
// Topo_test, Get, Rank(coords), Coords(rank), Shift in both directions (periodic wrap, and MPI.PROC_NULL off a
// non-periodic edge), clone, Sub keeping one dimension, Sub keeping none (a grid of the calling rank alone), Map.
import java.util.Arrays;

import mpi.*;

public class Cart {
    static int rank, size;

    static void p(String s) {
        byte[] b = (rank + ": " + s + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8);
        System.out.write(b, 0, b.length); // one write(2) per line: lines of different ranks never mix
        System.out.flush();
    }

    static String r(int x) {
        return x == MPI.PROC_NULL ? "PROC_NULL" : x == MPI.UNDEFINED ? "UNDEFINED" : "" + x;
    }

    static String topo(int t) {
        return t == MPI.CART ? "CART" : t == MPI.GRAPH ? "GRAPH" : t == MPI.UNDEFINED ? "UNDEFINED" : "" + t;
    }

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm w = MPI.COMM_WORLD;
        rank = w.Rank();
        size = w.Size();

        int[] d2 = new int[2];
        Cartcomm.Dims_create(size, d2);
        p("Dims_create(" + size + ", {0, 0}): " + Arrays.toString(d2));
        int[] d3 = new int[3];
        Cartcomm.Dims_create(size, d3);
        p("Dims_create(" + size + ", {0, 0, 0}): " + Arrays.toString(d3));
        int[] fixed = {0, 1};
        Cartcomm.Dims_create(size, fixed);
        p("Dims_create(" + size + ", {0, 1}): " + Arrays.toString(fixed));
        int[] twelve = {0, 0, 0};
        Cartcomm.Dims_create(12, twelve);
        p("Dims_create(12, {0, 0, 0}): " + Arrays.toString(twelve));

        // A 2-D grid, periodic in dimension 0 only
        Cartcomm cart = w.Create_cart(d2, new boolean[] {true, false}, false);
        p("Topo_test: " + topo(cart.Topo_test()) + " world: " + topo(w.Topo_test()));
        CartParms parms = cart.Get();
        p("Get: dims=" + Arrays.toString(parms.dims) + " periods=" + Arrays.toString(parms.periods) + " coords="
                + Arrays.toString(parms.coords));
        int[] c = cart.Coords(rank);
        p("Coords(" + rank + "): " + Arrays.toString(c) + " Rank(coords)=" + cart.Rank(c));
        for (int dim = 0; dim < 2; dim++) {
            for (int disp : new int[] {1, -1}) {
                ShiftParms sp = cart.Shift(dim, disp);
                p("Shift(" + dim + ", " + disp + "): source=" + r(sp.rank_source) + " dest=" + r(sp.rank_dest));
            }
        }
        ShiftParms two = cart.Shift(0, 2);
        p("Shift(0, 2): source=" + r(two.rank_source) + " dest=" + r(two.rank_dest));

        // Halo exchange along dimension 0 (periodic)
        ShiftParms sp = cart.Shift(0, 1);
        int[] got = {-1};
        cart.Sendrecv(new int[] {rank}, 0, 1, MPI.INT, sp.rank_dest, 1, got, 0, 1, MPI.INT, sp.rank_source, 1);
        p("Sendrecv along dimension 0: got " + got[0]);

        Cartcomm copy = (Cartcomm) cart.clone();
        p("clone: Topo_test=" + topo(copy.Topo_test()) + " dims=" + Arrays.toString(copy.Get().dims) + " coords="
                + Arrays.toString(copy.Get().coords));

        Cartcomm row = cart.Sub(new boolean[] {false, true});
        p("Sub({false, true}): size=" + row.Size() + " rank=" + row.Rank() + " dims="
                + Arrays.toString(row.Get().dims));
        Cartcomm col = cart.Sub(new boolean[] {true, false});
        int[] sum = new int[1];
        col.Allreduce(new int[] {rank}, 0, sum, 0, 1, MPI.INT, MPI.SUM);
        p("Sub({true, false}): size=" + col.Size() + " rank=" + col.Rank() + " sum of world ranks=" + sum[0]);
        Cartcomm point = cart.Sub(new boolean[] {false, false});
        if (point == null) {
            p("Sub({false, false}): null");
        } else {
            p("Sub({false, false}): size=" + point.Size() + " rank=" + point.Rank() + " dims="
                    + Arrays.toString(point.Get().dims));
        }

        p("Map(dims, periods): " + r(cart.Map(d2, new boolean[] {true, false})));
        p("Map({1}, {false}): " + r(cart.Map(new int[] {1}, new boolean[] {false})));
        w.Barrier();
        MPI.Finalize();
    }
}

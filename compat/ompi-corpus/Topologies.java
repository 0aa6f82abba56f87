// compat: np=2,4
// Process topologies in Open MPI's Java API: CartComm.createDims, Intracomm.createCart (reorder false), getTopo
// (CartParms getDimCount/getDim/getPeriod/getCoord), getCoords, getRank(coords), shift (ShiftParms, PROC_NULL off a
// non-periodic edge), sub, map; createGraph (a ring with a chord), GraphComm.getDims (GraphParms), getNeighbors,
// map; Comm.getTopology (CART, GRAPH, UNDEFINED); a neighbour exchange on the grid.
import java.util.*;

import mpi.*;

public class Topologies {
    static int rank;

    static void p(String s) {
        byte[] b = (rank + ": " + s + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8);
        System.out.write(b, 0, b.length); // one write(2) per line: lines of different ranks never mix
        System.out.flush();
    }

    static String rk(int r) {
        return r == MPI.PROC_NULL ? "PROC_NULL" : r == MPI.UNDEFINED ? "UNDEFINED" : String.valueOf(r);
    }

    static String topo(int t) {
        return t == MPI.CART ? "CART" : t == MPI.GRAPH ? "GRAPH" : t == MPI.UNDEFINED ? "UNDEFINED" : "other";
    }

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm w = MPI.COMM_WORLD;
        rank = w.getRank();
        int size = w.getSize();

        int[] dims = {0, 0};
        CartComm.createDims(size, dims);
        p("createDims(" + size + ", {0,0}): " + Arrays.toString(dims));
        int[] fixed = {0, 1, 0};
        CartComm.createDims(size, fixed);
        p("createDims(" + size + ", {0,1,0}): " + Arrays.toString(fixed));
        p("world topology: " + topo(w.getTopology()));

        // a dims[0] x dims[1] grid, periodic in dimension 0 only
        CartComm cart = w.createCart(dims, new boolean[] {true, false}, false);
        p("cart: rank " + cart.getRank() + " of " + cart.getSize() + ", topology " + topo(cart.getTopology()));
        CartParms tp = cart.getTopo();
        p("getTopo: dimCount " + tp.getDimCount() + " dims " + tp.getDim(0) + "x" + tp.getDim(1) + " periods "
                + tp.getPeriod(0) + "," + tp.getPeriod(1) + " coords " + tp.getCoord(0) + "," + tp.getCoord(1));
        int[] coords = cart.getCoords(cart.getRank());
        p("getCoords: " + Arrays.toString(coords) + ", getRank back: " + cart.getRank(coords));
        p("getCoords of the last rank: " + Arrays.toString(cart.getCoords(size - 1)));
        // periodic dimension 0 wraps: coordinate dims[0] is 0 again
        p("getRank({dims0, 0}) wraps: " + cart.getRank(new int[] {dims[0], 0}));
        for (int dim = 0; dim < 2; dim++) {
            for (int disp : new int[] {1, -1}) {
                ShiftParms sp = cart.shift(dim, disp);
                p("shift(" + dim + ", " + disp + "): source " + rk(sp.getRankSource()) + " dest "
                        + rk(sp.getRankDest()));
            }
        }
        // exchange with the neighbours of dimension 0 (periodic)
        ShiftParms sp = cart.shift(0, 1);
        int[] got = new int[1];
        cart.sendRecv(new int[] {rank * 10}, 1, MPI.INT, sp.getRankDest(), 1, got, 1, MPI.INT, sp.getRankSource(), 1);
        p("shifted along dimension 0: got " + got[0]);

        CartComm row = cart.sub(new boolean[] {false, true});
        p("sub(keep dim 1): rank " + row.getRank() + " of " + row.getSize() + ", dims " + row.getTopo().getDim(0)
                + ", topology " + topo(row.getTopology()));
        CartComm col = cart.sub(new boolean[] {true, false});
        p("sub(keep dim 0): rank " + col.getRank() + " of " + col.getSize() + ", periodic " + col.getTopo().getPeriod(0));
        p("cart map(dims, periods): " + rk(cart.map(dims, new boolean[] {true, false})));
        p("cart map({1}, {false}): " + rk(cart.map(new int[] {1}, new boolean[] {false})));
        row.free();
        col.free();
        cart.free();

        // a ring in which node 0 is also linked to every other node
        int[] index = new int[size];
        List<Integer> edges = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            TreeSet<Integer> nb = new TreeSet<>();
            nb.add((i + 1) % size);
            nb.add((i + size - 1) % size);
            if (i == 0) for (int j = 1; j < size; j++) nb.add(j);
            else nb.add(0);
            nb.remove(i);
            edges.addAll(nb);
            index[i] = edges.size();
        }
        int[] e = new int[edges.size()];
        for (int i = 0; i < e.length; i++) e[i] = edges.get(i);
        GraphComm graph = w.createGraph(index, e, false);
        p("graph: rank " + graph.getRank() + ", topology " + topo(graph.getTopology()));
        GraphParms gp = graph.getDims();
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < gp.getIndexCount(); i++) b.append(gp.getIndex(i)).append(' ');
        b.append("| ");
        for (int i = 0; i < gp.getEdgeCount(); i++) b.append(gp.getEdge(i)).append(' ');
        p("getDims: indexCount " + gp.getIndexCount() + " edgeCount " + gp.getEdgeCount() + ": " + b.toString().trim());
        int[] nb = graph.getNeighbors(rank);
        p("getNeighbors: " + Arrays.toString(nb));
        p("getNeighbors(0): " + Arrays.toString(graph.getNeighbors(0)));
        // send the rank to each neighbour, receive from each
        int[] from = new int[nb.length];
        Request[] rs = new Request[2 * nb.length];
        java.nio.IntBuffer[] in = new java.nio.IntBuffer[nb.length];
        for (int i = 0; i < nb.length; i++) {
            in[i] = MPI.newIntBuffer(1);
            rs[i] = graph.iRecv(in[i], 1, MPI.INT, nb[i], 2);
            java.nio.IntBuffer out = MPI.newIntBuffer(1);
            out.put(0, rank + 100);
            rs[nb.length + i] = graph.iSend(out, 1, MPI.INT, nb[i], 2);
        }
        Request.waitAll(rs);
        for (int i = 0; i < nb.length; i++) from[i] = in[i].get(0);
        p("from the neighbours: " + Arrays.toString(from));
        p("graph map: " + rk(graph.map(index, e)));
        graph.free();
        w.barrier();
        MPI.Finalize();
    }
}

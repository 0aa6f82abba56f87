// compat: np=2,4
// pack/unpack/packSize in Open MPI's Java API: values of several types (arrays, a slice, a direct buffer and a
// derived vector) packed into one byte[], sent as MPI.PACKED to the next rank, probed, and unpacked in the same
// order; packSize bounds what pack wrote.
import java.nio.*;
import java.util.*;

import mpi.*;

public class PackUnpack {
    static int rank;

    static void p(String s) {
        byte[] b = (rank + ": " + s + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8);
        System.out.write(b, 0, b.length); // one write(2) per line: lines of different ranks never mix
        System.out.flush();
    }

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm w = MPI.COMM_WORLD;
        rank = w.getRank();
        int size = w.getSize(), r = rank;
        int next = (r + 1) % size, prev = (r + size - 1) % size;

        Datatype vec = Datatype.createVector(2, 1, 3, MPI.INT); // ints 0 and 3
        vec.commit();
        int bound = w.packSize(3, MPI.INT) + w.packSize(2, MPI.DOUBLE) + w.packSize(2, MPI.CHAR)
                + w.packSize(4, MPI.LONG) + w.packSize(2, vec) + w.packSize(1, MPI.BOOLEAN);
        byte[] packed = new byte[bound];
        int pos = 0;
        pos = w.pack(new int[] {r, -r, 100 + r}, 3, MPI.INT, packed, pos);
        int afterInts = pos;
        pos = w.pack(new double[] {r + 0.5, -1e-3}, 2, MPI.DOUBLE, packed, pos);
        pos = w.pack(MPI.slice("xyz".toCharArray(), 1), 2, MPI.CHAR, packed, pos);
        LongBuffer lb = MPI.newLongBuffer(4);
        for (int i = 0; i < 4; i++) lb.put(i, ((long) r << 33) + i);
        pos = w.pack(lb, 4, MPI.LONG, packed, pos);
        int[] spaced = {r * 10, -1, -1, r * 10 + 1, r * 10 + 2, -1, -1, r * 10 + 3};
        pos = w.pack(spaced, 2, vec, packed, pos);
        pos = w.pack(new boolean[] {r % 2 == 1}, 1, MPI.BOOLEAN, packed, pos);
        p("packed: 3 ints end at " + afterInts + ", all within packSize's bound: " + (pos <= bound)
                + ", packSize(3, INT) >= 12: " + (w.packSize(3, MPI.INT) >= 12));

        w.sendRecv(packed, pos, MPI.PACKED, next, 1, new byte[0], 0, MPI.PACKED, MPI.PROC_NULL, 1);
        Status ps = w.probe(prev, 1);
        byte[] in = new byte[ps.getCount(MPI.PACKED)];
        w.recv(in, in.length, MPI.PACKED, prev, 1);
        p("received as many packed bytes as this rank packed (the same program): " + (in.length == pos));

        int q = 0;
        int[] ints = new int[3];
        q = w.unpack(in, q, ints, 3, MPI.INT);
        double[] ds = new double[2];
        q = w.unpack(in, q, ds, 2, MPI.DOUBLE);
        char[] cs = {'.', '.', '.'};
        q = w.unpack(in, q, MPI.slice(cs, 1), 2, MPI.CHAR);
        LongBuffer lin = MPI.newLongBuffer(4);
        q = w.unpack(in, q, lin, 4, MPI.LONG);
        int[] spread = new int[8];
        Arrays.fill(spread, 7);
        q = w.unpack(in, q, spread, 2, vec);
        boolean[] flag = new boolean[1];
        q = w.unpack(in, q, flag, 1, MPI.BOOLEAN);
        p("unpacked ints " + Arrays.toString(ints) + " doubles " + Arrays.toString(ds) + " chars " + new String(cs)
                + " longs " + lin.get(0) + "," + lin.get(1) + "," + lin.get(2) + "," + lin.get(3));
        p("unpacked vector " + Arrays.toString(spread) + " boolean " + flag[0] + ", read it all: "
                + (q == in.length));
        vec.free();
        w.barrier();
        MPI.Finalize();
    }
}

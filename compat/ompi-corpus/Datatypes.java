// compat: np=2,4
// Derived datatypes in Open MPI's Java API: createContiguous/Vector/HVector/Indexed/HIndexed/Struct/Resized
// (H- strides and displacements and Resized's bounds in bytes), commit, getExtent/getLb/getSize/getTrueExtent/
// getTrueLb (in elements of the base type; bytes for Struct, whose base is BYTE), dup, setName/getName,
// attributes, free; and messages sent with them from Java arrays and direct buffers to the next rank, received
// both as plain elements and through the same type (the gaps of the receive buffer stay as they were).
import java.nio.*;
import java.util.*;

import mpi.*;

public class Datatypes {
    static int rank;

    static void p(String s) {
        byte[] b = (rank + ": " + s + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8);
        System.out.write(b, 0, b.length); // one write(2) per line: lines of different ranks never mix
        System.out.flush();
    }

    static String bounds(Datatype t) throws MPIException {
        return "lb=" + t.getLb() + " extent=" + t.getExtent() + " size=" + t.getSize() + " trueLb=" + t.getTrueLb()
                + " trueExtent=" + t.getTrueExtent();
    }

    static String ints(IntBuffer b) {
        StringBuilder s = new StringBuilder("[");
        for (int i = 0; i < b.capacity(); i++) s.append(i > 0 ? ", " : "").append(b.get(i));
        return s.append("]").toString();
    }

    static int[] seq(int base, int n) {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) a[i] = base + i;
        return a;
    }

    static int[] filled(int n, int v) {
        int[] a = new int[n];
        Arrays.fill(a, v);
        return a;
    }

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm w = MPI.COMM_WORLD;
        rank = w.getRank();
        int size = w.getSize();
        int next = (rank + 1) % size, prev = (rank + size - 1) % size;

        p("INT: " + bounds(MPI.INT));
        p("DOUBLE: " + bounds(MPI.DOUBLE));
        p("BYTE: " + bounds(MPI.BYTE));

        Datatype contig = Datatype.createContiguous(3, MPI.INT);
        Datatype vector = Datatype.createVector(3, 2, 4, MPI.INT);          // ints 0 1, 4 5, 8 9
        Datatype hvector = Datatype.createHVector(2, 3, 20, MPI.INT);       // ints 0 1 2, 5 6 7
        Datatype indexed = Datatype.createIndexed(new int[] {2, 1, 3}, new int[] {1, 5, 7}, MPI.INT);
        Datatype hindexed = Datatype.createHIndexed(new int[] {1, 2}, new int[] {8, 24}, MPI.INT); // 2, 6 7
        Datatype resized = Datatype.createResized(MPI.INT, 0, 12);          // one int every 3
        Datatype lbResized = Datatype.createResized(contig, -4, 20);        // lb -1 int, extent 5 ints
        Datatype vecOfContig = Datatype.createVector(2, 1, 2, contig);      // ints 0 1 2, 6 7 8
        Datatype[] types = {contig, vector, hvector, indexed, hindexed, resized, lbResized, vecOfContig};
        String[] names = {"contiguous(3)", "vector(3,2,4)", "hvector(2,3,20 bytes)", "indexed({2,1,3},{1,5,7})",
            "hindexed({1,2},{8,24 bytes})", "resized(INT,0,12 bytes)", "resized(contiguous(3),-4,20 bytes)",
            "vector(2,1,2) of contiguous(3)"};
        // the positions (in ints) of one item's elements, in type-map order
        int[][] maps = {{0, 1, 2}, {0, 1, 4, 5, 8, 9}, {0, 1, 2, 5, 6, 7}, {1, 2, 5, 7, 8, 9}, {2, 6, 7}, {0},
            {0, 1, 2}, {0, 1, 2, 6, 7, 8}};
        for (int i = 0; i < types.length; i++) {
            types[i].commit();
            p(names[i] + ": " + bounds(types[i]));
        }

        // Two items of each type from an int[] of the rank's numbers, received as plain ints, then sent as ints
        // and received through the type into an array filled with -1 (the gaps must stay -1)
        for (int i = 0; i < types.length; i++) {
            Datatype t = types[i];
            int lb = t.getLb(), ext = t.getExtent();
            int span = Math.max(2 * ext, maps[i][maps[i].length - 1] + ext + 1) - Math.min(0, lb);
            int origin = -Math.min(0, lb); // the buffer's first element is the type's lb when lb < 0
            int[] src = seq(rank * 100, span + origin);
            int n = 2 * t.getSize();
            int[] flat = filled(n + 1, -1);
            Status s = w.sendRecv(MPI.slice(src, origin), 2, t, next, i, flat, n, MPI.INT, prev, i);
            p(names[i] + " sent, as INT: " + Arrays.toString(flat) + " count(INT)=" + s.getCount(MPI.INT));
            int[] spread = filled(span + origin, -1);
            s = w.sendRecv(seq(rank * 100, n), n, MPI.INT, next, 50 + i, MPI.slice(spread, origin), 2, t, prev,
                    50 + i);
            p(names[i] + " received: " + Arrays.toString(spread) + " count(type)=" + s.getCount(t) + " elements="
                    + s.getElements(t));
        }

        // The same through direct buffers: a vector sent from an IntBuffer and received into one
        {
            IntBuffer src = MPI.newIntBuffer(10), dst = MPI.newIntBuffer(10);
            for (int i = 0; i < 10; i++) {
                src.put(i, rank * 10 + i);
                dst.put(i, -1);
            }
            Status s = w.sendRecv(src, 1, vector, next, 80, dst, 1, vector, prev, 80);
            p("vector direct: " + ints(dst) + " count=" + s.getCount(vector));
            IntBuffer hsrc = MPI.newIntBuffer(8), hdst = MPI.newIntBuffer(8);
            for (int i = 0; i < 8; i++) {
                hsrc.put(i, rank * 10 + i);
                hdst.put(i, -1);
            }
            s = w.sendRecv(hsrc, 1, hvector, next, 81, MPI.slice(hdst, 1), 6, MPI.INT, prev, 81);
            p("hvector direct, as INT into a slice: " + ints(hdst) + " count=" + s.getCount(MPI.INT));
        }

        // A partial message: 5 ints received through vector(3,2,4): count undefined, elements 5, the rest untouched
        {
            int[] got = filled(10, -1);
            Status s = w.sendRecv(seq(rank * 10, 5), 5, MPI.INT, next, 82, got, 1, vector, prev, 82);
            p("partial vector: " + Arrays.toString(got) + " count==UNDEFINED " + (s.getCount(vector) == MPI.UNDEFINED)
                    + " elements=" + s.getElements(vector));
        }

        // Collectives with derived types on arrays: a vector broadcast from the last rank (the receivers' gaps
        // stay), and a gather whose receive type is resized to one int every 3
        {
            int[] v = filled(10, -1);
            if (rank == size - 1) v = seq(500, 10);
            w.bcast(v, 1, vector, size - 1);
            p("bcast of a vector: " + Arrays.toString(v));
            int[] all = filled(3 * size, -1);
            w.gather(new int[] {rank * 7}, 1, MPI.INT, all, 1, resized, 0);
            p("gather into resized: " + (rank == 0 ? Arrays.toString(all) : "not root"));
            int[] part = filled(3, -1);
            int[] src = seq(300, 3 * size);
            w.scatter(src, 1, resized, part, 1, MPI.INT, size - 1);
            p("scatter from resized: " + Arrays.toString(part));
        }

        // Struct: an int at byte 0, two doubles at byte 8, a short at byte 24; base BYTE, so bounds in bytes
        {
            Datatype st = Datatype.createStruct(new int[] {1, 2, 1}, new int[] {0, 8, 24},
                    new Datatype[] {MPI.INT, MPI.DOUBLE, MPI.SHORT});
            st.commit();
            p("struct(int@0, 2 double@8, short@24): " + bounds(st));
            ByteBuffer out = MPI.newByteBuffer(2 * st.getExtent()), in = MPI.newByteBuffer(2 * st.getExtent());
            for (int k = 0; k < 2; k++) {
                int o = k * st.getExtent();
                out.putInt(o, rank * 10 + k).putDouble(o + 8, rank + 0.5 + k).putDouble(o + 16, -rank - k)
                        .putShort(o + 24, (short) (rank - 100 * k));
            }
            Status s = w.sendRecv(out, 2, st, next, 83, in, 2, st, prev, 83);
            StringBuilder b = new StringBuilder();
            for (int k = 0; k < 2; k++) {
                int o = k * st.getExtent();
                b.append(" (").append(in.getInt(o)).append(", ").append(in.getDouble(o + 8)).append(", ")
                        .append(in.getDouble(o + 16)).append(", ").append(in.getShort(o + 24)).append(")");
            }
            p("struct direct:" + b + " count=" + s.getCount(st) + " elements=" + s.getElements(st));
            // a struct's base is BYTE: its Java arrays are byte[]
            Datatype pair = Datatype.createStruct(new int[] {1, 1}, new int[] {0, 8},
                    new Datatype[] {MPI.INT, MPI.INT});
            pair.commit();
            p("struct(int@0, int@8): " + bounds(pair));
            byte[] bo = new byte[2 * pair.getExtent()], bi = new byte[2 * pair.getExtent()];
            ByteBuffer view = ByteBuffer.wrap(bo).order(ByteOrder.nativeOrder());
            view.putInt(0, rank).putInt(8, -rank).putInt(12, rank + 7).putInt(20, 99);
            s = w.sendRecv(bo, 2, pair, next, 84, bi, 2, pair, prev, 84);
            ByteBuffer got = ByteBuffer.wrap(bi).order(ByteOrder.nativeOrder());
            p("struct byte[]: " + got.getInt(0) + " " + got.getInt(8) + " " + got.getInt(12) + " " + got.getInt(20)
                    + " gap " + got.getInt(4) + " count=" + s.getCount(pair));
            st.free();
            pair.free();
        }

        // dup, names, attributes
        {
            Datatype d = vector.dup();
            p("dup of vector: " + bounds(d));
            d.setName("my vector");
            vector.setName("the vector");
            p("names: " + d.getName() + " / " + vector.getName());
            int key = Datatype.createKeyval();
            d.setAttr(key, "attached to the dup");
            p("attribute: " + d.getAttr(key) + ", on the original: " + vector.getAttr(key));
            d.deleteAttr(key);
            p("attribute after deleteAttr: " + d.getAttr(key));
            Datatype.freeKeyval(key);
            int[] got = filled(10, -1);
            w.sendRecv(seq(rank * 10, 10), 1, d, next, 85, got, 1, vector, prev, 85);
            p("sent with the dup: " + Arrays.toString(got));
            d.free();
            p("freed dup: isNull " + d.isNull() + ", original isNull " + vector.isNull());
        }

        for (Datatype t : types) t.free();
        w.barrier();
        MPI.Finalize();
    }
}

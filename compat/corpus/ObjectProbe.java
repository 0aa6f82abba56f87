// compat: np=2,4
// The common pattern for MPI.OBJECT messages of unknown length: Probe (or Iprobe), then size the receive array
// with Status.Get_count(MPI.OBJECT) and Recv exactly that many objects. (Get_count after a probe must give the
// message's count in units of the datatype, as it does for the primitive types.)
import java.util.Arrays;

import mpi.*;

public class ObjectProbe {
    static int rank;

    static void p(String s) {
        byte[] b = (rank + ": " + s + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8);
        System.out.write(b, 0, b.length); // one write(2) per line: lines of different ranks never mix
        System.out.flush();
    }

    static final String NATIVE_GET_COUNT = "not called on MPJ Express's native device: ArithmeticException "
            + "(/ by zero) in mpi.Status.Get_count";

    static String count(int c) {
        return c == MPI.UNDEFINED ? "UNDEFINED" : "" + c;
    }

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm w = MPI.COMM_WORLD;
        rank = w.Rank();
        int size = w.Size();
        int next = (rank + 1) % size, prev = (rank + size - 1) % size;

        // rank r sends r + 2 strings
        Object[] out = new Object[rank + 2];
        for (int i = 0; i < out.length; i++) {
            out[i] = "s" + rank + "." + i;
        }
        Request sr = w.Isend(out, 0, out.length, MPI.OBJECT, next, 1);
        Status ps = w.Probe(prev, 1);
        // MPJ Express's native device: Status.Get_count after a probe divides by MPI.OBJECT's byte size (0)
        boolean nat = device().equals("native");
        p("Probe: source=" + ps.source + " tag=" + ps.tag);
        p("Get_count(OBJECT) after Probe: " + (nat ? NATIVE_GET_COUNT : count(ps.Get_count(MPI.OBJECT))));
        // the pattern itself, guarded so that an UNDEFINED count does not stop the program
        int n = nat ? prev + 2 : ps.Get_count(MPI.OBJECT);
        Object[] in = new Object[n > 0 ? n : prev + 2];
        Status rs = w.Recv(in, 0, in.length, MPI.OBJECT, ps.source, ps.tag);
        sr.Wait();
        p("Recv: " + Arrays.toString(in) + " Get_count(OBJECT)=" + count(rs.Get_count(MPI.OBJECT)));

        // Iprobe, then the same
        sr = w.Isend(new Object[] {Integer.valueOf(rank)}, 0, 1, MPI.OBJECT, next, 2);
        Status ip;
        while ((ip = w.Iprobe(prev, 2)) == null) {
            Thread.yield();
        }
        p("Iprobe: source=" + ip.source);
        p("Get_count(OBJECT) after Iprobe: " + (nat ? NATIVE_GET_COUNT : count(ip.Get_count(MPI.OBJECT))));
        Object[] one = new Object[1];
        w.Recv(one, 0, 1, MPI.OBJECT, prev, 2);
        sr.Wait();
        p("Recv after Iprobe: " + one[0]);
        w.Barrier();
        MPI.Finalize();
    }

    /** "natmpj", or MPJ Express's device: "native" (natmpjdev) or "multicore". */
    static String device() {
        try {
            Class<?> c = Class.forName("mpjdev.Constants");
            return c.getField("isNative").getBoolean(null) ? "native" : "multicore";
        } catch (ReflectiveOperationException e) {
            return "natmpj";
        }
    }
}

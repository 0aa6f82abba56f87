// compat: np=2
// compat: natmpj-only
// Members of Open MPI's Java API whose MPI-3 mechanism natmpj does not offer yet: each must throw
// UnsupportedOperationException naming the member (docs/ompi-api.md). Runs on natmpj only (on Open MPI's bindings
// these calls work): its expected output is Pending.expected beside it. The calls are made in the same order on
// every rank, so a member that starts working makes the output differ rather than hang.
import java.nio.*;

import mpi.*;

public class Pending {
    static int rank;

    static void p(String s) {
        byte[] b = (rank + ": " + s + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8);
        System.out.write(b, 0, b.length); // one write(2) per line: lines of different ranks never mix
        System.out.flush();
    }

    interface Call {
        Object run() throws MPIException;
    }

    static void check(String member, Call call) {
        try {
            Object r = call.run();
            p(member + ": returned " + (r == null ? "null" : r.getClass().getSimpleName()));
        } catch (UnsupportedOperationException e) {
            String m = e.getMessage() == null ? "" : e.getMessage();
            p(member + ": UnsupportedOperationException, naming it " + m.contains(member));
        } catch (Exception e) {
            p(member + ": " + e.getClass().getSimpleName());
        }
    }

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm w = MPI.COMM_WORLD;
        rank = w.getRank();
        IntBuffer b = MPI.newIntBuffer(2);
        check("iBarrier", () -> w.iBarrier());
        check("iBcast", () -> w.iBcast(b, 2, MPI.INT, 0));
        check("iAllReduce", () -> w.iAllReduce(b, 2, MPI.INT, MPI.SUM));
        w.barrier();
        MPI.Finalize();
    }
}

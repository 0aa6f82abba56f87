// compat: np=2
// Request.Cancel: a receive that no message matches is cancelled (Wait returns, Test_cancelled is true); a
// receive that was matched before the Cancel is not (its data arrive, Test_cancelled is false).
import mpi.*;

public class Cancel {
    static int rank;
    static boolean mpje;

    static void p(String s) {
        byte[] b = (rank + ": " + s + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8);
        System.out.write(b, 0, b.length); // one write(2) per line: lines of different ranks never mix
        System.out.flush();
    }

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        try {
            Class.forName("mpjdev.Comm");
            mpje = true;
        } catch (ClassNotFoundException e) {
            mpje = false;
        }
        Intracomm w = MPI.COMM_WORLD;
        rank = w.Rank();
        int size = w.Size();
        int next = (rank + 1) % size, prev = (rank + size - 1) % size;

        // Nothing is ever sent with tag 99
        int[] in = {-1};
        if (mpje) {
            p("unmatched receive: not cancelled on MPJ Express: Cancel is not implemented, the Wait hangs");
        } else {
            Request r = w.Irecv(in, 0, 1, MPI.INT, prev, 99);
            r.Cancel();
            Status s = r.Wait();
            p("unmatched receive: Test_cancelled=" + s.Test_cancelled() + " data=" + in[0]);
        }

        // A receive that completes first: Cancel comes too late
        Request r2 = w.Irecv(in, 0, 1, MPI.INT, prev, 5);
        w.Send(new int[] {rank + 40}, 0, 1, MPI.INT, next, 5);
        Status s2 = r2.Wait();
        p("completed receive: Test_cancelled=" + s2.Test_cancelled() + " data=" + in[0]);

        w.Barrier();
        MPI.Finalize();
    }
}

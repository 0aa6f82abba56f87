// compat: np=2
// Bad input is an exception, not a crash or a hang: a send to a rank outside the communicator, a count beyond the
// end of the array, a null buffer; then a user-defined Op in Reduce and Allreduce (legal in MPI;
// MPJ Express's native device passes it to its JNI library, which has no way to call it and must throw). Every
// call is made by every rank, and the job goes on afterwards (a Bcast, then Finalize), so a rank left behind or a
// crashed JVM shows. Prints "threw" or "returned", never the exception's class or text (implementations differ).
import java.util.Arrays;

import mpi.*;

public class BadInput {
    static int rank;

    static void p(String s) {
        byte[] b = (rank + ": " + s + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8);
        System.out.write(b, 0, b.length); // one write(2) per line: lines of different ranks never mix
        System.out.flush();
    }

    interface Call {
        void run() throws Exception;
    }

    static void attempt(String key, Call c) {
        String result;
        try {
            c.run();
            result = "returned";
        } catch (Exception e) {
            String m = e.getMessage();
            result = "threw" + (m != null && !m.isEmpty() ? " with a message" : " without a message");
            System.err.println(rank + ": " + key + ": " + e);
        }
        p(key + ": " + result);
    }

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm w = MPI.COMM_WORLD;
        rank = w.Rank();
        int size = w.Size();
        int[] a = {1, 2, 3, 4};

        attempt("Send to rank Size()", () -> w.Send(a, 0, 1, MPI.INT, size, 1));
        attempt("Send count beyond the array", () -> w.Send(a, 2, 5, MPI.INT, (rank + 1) % size, 2));
        attempt("Send of a null array", () -> w.Send(null, 0, 1, MPI.INT, (rank + 1) % size, 3));
        w.Barrier();

        // A user op (a sum) that MPI applies like MPI.SUM
        Op sum = new Op(new User_function() {
            public void Call(Object in, int inOff, Object inout, int inoutOff, int count, Datatype t) {
                int[] x = (int[]) in, y = (int[]) inout;
                for (int i = 0; i < count; i++) {
                    y[inoutOff + i] += x[inOff + i];
                }
            }
        }, true);
        int[] out = new int[2];
        attempt("Reduce with a user Op", () -> {
            w.Reduce(new int[] {rank, 1}, 0, out, 0, 2, MPI.INT, sum, 0);
            if (rank == 0) {
                p("Reduce with a user Op result: " + Arrays.toString(out));
            }
        });
        int[] all = new int[2];
        attempt("Allreduce with a user Op", () -> {
            w.Allreduce(new int[] {rank, 1}, 0, all, 0, 2, MPI.INT, sum);
            p("Allreduce with a user Op result: " + Arrays.toString(all));
        });

        // The job still works
        int[] b = {rank == 0 ? 42 : 0};
        w.Bcast(b, 0, 1, MPI.INT, 0);
        p("Bcast afterwards: " + b[0]);
        w.Barrier();
        MPI.Finalize();
    }
}

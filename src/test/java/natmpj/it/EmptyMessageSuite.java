package natmpj.it;

import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Status;
import natmpj.testkit.Cases;
import natmpj.testkit.Check;

/**
 * Empty messages from and into Java arrays between real peers: blocking calls hand MPI no array for them (pinning
 * one would cost more than the call), so MPI gets a NULL buffer with count 0. Statuses must still be right, the
 * arrays untouched, and a message that arrives at an empty receive must fail as truncated, not write anywhere.
 */
public final class EmptyMessageSuite {
    public static void main(String[] args) throws Exception {
        Cases.job(args).run(EmptyMessageSuite::addCases);
    }

    private static void addCases(Cases cases) {
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank(), size = world.Size();
        int right = (rank + 1) % size, left = (rank + size - 1) % size;
        int partner = rank % 2 == 0 ? rank + 1 : rank - 1;
        boolean paired = partner < size;

        cases.add("sendrecv_empty_arrays_ring", () -> {
            int[] out = {1, 2, 3, 4, 5}, in = {-1, -1, -1, -1, -1};
            Status s = world.Sendrecv(out, 2, 0, MPI.INT, right, 31, in, 2, 0, MPI.INT, left, 31);
            Check.eq(left, s.source, "source");
            Check.eq(31, s.tag, "tag");
            Check.eq(0, s.Get_count(MPI.INT), "count");
            for (int i = 0; i < in.length; i++) Check.eq(-1, in[i], "in[" + i + "]");
            for (int i = 0; i < out.length; i++) Check.eq(i + 1, out[i], "out[" + i + "]");
        });
        cases.add("sendrecv_empty_send_into_posted_receive", () -> {
            double[] out = {9.5}, in = {-1, -1, -1, -1};
            Status s = world.Sendrecv(out, 0, 0, MPI.DOUBLE, right, 32, in, 1, 2, MPI.DOUBLE, left, 32);
            Check.eq(0, s.Get_count(MPI.DOUBLE), "count");
            for (int i = 0; i < in.length; i++) Check.eq(-1.0, in[i], "in[" + i + "]");
        });
        cases.add("sendrecv_message_into_empty_receive_truncates", () -> {
            byte[] out = {7}, in = {-1, -1};
            MPIException e = Check.throwsWith(MPIException.class,
                    () -> world.Sendrecv(out, 0, 1, MPI.BYTE, right, 33, in, 1, 0, MPI.BYTE, left, 33));
            Check.eq(MPI.ERR_TRUNCATE, e.getErrorClass(), "error class");
            Check.eq(-1, (int) in[0], "in[0]");
            Check.eq(-1, (int) in[1], "in[1]");
        });
        cases.add("sendrecv_replace_empty", () -> {
            long[] buf = {10, 20, 30};
            Status s = world.Sendrecv_replace(buf, 1, 0, MPI.LONG, right, 34, left, 34);
            Check.eq(left, s.source, "source");
            Check.eq(0, s.Get_count(MPI.LONG), "count");
            Check.eq(20L, buf[1], "buf[1]");
        });
        cases.add("recv_empty_truncates_a_message_then_works", () -> {
            if (!paired) return;
            if (rank % 2 == 0) {
                world.Send(new int[] {42}, 0, 1, MPI.INT, partner, 35);
                world.Send(new int[] {43}, 0, 1, MPI.INT, partner, 36);
            } else {
                int[] in = {-1, -1};
                MPIException e = Check.throwsWith(MPIException.class,
                        () -> world.Recv(in, 1, 0, MPI.INT, partner, 35));
                Check.eq(MPI.ERR_TRUNCATE, e.getErrorClass(), "error class");
                Check.eq(-1, in[1], "in[1] after the truncated receive");
                Status s = world.Recv(in, 1, 1, MPI.INT, partner, 36);
                Check.eq(43, in[1], "the next message");
                Check.eq(-1, in[0], "in[0]");
                Check.eq(1, s.Get_count(MPI.INT), "count of the next message");
            }
        });
    }
}

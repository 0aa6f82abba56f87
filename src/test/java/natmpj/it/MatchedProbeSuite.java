package natmpj.it;

import java.nio.ByteBuffer;
import java.nio.DoubleBuffer;
import java.nio.IntBuffer;

import mpi.Comm;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Message;
import mpi.Request;
import mpi.Status;
import natmpj.testkit.Cases;
import natmpj.testkit.Check;
import natmpj.testkit.MultiRank;

/**
 * Open MPI's matched probes on natmpj (mpi.Message: MPI_Mprobe, MPI_Improbe, MPI_Mrecv, MPI_Imrecv): messages of a
 * size known only from the probe, into arrays, direct and heap buffers; the matched message is the one received
 * (a receive in between cannot take it); MPI_MESSAGE_NO_PROC; and bad use refused with an exception that names the
 * call: a Message received twice or never probed, a probe into a Message that still holds one, bad arguments.
 */
@MultiRank(jvm = {"", "-Xcheck:jni"}, extraJdks = true)
public final class MatchedProbeSuite {
    public static void main(String[] args) throws Exception {
        Cases.job(args).run(MatchedProbeSuite::addCases);
    }

    private static void addCases(Cases cases) {
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank(), size = world.getSize();
        int right = (rank + 1) % size, left = (rank + size - 1) % size;

        cases.add("improbe_nothing_pending", () -> {
            Message m = new Message();
            Check.isTrue(m.isNull() && !m.isNoProc(), "a new Message is MPI_MESSAGE_NULL");
            Check.isTrue(m.imProbe(MPI.ANY_SOURCE, 999, world) == null, "imProbe with nothing pending: null");
            Check.isTrue(m.isNull(), "still MPI_MESSAGE_NULL");
        });
        cases.add("mprobe_mrecv_arrays", () -> {
            int n = 3 * (rank + 1) + 2;
            int[] out = new int[n];
            for (int i = 0; i < n; i++) out[i] = 1000 * rank + i;
            Request s = world.iSend(IntBuffer.wrap(out), n, MPI.INT, right, 5);
            Message m = new Message();
            Status probed = m.mProbe(left, 5, world);
            Check.isTrue(!m.isNull() && !m.isNoProc(), "matched");
            int count = probed.getCount(MPI.INT);
            Check.eq(3 * (left + 1) + 2, count, "probed count");
            Check.eq(left, probed.getSource(), "probed source");
            Check.eq(5, probed.getTag(), "probed tag");
            int[] in = new int[count];
            Status st = m.mRecv(in, count, MPI.INT);
            Check.isTrue(m.isNull(), "MPI_MESSAGE_NULL after the receive");
            Check.eq(count, st.getCount(MPI.INT), "received count");
            Check.eq(left, st.getSource(), "received source");
            for (int i = 0; i < count; i++) Check.eq(1000 * left + i, in[i], "in[" + i + "]");
            s.waitFor();
        });
        cases.add("mprobe_any_source_mrecv_direct", () -> {
            ByteBuffer out = MPI.newByteBuffer(40);
            for (int i = 0; i < 40; i++) out.put(i, (byte) (rank + i));
            Request s = world.iSend(out, 40, MPI.BYTE, right, 6);
            Message m = new Message();
            Status probed = m.mProbe(MPI.ANY_SOURCE, MPI.ANY_TAG, world);
            Check.eq(left, probed.getSource(), "source");
            ByteBuffer in = MPI.newByteBuffer(64);
            Status st = m.mRecv(in, probed.getCount(MPI.BYTE), MPI.BYTE);
            Check.eq(40, st.getCount(MPI.BYTE), "count");
            for (int i = 0; i < 40; i++) Check.eq((byte) (left + i), in.get(i), "in[" + i + "]");
            s.waitFor();
        });
        cases.add("improbe_imrecv_direct_and_heap", () -> {
            for (boolean direct : new boolean[] {true, false}) {
                double[] values = new double[7];
                for (int i = 0; i < 7; i++) values[i] = rank + i / 8.0;
                world.send(values, 7, MPI.DOUBLE, right, 7);
                Message m = new Message();
                Status probed;
                long deadline = System.nanoTime() + 30_000_000_000L;
                while ((probed = m.imProbe(left, 7, world)) == null) {
                    if (System.nanoTime() > deadline) throw new AssertionError("no message in 30 s");
                    Thread.yield();
                }
                int count = probed.getCount(MPI.DOUBLE);
                Check.eq(7, count, "probed count");
                double[] backing = new double[count + 3];
                DoubleBuffer in = direct ? MPI.newDoubleBuffer(count) : MPI.slice(backing, 3);
                Request r = m.imRecv(in, count, MPI.DOUBLE);
                Check.isTrue(m.isNull(), "MPI_MESSAGE_NULL once imRecv started");
                Status st = r.waitStatus();
                Check.eq(count, st.getCount(MPI.DOUBLE), "count");
                Check.eq(left, st.getSource(), "source");
                for (int i = 0; i < count; i++) {
                    double got = direct ? in.get(i) : backing[3 + i];
                    Check.eq(left + i / 8.0, got, (direct ? "direct" : "heap") + " in[" + i + "]");
                }
            }
        });
        cases.add("matched_message_is_not_taken_by_other_receives", () -> {
            world.send(new int[] {1, rank}, 2, MPI.INT, right, 8);
            world.send(new int[] {2, rank}, 2, MPI.INT, right, 8);
            Message m = new Message();
            m.mProbe(left, 8, world); // the first message
            int[] second = new int[2], first = new int[2];
            world.recv(second, 2, MPI.INT, left, 8); // cannot take the matched one
            m.mRecv(first, 2, MPI.INT);
            Check.eq(1, first[0], "the matched message is the first");
            Check.eq(2, second[0], "the plain receive got the second");
        });
        cases.add("proc_null", () -> {
            Message m = new Message();
            Status st = m.mProbe(MPI.PROC_NULL, 3, world);
            Check.isTrue(m.isNoProc() && !m.isNull(), "MPI_MESSAGE_NO_PROC");
            Check.eq(MPI.PROC_NULL, st.getSource(), "probe source");
            Status r = m.mRecv(new int[1], 1, MPI.INT);
            Check.eq(MPI.PROC_NULL, r.getSource(), "receive source");
            Check.eq(0, r.getCount(MPI.INT), "receive count");
            Check.isTrue(m.isNull() && !m.isNoProc(), "null after receive");
            Check.isTrue(m.imProbe(MPI.PROC_NULL, 3, world) != null, "imProbe of PROC_NULL matches at once");
            Check.isTrue(m.isNoProc(), "MPI_MESSAGE_NO_PROC again");
            Status w = m.imRecv(MPI.newIntBuffer(1), 1, MPI.INT).waitStatus();
            Check.eq(MPI.PROC_NULL, w.getSource(), "imRecv source");
            Check.isTrue(m.isNull(), "null after imRecv");
        });
        cases.add("bad_use_refused", () -> {
            Message m = new Message();
            refused(IllegalStateException.class, () -> m.mRecv(new int[1], 1, MPI.INT), "Message.mRecv",
                    "no matched message");
            refused(IllegalStateException.class, () -> m.imRecv(MPI.newIntBuffer(1), 1, MPI.INT), "Message.imRecv",
                    "no matched message");
            refused(NullPointerException.class, () -> m.mProbe(0, 0, null), "Message.mProbe", "comm is null");
            refused(IllegalArgumentException.class, () -> m.mProbe(size, 0, world), "Message.mProbe", "source");
            refused(IllegalArgumentException.class, () -> m.imProbe(0, -5, world), "Message.imProbe", "tag");
            Comm freed = world.dup();
            freed.free();
            refused(IllegalStateException.class, () -> m.imProbe(0, 0, freed), "Message.imProbe", "comm");
            Check.isTrue(m.isNull(), "nothing matched by refused probes");

            world.send(new int[] {4, 5, 6}, 3, MPI.INT, right, 9);
            m.mProbe(left, 9, world);
            refused(IllegalStateException.class, () -> m.mProbe(left, 9, world), "Message.mProbe",
                    "still holds a matched message");
            refused(IndexOutOfBoundsException.class, () -> m.mRecv(new int[2], 3, MPI.INT), "Message.mRecv");
            Check.isTrue(!m.isNull(), "a refused receive leaves the message matched");
            int[] in = new int[3];
            m.mRecv(in, 3, MPI.INT);
            Check.eq(6, in[2], "received after the refusals");
            refused(IllegalStateException.class, () -> m.mRecv(in, 3, MPI.INT), "Message.mRecv",
                    "already received");

            // Truncation: MPI's error, and the message is gone either way.
            world.send(new int[] {1, 2, 3, 4}, 4, MPI.INT, right, 10);
            m.mProbe(left, 10, world);
            MPIException e = Check.throwsWith(MPIException.class, () -> m.mRecv(new int[2], 2, MPI.INT),
                    "Message.mRecv");
            Check.eq(MPI.ERR_TRUNCATE, e.getErrorClass(), "error class of " + e.getMessage());
            Check.isTrue(m.isNull(), "null after a failed receive");
        });
    }

    private static void refused(Class<? extends RuntimeException> cause, Cases.Body call, String... words) {
        MPIException e = Check.throwsWith(MPIException.class, call, words);
        Check.isTrue(cause.isInstance(e.getCause()), "cause " + e.getCause() + " is a " + cause.getSimpleName());
    }
}

package natmpj.bench;

import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import mpi.Comm;
import mpi.MPI;

/**
 * A ping-pong between ranks 0 and 1 through natmpj's two APIs alternately, in one run: blocks of round trips
 * through mpiJava 1.2's members (Send/Recv, or Isend/Irecv + Wait) and through Open MPI's Java API's (send/recv, or
 * iSend/iRecv + waitFor), one block of each in turn, the order within a pair of blocks swapped every pair. A slow
 * phase of the machine then hits both alike, and the difference of each pair of neighbouring blocks is the
 * facade's cost, free of the machine's drift. Not a JMH benchmark (JMH forks singleton processes; a ping-pong needs
 * two ranks): run under mpirun with natmpj's jar and benchmarks.jar on the class path, e.g.
 *
 * <pre>
 *   bin/mpjrun -np 2 -cp bench/jmh/target/benchmarks.jar --bind-to core -- natmpj.bench.DialectPingPong
 * </pre>
 *
 * <p>Cases: blocking and non-blocking calls, byte[] and direct ByteBuffer (MPI.newByteBuffer), each size of
 * --sizes. Open MPI's non-blocking calls take a java.nio.Buffer: an array there is wrapped once (ByteBuffer.wrap),
 * which natmpj accepts and pins or stages like mpiJava's Isend of the array (Open MPI's own bindings refuse it).
 * CSV on rank 0, one line per case and API, the time of a block being half a round trip in us:
 * calls,buffer,size_bytes,api,blocks,round_trips,best_us,median_us,p25_us,p75_us; then per case a line with api
 * {@code ompi-mpijava}: the differences of neighbouring blocks (Open MPI's API minus mpiJava's), with best_us the
 * smallest difference and the rest their median and quartiles.
 */
public final class DialectPingPong {
    private static final int TAG = 5;
    static final String HEADER = "calls,buffer,size_bytes,api,blocks,round_trips,best_us,median_us,p25_us,p75_us";

    private final Comm world = MPI.COMM_WORLD;
    private final int rank, peer;
    private final boolean nonBlocking;
    /** byte[] or direct ByteBuffer; for Open MPI's non-blocking calls as a Buffer (the array wrapped). */
    private final Object send, recv;
    private final Buffer sendBuffer, recvBuffer;

    private DialectPingPong(int rank, boolean nonBlocking, boolean direct, int capacity) {
        this.rank = rank;
        this.peer = 1 - rank;
        this.nonBlocking = nonBlocking;
        send = direct ? MPI.newByteBuffer(capacity) : new byte[capacity];
        recv = direct ? MPI.newByteBuffer(capacity) : new byte[capacity];
        sendBuffer = direct ? (Buffer) send : ByteBuffer.wrap((byte[]) send);
        recvBuffer = direct ? (Buffer) recv : ByteBuffer.wrap((byte[]) recv);
    }

    /** n round trips through mpiJava's members. */
    private void mpiJava(int size, long n) {
        if (nonBlocking) {
            for (long i = 0; i < n; i++) {
                if (rank == 0) {
                    world.Isend(send, 0, size, MPI.BYTE, peer, TAG).Wait();
                    world.Irecv(recv, 0, size, MPI.BYTE, peer, TAG).Wait();
                } else {
                    world.Irecv(recv, 0, size, MPI.BYTE, peer, TAG).Wait();
                    world.Isend(send, 0, size, MPI.BYTE, peer, TAG).Wait();
                }
            }
        } else if (rank == 0) {
            for (long i = 0; i < n; i++) {
                world.Send(send, 0, size, MPI.BYTE, peer, TAG);
                world.Recv(recv, 0, size, MPI.BYTE, peer, TAG);
            }
        } else {
            for (long i = 0; i < n; i++) {
                world.Recv(recv, 0, size, MPI.BYTE, peer, TAG);
                world.Send(send, 0, size, MPI.BYTE, peer, TAG);
            }
        }
    }

    /** n round trips through Open MPI's API's members. */
    private void ompi(int size, long n) {
        if (nonBlocking) {
            for (long i = 0; i < n; i++) {
                if (rank == 0) {
                    world.iSend(sendBuffer, size, MPI.BYTE, peer, TAG).waitFor();
                    world.iRecv(recvBuffer, size, MPI.BYTE, peer, TAG).waitFor();
                } else {
                    world.iRecv(recvBuffer, size, MPI.BYTE, peer, TAG).waitFor();
                    world.iSend(sendBuffer, size, MPI.BYTE, peer, TAG).waitFor();
                }
            }
        } else if (rank == 0) {
            for (long i = 0; i < n; i++) {
                world.send(send, size, MPI.BYTE, peer, TAG);
                world.recv(recv, size, MPI.BYTE, peer, TAG);
            }
        } else {
            for (long i = 0; i < n; i++) {
                world.recv(recv, size, MPI.BYTE, peer, TAG);
                world.send(send, size, MPI.BYTE, peer, TAG);
            }
        }
    }

    /** Half a round trip in us over a block of n round trips through one API. */
    private double block(boolean ompi, int size, long n) {
        long t0 = System.nanoTime();
        if (ompi) ompi(size, n); else mpiJava(size, n);
        return (System.nanoTime() - t0) / 1e3 / n / 2;
    }

    /** One round trip through each API with patterned bytes, checked on both ranks. */
    private void validate(int size) {
        for (int api = 0; api < 2; api++) {
            for (int i = 0; i < size; i++) {
                put(send, i, pattern(i, api, rank));
                put(recv, i, (byte) 0);
            }
            if (api == 1) ompi(size, 1); else mpiJava(size, 1);
            for (int i = 0; i < size; i++) {
                if (get(recv, i) != pattern(i, api, peer)) {
                    System.err.printf("DialectPingPong: rank %d, size %d, %s: byte %d wrong%n", rank, size,
                            api == 1 ? "Open MPI's API" : "mpiJava", i);
                    world.Abort(2);
                }
            }
        }
    }

    private static byte pattern(int i, int api, int sender) {
        return (byte) ((i * 31 + api * 7 + sender * 101) * 0x9E3779B1 >>> 24);
    }

    private static void put(Object buf, int i, byte v) {
        if (buf instanceof byte[]) ((byte[]) buf)[i] = v; else ((ByteBuffer) buf).put(i, v);
    }

    private static byte get(Object buf, int i) {
        return buf instanceof byte[] ? ((byte[]) buf)[i] : ((ByteBuffer) buf).get(i);
    }

    private static double quantile(double[] sorted, double q) {
        double pos = q * (sorted.length - 1);
        int i = (int) pos;
        return i + 1 < sorted.length ? sorted[i] + (pos - i) * (sorted[i + 1] - sorted[i]) : sorted[sorted.length - 1];
    }

    private static String line(String head, String api, double[] v, long roundTrips) {
        double[] s = v.clone();
        Arrays.sort(s);
        return String.format(Locale.ROOT, "%s,%s,%d,%d,%.4f,%.4f,%.4f,%.4f", head, api, s.length, roundTrips, s[0],
                quantile(s, 0.5), quantile(s, 0.25), quantile(s, 0.75));
    }

    public static void main(String[] args) {
        args = MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int[] sizes = {1, 1024};
        int pairs = 200;
        long roundTrips = 10_000, warmup = 1_000_000;
        for (int i = 0; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--sizes":
                    sizes = Arrays.stream(args[i + 1].split(",")).mapToInt(Integer::parseInt).toArray();
                    break;
                case "--pairs": pairs = Integer.parseInt(args[i + 1]); break;
                case "--round-trips": roundTrips = Long.parseLong(args[i + 1]); break;
                case "--warmup": warmup = Long.parseLong(args[i + 1]); break;
                default: throw new IllegalArgumentException("unknown option " + args[i] + " (options: --sizes LIST, "
                        + "--pairs N of blocks, --round-trips N a block, --warmup N round trips of each API a case)");
            }
        }
        if (args.length % 2 != 0) {
            throw new IllegalArgumentException("option without a value: " + args[args.length - 1]);
        }
        if (MPI.COMM_WORLD.Size() < 2) throw new IllegalStateException("needs 2 ranks");
        int max = Arrays.stream(sizes).max().orElse(1);
        List<String> out = new ArrayList<>();
        if (rank < 2) {
            for (boolean nonBlocking : new boolean[] {false, true}) {
                for (boolean direct : new boolean[] {false, true}) {
                    DialectPingPong p = new DialectPingPong(rank, nonBlocking, direct, Math.max(max, 1));
                    for (int size : sizes) {
                        p.validate(size);
                        // Warm-up: both APIs, in blocks as timed, until each has made warmup round trips.
                        long block = Math.max(1, Math.min(roundTrips, warmup));
                        for (long done = 0; done < warmup; done += block) {
                            p.block(false, size, block);
                            p.block(true, size, block);
                        }
                        double[] mpiJava = new double[pairs], ompi = new double[pairs], diff = new double[pairs];
                        for (int b = 0; b < pairs; b++) {
                            boolean ompiFirst = b % 2 == 1;
                            double first = p.block(ompiFirst, size, roundTrips);
                            double second = p.block(!ompiFirst, size, roundTrips);
                            mpiJava[b] = ompiFirst ? second : first;
                            ompi[b] = ompiFirst ? first : second;
                            diff[b] = ompi[b] - mpiJava[b];
                        }
                        p.validate(size);
                        String head = String.format(Locale.ROOT, "%s,%s,%d",
                                nonBlocking ? "nonblocking" : "blocking", direct ? "direct" : "array", size);
                        out.add(line(head, "mpijava", mpiJava, roundTrips));
                        out.add(line(head, "ompi", ompi, roundTrips));
                        out.add(line(head, "ompi-mpijava", diff, roundTrips));
                        if (rank == 0) {
                            for (String l : out.subList(out.size() - 3, out.size())) System.err.println("# " + l);
                        }
                    }
                }
            }
        }
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) {
            System.out.println(HEADER);
            out.forEach(System.out::println);
        }
        MPI.Finalize();
    }
}

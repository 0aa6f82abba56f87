import java.nio.ByteBuffer;
import java.util.Locale;

import mpi.MPI;

/**
 * Ping-pong latency and bandwidth between ranks 0 and 1: natmpj's benchmark, and an example of blocking
 * point-to-point messaging. Other ranks just wait at the final barrier.
 *
 * <pre>
 *   javac -d /tmp/ex -cp target/natmpj-0.1.0.jar examples/PingPong.java
 *   mpirun -np 2 --bind-to core java -cp target/natmpj-0.1.0.jar:/tmp/ex \
 *       -Djava.library.path=target/native/openmpi PingPong [--buffer array|direct] [--min B] [--max B]
 *       [--calls blocking|nonblocking]
 *   ... PingPong --help
 * </pre>
 *
 * <p>Rank 0 prints one CSV line per message size: {@code impl,buffer,size_bytes,iterations,latency_us,bandwidth_MBps},
 * where latency is half the round trip and bandwidth is size / latency (1 MB/s = 1e6 bytes/s).
 *
 * <p>examples/c/pingpong.c is its C twin and must stay the same benchmark: same sizes, iteration and warm-up
 * counts, validation and output. With {@code --buffer array} this only uses what MPJ Express also offers (Java
 * arrays, blocking Send/Recv, no Wtime: MPJ Express's ticks in whole seconds, hence System.nanoTime), so the same
 * source measures both.
 */
public class PingPong {
    private static final int TAG = 1;
    private static final int DEFAULT_MAX = 4 << 20;

    public static void main(String[] args) throws Exception {
        // MPJ Express hands main its own arguments first; Init returns the user's.
        args = MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int nprocs = MPI.COMM_WORLD.Size();

        Options opt;
        try {
            opt = Options.parse(args);
        } catch (IllegalArgumentException e) {
            if (rank == 0) System.err.println("PingPong: " + e.getMessage() + "\n" + Options.USAGE);
            MPI.Finalize();
            System.exit(1);
            return;
        }
        if (opt.help || nprocs < 2) {
            if (rank == 0 && opt.help) System.out.print(Options.USAGE);
            if (rank == 0 && !opt.help) System.err.println("PingPong: needs at least 2 ranks, got " + nprocs);
            MPI.Finalize();
            System.exit(opt.help ? 0 : 1);
            return;
        }

        if (rank < 2) {
            // One buffer of the largest size for every size, as the C twin does. Both kinds are handed to MPI
            // without a copy: the array is pinned for the call, the direct buffer passed by address.
            int capacity = Math.max(opt.max, 1);
            Object buf = opt.direct ? ByteBuffer.allocateDirect(capacity) : new byte[capacity];
            if (rank == 0) {
                System.out.println("impl,buffer,size_bytes,iterations,latency_us,bandwidth_MBps");
                System.out.flush();
            }
            pingpong(buf, Math.min(1, opt.max), opt.jitWarmup, rank);
            for (long s = opt.min; s <= opt.max; s = s == 0 ? 1 : s * 2) {
                int size = (int) s;
                long n = iterations(size, opt.scale);
                validate(buf, size, 0, rank);
                pingpong(buf, size, warmups(size), rank);
                long t0 = System.nanoTime();
                pingpong(buf, size, n, rank);
                long t1 = System.nanoTime();
                validate(buf, size, 1, rank);
                if (rank == 0) {
                    double latencyUs = (t1 - t0) / 1e3 / n / 2;
                    System.out.println(String.format(Locale.ROOT, "%s,%s,%d,%d,%.3f,%.2f", opt.impl,
                            opt.direct ? "direct" : "array", size, n, latencyUs, size / latencyUs));
                    System.out.flush();
                }
            }
        }
        MPI.COMM_WORLD.Barrier();
        MPI.Finalize();
    }

    /**
     * Round trips of 1 byte before the first size. The JIT compiles the messaging path in background threads,
     * which share the core with the busy-polling rank: measured, its final code arrives ~0.2 s after the first
     * message, later than the 1e5 warm-up round trips of the first size take to run. Same count in the C twin.
     */
    static final long JIT_WARMUP = 1_000_000;

    /** Timed round trips: enough for a stable mean at small sizes, about 1 GiB each way at large ones. */
    static long iterations(int size, double scale) {
        long n = Math.max(50, Math.min(100000, (1L << 30) / Math.max(size, 1)));
        return Math.max(1, (long) (n * scale));
    }

    /**
     * Warm-up round trips of each size, so that caches, pages and MPI's protocol for the size (eager or
     * rendezvous) are settled before timing: ~1e5 for small sizes, down to 10 for the largest. Never scaled.
     */
    static long warmups(int size) {
        return Math.max(10, Math.min(100000, (1L << 26) / Math.max(size, 1)));
    }

    /** --calls nonblocking: Isend/Irecv + Wait instead of Send/Recv (arrays are then staged, see README). */
    static boolean nonBlocking;

    /** n round trips of size bytes, the same buffer both ways. This loop is all the timing sees. */
    static void pingpong(Object buf, int size, long n, int rank) throws Exception {
        int peer = 1 - rank;
        if (nonBlocking) {
            for (long i = 0; i < n; i++) {
                if (rank == 0) {
                    MPI.COMM_WORLD.Isend(buf, 0, size, MPI.BYTE, peer, TAG).Wait();
                    MPI.COMM_WORLD.Irecv(buf, 0, size, MPI.BYTE, peer, TAG).Wait();
                } else {
                    MPI.COMM_WORLD.Irecv(buf, 0, size, MPI.BYTE, peer, TAG).Wait();
                    MPI.COMM_WORLD.Isend(buf, 0, size, MPI.BYTE, peer, TAG).Wait();
                }
            }
            return;
        }
        if (rank == 0) {
            for (long i = 0; i < n; i++) {
                MPI.COMM_WORLD.Send(buf, 0, size, MPI.BYTE, peer, TAG);
                MPI.COMM_WORLD.Recv(buf, 0, size, MPI.BYTE, peer, TAG);
            }
        } else {
            for (long i = 0; i < n; i++) {
                MPI.COMM_WORLD.Recv(buf, 0, size, MPI.BYTE, peer, TAG);
                MPI.COMM_WORLD.Send(buf, 0, size, MPI.BYTE, peer, TAG);
            }
        }
    }

    /**
     * One checked round trip outside the timed loop, before the warm-up and after the timed loop of each size
     * (the second one runs the JIT-compiled path): rank 0 sends its pattern, rank 1 checks it and answers with
     * its own, rank 0 checks that.
     */
    static void validate(Object buf, int size, int round, int rank) throws Exception {
        int peer = 1 - rank;
        if (rank == 0) {
            fill(buf, size, round, 0);
            MPI.COMM_WORLD.Send(buf, 0, size, MPI.BYTE, peer, TAG);
            clear(buf, size);
            MPI.COMM_WORLD.Recv(buf, 0, size, MPI.BYTE, peer, TAG);
            check(buf, size, round, 1, rank);
        } else {
            clear(buf, size);
            MPI.COMM_WORLD.Recv(buf, 0, size, MPI.BYTE, peer, TAG);
            check(buf, size, round, 0, rank);
            fill(buf, size, round, 1);
            MPI.COMM_WORLD.Send(buf, 0, size, MPI.BYTE, peer, TAG);
        }
    }

    /** Byte i of a validation message: depends on size, round and sender so a stale or misplaced buffer shows. */
    static byte pattern(int i, int size, int round, int sender) {
        int x = (i + size * 131 + round * 7919 + sender * 104729) * 0x9E3779B1;
        return (byte) (x >>> 24);
    }

    static void fill(Object buf, int size, int round, int sender) {
        for (int i = 0; i < size; i++) put(buf, i, pattern(i, size, round, sender));
    }

    static void clear(Object buf, int size) {
        for (int i = 0; i < size; i++) put(buf, i, (byte) 0);
    }

    static void check(Object buf, int size, int round, int sender, int rank) throws Exception {
        for (int i = 0; i < size; i++) {
            byte want = pattern(i, size, round, sender), got = get(buf, i);
            if (got != want) {
                System.err.printf("PingPong: rank %d: size %d, validation round %d: byte %d is %d, expected %d%n",
                        rank, size, round, i, got & 0xff, want & 0xff);
                MPI.COMM_WORLD.Abort(2);
            }
        }
    }

    private static void put(Object buf, int i, byte b) {
        if (buf instanceof byte[]) ((byte[]) buf)[i] = b;
        else ((ByteBuffer) buf).put(i, b);
    }

    private static byte get(Object buf, int i) {
        return buf instanceof byte[] ? ((byte[]) buf)[i] : ((ByteBuffer) buf).get(i);
    }

    /** Command line, parsed identically on every rank (they all get the same arguments). */
    static final class Options {
        static final String USAGE = ""
                + "Usage: mpirun -np 2 java ... PingPong [options]\n"
                + "Ping-pong latency and bandwidth between ranks 0 and 1 (other ranks wait).\n"
                + "  --buffer array|direct  message buffer: a Java byte[] (default) or a direct ByteBuffer\n"
                + "  --min BYTES            smallest message size (default 1; 0 adds an empty message)\n"
                + "  --max BYTES            largest message size (default " + DEFAULT_MAX + "); the sizes are\n"
                + "                         min, 2*min, 4*min, ... up to max\n"
                + "  --iters-scale F        multiply the timed iteration counts by F (default 1; warm-up is not\n"
                + "                         scaled)\n"
                + "  --jit-warmup N         1-byte round trips before the first size, for the JIT (default\n"
                + "                         " + JIT_WARMUP + ")\n"
                + "  --calls blocking|nonblocking  Send/Recv (default) or Isend/Irecv + Wait in the timed loop\n"
                + "  --impl NAME            first CSV column (default java), e.g. to tell bindings apart\n"
                + "  --help                 this text\n"
                + "CSV on rank 0: impl,buffer,size_bytes,iterations,latency_us,bandwidth_MBps\n";

        boolean help, direct;
        int min = 1, max = DEFAULT_MAX;
        double scale = 1.0;
        long jitWarmup = JIT_WARMUP;
        String impl = "java";

        static Options parse(String[] args) {
            Options o = new Options();
            for (int i = 0; i < args.length; i++) {
                String a = args[i];
                if (a.equals("--help") || a.equals("-h")) {
                    o.help = true;
                    continue;
                }
                if (i + 1 >= args.length) throw new IllegalArgumentException("unknown option or missing value: " + a);
                String v = args[++i];
                switch (a) {
                    case "--buffer":
                        if (!v.equals("array") && !v.equals("direct")) {
                            throw new IllegalArgumentException("--buffer must be array or direct, not " + v);
                        }
                        o.direct = v.equals("direct");
                        break;
                    case "--min": o.min = size(a, v); break;
                    case "--max": o.max = size(a, v); break;
                    case "--iters-scale":
                        try {
                            o.scale = Double.parseDouble(v);
                        } catch (NumberFormatException e) {
                            o.scale = Double.NaN;
                        }
                        if (!(o.scale > 0 && o.scale < 1e6)) {
                            throw new IllegalArgumentException("--iters-scale must be a positive number, not " + v);
                        }
                        break;
                    case "--jit-warmup": o.jitWarmup = size(a, v); break;
                    case "--impl": o.impl = v; break;
                    case "--calls":
                        if (!v.equals("blocking") && !v.equals("nonblocking")) {
                            throw new IllegalArgumentException("--calls must be blocking or nonblocking, not " + v);
                        }
                        nonBlocking = v.equals("nonblocking");
                        break;
                    default: throw new IllegalArgumentException("unknown option: " + a);
                }
            }
            if (o.min > o.max) throw new IllegalArgumentException("--min " + o.min + " is above --max " + o.max);
            return o;
        }

        private static int size(String option, String v) {
            try {
                int n = Integer.parseInt(v);
                if (n >= 0 && n <= 1 << 30) return n;
            } catch (NumberFormatException e) {
                // reported below
            }
            throw new IllegalArgumentException(option + " must be an integer in 0.." + (1 << 30) + ", not " + v);
        }
    }
}

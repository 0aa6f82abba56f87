package natmpj.internal;

import natmpj.jni.NativeMPI;

/**
 * What one request of a non-blocking collective, a one-sided operation or a file operation keeps for MPI until it
 * completes: its buffers ({@link Message}s resolved for a request: pinned, staged or a direct buffer's address), and
 * the native copies of the count, displacement and datatype arrays MPI reads while the operation progresses (MPI-3.1
 * 5.12: "the arrays ... must not be modified until the request completes", so natmpj owns copies, not the caller's
 * arrays). At completion, staged buffers MPI wrote are copied back whole (the call fills them; a v-collective's gaps
 * were copied in first and go back unchanged), and everything is given back; a request freed while active orphans it
 * all until MPI_Finalize, as a freed point-to-point request does.
 *
 * <p>Not thread-safe: one thread builds it, and the request's completion (on any thread, once) ends it.
 */
public final class Held {
    private Message[] buffers = new Message[2];
    private int nBuffers;
    private Staging[] memory;
    private int nMemory;
    /** The datatype a user-op reduction combines, registered with {@link UserOps} until completion; or null. */
    private BufferType userOpType;
    /** Run after a successful completion (before buffers are released): reads what MPI wrote at completion. */
    private Runnable onCompletion;
    private boolean direct;

    /**
     * A buffer MPI reads ({@link Message#READ}) or writes, validated by the caller ({@code off} from
     * {@link Buffers#offset}): resolved for a request and held. A staged buffer MPI reads is copied in now; one MPI
     * writes is copied in too when {@code gaps} (a v-collective's receive buffer, whose blocks leave gaps that the
     * whole copy back must not change).
     */
    public Message buffer(String call, Object buf, long off, int count, BufferType type, int access, boolean gaps) {
        int a = gaps && access == Message.WRITE ? Message.READ_WRITE : access;
        Message m = Message.request(call, buf, off, count, type, a);
        add(m);
        if ((a & Message.READ) != 0) m.copyIn(call);
        if (buf instanceof java.nio.Buffer) direct = true;
        return m;
    }

    private void add(Message m) {
        if (nBuffers == buffers.length) buffers = java.util.Arrays.copyOf(buffers, nBuffers * 2);
        buffers[nBuffers++] = m;
    }

    /** Native memory of {@code bytes} bytes (contents undefined), held until completion; its address. */
    public long memory(String call, long bytes) {
        Staging s = Staging.acquire(Math.max(bytes, 8), call);
        if (memory == null) memory = new Staging[4];
        if (nMemory == memory.length) memory = java.util.Arrays.copyOf(memory, nMemory * 2);
        memory[nMemory++] = s;
        return s.address;
    }

    /** A native copy of {@code n} ints of {@code values} (null: none, address 0), held until completion. */
    public long ints(String call, int[] values, int n) {
        if (values == null) return 0;
        long at = memory(call, (long) n * Integer.BYTES);
        Failures.check(NativeMPI.copy_in(values, 0, at, (long) n * Integer.BYTES), call);
        return at;
    }

    /** A native copy of {@code n} handles (longs), held until completion. */
    public long handles(String call, long[] values, int n) {
        if (values == null) return 0;
        long at = memory(call, (long) n * Long.BYTES);
        Failures.check(NativeMPI.copy_in(values, 0, at, (long) n * Long.BYTES), call);
        return at;
    }

    /** Reads the long MPI wrote at {@code address}, memory of this Held (at completion, say). */
    public static long readLong(long address, String call) {
        long[] value = new long[1];
        Failures.check(NativeMPI.copy_out(address, value, 0, Long.BYTES), call);
        return value[0];
    }

    /** A reduction with a user op: its datatype is known to callbacks until completion. */
    public void userOp(BufferType type) {
        UserOps.begin(type);
        userOpType = type;
    }

    /** Runs {@code action} when the operation has completed successfully. */
    public void onCompletion(Runnable action) {
        onCompletion = action;
    }

    /** Whether a buffer is a direct buffer (the request must stay reachable while active, and with it the buffer). */
    public boolean holdsDirectBuffer() {
        return direct;
    }

    /**
     * The request completed ({@code ok}: successfully, so what MPI wrote is copied back). Gives everything back;
     * rethrows what a user op's function threw during the operation.
     */
    public void completed(String call, boolean ok) {
        BufferType t = userOpType;
        userOpType = null; // not for release(): end() below unregisters it and reports what its function threw
        try {
            if (ok) {
                if (onCompletion != null) onCompletion.run();
                for (int i = 0; i < nBuffers; i++) if (buffers[i].writes()) buffers[i].copyOut(call, -1);
            }
        } finally {
            release();
        }
        if (t != null) UserOps.end(t, call);
    }

    /** The operation never started (MPI refused it): everything given back. */
    public void release() {
        for (int i = 0; i < nBuffers; i++) buffers[i].release();
        for (int i = 0; i < nMemory; i++) memory[i].release();
        nBuffers = nMemory = 0;
        if (userOpType != null) {
            UserOps.unregister(userOpType);
            userOpType = null;
        }
    }

    /** The request was freed while active: MPI may still use the memory, kept until MPI_Finalize. */
    public void orphan() {
        for (int i = 0; i < nBuffers; i++) buffers[i].orphan();
        for (int i = 0; i < nMemory; i++) memory[i].orphan();
        nBuffers = nMemory = 0;
    }
}

package mpi;

import static natmpj.jni.NativeMPIConstants.STATUS_FLAG;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;

import natmpj.internal.DroppedHandles;
import natmpj.internal.Held;
import natmpj.internal.LiveHandles;
import natmpj.internal.LiveSet;
import natmpj.internal.Message;
import natmpj.internal.RequestScratch;
import natmpj.internal.StatusBuffer;
import natmpj.jni.NativeMPI;

/**
 * A non-blocking communication in progress, completed by {@link #Wait}, {@link #Test} or the static calls on
 * several requests (which hand the whole array to MPI_Waitall, MPI_Testsome, ...).
 *
 * <p>A request keeps what it uses valid until it completes, whatever the garbage collector does meanwhile: an active
 * request on a direct buffer stays reachable even if the program drops it, and with it the buffer; a Java array is
 * staged in native memory (see {@link natmpj.internal.Message}), which lives as long as MPI may use it: copied in
 * when a send starts, copied back (only what arrived) when a receive completes; pending requests of one array range
 * share one block ({@link #redundantCopies}). Until then the array is the caller's, as MPI requires of any buffer in
 * use. A persistent request dropped while inactive is freed for the program (see {@link DroppedHandles}), so an
 * active one is kept reachable too; requests still active at MPI.Finalize are reported there.
 */
public class Request implements Freeable {
    /** Active requests on direct buffers, and active persistent ones: they must stay reachable (see above). */
    private static final LiveSet KEPT_WHILE_ACTIVE = new LiveSet();
    /**
     * Requests started and not yet completed nor freed, non-persistent and persistent ones apart, for MPI.Finalize's
     * report (a set would cost more). The non-persistent counts are also LiveHandles' count of those requests, so
     * that such a request costs one counter update at start and one at completion, not two of each.
     */
    private static final LongAdder PENDING_RECEIVES = new LongAdder(), PENDING_SENDS = new LongAdder(),
            ACTIVE_PERSISTENT_RECEIVES = new LongAdder(), ACTIVE_PERSISTENT_SENDS = new LongAdder(),
            PENDING_OTHER = new LongAdder();

    static {
        LiveHandles.countAlso(LiveHandles.Kind.REQUEST, new java.util.function.LongSupplier() { // no lambda at Init
            @Override
            public long getAsLong() {
                return PENDING_RECEIVES.sum() + PENDING_SENDS.sum() + PENDING_OTHER.sum();
            }
        });
    }

    long handle;
    /** The last call on several requests that saw this one (see {@link #repeated}). */
    private long stamp;
    final boolean persistent;
    final boolean receive;
    private Message buffer;
    /** A collective's, one-sided or file operation's buffers and arrays (see {@link Held}), or null. */
    private Held held;
    /** Started and not yet completed: only then does completion copy a staged receive back. */
    boolean active;
    private boolean cancelled;
    private boolean freed;
    /** Membership in {@link #KEPT_WHILE_ACTIVE}, or null. */
    private LiveSet.Link kept;
    /** For a persistent request: its registration with the Cleaner. */
    private final DroppedHandles.Tracked tracked;

    /** A null request ({@code MPI.REQUEST_NULL}). */
    Request(long nullHandle) {
        this.handle = nullHandle;
        this.persistent = false;
        this.receive = false;
        this.tracked = null;
    }

    Request(long handle, boolean persistent, boolean receive, Message buffer) {
        this.handle = handle;
        this.persistent = persistent;
        this.receive = receive;
        this.buffer = buffer;
        if (handle == MPI.requestNullHandle) {
            tracked = null;
        } else if (persistent) {
            tracked = DroppedHandles.track(this, LiveHandles.Kind.REQUEST, "persistent request",
                    releaseWhenDropped(handle, buffer));
        } else {
            tracked = null; // counted while pending (started() and ended())
        }
        if (!persistent) started();
    }

    /**
     * A non-blocking collective, one-sided or file operation MPI started: {@code held} keeps what MPI uses until it
     * completes.
     */
    Request(long handle, Held held) {
        this.handle = handle;
        this.persistent = false;
        this.receive = false;
        this.held = held;
        this.tracked = null;
        started();
    }

    /** Frees an inactive persistent request the program dropped; must not reference the request itself. */
    private static Runnable releaseWhenDropped(long handle, Message buffer) {
        return () -> {
            NativeMPI.request_free(handle);
            if (buffer != null) buffer.release();
        };
    }

    /** Marks the request active; a send's array has been copied in by the caller. */
    final void started() {
        active = true;
        pending().increment();
        if (persistent || buffer != null && buffer.buf instanceof java.nio.Buffer || held != null) {
            kept = KEPT_WHILE_ACTIVE.add(this);
        }
    }

    private LongAdder pending() {
        if (held != null) return PENDING_OTHER;
        return persistent ? (receive ? ACTIVE_PERSISTENT_RECEIVES : ACTIVE_PERSISTENT_SENDS)
                : (receive ? PENDING_RECEIVES : PENDING_SENDS);
    }

    /** Active to inactive (completed or freed). */
    private void ended() {
        if (!active) return;
        active = false;
        pending().decrement();
        if (kept != null) {
            KEPT_WHILE_ACTIVE.remove(kept);
            kept = null;
        }
    }

    /** MPI is done with the handle (the request completed or was freed): it becomes MPI_REQUEST_NULL. */
    private void handleGone() {
        if (handle == MPI.requestNullHandle) return;
        handle = MPI.requestNullHandle;
        if (tracked != null) tracked.freed(); // a non-persistent one stopped counting in ended()
    }

    /** Blocks until the request completes; a null or inactive request returns at once with an empty status. */
    public Status Wait() throws MPIException {
        return waitOne("Request.Wait");
    }

    /** The status if the request has completed (or is null or inactive), else null. */
    public Status Test() throws MPIException {
        return testOne("Request.Test");
    }

    /** Whether this is a null request: completed (if not persistent), freed, or MPI.REQUEST_NULL. */
    public boolean Is_null() throws MPIException {
        MPI.requireActive("Request.Is_null");
        return handle == MPI.requestNullHandle && !pendingWithoutHandle();
    }

    /** Asks MPI to cancel the communication; it must still be completed (Wait/Test), and Status.Test_cancelled says
     *  whether the cancel succeeded. */
    public void Cancel() throws MPIException {
        Cancel("Request.Cancel");
    }

    /** {@link #Cancel} for a call named {@code call} (either API's spelling). */
    void Cancel(String call) {
        requireUsable(call);
        if (handle == MPI.requestNullHandle) return;
        if (persistent && !active) return; // nothing to cancel, as for MPI.OBJECT; MPICH would fail, Open MPI not
        cancelled = true;
        MPIException.check(NativeMPI.cancel(handle), call);
    }

    /**
     * Frees the request. An active communication still completes, but can no longer be waited for; memory it uses
     * is kept until MPI.Finalize.
     */
    public void Free() throws MPIException {
        Free("Request.Free");
    }

    /** {@link #Free} for a call named {@code call} (either API's spelling). */
    void Free(String call) {
        requireUsable(call);
        if (this == MPI.REQUEST_NULL) return;
        if (handle != MPI.requestNullHandle) MPIException.check(NativeMPI.request_free(handle), call);
        handleGone();
        freed = true;
        if (buffer != null) {
            if (active) buffer.orphan(); else buffer.release();
            buffer = null;
        }
        if (held != null) {
            if (active) held.orphan(); else held.release();
        }
        ended();
        held = null;
    }

    // ---------------------------------------------------------------- single-request completion

    /** The request's own completion; MPI.OBJECT receives override it (they have no MPI request until matched). */
    Status waitOne(String call) {
        requireUsable(call);
        if (handle == MPI.requestNullHandle) return Status.empty();
        StatusBuffer sb = StatusBuffer.current();
        Message m = buffer;
        if (receive && active && m != null && m.copiesBackInWait()) { // one native call: wait and copy back
            int rc = m.waitCopyingBack(handle, sb.address);
            return completed(rc, rc == 0 ? new Status(sb) : null, call, false);
        }
        int rc = NativeMPI.wait(handle, sb.address);
        return completed(rc, rc == 0 ? new Status(sb) : null, call);
    }

    Status testOne(String call) {
        requireUsable(call);
        if (handle == MPI.requestNullHandle) return Status.empty();
        StatusBuffer sb = StatusBuffer.current();
        int rc = NativeMPI.test(handle, sb.address);
        if (rc == 0 && sb.get(STATUS_FLAG) == 0) return null;
        return completed(rc, rc == 0 ? new Status(sb) : null, call);
    }

    /** True for requests completed by polling in Java (MPI.OBJECT receives); the array calls then poll too. */
    boolean polled() {
        return false;
    }

    /** For polled requests: a match is pending although there is no MPI handle yet. */
    boolean pendingWithoutHandle() {
        return false;
    }

    /** For polled requests: tries to complete without reporting it (the next Test/Wait reports); true when done. */
    boolean progress() {
        return false;
    }

    /** Null, freed or an inactive persistent request: Waitany and friends skip it. */
    boolean idle() {
        return handle == MPI.requestNullHandle && !pendingWithoutHandle() || persistent && !active;
    }

    /**
     * Bookkeeping after MPI completed the request (rc == 0) or failed it: copies a staged receive back, releases a
     * non-persistent request's memory, and turns the MPI error into an exception.
     */
    final Status completed(int rc, Status status, String call) {
        return completed(rc, status, call, true);
    }

    /** {@code copyBack} false: another request completed by the same call copies back this one's shared block. */
    final Status completed(int rc, Status status, String call, boolean copyBack) {
        boolean wasActive = active;
        Held h = held;
        ended();
        held = null;
        try {
            if (h != null) h.completed(call, rc == 0 && wasActive);
            if (rc == 0 && wasActive && receive && buffer != null && buffer.staged() && copyBack
                    && !(cancelled && status.Test_cancelled())) {
                buffer.copyOut(call, status.bytes()); // only what arrived: MPI leaves the rest untouched
            }
        } finally {
            cancelled = false;
            if (!persistent) {
                handleGone();
                if (buffer != null) buffer.release();
                buffer = null;
            }
        }
        MPIException.check(rc, call);
        return wasActive ? status : Status.empty();
    }

    /**
     * For MPI.Finalize: describes the requests started and never completed nor freed ("2 receives and 1 send"), or
     * returns null when there are none. MPI_Finalize ends them all.
     */
    static String describePending() {
        long receives = PENDING_RECEIVES.sum() + ACTIVE_PERSISTENT_RECEIVES.sum();
        long sends = PENDING_SENDS.sum() + ACTIVE_PERSISTENT_SENDS.sum();
        long others = PENDING_OTHER.sum();
        if (receives + sends + others == 0) return null;
        List<String> parts = new ArrayList<>(3);
        if (receives > 0) parts.add(receives + (receives == 1 ? " receive" : " receives"));
        if (sends > 0) parts.add(sends + (sends == 1 ? " send" : " sends"));
        if (others > 0) parts.add(others + (others == 1 ? " collective, one-sided or file operation"
                : " collective, one-sided or file operations"));
        return parts.size() == 1 ? parts.get(0) : String.join(", ", parts.subList(0, parts.size() - 1)) + " and "
                + parts.get(parts.size() - 1);
    }

    final boolean isFreed() {
        return freed;
    }

    final void requireUsable(String call) {
        MPI.requireActive(call);
        if (freed) throw freed(call);
    }

    /**
     * {@link #requireUsable(String)} for element {@code i} of a call's array of requests, once the call has checked
     * MPI.requireActive. The element's name is built only for the exception: a string per request per call would
     * dominate a Waitall of small messages until C2 compiled it.
     */
    final void requireUsable(String call, int i) {
        if (freed) throw freed(call + ": array_of_requests[" + i + "]");
    }

    private static IllegalStateException freed(String call) {
        return new IllegalStateException(call + ": the request has been freed");
    }

    private static IllegalArgumentException repeatedRequest(String call, int i) {
        return new IllegalArgumentException(call + ": array_of_requests[" + i + "] is an active request that appears "
                + "earlier in the array too");
    }

    // ---------------------------------------------------------------- several requests

    /** Blocks until one request completes and returns its status, with {@code index} set; when no request is active,
     *  the status has index {@code MPI.UNDEFINED}. */
    public static Status Waitany(Request[] array_of_requests) throws MPIException {
        return any("Request.Waitany", array_of_requests, true);
    }

    /** Like Waitany, but returns null at once when no request has completed. */
    public static Status Testany(Request[] array_of_requests) throws MPIException {
        return any("Request.Testany", array_of_requests, false);
    }

    /** Blocks until every request completes; status i belongs to request i. */
    public static Status[] Waitall(Request[] array_of_requests) throws MPIException {
        return all("Request.Waitall", array_of_requests, true);
    }

    /** The statuses of all requests if every one has completed, else null (and none is completed by the call). */
    public static Status[] Testall(Request[] array_of_requests) throws MPIException {
        return all("Request.Testall", array_of_requests, false);
    }

    /** Blocks until at least one request completes; returns the statuses of those that did, with {@code index} set
     *  (an empty array when no request is active). */
    public static Status[] Waitsome(Request[] array_of_requests) throws MPIException {
        return some("Request.Waitsome", array_of_requests, true);
    }

    /** Like Waitsome without blocking: possibly an empty array. */
    public static Status[] Testsome(Request[] array_of_requests) throws MPIException {
        return some("Request.Testsome", array_of_requests, false);
    }

    /**
     * Checks the array and returns it with every null element read as {@code MPI.REQUEST_NULL} (a copy, only when
     * there is one): mpiJava programs leave null the slots of requests they never posted (the receive from
     * themselves, say), and MPJ Express skips them, so they are inactive requests with MPI's rules: an empty status,
     * and Waitany's {@code MPI.UNDEFINED} when nothing else is active. The program's array is never changed.
     */
    static Request[] check(String call, Request[] requests) {
        MPI.requireActive(call);
        if (requests == null) throw new NullPointerException(call + ": array_of_requests is null");
        Request[] checked = requests;
        long stamp = stamp(requests.length);
        for (int i = 0; i < requests.length; i++) {
            Request r = requests[i];
            if (r == null) {
                // A new Request[]: the program's may be a Prequest[], which cannot hold MPI.REQUEST_NULL
                if (checked == requests) checked = java.util.Arrays.copyOf(requests, requests.length, Request[].class);
                checked[i] = MPI.REQUEST_NULL;
                continue;
            }
            r.requireUsable(call, i);
            if (!r.idle() && repeated(r, stamp)) throw repeatedRequest(call, i);
        }
        return checked;
    }

    private static final java.util.concurrent.atomic.AtomicLong STAMPS = new java.util.concurrent.atomic.AtomicLong();

    /**
     * Whether {@code r} was already seen by the call that drew {@code stamp} (0: a call on one request). MPI gets
     * an active request twice in one array wrong in the worst way: Open MPI frees it twice (glibc aborts the JVM),
     * MPICH fails an assertion. A stamp per call finds repeats in one pass, with no set to allocate.
     */
    static boolean repeated(Request r, long stamp) {
        if (stamp == 0) return false;
        if (r.stamp == stamp) return true;
        r.stamp = stamp;
        return false;
    }

    /** A stamp for {@link #repeated} over an array of {@code n} requests. */
    static long stamp(int n) {
        return n > 1 ? STAMPS.incrementAndGet() : 0;
    }

    private static boolean anyPolled(Request[] requests) {
        for (Request r : requests) if (r.polled()) return true;
        return false;
    }

    static Status any(String call, Request[] array, boolean block) {
        Request[] requests = check(call, array);
        if (anyPolled(requests)) return Polling.any(call, requests, block);
        int n = requests.length;
        RequestScratch scratch = RequestScratch.forRequests(n);
        for (int i = 0; i < n; i++) scratch.setHandle(i, requests[i].handle);
        StatusBuffer sb = StatusBuffer.current();
        int[] index = {MPI.UNDEFINED}, flag = {1};
        int rc = block ? NativeMPI.waitany(n, scratch.requests(), sb.address, index)
                : NativeMPI.testany(n, scratch.requests(), sb.address, index, flag);
        if (rc != 0 && index[0] >= 0 && index[0] < n) requests[index[0]].completed(rc, null, call);
        MPIException.check(rc, call);
        if (flag[0] == 0) return null;
        if (index[0] == MPI.UNDEFINED) return Status.empty();
        Status s = requests[index[0]].completed(0, new Status(sb), call);
        s.index = index[0];
        return s;
    }

    static Status[] all(String call, Request[] array, boolean block) {
        Request[] requests = check(call, array);
        if (anyPolled(requests)) return Polling.all(call, requests, block);
        int n = requests.length;
        RequestScratch scratch = RequestScratch.forRequests(n);
        for (int i = 0; i < n; i++) scratch.setHandle(i, requests[i].handle);
        int[] flag = {1};
        int rc = block ? NativeMPI.waitall(n, scratch.requests(), scratch.statuses())
                : NativeMPI.testall(n, scratch.requests(), scratch.statuses(), flag);
        if (rc == 0 && flag[0] == 0) return null;
        Status[] statuses = new Status[n];
        for (int i = 0; i < n; i++) {
            // After an MPI error the per-request outcome is only known for those MPI has freed (handle now null).
            if (rc != 0 && scratch.handle(i) != MPI.requestNullHandle && !requests[i].persistent) continue;
            statuses[i] = new Status(scratch.memory(), scratch.statusAt(i));
        }
        boolean[] skip = rc == 0 ? redundantCopies(requests, statuses, n) : null;
        RuntimeException failure = null;
        for (int i = 0; i < n; i++) {
            if (statuses[i] == null) continue;
            try {
                statuses[i] = requests[i].completed(0, statuses[i], call, skip == null || !skip[i]);
            } catch (RuntimeException e) {
                if (failure == null) failure = e;
            }
        }
        MPIException.check(rc, call);
        if (failure != null) throw failure;
        return statuses;
    }

    /**
     * Which of the receives one call completes need not copy their staging block back: pending receives into one
     * array range share a block (natmpj.internal.Staging#acquireReceive), and nothing writes it while the call's
     * completions copy it back one after another, so among those with the same layout the copy of the most bytes
     * received leaves the array as all of them would. A window of 64 Irecvs into one array completed by one Waitall
     * then costs one copy back, not 64. Null (nothing to skip) unless two completing receives share a block.
     * {@code statuses[i]} null: request i is not completed by the call.
     */
    static boolean[] redundantCopies(Request[] requests, Status[] statuses, int n) {
        int sharing = 0;
        for (int i = 0; i < n; i++) if (statuses[i] != null && requests[i].sharedMessage() != null) sharing++;
        if (sharing < 2) return null;
        boolean[] skip = new boolean[n], grouped = new boolean[n];
        int skipped = 0;
        for (int i = 0; i < n; i++) {
            Message first = grouped[i] || statuses[i] == null ? null : requests[i].sharedMessage();
            if (first == null) continue;
            // The group: i and the later completing receives of the same block, count and type. Its copier is the
            // first that received the whole message (usually i: one MPI_Get_count), else the one that got the most.
            int copier = -1, members = 0;
            long most = -1, whole = first.wholeBytes();
            for (int j = i; j < n; j++) {
                Message m = j == i ? first : grouped[j] || statuses[j] == null ? null : requests[j].sharedMessage();
                if (m == null || !first.sameCopyBack(m)) continue;
                grouped[j] = true;
                skip[j] = true;
                members++;
                if (most >= whole) continue; // the copier has everything already
                long got = statuses[j].bytes();
                if (got > most) {
                    most = got;
                    copier = j;
                }
            }
            skip[copier] = false;
            skipped += members - 1;
        }
        if (skipped == 0) return null;
        natmpj.internal.Staging.countSkippedCopies(skipped);
        return skip;
    }

    /** This active receive's buffer if it shares its staging block with other pending receives, else null. */
    private Message sharedMessage() {
        return active && receive && !cancelled && buffer != null && buffer.sharedStaging() ? buffer : null;
    }

    static Status[] some(String call, Request[] array, boolean block) {
        Request[] requests = check(call, array);
        if (anyPolled(requests)) return Polling.some(call, requests, block);
        int n = requests.length;
        RequestScratch scratch = RequestScratch.forRequests(n);
        for (int i = 0; i < n; i++) scratch.setHandle(i, requests[i].handle);
        int[] outcount = {0};
        int rc = block ? NativeMPI.waitsome(n, scratch.requests(), scratch.statuses(), scratch.indices(), outcount)
                : NativeMPI.testsome(n, scratch.requests(), scratch.statuses(), scratch.indices(), outcount);
        int done = outcount[0] == MPI.UNDEFINED ? 0 : outcount[0];
        Request[] completing = new Request[done];
        Status[] got = new Status[done];
        for (int k = 0; k < done; k++) {
            completing[k] = requests[scratch.index(k)];
            got[k] = new Status(scratch.memory(), scratch.statusAt(k));
        }
        boolean[] skip = rc == 0 ? redundantCopies(completing, got, done) : null;
        List<Status> statuses = new ArrayList<>(done);
        for (int k = 0; k < done; k++) {
            Status s = completing[k].completed(0, got[k], call, skip == null || !skip[k]);
            s.index = scratch.index(k);
            statuses.add(s);
        }
        MPIException.check(rc, call);
        return statuses.toArray(new Status[0]);
    }

    /**
     * MPJ Express's public {@code finalize()}, empty there too, for classes compiled against MPJ Express that call
     * it. Renamed by the build to finalize and made synthetic (src/build/java/SyntheticForms.java): source sees
     * only Object's protected finalize. Being empty, it does not make requests finalizable (HotSpot registers no
     * instance of a class whose finalize() is an empty method).
     */
    public void finalize$$mpjexpress() {
    }

    // ================================================================ Open MPI's Java API

    /** MPI_Request_free. */
    public void free() throws MPIException {
        try {
            Free("Request.free");
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Cancel. */
    public final void cancel() throws MPIException {
        try {
            Cancel("Request.cancel");
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** Whether this is MPI.REQUEST_NULL or a completed (or freed) request. */
    public final boolean isNull() {
        try {
            return freed || handle == MPI.requestNullHandle && !pendingWithoutHandle();
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Wait, with its status. */
    public final Status waitStatus() throws MPIException {
        try {
            return waitOne("Request.waitStatus");
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Wait. */
    public final void waitFor() throws MPIException {
        try {
            waitOne("Request.waitFor");
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Test: the status once complete, else null. */
    public final Status testStatus() throws MPIException {
        try {
            return testOne("Request.testStatus");
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Request_get_status: the status once complete, else null; the request stays as it is. */
    public final Status getStatus() throws MPIException {
        try {
            String call = "Request.getStatus";
            requireUsable(call);
            if (pendingWithoutHandle()) return progress() ? Status.empty() : null;
            if (handle == MPI.requestNullHandle) return Status.empty();
            StatusBuffer sb = StatusBuffer.current();
            MPIException.check(NativeMPI.request_get_status(handle, sb.address), call);
            return sb.get(STATUS_FLAG) != 0 ? new Status(sb) : null;
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Test. */
    public final boolean test() throws MPIException {
        try {
            return testOne("Request.test") != null;
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Waitany: the status, whose getIndex() is the request's index (MPI.UNDEFINED when none was active). */
    public static Status waitAnyStatus(Request[] requests) throws MPIException {
        try {
            return any("Request.waitAnyStatus", requests, true);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Waitany: the index of the request completed, MPI.UNDEFINED when none was active. */
    public static int waitAny(Request[] requests) throws MPIException {
        try {
            return any("Request.waitAny", requests, true).index;
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Testany: the status of the request completed, or null. */
    public static Status testAnyStatus(Request[] requests) throws MPIException {
        try {
            return any("Request.testAnyStatus", requests, false);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Testany: the index of the request completed, MPI.UNDEFINED when none. */
    public static int testAny(Request[] requests) throws MPIException {
        try {
            Status s = any("Request.testAny", requests, false);
            return s == null ? MPI.UNDEFINED : s.index;
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Waitall, with the statuses. */
    public static Status[] waitAllStatus(Request[] requests) throws MPIException {
        try {
            return all("Request.waitAllStatus", requests, true);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Waitall. */
    public static void waitAll(Request[] requests) throws MPIException {
        try {
            all("Request.waitAll", requests, true);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Testall: the statuses once all are complete, else null. */
    public static Status[] testAllStatus(Request[] requests) throws MPIException {
        try {
            return all("Request.testAllStatus", requests, false);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Testall. */
    public static boolean testAll(Request[] requests) throws MPIException {
        try {
            return all("Request.testAll", requests, false) != null;
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Waitsome: the statuses of the requests completed (getIndex() gives each index). */
    public static Status[] waitSomeStatus(Request[] requests) throws MPIException {
        try {
            String call = "Request.waitSomeStatus";
            return noneActive(call, requests) ? null : some(call, requests, true);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Waitsome: the indices of the requests completed. */
    public static int[] waitSome(Request[] requests) throws MPIException {
        try {
            String call = "Request.waitSome";
            return noneActive(call, requests) ? null : indices(some(call, requests, true));
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Testsome: the statuses of the requests completed. */
    public static Status[] testSomeStatus(Request[] requests) throws MPIException {
        try {
            String call = "Request.testSomeStatus";
            return noneActive(call, requests) ? null : some(call, requests, false);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Testsome: the indices of the requests completed. */
    public static int[] testSome(Request[] requests) throws MPIException {
        try {
            String call = "Request.testSome";
            return noneActive(call, requests) ? null : indices(some(call, requests, false));
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI's outcount MPI_UNDEFINED, which Open MPI's API returns as null: no request active (null ones neither). */
    private static boolean noneActive(String call, Request[] requests) {
        MPI.requireActive(call);
        if (requests == null) return false; // some() names the argument
        for (Request r : requests) if (r != null && (r.isFreed() || !r.idle())) return false;
        return true;
    }

    private static int[] indices(Status[] statuses) {
        int[] indices = new int[statuses.length];
        for (int i = 0; i < indices.length; i++) indices[i] = statuses[i].index;
        return indices;
    }
}

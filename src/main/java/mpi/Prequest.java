package mpi;

import natmpj.internal.Message;
import natmpj.internal.RequestScratch;
import natmpj.jni.NativeMPI;

/**
 * A persistent request (Send_init, Recv_init, ...): set up once, then started and completed any number of times.
 * On a Java array, each Start copies the array into the request's native staging memory (sends) and each completion
 * copies it back (receives); a direct buffer is used in place.
 */
public class Prequest extends Request {
    private final Message data;

    Prequest(long handle, boolean receive, Message data) {
        super(handle, true, receive, data);
        this.data = data;
    }

    /** Starts the communication; complete it with Wait, Test or the calls on several requests. */
    public void Start() throws MPIException {
        start("Prequest.Start");
    }

    void start(String call) {
        prepare(call);
        MPIException.check(NativeMPI.start(handle), call);
        started();
    }

    /**
     * Starts every request of the array (MPI_Startall). A null element is skipped, as an inactive request would be
     * by the calls that complete them (mpiJava programs leave null the requests they never set up).
     */
    public static void Startall(Prequest[] array_of_requests) throws MPIException {
        Startall("Prequest.Startall", array_of_requests);
    }

    /** {@link #Startall} for a call named {@code call} (either API's spelling). */
    static void Startall(String call, Prequest[] array_of_requests) {
        MPI.requireActive(call);
        if (array_of_requests == null) throw new NullPointerException(call + ": array_of_requests is null");
        java.util.List<Prequest> requests = new java.util.ArrayList<>(array_of_requests.length);
        long stamp = stamp(array_of_requests.length); // starting one request twice would fail inside MPI
        boolean polled = false;
        for (int i = 0; i < array_of_requests.length; i++) {
            Prequest r = array_of_requests[i];
            if (r == null) continue;
            r.requireUsable(call, i);
            if (r.active) throw new IllegalStateException(call + ": array_of_requests[" + i + "] is already active");
            if (repeated(r, stamp)) {
                throw new IllegalArgumentException(call + ": array_of_requests[" + i + "] repeats an earlier request");
            }
            requests.add(r);
            polled |= r.polled();
        }
        if (polled) { // MPI.OBJECT requests cannot join MPI_Startall: start each in turn
            for (Prequest p : requests) p.start(call);
            return;
        }
        int n = requests.size();
        if (n == 0) return;
        RequestScratch scratch = RequestScratch.forRequests(n);
        for (int i = 0; i < n; i++) {
            Prequest r = requests.get(i);
            if (!r.receive) r.data.copyIn(call);
            scratch.setHandle(i, r.handle);
        }
        MPIException.check(NativeMPI.startall(n, scratch.requests()), call);
        for (Prequest r : requests) r.started();
    }

    private void prepare(String call) {
        requireUsable(call);
        if (active) throw new IllegalStateException(call + ": the request is already active; complete it first");
        if (!receive) data.copyIn(call);
    }

    // ================================================================ Open MPI's Java API

    /** MPI_Start. */
    public final void start() throws MPIException {
        try {
            start("Prequest.start");
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Startall. */
    public static void startAll(Prequest[] requests) throws MPIException {
        try {
            Startall("Prequest.startAll", requests);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }
}

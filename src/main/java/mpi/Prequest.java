package mpi;

import natmpj.jni.NativeMPIJNI;

/**
 * A persistent request (Send_init, Recv_init, ...): set up once, then started and completed any number of times.
 * On a Java array, each Start copies the array into the request's native staging memory (sends) and each completion
 * copies it back (receives); a direct buffer is used in place.
 */
public class Prequest extends Request {
    private final RequestBuffer data;

    Prequest(long handle, boolean receive, RequestBuffer data) {
        super(handle, true, receive, data);
        this.data = data;
    }

    /** Starts the communication; complete it with Wait, Test or the calls on several requests. */
    public void Start() throws MPIException {
        start("Prequest.Start");
    }

    void start(String call) {
        prepare(call);
        MPIException.check(NativeMPIJNI.start(handle), call);
        started();
    }

    /** Starts every request of the array (MPI_Startall). */
    public static void Startall(Prequest[] array_of_requests) throws MPIException {
        String call = "Prequest.Startall";
        MPI.requireActive(call);
        if (array_of_requests == null) throw new NullPointerException(call + ": array_of_requests is null");
        int n = array_of_requests.length;
        for (int i = 0; i < n; i++) {
            if (array_of_requests[i] == null) {
                throw new NullPointerException(call + ": array_of_requests[" + i + "] is null");
            }
            array_of_requests[i].requireUsable(call + ": array_of_requests[" + i + "]");
            if (array_of_requests[i].active) {
                throw new IllegalStateException(call + ": array_of_requests[" + i + "] is already active");
            }
        }
        for (Prequest r : array_of_requests) {
            if (r.polled()) { // MPI.OBJECT requests cannot join MPI_Startall: start each in turn
                for (Prequest p : array_of_requests) p.start(call);
                return;
            }
        }
        RequestScratch scratch = RequestScratch.forRequests(n);
        for (int i = 0; i < n; i++) {
            if (!array_of_requests[i].receive) array_of_requests[i].data.copyIn(call);
            scratch.setHandle(i, array_of_requests[i].handle);
        }
        MPIException.check(NativeMPIJNI.startall(n, scratch.requests()), call);
        for (Prequest r : array_of_requests) r.started();
    }

    private void prepare(String call) {
        requireUsable(call);
        if (active) throw new IllegalStateException(call + ": the request is already active; complete it first");
        if (!receive) data.copyIn(call);
    }
}

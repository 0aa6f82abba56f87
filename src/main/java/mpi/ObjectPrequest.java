package mpi;

import java.util.function.Supplier;

/**
 * A persistent request on {@code MPI.OBJECT}: each Start serializes afresh (sends) or posts a new matched receive
 * (receives), through the same paths as Isend/Irecv; completion delegates to that round's request.
 */
final class ObjectPrequest extends Prequest {
    private final Supplier<Request> starter;
    private Request round;
    private Status done;

    ObjectPrequest(boolean receive, Supplier<Request> starter) {
        super(MPI.requestNullHandle, receive, null);
        this.starter = starter;
    }

    @Override
    void start(String call) {
        requireUsable(call);
        if (active) throw new IllegalStateException(call + ": the request is already active; complete it first");
        round = starter.get();
        done = null;
        active = true;
    }

    @Override
    boolean polled() {
        return true;
    }

    @Override
    boolean idle() {
        return !active;
    }

    @Override
    boolean progress() {
        if (!active) return false;
        if (done == null) done = round.polled() ? (round.progress() ? round.testOne("Request.Test") : null)
                : round.testOne("Request.Test");
        return done != null;
    }

    @Override
    Status testOne(String call) {
        requireUsable(call);
        if (!active) return Status.empty();
        if (done == null) done = round.testOne(call);
        return done == null ? null : finish();
    }

    @Override
    Status waitOne(String call) {
        requireUsable(call);
        if (!active) return Status.empty();
        if (done == null) done = round.waitOne(call);
        return finish();
    }

    @Override
    public void Cancel() throws MPIException {
        requireUsable("Request.Cancel");
        if (active) round.Cancel();
    }

    @Override
    public void Free() throws MPIException {
        requireUsable("Request.Free");
        if (active) round.Free();
        active = false;
        super.Free();
    }

    @Override
    public boolean Is_null() throws MPIException {
        MPI.requireActive("Request.Is_null");
        return isFreed();
    }

    private Status finish() {
        Status s = done;
        done = null;
        round = null;
        active = false;
        return s;
    }
}

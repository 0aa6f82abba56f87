package mpi;

import java.util.ArrayList;
import java.util.List;

/**
 * Waitany/Waitall/... over arrays that hold requests MPI cannot wait for itself (MPI.OBJECT receives are matched
 * with MPI_Improbe when they are tested, since their size is unknown until then). Polls each request in turn,
 * keeping MPI's rules: Testall completes all or none, Waitsome/Testsome report every request found complete.
 */
final class Polling {
    private Polling() {}

    static Status any(String call, Request[] requests, boolean block) {
        for (int spins = 0; ; spins++) {
            boolean anyActive = false;
            for (int i = 0; i < requests.length; i++) {
                Request r = requests[i];
                if (r.idle()) continue;
                anyActive = true;
                Status s = r.testOne(call);
                if (s != null) {
                    s.index = i;
                    return s;
                }
            }
            if (!anyActive) return Status.empty();
            if (!block) return null;
            pause(spins);
        }
    }

    static Status[] all(String call, Request[] requests, boolean block) {
        Status[] statuses = new Status[requests.length];
        if (!block) {
            List<Request> others = new ArrayList<>();
            for (Request r : requests) {
                if (r.polled()) {
                    if (!r.idle() && !r.progress()) return null;
                } else {
                    others.add(r);
                }
            }
            Status[] rest = Request.all(call, others.toArray(new Request[0]), false);
            if (rest == null) return null;
            for (int i = 0, k = 0; i < requests.length; i++) {
                statuses[i] = requests[i].polled() ? requests[i].testOne(call) : rest[k++];
            }
            return statuses;
        }
        int left = requests.length;
        for (int spins = 0; left > 0; spins++) {
            for (int i = 0; i < requests.length; i++) {
                if (statuses[i] != null) continue;
                Status s = requests[i].testOne(call);
                if (s != null) {
                    statuses[i] = s;
                    left--;
                }
            }
            if (left > 0) pause(spins);
        }
        return statuses;
    }

    static Status[] some(String call, Request[] requests, boolean block) {
        for (int spins = 0; ; spins++) {
            List<Status> done = new ArrayList<>();
            boolean anyActive = false;
            for (int i = 0; i < requests.length; i++) {
                Request r = requests[i];
                if (r.idle()) continue;
                anyActive = true;
                Status s = r.testOne(call);
                if (s != null) {
                    s.index = i;
                    done.add(s);
                }
            }
            if (!done.isEmpty() || !anyActive || !block) return done.toArray(new Status[0]);
            pause(spins);
        }
    }

    /** Spin briefly (the reply is often microseconds away), then yield the core to the ranks sharing it. */
    private static void pause(int spins) {
        if (spins < 1000) Thread.onSpinWait(); else Thread.yield();
    }
}

package natmpj.internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.List;

/**
 * Objects kept strongly reachable while MPI may use what they hold: the active requests on direct buffers and the
 * active persistent ones (mpi.Request), and the request buffers pinned for a request's lifetime ({@link Pins}).
 * Every non-blocking call on such a buffer adds one member and its completion removes it, so both must cost little:
 * a member is a {@link Link} the caller keeps, and adding or removing it is a few pointer writes under this set's
 * lock. A set keyed by the object (ConcurrentHashMap) took a hash lookup, a node and, for a new request, a first
 * identity hash (a call into the VM) per add: 15-25 % of an Isend/Irecv/Wait round on COMM_SELF
 * (docs/performance.md, Non-blocking latency).
 *
 * <p>Thread-safe: any thread may complete a request another started, and the Cleaner frees dropped persistent
 * requests. The lock is a compare-and-swap to take it and a store to drop it, not a monitor: a {@code synchronized}
 * block compiles to several hundred bytes of code at each site, and these sites are inlined into every Isend, Irecv
 * and Wait (Request.Wait compiled to 3,952 bytes with monitors, 3,520 with this lock; JDK 25, arrays). A thread
 * that finds the lock taken spins briefly, then yields (the holder, a few pointer writes from done, may have been
 * descheduled on the same core).
 */
public final class LiveSet {
    /** Membership of one object: the caller keeps it to remove that object. */
    public static final class Link {
        final Object value;
        Link prev, next;

        Link(Object value) {
            this.value = value;
        }
    }

    /** The sentinel of a circular doubly linked list. */
    private final Link head = new Link(null);
    private int size;
    /** 1 while a thread holds the lock (see above). */
    private volatile int locked;
    private static final VarHandle LOCKED;

    static {
        try {
            LOCKED = MethodHandles.lookup().findVarHandle(LiveSet.class, "locked", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private void lock() {
        if (!LOCKED.compareAndSet(this, 0, 1)) contended();
    }

    /** The lock was taken: spin a little, then yield between tries. */
    private void contended() {
        for (int tries = 0; !LOCKED.compareAndSet(this, 0, 1); tries++) {
            if (tries < 100) {
                Thread.onSpinWait();
            } else {
                Thread.yield();
            }
        }
    }

    private void unlock() {
        LOCKED.setRelease(this, 0);
    }

    public LiveSet() {
        head.prev = head.next = head;
    }

    /** Adds {@code value}; returns its membership, for {@link #remove}. */
    public Link add(Object value) {
        Link l = new Link(value);
        lock();
        l.next = head.next;
        l.prev = head;
        head.next.prev = l;
        head.next = l;
        size++;
        unlock();
        return l;
    }

    /** Removes the member; true the first time only (false for null or a member already removed). */
    public boolean remove(Link l) {
        if (l == null) return false;
        lock();
        boolean member = l.prev != null;
        if (member) {
            l.prev.next = l.next;
            l.next.prev = l.prev;
            l.prev = l.next = null;
            size--;
        }
        unlock();
        return member;
    }

    public int size() {
        lock();
        int n = size;
        unlock();
        return n;
    }

    /** The members now, oldest last. */
    public List<Object> snapshot() {
        List<Object> all = new ArrayList<>();
        lock();
        try {
            for (Link l = head.next; l != head; l = l.next) all.add(l.value);
        } finally {
            unlock();
        }
        return all;
    }
}

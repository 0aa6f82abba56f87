package natmpj.internal;

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
 * requests. Uncontended, the lock is a compare-and-swap to take it and one to drop it.
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

    public LiveSet() {
        head.prev = head.next = head;
    }

    /** Adds {@code value}; returns its membership, for {@link #remove}. */
    public Link add(Object value) {
        Link l = new Link(value);
        synchronized (this) {
            l.next = head.next;
            l.prev = head;
            head.next.prev = l;
            head.next = l;
            size++;
        }
        return l;
    }

    /** Removes the member; true the first time only (false for null or a member already removed). */
    public boolean remove(Link l) {
        if (l == null) return false;
        synchronized (this) {
            if (l.prev == null) return false;
            l.prev.next = l.next;
            l.next.prev = l.prev;
            l.prev = l.next = null;
            size--;
            return true;
        }
    }

    public synchronized int size() {
        return size;
    }

    /** The members now, oldest last. */
    public synchronized List<Object> snapshot() {
        List<Object> all = new ArrayList<>(size);
        for (Link l = head.next; l != head; l = l.next) all.add(l.value);
        return all;
    }
}

package mpi;

import java.util.HashMap;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.IntPredicate;

/**
 * The attributes Open MPI's API sets on one object (a communicator, a datatype, a window): kept in Java, serialized
 * as Open MPI's bindings keep them, so a get returns a copy. The keys are MPI's (from its create_keyval calls), so
 * MPI's and Java's key spaces never clash; {@link Keys} tracks those of one kind of object.
 */
final class Attributes {
    /** Values by key; null until the first. Guarded by this. */
    private HashMap<Integer, byte[]> values;

    /** The keys of one kind of object that its createKeyval made and its freeKeyval has not freed yet. */
    static final class Keys {
        /** The Java class whose createKeyval makes them, as messages name it ("Comm"). */
        private final String kind;
        /** The keys MPI itself defines on this kind of object (MPI.TAG_UB, MPI.WIN_BASE, ...). */
        private final IntPredicate predefined;
        private final Set<Integer> live = ConcurrentHashMap.newKeySet();

        Keys(String kind, IntPredicate predefined) {
            this.kind = kind;
            this.predefined = predefined;
        }

        /** The native create_keyval of this kind, which stores the new key in {@code keyval[0]}. */
        interface Create {
            int run(int[] keyval);
        }

        /** The native free_keyval of this kind. */
        interface Free {
            int run(int keyval);
        }

        int create(String call, Create nativeCreate) {
            MPI.requireActive(call);
            int[] keyval = new int[1];
            MPIException.check(nativeCreate.run(keyval), call);
            live.add(keyval[0]);
            return keyval[0];
        }

        void free(String call, int keyval, Free nativeFree) {
            MPI.requireActive(call);
            requireUser(call, keyval);
            MPIException.check(nativeFree.run(keyval), call);
            live.remove(keyval);
        }

        boolean isPredefined(int keyval) {
            return predefined.test(keyval);
        }

        /** {@code keyval} came from this kind's createKeyval and is not freed, or an exception naming it. */
        void requireUser(String call, int keyval) {
            if (!live.contains(keyval)) {
                throw new IllegalArgumentException(call + ": keyval is " + keyval + ", " + (isPredefined(keyval)
                        ? "a predefined key, which MPI sets" : "not a key of " + kind + ".createKeyval (or freed)"));
            }
        }
    }

    /** Stores a copy of {@code value} under {@code keyval}; a value that cannot be serialized is refused. */
    void set(String call, int keyval, Object value) {
        byte[] bytes = OmpiArgs.serialize(call, value);
        synchronized (this) {
            if (values == null) values = new HashMap<>();
            values.put(keyval, bytes);
        }
    }

    /** A copy of the value stored under {@code keyval}; {@code absent} when there is none. */
    Object get(String call, int keyval, Object absent) {
        byte[] bytes;
        synchronized (this) {
            bytes = values == null ? null : values.get(keyval);
        }
        return bytes == null ? absent : OmpiArgs.deserialize(call, bytes);
    }

    synchronized void delete(int keyval) {
        if (values != null) values.remove(keyval);
    }

    synchronized void clear() {
        values = null;
    }

    /** Copies every value into {@code to} (a duplicated communicator's). */
    void copyTo(Attributes to) {
        HashMap<Integer, byte[]> copy;
        synchronized (this) {
            copy = values == null ? null : new HashMap<>(values);
        }
        synchronized (to) {
            to.values = copy;
        }
    }
}

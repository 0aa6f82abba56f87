package mpi;

import natmpj.internal.DroppedHandles;
import natmpj.internal.LiveHandles;
import natmpj.jni.NativeMPI;

/**
 * Open MPI's Java API's MPI_Info: string keys and values handed to MPI calls as hints. An Info the program drops
 * without {@link #free} is freed for it (as dropped communicators and datatypes are).
 */
public final class Info implements Freeable, Cloneable {
    long handle;
    private final boolean predefined;
    private DroppedHandles.Tracked tracked;

    /** MPI_Info_create. */
    public Info() throws MPIException {
        String call = "Info.Info";
        MPI.requireActive(call);
        long[] created = new long[1];
        MPIException.check(NativeMPI.info_create(created), call);
        handle = created[0];
        predefined = false;
        track(call);
    }

    private Info(long handle, boolean predefined) {
        this.handle = handle;
        this.predefined = predefined;
    }

    /** MPI.INFO_NULL and MPI.INFO_ENV. */
    static Info predefined(long handle) {
        return new Info(handle, true);
    }

    /** An info MPI created and returned (MPI_Win_get_info, MPI_File_get_info): the program's to free, freed for it
     *  if dropped. */
    static Info created(long handle, String call) {
        Info info = new Info(handle, false);
        info.track(call);
        return info;
    }

    /**
     * The handle of {@code info} as argument {@code name} of {@code call}: MPI.INFO_NULL and MPI.INFO_ENV as they
     * are; a freed Info is refused (MPI would get MPI_INFO_NULL for hints the program set), null too.
     */
    static long handleOf(String call, String name, Info info) {
        if (info == null) throw new NullPointerException(call + ": " + name + " is null (use MPI.INFO_NULL)");
        if (info != MPI.INFO_NULL && !info.predefined && info.handle == MPI.INFO_NULL.handle) {
            throw new IllegalStateException(call + ": " + name + " has been freed");
        }
        return info.handle;
    }

    private void track(String call) {
        long h = handle;
        tracked = DroppedHandles.track(this, LiveHandles.Kind.INFO, call, () -> NativeMPI.info_free(h));
    }

    private void requireLive(String call) {
        MPI.requireActive(call);
        if (handle == MPI.INFO_NULL.handle) {
            throw new IllegalStateException(call + ": the info " + (this == MPI.INFO_NULL ? "is MPI.INFO_NULL"
                    : "has been freed"));
        }
    }

    /** The MPI handle of {@code info} given to {@code call} as an argument: MPI.INFO_NULL's, or a live object's. */
    static long argument(String call, Info info) {
        if (info == null) throw new NullPointerException(call + ": info is null");
        if (info != MPI.INFO_NULL && info.handle == MPI.INFO_NULL.handle) {
            throw new IllegalStateException(call + ": the info has been freed");
        }
        return info.handle;
    }

    private static void requireKey(String call, String key) {
        if (key == null) throw new NullPointerException(call + ": key is null");
        if (key.isEmpty()) throw new IllegalArgumentException(call + ": key is empty");
        if (key.length() >= MPI.MAX_INFO_KEY) {
            throw new IllegalArgumentException(call + ": key is " + key.length() + " characters long, MPI takes at"
                    + " most " + (MPI.MAX_INFO_KEY - 1));
        }
    }

    /** MPI_Info_set. */
    public void set(String key, String value) throws MPIException {
        try {
            String call = "Info.set";
            requireLive(call);
            requireKey(call, key);
            if (value == null) throw new NullPointerException(call + ": value is null");
            if (value.length() >= MPI.MAX_INFO_VAL) {
                throw new IllegalArgumentException(call + ": value is " + value.length() + " characters long, MPI takes"
                        + " at most " + (MPI.MAX_INFO_VAL - 1));
            }
            MPIException.check(NativeMPI.info_set(handle, key, value), call);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Info_get: the value, or null when the key is not set. */
    public String get(String key) throws MPIException {
        try {
            String call = "Info.get";
            requireLive(call);
            requireKey(call, key);
            int[] flag = new int[1];
            MPIException.check(NativeMPI.info_get(handle, key, flag), call);
            return flag[0] != 0 ? NativeMPI.text() : null;
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Info_delete. */
    public void delete(String key) throws MPIException {
        try {
            String call = "Info.delete";
            requireLive(call);
            requireKey(call, key);
            MPIException.check(NativeMPI.info_delete(handle, key), call);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Info_get_nkeys. */
    public int size() throws MPIException {
        try {
            String call = "Info.size";
            requireLive(call);
            int[] count = new int[1];
            MPIException.check(NativeMPI.info_get_nkeys(handle, count), call);
            return count[0];
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Info_get_nthkey. */
    public String getKey(int i) throws MPIException {
        try {
            String call = "Info.getKey";
            requireLive(call);
            int n = size();
            if (i < 0 || i >= n) {
                throw new IndexOutOfBoundsException(call + ": i is " + i + ", the info has " + n + " keys");
            }
            MPIException.check(NativeMPI.info_get_nthkey(handle, i), call);
            return NativeMPI.text();
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    @Override
    public Info clone() {
        try {
            return dup("Info.clone");
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Info_dup. */
    public Info dup() throws MPIException {
        try {
            return dup("Info.dup");
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    private Info dup(String call) {
        requireLive(call);
        long[] copy = new long[1];
        MPIException.check(NativeMPI.info_dup(handle, copy), call);
        Info info = new Info(copy[0], false);
        info.track(call);
        return info;
    }

    /** MPI_Info_free. */
    @Override
    public void free() throws MPIException {
        try {
            String call = "Info.free";
            requireLive(call);
            if (predefined) {
                throw new IllegalArgumentException(call + ": MPI.INFO_ENV is predefined and cannot be freed");
            }
            MPIException.check(NativeMPI.info_free(handle), call);
            handle = MPI.INFO_NULL.handle;
            if (tracked != null) tracked.freed();
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** Whether this is MPI.INFO_NULL or freed. */
    public boolean isNull() {
        try {
            return handle == MPI.INFO_NULL.handle;
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }
}

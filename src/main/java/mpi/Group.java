package mpi;

import natmpj.internal.DroppedHandles;
import natmpj.internal.LiveHandles;
import natmpj.jni.NativeMPI;

/** An ordered set of processes: where communicators come from (Comm.Group, Intracomm.Create). */
public class Group implements Freeable {
    /** MPJ Express's code of the empty group, kept for programs that compare with it. */
    public static final int EMPTY = 3;

    /**
     * MPJ Express's group code: {@link #EMPTY} for MPI.GROUP_EMPTY, 2 for MPI.GROUP_NULL, -1 for every other group
     * (an empty group that MPI returns included, as in MPJ Express). Information only: natmpj never reads it.
     */
    public int code = -1;

    long handle;
    private final boolean predefined;
    /** Freed, or MPI.GROUP_NULL: calls refuse it rather than hand MPI a dead handle. */
    private String unusable;
    /** For a group MPI returned: its registration with the Cleaner (see DroppedHandles). */
    private DroppedHandles.Tracked tracked;
    /**
     * For the group in a communicator's {@code group} field (MPJ Express's Comm.group): that communicator, until
     * the first call on this group asks MPI for it; then null. Null for every other group.
     */
    private volatile Comm groupOf;

    Group(long handle, boolean predefined) {
        this.handle = handle;
        this.predefined = predefined;
    }

    /** Number of processes in the group. */
    public int Size() throws MPIException {
        return query("Group.Size", true);
    }

    /** This process's rank in the group, or {@code MPI.UNDEFINED} if it is not a member. */
    public int Rank() throws MPIException {
        return query("Group.Rank", false);
    }

    private int query(String call, boolean size) {
        requireLive(call, "group");
        int[] value = new int[1];
        MPIException.check(size ? NativeMPI.group_size(handle, value) : NativeMPI.group_rank(handle, value),
                call);
        return value[0];
    }

    /** The ranks in {@code group2} of the processes with {@code ranks1} in {@code group1} (MPI.UNDEFINED if absent). */
    public static int[] Translate_ranks(Group group1, int[] ranks1, Group group2) throws MPIException {
        return Translate_ranks("Group.Translate_ranks", group1, ranks1, group2);
    }

    /** {@link #Translate_ranks} for a call named {@code call} (either API's spelling). */
    static int[] Translate_ranks(String call, Group group1, int[] ranks1, Group group2) {
        live(call, "group1", group1);
        live(call, "group2", group2);
        if (ranks1 == null) throw new NullPointerException(call + ": ranks1 is null");
        checkRanks(call, "ranks1", ranks1, group1.Size(), false);
        int[] ranks2 = new int[ranks1.length];
        MPIException.check(NativeMPI.group_translate_ranks(group1.handle, ranks1.length, ranks1, group2.handle,
                ranks2), call);
        return ranks2;
    }

    /** {@code MPI.IDENT} (same members, same order), {@code MPI.SIMILAR} (same members) or {@code MPI.UNEQUAL}. */
    public static int Compare(Group group1, Group group2) throws MPIException {
        return Compare("Group.Compare", group1, group2);
    }

    /** {@link #Compare} for a call named {@code call} (either API's spelling). */
    static int Compare(String call, Group group1, Group group2) {
        live(call, "group1", group1);
        live(call, "group2", group2);
        int[] result = new int[1];
        MPIException.check(NativeMPI.group_compare(group1.handle, group2.handle, result), call);
        return MPI.comparison(result[0]);
    }

    /** The members of group1, then those of group2 not in group1. */
    public static Group Union(Group group1, Group group2) throws MPIException {
        return combine("Group.Union", 0, group1, group2);
    }

    /** The members of group1 that are also in group2, in group1's order. */
    public static Group Intersection(Group group1, Group group2) throws MPIException {
        return combine("Group.Intersection", 1, group1, group2);
    }

    /** The members of group1 that are not in group2, in group1's order. */
    public static Group Difference(Group group1, Group group2) throws MPIException {
        return combine("Group.Difference", 2, group1, group2);
    }

    private static Group combine(String call, int op, Group group1, Group group2) {
        live(call, "group1", group1);
        live(call, "group2", group2);
        long[] result = new long[1];
        MPIException.check(NativeMPI.group_combine(op, group1.handle, group2.handle, result), call);
        return wrap(result[0]);
    }

    /** The group of the members with the given ranks, in that order. */
    public Group Incl(int[] ranks) throws MPIException {
        return incl("Group.Incl", 0, ranks);
    }

    /** The group without the members with the given ranks. */
    public Group Excl(int[] ranks) throws MPIException {
        return incl("Group.Excl", 1, ranks);
    }

    private Group incl(String call, int exclude, int[] ranks) {
        requireLive(call, "group");
        if (ranks == null) throw new NullPointerException(call + ": ranks is null");
        checkRanks(call, "ranks", ranks, Size(), true);
        long[] result = new long[1];
        MPIException.check(NativeMPI.group_incl(exclude, handle, ranks.length, ranks, result), call);
        return wrap(result[0]);
    }

    /**
     * The members in the ranges {first, last, stride} of {@code ranges}: ranks first, first + stride, ..., first +
     * floor((last - first) / stride) * stride of each range, in order.
     */
    public Group Range_incl(int[][] ranges) throws MPIException {
        return range("Group.Range_incl", 0, ranges);
    }

    /** The group without the members in the ranges {first, last, stride} (ranks as for {@link #Range_incl}). */
    public Group Range_excl(int[][] ranges) throws MPIException {
        return range("Group.Range_excl", 1, ranges);
    }

    /**
     * The ranges are expanded here and handed to MPI_Group_incl/excl as a list. MPI (MPI-3.1 6.3.2) requires only
     * that every rank a range generates be a rank of the group, once: {@code last} itself need not be one ({5, 8, 2}
     * in a group of 8 gives 5 and 7). Open MPI and MPICH check the triplets each their own way (Open MPI refuses
     * a range whose stride points away from last, MPICH takes its first rank), so expanding them here gives one
     * answer on every MPI, and an exception that names the range. The work is bounded by the group's size, since
     * generated ranks must be distinct.
     */
    private Group range(String call, int exclude, int[][] ranges) {
        requireLive(call, "group");
        if (ranges == null) throw new NullPointerException(call + ": ranges is null");
        int size = Size();
        boolean[] seen = new boolean[size];
        int[] ranks = new int[size];
        int n = 0;
        for (int i = 0; i < ranges.length; i++) {
            int[] r = ranges[i];
            if (r == null || r.length != 3) {
                throw new IllegalArgumentException(call + ": ranges[" + i + "] must be {first, last, stride}");
            }
            String range = "ranges[" + i + "] = {" + r[0] + ", " + r[1] + ", " + r[2] + "}";
            if (r[2] == 0) throw new IllegalArgumentException(call + ": " + range + " has stride 0");
            long steps = Math.floorDiv((long) r[1] - r[0], r[2]);
            if (steps < 0) {
                throw new IllegalArgumentException(call + ": " + range
                        + " selects no rank (the stride points away from last)");
            }
            for (long k = 0; k <= steps; k++) {
                long rank = r[0] + k * r[2];
                if (rank < 0 || rank >= size) {
                    throw new IllegalArgumentException(call + ": " + range + " generates rank " + rank
                            + ", not a rank of the group (size " + size + ")");
                }
                if (seen[(int) rank]) {
                    throw new IllegalArgumentException(call + ": " + range + " generates rank " + rank
                            + ", which the ranges already gave");
                }
                seen[(int) rank] = true;
                ranks[n++] = (int) rank;
            }
        }
        long[] result = new long[1];
        MPIException.check(NativeMPI.group_incl(exclude, handle, n, java.util.Arrays.copyOf(ranks, n), result),
                call);
        return wrap(result[0]);
    }

    /** Frees the group; communicators made from it are unaffected. */
    public void Free() throws MPIException {
        free("Group.Free");
    }

    /** MPJ Express's spelling of {@link #Free}. */
    public void free() throws MPIException {
        free("Group.free");
    }

    private void free(String call) {
        requireLive(call, "group");
        if (predefined) throw new IllegalArgumentException(call + ": " + this + " is predefined and cannot be freed");
        // MPI hands out MPI_GROUP_EMPTY itself for empty results; that handle is never freed.
        if (handle != MPI.GROUP_EMPTY.handle) MPIException.check(NativeMPI.group_free(handle), call);
        unusable = "has been freed";
        tracked.freed();
    }

    /** MPI.GROUP_NULL. */
    static Group nullGroup(long handle) {
        Group g = new Group(handle, true);
        g.unusable = "is MPI.GROUP_NULL";
        g.code = 2; // MPJ Express's Group.NULL
        return g;
    }

    /** MPI.GROUP_EMPTY. */
    static Group emptyGroup(long handle) {
        Group g = new Group(handle, true);
        g.code = EMPTY;
        return g;
    }

    /**
     * The group of {@code comm} (its remote group for an intercommunicator), for the communicator's {@code group}
     * field. MPI is asked for it on its first use only, so communicators cost no group handle unless a program
     * reads the field; from then on it is a group like any other (freed when the program frees it, or drops it).
     */
    static Group of(Comm comm) {
        Group g = new Group(0, false);
        g.groupOf = comm;
        return g;
    }

    private synchronized void fetch(String call) {
        Comm comm = groupOf;
        if (comm == null) return; // another thread fetched it
        handle = comm.fetchGroup(call);
        tracked = DroppedHandles.track(this, LiveHandles.Kind.GROUP, "group", releaseWhenDropped(handle));
        groupOf = null;
    }

    /** A group MPI returned; programs free every group they get, even an empty one, so none is predefined. */
    static Group wrap(long handle) {
        Group g = new Group(handle, false);
        g.tracked = DroppedHandles.track(g, LiveHandles.Kind.GROUP, "group", releaseWhenDropped(handle));
        return g;
    }

    /** Frees a group the program dropped; must not reference the Group itself. */
    private static Runnable releaseWhenDropped(long handle) {
        return () -> {
            if (handle != MPI.GROUP_EMPTY.handle) NativeMPI.group_free(handle);
        };
    }

    final void requireLive(String call, String what) {
        MPI.requireActive(call);
        if (unusable != null) throw new IllegalStateException(call + ": the " + what + " " + unusable);
        if (groupOf != null) fetch(call);
    }

    private static void live(String call, String name, Group group) {
        if (group == null) throw new NullPointerException(call + ": " + name + " is null");
        group.requireLive(call, name);
    }

    private static void checkRanks(String call, String name, int[] ranks, int size, boolean distinct) {
        boolean[] seen = new boolean[size];
        for (int i = 0; i < ranks.length; i++) {
            int r = ranks[i];
            if (r < 0 || r >= size) {
                throw new IllegalArgumentException(call + ": " + name + "[" + i + "] is " + r
                        + ", not a rank of the group (size " + size + ")");
            }
            if (distinct && seen[r]) throw new IllegalArgumentException(call + ": " + name + " repeats rank " + r);
            seen[r] = true;
        }
    }

    @Override
    public String toString() {
        return this == MPI.GROUP_EMPTY ? "MPI.GROUP_EMPTY" : "Group";
    }

    /**
     * MPJ Express's public {@code finalize()}, empty there too, for classes compiled against MPJ Express that call
     * it. Renamed by the build to finalize and made synthetic (src/build/java/SyntheticForms.java): source sees
     * only Object's protected finalize. Being empty, it does not make groups finalizable (HotSpot registers no
     * instance of a class whose finalize() is an empty method).
     */
    public void finalize$$mpjexpress() {
    }

    // ================================================================ Open MPI's Java API

    /** MPI_Group_size. */
    public int getSize() throws MPIException {
        try {
            return query("Group.getSize", true);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Group_rank: this process's rank in the group, or MPI.UNDEFINED. */
    public int getRank() throws MPIException {
        try {
            return query("Group.getRank", false);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** Whether this is MPI.GROUP_NULL or freed. */
    public boolean isNull() {
        try {
            return unusable != null;
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Group_translate_ranks. */
    public static int[] translateRanks(Group group1, int[] ranks1, Group group2) throws MPIException {
        try {
            return Translate_ranks("Group.translateRanks", group1, ranks1, group2);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Group_compare: MPI.IDENT, MPI.SIMILAR or MPI.UNEQUAL. */
    public static int compare(Group group1, Group group2) throws MPIException {
        try {
            return Compare("Group.compare", group1, group2);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Group_union. */
    public static Group union(Group group1, Group group2) throws MPIException {
        try {
            return combine("Group.union", 0, group1, group2);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Group_intersection. */
    public static Group intersection(Group group1, Group group2) throws MPIException {
        try {
            return combine("Group.intersection", 1, group1, group2);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Group_difference. */
    public static Group difference(Group group1, Group group2) throws MPIException {
        try {
            return combine("Group.difference", 2, group1, group2);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Group_incl. */
    public Group incl(int[] ranks) throws MPIException {
        try {
            return incl("Group.incl", 0, ranks);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Group_excl. */
    public Group excl(int[] ranks) throws MPIException {
        try {
            return incl("Group.excl", 1, ranks);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Group_range_incl: triplets (first, last, stride). */
    public Group rangeIncl(int[][] ranges) throws MPIException {
        try {
            return range("Group.rangeIncl", 0, ranges);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** MPI_Group_range_excl. */
    public Group rangeExcl(int[][] ranges) throws MPIException {
        try {
            return range("Group.rangeExcl", 1, ranges);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }
}

package mpi;

/**
 * A count that may exceed an int (MPI_Count), as MPI's large-count calls take and return it. Mutable, like Open
 * MPI's.
 */
public final class Count implements Comparable<Object> {
    private long count;

    /** A count of {@code count}. */
    public Count(long count) {
        this.count = count;
    }

    /** The count. */
    public long getCount() {
        return count;
    }

    /** Sets the count. */
    public void setCount(long count) {
        this.count = count;
    }

    /** Whether {@code obj} is a Count of the same value. */
    @Override
    public boolean equals(Object obj) {
        return obj instanceof Count && ((Count) obj).count == count;
    }

    /** Consistent with {@link #equals}. */
    @Override
    public int hashCode() {
        return Long.hashCode(count);
    }

    /**
     * -1, 0 or 1 as this count is less than, equal to or greater than {@code obj}'s; -1 when {@code obj} is not a
     * Count (as Open MPI's).
     */
    @Override
    public int compareTo(Object obj) {
        if (!(obj instanceof Count)) return -1;
        return Long.compare(count, ((Count) obj).count);
    }

    @Override
    public String toString() {
        return Long.toString(count);
    }
}

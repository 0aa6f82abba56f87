package mpi;

/** Open MPI's Java API's MPI_Count: a count wider than an int. */
public final class Count implements Comparable {
    private long count;

    public Count(long count) {
        this.count = count;
    }

    public long getCount() {
        return count;
    }

    public void setCount(long count) {
        this.count = count;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Count && ((Count) other).count == count;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(count);
    }

    /** Compares with another Count. */
    @Override
    public int compareTo(Object other) {
        return Long.compare(count, ((Count) other).count);
    }

    @Override
    public String toString() {
        return Long.toString(count);
    }
}

package mpi;

/** The version of the MPI standard the library implements, as {@code MPI.getVersion()} reports it (MPI_Get_version). */
public final class Version {
    private final int version, subVersion;

    /** Made by {@link MPI}: {@code version}.{@code subVersion}, e.g. 3 and 1. */
    protected Version(int version, int subVersion) {
        this.version = version;
        this.subVersion = subVersion;
    }

    /** The major version (3 for MPI 3.1). */
    public int getVersion() {
        return version;
    }

    /** The minor version (1 for MPI 3.1). */
    public int getSubVersion() {
        return subVersion;
    }

    @Override
    public String toString() {
        return version + "." + subVersion;
    }
}

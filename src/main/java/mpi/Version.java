package mpi;

/** Open MPI's Java API: the MPI standard version a library implements (MPI_Get_version). */
public final class Version {
    private final int version, subVersion;

    protected Version(int version, int subVersion) {
        this.version = version;
        this.subVersion = subVersion;
    }

    public int getVersion() {
        return version;
    }

    public int getSubVersion() {
        return subVersion;
    }
}

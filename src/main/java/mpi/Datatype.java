package mpi;

import natmpj.jni.NativeMPIJNI;

/**
 * An MPI datatype. The predefined ones map Java's fixed-width primitives to MPI's fixed-width types
 * ({@code MPI.INT} is MPI_INT32_T, {@code MPI.LONG} MPI_INT64_T, {@code MPI.CHAR} MPI_UINT16_T, {@code MPI.BOOLEAN}
 * the one-byte MPI_C_BOOL), so a Java {@code long} is never sent as a C {@code long}.
 */
public class Datatype {
    final long handle;
    final BasicType base;
    private final String name;

    Datatype(long handle, BasicType base, String name) {
        this.handle = handle;
        this.base = base;
        this.name = name;
    }

    /** Bytes of data in one item of this type. */
    public int Size() throws MPIException {
        MPI.requireActive("Datatype.Size");
        return base.bytes;
    }

    /** Checks MPI agrees with Java on the width of this type; run once at Init. */
    void verifySize() {
        int[] size = new int[1];
        MPIException.check(NativeMPIJNI.type_size(handle, size), "MPI_Type_size(" + name + ")");
        if (size[0] != base.bytes) {
            throw new MPIException(name + " is " + size[0] + " bytes in this MPI but a Java " + base.name().toLowerCase()
                    + " is " + base.bytes + ": natmpj cannot run on this MPI");
        }
    }

    @Override
    public String toString() {
        return name;
    }
}

package mpi;

import natmpj.jni.NativeMPI;

/**
 * An error reported by the MPI library, with its MPI error class and the library's own message.
 *
 * <p>Unchecked, so code written for MPJ Express (where it is unchecked) and for mpiJava (where it is checked and
 * declared with {@code throws}) both compile. Misuse found before MPI is called (a null or too short buffer, a
 * rank out of range, a call before {@code MPI.Init}) raises the standard Java exceptions instead.
 */
public class MPIException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final int errorCode;
    private final int errorClass;

    public MPIException() {
        this((String) null);
    }

    public MPIException(String message) {
        super(message);
        errorCode = errorClass = -1;
    }

    public MPIException(Throwable cause) {
        super(cause);
        errorCode = errorClass = -1;
    }

    MPIException(int errorCode, int errorClass, String message) {
        super(message);
        this.errorCode = errorCode;
        this.errorClass = errorClass;
    }

    /** The MPI error code, or -1 when the exception did not come from MPI. */
    public int getErrorCode() {
        return errorCode;
    }

    /** The MPI error class (compare with {@code MPI.ERR_TRUNCATE} etc.), or -1 when not from MPI. */
    public int getErrorClass() {
        return errorClass;
    }

    /** Throws when a natmpj C call returned anything but MPI_SUCCESS. */
    static void check(int rc, String call) {
        if (rc != 0) throw fromCode(rc, call);
    }

    static MPIException fromCode(int rc, String call) {
        int cls = NativeMPI.error_class(rc);
        return new MPIException(rc, cls, call + ": " + NativeMPI.error_string(rc) + " (MPI error class " + cls + ")");
    }
}

package natmpj.internal;

/**
 * How the core reports a failure: as the exception of the facade in use, which registers its factory when its
 * classes initialize (the mpiJava facade: {@code mpi.MPIException}, with the MPI error class and MPI's own error
 * string). The core names no facade class; before any facade registers, failures are IllegalStateExceptions.
 */
public final class Failures {
    /** Makes the facade's exceptions. */
    public interface Factory {
        /** An error MPI returned (or a NATMPJ_ERR_* code of the C layer) in {@code call}. */
        RuntimeException mpiError(int code, String call);

        /** A failure natmpj found itself, with its whole message (which starts with the call). */
        RuntimeException failure(String message);
    }

    private static volatile Factory factory = new Factory() {
        @Override
        public RuntimeException mpiError(int code, String call) {
            return new IllegalStateException(call + ": MPI error " + code);
        }

        @Override
        public RuntimeException failure(String message) {
            return new IllegalStateException(message);
        }
    };

    private Failures() {}

    /** For a facade, once, as its classes initialize. */
    public static void use(Factory f) {
        factory = f;
    }

    /** Throws the facade's exception for a non-zero return code of the C layer. */
    public static void check(int rc, String call) {
        if (rc != 0) throw factory.mpiError(rc, call);
    }

    /** The facade's exception for a non-zero return code, to throw or to remember. */
    public static RuntimeException mpiError(int rc, String call) {
        return factory.mpiError(rc, call);
    }

    public static RuntimeException failure(String message) {
        return factory.failure(message);
    }
}

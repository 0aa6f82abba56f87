package mpi;

/**
 * MPJ Express's forms of MPI's fields whose type differs from mpiJava 1.2's, for classes compiled against MPJ
 * Express. They link here (JVMS 5.4.3.2: a field reference {@code mpi/MPI.COMM_SELF:Lmpi/Comm;} that MPI itself
 * does not match is looked up in its superclass), while every Java compiler sees MPI's own fields, which hide these
 * (JLS 8.3). A synthetic field in MPI would not do: Eclipse's compiler, unlike javac, does not ignore synthetic
 * fields in class files and may pick either field of a name. (Core reflection, stricter than linking, reads these
 * fields only after setAccessible(true), since this class is not public; MPI.class.getField("COMM_SELF") is MPI's.)
 */
class MpjExpressFields {
    /** MPJ Express declares COMM_SELF as a Comm; always the same object as {@link MPI#COMM_SELF}. */
    public static Comm COMM_SELF;

    static {
        // A class compiled against MPJ Express that reads this field first initializes this class, not MPI (the
        // JVM initializes a field's declaring class): MPI's initialization sets it. When MPI's initialization is
        // what runs this (MPI initializes its superclass first), MPI.COMM_SELF is still null here and MPI sets it.
        COMM_SELF = MPI.COMM_SELF;
    }

    MpjExpressFields() {}
}

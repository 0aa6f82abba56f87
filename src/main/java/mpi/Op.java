package mpi;

/**
 * A reduction operation. The predefined ones apply where Java's operators do: {@code MAX MIN SUM PROD} to numbers,
 * {@code LAND LOR LXOR} to booleans and integers, {@code BAND BOR BXOR} to integers and booleans (on booleans they
 * are the logical ops, as Java's {@code & | ^}). Any other pairing is refused before MPI sees it.
 */
public class Op {
    enum Kind { ARITHMETIC, LOGICAL, BITWISE }

    final long handle;
    private final String name;
    private final Kind kind;
    /** For BITWISE ops: the LOGICAL op that means the same on booleans. */
    private final Op onBooleans;

    Op(long handle, String name, Kind kind, Op onBooleans) {
        this.handle = handle;
        this.name = name;
        this.kind = kind;
        this.onBooleans = onBooleans;
    }

    /** The MPI handle to reduce {@code type} with, or IllegalArgumentException when the op does not apply. */
    long handleFor(Datatype type, String call) {
        BasicType.Kind k = type.base.kind;
        switch (kind) {
        case ARITHMETIC:
            if (k == BasicType.Kind.INTEGER || k == BasicType.Kind.FLOATING) return handle;
            break;
        case LOGICAL:
            if (k == BasicType.Kind.INTEGER || k == BasicType.Kind.LOGICAL) return handle;
            break;
        case BITWISE:
            if (k == BasicType.Kind.INTEGER) return handle;
            if (k == BasicType.Kind.LOGICAL) return onBooleans.handle;
            break;
        }
        throw new IllegalArgumentException(call + ": op " + name + " does not apply to datatype " + type);
    }

    @Override
    public String toString() {
        return name;
    }
}

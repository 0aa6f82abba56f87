package mpi;

import java.nio.Buffer;

/**
 * An MPI window for one-sided communication (MPI_Win), as Open MPI's Java API declares it. natmpj does not offer
 * one-sided communication yet: every constructor and method exists with Open MPI's signature, so programs compile and
 * link, and throws UnsupportedOperationException naming the call and the MPI function it needs.
 */
public final class Win implements Freeable {
    /** Open MPI's value of the null window. */
    public static final int WIN_NULL = 0;
    /** {@link #Win(int, int, Info, Comm, Buffer, int)}: memory of the calling process only (MPI_Win_allocate). */
    public static final int FLAVOR_PRIVATE = 0;
    /** {@link #Win(int, int, Info, Comm, Buffer, int)}: memory shared within a node (MPI_Win_allocate_shared). */
    public static final int FLAVOR_SHARED = 1;

    /** {@code MPI_Win_create}: pending. */
    public Win(Buffer base, int size, int dispUnit, Info info, Comm comm) throws MPIException {
        throw Pending.of("new Win", "one-sided communication (MPI_Win_create)");
    }

    /** {@code MPI_Win_allocate} / {@code MPI_Win_allocate_shared}: pending. */
    public Win(int size, int dispUnit, Info info, Comm comm, Buffer base, int flavor) throws MPIException {
        throw Pending.of("new Win", "one-sided communication (MPI_Win_allocate / MPI_Win_allocate_shared)");
    }

    /** {@code MPI_Win_create_dynamic}: pending. */
    public Win(Info info, Comm comm) throws MPIException {
        throw Pending.of("new Win", "one-sided communication (MPI_Win_create_dynamic)");
    }

    /** {@code MPI_Win_attach}: pending. */
    public void attach(Buffer base, int size) throws MPIException {
        throw Pending.of("Win.attach", "one-sided communication (MPI_Win_attach)");
    }

    /** {@code MPI_Win_detach}: pending. */
    public void detach(Buffer base) throws MPIException {
        throw Pending.of("Win.detach", "one-sided communication (MPI_Win_detach)");
    }

    /** {@code MPI_Win_get_group}: pending. */
    public Group getGroup() throws MPIException {
        throw Pending.of("Win.getGroup", "one-sided communication (MPI_Win_get_group)");
    }

    /** {@code MPI_Put}: pending. */
    public void put(
            Buffer origin, int orgCount, Datatype orgType, int targetRank, int targetDisp, int targetCount,
            Datatype targetType) throws MPIException {
        throw Pending.of("Win.put", "one-sided communication (MPI_Put)");
    }

    /** {@code MPI_Get}: pending. */
    public void get(
            Buffer origin, int orgCount, Datatype orgType, int targetRank, int targetDisp, int targetCount,
            Datatype targetType) throws MPIException {
        throw Pending.of("Win.get", "one-sided communication (MPI_Get)");
    }

    /** {@code MPI_Accumulate}: pending. */
    public void accumulate(
            Buffer origin, int orgCount, Datatype orgType, int targetRank, int targetDisp, int targetCount,
            Datatype targetType, Op op) throws MPIException {
        throw Pending.of("Win.accumulate", "one-sided communication (MPI_Accumulate)");
    }

    /** {@code MPI_Win_fence}: pending. */
    public void fence(int assertion) throws MPIException {
        throw Pending.of("Win.fence", "one-sided communication (MPI_Win_fence)");
    }

    /** {@code MPI_Win_start}: pending. */
    public void start(Group group, int assertion) throws MPIException {
        throw Pending.of("Win.start", "one-sided communication (MPI_Win_start)");
    }

    /** {@code MPI_Win_complete}: pending. */
    public void complete() throws MPIException {
        throw Pending.of("Win.complete", "one-sided communication (MPI_Win_complete)");
    }

    /** {@code MPI_Win_post}: pending. */
    public void post(Group group, int assertion) throws MPIException {
        throw Pending.of("Win.post", "one-sided communication (MPI_Win_post)");
    }

    /** {@code MPI_Win_wait}: pending. */
    public void waitFor() throws MPIException {
        throw Pending.of("Win.waitFor", "one-sided communication (MPI_Win_wait)");
    }

    /** {@code MPI_Win_test}: pending. */
    public boolean test() throws MPIException {
        throw Pending.of("Win.test", "one-sided communication (MPI_Win_test)");
    }

    /** {@code MPI_Win_lock}: pending. */
    public void lock(int lockType, int rank, int assertion) throws MPIException {
        throw Pending.of("Win.lock", "one-sided communication (MPI_Win_lock)");
    }

    /** {@code MPI_Win_unlock}: pending. */
    public void unlock(int rank) throws MPIException {
        throw Pending.of("Win.unlock", "one-sided communication (MPI_Win_unlock)");
    }

    /** {@code MPI_Win_set_errhandler}: pending. */
    public void setErrhandler(Errhandler errhandler) throws MPIException {
        throw Pending.of("Win.setErrhandler", "one-sided communication (MPI_Win_set_errhandler)");
    }

    /** {@code MPI_Win_get_errhandler}: pending. */
    public Errhandler getErrhandler() throws MPIException {
        throw Pending.of("Win.getErrhandler", "one-sided communication (MPI_Win_get_errhandler)");
    }

    /** {@code MPI_Win_call_errhandler}: pending. */
    public void callErrhandler(int errorCode) throws MPIException {
        throw Pending.of("Win.callErrhandler", "one-sided communication (MPI_Win_call_errhandler)");
    }

    /** {@code MPI_Win_create_keyval}: pending. */
    public static int createKeyval() throws MPIException {
        throw Pending.of("Win.createKeyval", "one-sided communication (MPI_Win_create_keyval)");
    }

    /** {@code MPI_Win_free_keyval}: pending. */
    public static void freeKeyval(int keyval) throws MPIException {
        throw Pending.of("Win.freeKeyval", "one-sided communication (MPI_Win_free_keyval)");
    }

    /** {@code MPI_Win_set_attr}: pending. */
    public void setAttr(int keyval, Object value) throws MPIException {
        throw Pending.of("Win.setAttr", "one-sided communication (MPI_Win_set_attr)");
    }

    /** {@code MPI_Win_get_attr}: pending. */
    public Object getAttr(int keyval) throws MPIException {
        throw Pending.of("Win.getAttr", "one-sided communication (MPI_Win_get_attr)");
    }

    /** {@code MPI_Win_delete_attr}: pending. */
    public void deleteAttr(int keyval) throws MPIException {
        throw Pending.of("Win.deleteAttr", "one-sided communication (MPI_Win_delete_attr)");
    }

    /** {@code MPI_Win_get_info}: pending. */
    public Info getInfo() throws MPIException {
        throw Pending.of("Win.getInfo", "one-sided communication (MPI_Win_get_info)");
    }

    /** {@code MPI_Win_set_info}: pending. */
    public void setInfo(Info info) throws MPIException {
        throw Pending.of("Win.setInfo", "one-sided communication (MPI_Win_set_info)");
    }

    /** {@code MPI_Win_free}: pending. */
    public void free() throws MPIException {
        throw Pending.of("Win.free", "one-sided communication (MPI_Win_free)");
    }

    /** {@code MPI_Rput}: pending. */
    public final Request rPut(
            Buffer originAddr, int originCount, Datatype originDatatype, int targetRank, int targetDisp,
            int targetCount, Datatype targetDatatype) throws MPIException {
        throw Pending.of("Win.rPut", "one-sided communication (MPI_Rput)");
    }

    /** {@code MPI_Rget}: pending. */
    public final Request rGet(
            Buffer origin, int orgCount, Datatype orgType, int targetRank, int targetDisp, int targetCount,
            Datatype targetType) throws MPIException {
        throw Pending.of("Win.rGet", "one-sided communication (MPI_Rget)");
    }

    /** {@code MPI_Raccumulate}: pending. */
    public Request rAccumulate(
            Buffer origin, int orgCount, Datatype orgType, int targetRank, int targetDisp, int targetCount,
            Datatype targetType, Op op) throws MPIException {
        throw Pending.of("Win.rAccumulate", "one-sided communication (MPI_Raccumulate)");
    }

    /** {@code MPI_Get_accumulate}: pending. */
    public void getAccumulate(
            Buffer origin, int orgCount, Datatype orgType, Buffer resultAddr, int resultCount, Datatype resultType,
            int targetRank, int targetDisp, int targetCount, Datatype targetType, Op op) throws MPIException {
        throw Pending.of("Win.getAccumulate", "one-sided communication (MPI_Get_accumulate)");
    }

    /** {@code MPI_Rget_accumulate}: pending. */
    public Request rGetAccumulate(
            Buffer origin, int orgCount, Datatype orgType, Buffer resultAddr, int resultCount, Datatype resultType,
            int targetRank, int targetDisp, int targetCount, Datatype targetType, Op op) throws MPIException {
        throw Pending.of("Win.rGetAccumulate", "one-sided communication (MPI_Rget_accumulate)");
    }

    /** {@code MPI_Win_lock_all}: pending. */
    public void lockAll(int assertion) throws MPIException {
        throw Pending.of("Win.lockAll", "one-sided communication (MPI_Win_lock_all)");
    }

    /** {@code MPI_Win_unlock_all}: pending. */
    public void unlockAll() throws MPIException {
        throw Pending.of("Win.unlockAll", "one-sided communication (MPI_Win_unlock_all)");
    }

    /** {@code MPI_Win_sync}: pending. */
    public void sync() throws MPIException {
        throw Pending.of("Win.sync", "one-sided communication (MPI_Win_sync)");
    }

    /** {@code MPI_Win_flush}: pending. */
    public void flush(int targetRank) throws MPIException {
        throw Pending.of("Win.flush", "one-sided communication (MPI_Win_flush)");
    }

    /** {@code MPI_Win_flush_all}: pending. */
    public void flushAll() throws MPIException {
        throw Pending.of("Win.flushAll", "one-sided communication (MPI_Win_flush_all)");
    }

    /** {@code MPI_Compare_and_swap}: pending. */
    public void compareAndSwap(
            Buffer origin, Buffer compareAddr, Buffer resultAddr, Datatype targetType, int targetRank,
            int targetDisp) throws MPIException {
        throw Pending.of("Win.compareAndSwap", "one-sided communication (MPI_Compare_and_swap)");
    }

    /** {@code MPI_Fetch_and_op}: pending. */
    public void fetchAndOp(
            Buffer origin, Buffer resultAddr, Datatype dataType, int targetRank, int targetDisp,
            Op op) throws MPIException {
        throw Pending.of("Win.fetchAndOp", "one-sided communication (MPI_Fetch_and_op)");
    }

    /** {@code MPI_Win_flush_local}: pending. */
    public void flushLocal(int targetRank) throws MPIException {
        throw Pending.of("Win.flushLocal", "one-sided communication (MPI_Win_flush_local)");
    }

    /** {@code MPI_Win_flush_local_all}: pending. */
    public void flushLocalAll() throws MPIException {
        throw Pending.of("Win.flushLocalAll", "one-sided communication (MPI_Win_flush_local_all)");
    }

    /** {@code MPI_Win_get_name}: pending. */
    public String getName() throws MPIException {
        throw Pending.of("Win.getName", "one-sided communication (MPI_Win_get_name)");
    }

    /** {@code MPI_Win_set_name}: pending. */
    public void setName(String name) throws MPIException {
        throw Pending.of("Win.setName", "one-sided communication (MPI_Win_set_name)");
    }
}

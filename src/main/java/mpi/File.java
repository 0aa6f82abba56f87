package mpi;

import java.nio.Buffer;

/**
 * An MPI file (MPI_File, MPI-IO), as Open MPI's Java API declares it. natmpj does not offer MPI-IO yet: every
 * constructor and method exists with Open MPI's signature, so programs compile and link, and throws
 * UnsupportedOperationException naming the call and the MPI function it needs.
 */
public final class File {

    /** {@code MPI_File_open}: pending. */
    public File(Comm comm, String filename, int amode) throws MPIException {
        throw Pending.of("new File", "MPI-IO (MPI_File_open)");
    }

    /** {@code MPI_File_open}: pending. */
    public File(Comm comm, String filename, int amode, Info info) throws MPIException {
        throw Pending.of("new File", "MPI-IO (MPI_File_open)");
    }

    /** {@code MPI_File_close}: pending. */
    public void close() throws MPIException {
        throw Pending.of("File.close", "MPI-IO (MPI_File_close)");
    }

    /** {@code MPI_File_delete}: pending. */
    public static void delete(String filename) throws MPIException {
        throw Pending.of("File.delete", "MPI-IO (MPI_File_delete)");
    }

    /** {@code MPI_File_delete}: pending. */
    public static void delete(String filename, Info info) throws MPIException {
        throw Pending.of("File.delete", "MPI-IO (MPI_File_delete)");
    }

    /** {@code MPI_File_set_size}: pending. */
    public void setSize(long size) throws MPIException {
        throw Pending.of("File.setSize", "MPI-IO (MPI_File_set_size)");
    }

    /** {@code MPI_File_preallocate}: pending. */
    public void preallocate(long size) throws MPIException {
        throw Pending.of("File.preallocate", "MPI-IO (MPI_File_preallocate)");
    }

    /** {@code MPI_File_get_size}: pending. */
    public long getSize() throws MPIException {
        throw Pending.of("File.getSize", "MPI-IO (MPI_File_get_size)");
    }

    /** {@code MPI_File_get_group}: pending. */
    public Group getGroup() throws MPIException {
        throw Pending.of("File.getGroup", "MPI-IO (MPI_File_get_group)");
    }

    /** {@code MPI_File_get_amode}: pending. */
    public int getAMode() throws MPIException {
        throw Pending.of("File.getAMode", "MPI-IO (MPI_File_get_amode)");
    }

    /** {@code MPI_File_set_info}: pending. */
    public void setInfo(Info info) throws MPIException {
        throw Pending.of("File.setInfo", "MPI-IO (MPI_File_set_info)");
    }

    /** {@code MPI_File_get_info}: pending. */
    public Info getInfo() throws MPIException {
        throw Pending.of("File.getInfo", "MPI-IO (MPI_File_get_info)");
    }

    /** {@code MPI_File_set_view}: pending. */
    public void setView(long disp, Datatype etype, Datatype filetype, String datarep) throws MPIException {
        throw Pending.of("File.setView", "MPI-IO (MPI_File_set_view)");
    }

    /** {@code MPI_File_set_view}: pending. */
    public void setView(long disp, Datatype etype, Datatype filetype, String datarep, Info info) throws MPIException {
        throw Pending.of("File.setView", "MPI-IO (MPI_File_set_view)");
    }

    /** {@code MPI_File_get_view}: pending. */
    public FileView getView() {
        throw Pending.of("File.getView", "MPI-IO (MPI_File_get_view)");
    }

    /** {@code MPI_File_read_at}: pending. */
    public Status readAt(long offset, Object buf, int count, Datatype type) throws MPIException {
        throw Pending.of("File.readAt", "MPI-IO (MPI_File_read_at)");
    }

    /** {@code MPI_File_read_at_all}: pending. */
    public Status readAtAll(long offset, Object buf, int count, Datatype type) throws MPIException {
        throw Pending.of("File.readAtAll", "MPI-IO (MPI_File_read_at_all)");
    }

    /** {@code MPI_File_write_at}: pending. */
    public Status writeAt(long offset, Object buf, int count, Datatype type) throws MPIException {
        throw Pending.of("File.writeAt", "MPI-IO (MPI_File_write_at)");
    }

    /** {@code MPI_File_write_at_all}: pending. */
    public Status writeAtAll(long offset, Object buf, int count, Datatype type) throws MPIException {
        throw Pending.of("File.writeAtAll", "MPI-IO (MPI_File_write_at_all)");
    }

    /** {@code MPI_File_iread_at}: pending. */
    public Request iReadAt(long offset, Buffer buf, int count, Datatype type) throws MPIException {
        throw Pending.of("File.iReadAt", "MPI-IO (MPI_File_iread_at)");
    }

    /** {@code MPI_File_iread_at_all}: pending. */
    public Request iReadAtAll(long offset, Buffer buf, int count, Datatype type) throws MPIException {
        throw Pending.of("File.iReadAtAll", "MPI-IO (MPI_File_iread_at_all)");
    }

    /** {@code MPI_File_iwrite_at}: pending. */
    public Request iWriteAt(long offset, Buffer buf, int count, Datatype type) throws MPIException {
        throw Pending.of("File.iWriteAt", "MPI-IO (MPI_File_iwrite_at)");
    }

    /** {@code MPI_File_iwrite_at_all}: pending. */
    public Request iWriteAtAll(long offset, Buffer buf, int count, Datatype type) throws MPIException {
        throw Pending.of("File.iWriteAtAll", "MPI-IO (MPI_File_iwrite_at_all)");
    }

    /** {@code MPI_File_read}: pending. */
    public Status read(Object buf, int count, Datatype type) throws MPIException {
        throw Pending.of("File.read", "MPI-IO (MPI_File_read)");
    }

    /** {@code MPI_File_read_all}: pending. */
    public Status readAll(Object buf, int count, Datatype type) throws MPIException {
        throw Pending.of("File.readAll", "MPI-IO (MPI_File_read_all)");
    }

    /** {@code MPI_File_write}: pending. */
    public Status write(Object buf, int count, Datatype type) throws MPIException {
        throw Pending.of("File.write", "MPI-IO (MPI_File_write)");
    }

    /** {@code MPI_File_write_all}: pending. */
    public Status writeAll(Object buf, int count, Datatype type) throws MPIException {
        throw Pending.of("File.writeAll", "MPI-IO (MPI_File_write_all)");
    }

    /** {@code MPI_File_iread}: pending. */
    public Request iRead(Buffer buf, int count, Datatype type) throws MPIException {
        throw Pending.of("File.iRead", "MPI-IO (MPI_File_iread)");
    }

    /** {@code MPI_File_iread_all}: pending. */
    public Request iReadAll(Buffer buf, int count, Datatype type) throws MPIException {
        throw Pending.of("File.iReadAll", "MPI-IO (MPI_File_iread_all)");
    }

    /** {@code MPI_File_iwrite}: pending. */
    public Request iWrite(Buffer buf, int count, Datatype type) throws MPIException {
        throw Pending.of("File.iWrite", "MPI-IO (MPI_File_iwrite)");
    }

    /** {@code MPI_File_iwrite_all}: pending. */
    public Request iWriteAll(Buffer buf, int count, Datatype type) throws MPIException {
        throw Pending.of("File.iWriteAll", "MPI-IO (MPI_File_iwrite_all)");
    }

    /** {@code MPI_File_seek}: pending. */
    public void seek(long offset, int whence) throws MPIException {
        throw Pending.of("File.seek", "MPI-IO (MPI_File_seek)");
    }

    /** {@code MPI_File_get_position}: pending. */
    public long getPosition() throws MPIException {
        throw Pending.of("File.getPosition", "MPI-IO (MPI_File_get_position)");
    }

    /** {@code MPI_File_get_byte_offset}: pending. */
    public long getByteOffset(long offset) throws MPIException {
        throw Pending.of("File.getByteOffset", "MPI-IO (MPI_File_get_byte_offset)");
    }

    /** {@code MPI_File_read_shared}: pending. */
    public Status readShared(Object buf, int count, Datatype type) throws MPIException {
        throw Pending.of("File.readShared", "MPI-IO (MPI_File_read_shared)");
    }

    /** {@code MPI_File_write_shared}: pending. */
    public Status writeShared(Object buf, int count, Datatype type) throws MPIException {
        throw Pending.of("File.writeShared", "MPI-IO (MPI_File_write_shared)");
    }

    /** {@code MPI_File_iread_shared}: pending. */
    public Request iReadShared(Buffer buf, int count, Datatype type) throws MPIException {
        throw Pending.of("File.iReadShared", "MPI-IO (MPI_File_iread_shared)");
    }

    /** {@code MPI_File_iwrite_shared}: pending. */
    public Request iWriteShared(Buffer buf, int count, Datatype type) throws MPIException {
        throw Pending.of("File.iWriteShared", "MPI-IO (MPI_File_iwrite_shared)");
    }

    /** {@code MPI_File_read_ordered}: pending. */
    public Status readOrdered(Object buf, int count, Datatype type) throws MPIException {
        throw Pending.of("File.readOrdered", "MPI-IO (MPI_File_read_ordered)");
    }

    /** {@code MPI_File_write_ordered}: pending. */
    public Status writeOrdered(Object buf, int count, Datatype type) throws MPIException {
        throw Pending.of("File.writeOrdered", "MPI-IO (MPI_File_write_ordered)");
    }

    /** {@code MPI_File_seek_shared}: pending. */
    public void seekShared(long offset, int whence) throws MPIException {
        throw Pending.of("File.seekShared", "MPI-IO (MPI_File_seek_shared)");
    }

    /** {@code MPI_File_get_position_shared}: pending. */
    public long getPositionShared() throws MPIException {
        throw Pending.of("File.getPositionShared", "MPI-IO (MPI_File_get_position_shared)");
    }

    /** {@code MPI_File_read_at_all_begin}: pending. */
    public void readAtAllBegin(long offset, Object buf, int count, Datatype type) throws MPIException {
        throw Pending.of("File.readAtAllBegin", "MPI-IO (MPI_File_read_at_all_begin)");
    }

    /** {@code MPI_File_read_at_all_end}: pending. */
    public Status readAtAllEnd(Object buf) throws MPIException {
        throw Pending.of("File.readAtAllEnd", "MPI-IO (MPI_File_read_at_all_end)");
    }

    /** {@code MPI_File_write_at_all_begin}: pending. */
    public void writeAtAllBegin(long offset, Object buf, int count, Datatype type) throws MPIException {
        throw Pending.of("File.writeAtAllBegin", "MPI-IO (MPI_File_write_at_all_begin)");
    }

    /** {@code MPI_File_write_at_all_end}: pending. */
    public Status writeAtAllEnd(Object buf) throws MPIException {
        throw Pending.of("File.writeAtAllEnd", "MPI-IO (MPI_File_write_at_all_end)");
    }

    /** {@code MPI_File_read_all_begin}: pending. */
    public void readAllBegin(Object buf, int count, Datatype type) throws MPIException {
        throw Pending.of("File.readAllBegin", "MPI-IO (MPI_File_read_all_begin)");
    }

    /** {@code MPI_File_read_all_end}: pending. */
    public Status readAllEnd(Object buf) throws MPIException {
        throw Pending.of("File.readAllEnd", "MPI-IO (MPI_File_read_all_end)");
    }

    /** {@code MPI_File_write_all_begin}: pending. */
    public void writeAllBegin(Object buf, int count, Datatype type) throws MPIException {
        throw Pending.of("File.writeAllBegin", "MPI-IO (MPI_File_write_all_begin)");
    }

    /** {@code MPI_File_write_all_end}: pending. */
    public Status writeAllEnd(Object buf) throws MPIException {
        throw Pending.of("File.writeAllEnd", "MPI-IO (MPI_File_write_all_end)");
    }

    /** {@code MPI_File_read_ordered_begin}: pending. */
    public void readOrderedBegin(Object buf, int count, Datatype type) throws MPIException {
        throw Pending.of("File.readOrderedBegin", "MPI-IO (MPI_File_read_ordered_begin)");
    }

    /** {@code MPI_File_read_ordered_end}: pending. */
    public Status readOrderedEnd(Object buf) throws MPIException {
        throw Pending.of("File.readOrderedEnd", "MPI-IO (MPI_File_read_ordered_end)");
    }

    /** {@code MPI_File_write_ordered_begin}: pending. */
    public void writeOrderedBegin(Object buf, int count, Datatype type) throws MPIException {
        throw Pending.of("File.writeOrderedBegin", "MPI-IO (MPI_File_write_ordered_begin)");
    }

    /** {@code MPI_File_write_ordered_end}: pending. */
    public Status writeOrderedEnd(Object buf) throws MPIException {
        throw Pending.of("File.writeOrderedEnd", "MPI-IO (MPI_File_write_ordered_end)");
    }

    /** {@code MPI_File_get_type_extent}: pending. */
    public int getTypeExtent(Datatype type) throws MPIException {
        throw Pending.of("File.getTypeExtent", "MPI-IO (MPI_File_get_type_extent)");
    }

    /** {@code MPI_File_set_atomicity}: pending. */
    public void setAtomicity(boolean atomicity) throws MPIException {
        throw Pending.of("File.setAtomicity", "MPI-IO (MPI_File_set_atomicity)");
    }

    /** {@code MPI_File_get_atomicity}: pending. */
    public boolean getAtomicity() throws MPIException {
        throw Pending.of("File.getAtomicity", "MPI-IO (MPI_File_get_atomicity)");
    }

    /** {@code MPI_File_sync}: pending. */
    public void sync() throws MPIException {
        throw Pending.of("File.sync", "MPI-IO (MPI_File_sync)");
    }

    /** {@code MPI_File_set_errhandler}: pending. */
    public void setErrhandler(Errhandler errhandler) throws MPIException {
        throw Pending.of("File.setErrhandler", "MPI-IO (MPI_File_set_errhandler)");
    }

    /** {@code MPI_File_get_errhandler}: pending. */
    public Errhandler getErrhandler() throws MPIException {
        throw Pending.of("File.getErrhandler", "MPI-IO (MPI_File_get_errhandler)");
    }

    /** {@code MPI_File_call_errhandler}: pending. */
    public void callErrhandler(int errorCode) throws MPIException {
        throw Pending.of("File.callErrhandler", "MPI-IO (MPI_File_call_errhandler)");
    }
}

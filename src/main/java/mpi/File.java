package mpi;

import java.nio.Buffer;

import natmpj.internal.BufferType;
import natmpj.internal.Buffers;
import natmpj.internal.Held;
import natmpj.internal.Message;
import natmpj.internal.StatusBuffer;
import natmpj.jni.NativeMPI;
import natmpj.jni.NativeMPIConstants;

/**
 * An MPI file (MPI_File, MPI-IO), Open MPI's Java API over natmpj's one buffer path (docs/buffers.md):
 * <ul>
 *   <li>Blocking reads and writes take a Java array (pinned for the call, or staged where blocking calls stage:
 *       {@code MPI.THREAD_MULTIPLE}), a heap buffer (its array) or a direct buffer (its address), as Open MPI's
 *       bindings do ({@code Object buf}).</li>
 *   <li>Non-blocking ones ({@code Buffer buf}) take a direct buffer, as Open MPI's bindings do, and also a heap buffer
 *       (a wrapped array or {@code MPI.slice}), which Open MPI's bindings refuse: its array is pinned or staged until
 *       the request completes, a staged read copied back then (the array's own values first copied in, so that a
 *       read that ends at the end of the file leaves the rest of the range as it was).</li>
 *   <li>Split collectives ({@code ...Begin}/{@code ...End}) start MPI's own split collective: the buffer, resolved
 *       as a request's, is held by this object until the matching End call, which must get the same buffer.
 *       (Open MPI's bindings run the whole blocking collective in Begin for arrays.)</li>
 * </ul>
 * Offsets count etypes of the view, as in MPI. Arguments natmpj can check (a closed file, a bad amode, a negative
 * offset or size, a count beyond the buffer, MPI.OBJECT) are refused before MPI with an MPIException whose cause is
 * the Java exception naming the argument; what MPI refuses (a missing file opened read-only, say) is an MPIException
 * of MPI's error class: a file's error handler is MPI.ERRORS_RETURN unless the program sets another.
 */
public final class File {
    private static final int AT = NativeMPIConstants.FILE_AT, AT_ALL = NativeMPIConstants.FILE_AT_ALL,
            INDIVIDUAL = NativeMPIConstants.FILE_INDIVIDUAL, ALL = NativeMPIConstants.FILE_ALL,
            SHARED = NativeMPIConstants.FILE_SHARED, ORDERED = NativeMPIConstants.FILE_ORDERED;

    private final long handle;
    private boolean closed;
    private FileView view = new FileView(0, MPI.BYTE, MPI.BYTE, "native");
    /** The split collective begun and not yet ended (MPI allows one per file), or null. */
    private Split split;

    /** A split collective between its Begin and End: what MPI uses until End. */
    private static final class Split {
        final String begin, end;
        final boolean write;
        final int access;
        final Object buf;
        final Held held;
        final long address;

        Split(String begin, String end, boolean write, int access, Object buf, Held held, long address) {
            this.begin = begin;
            this.end = end;
            this.write = write;
            this.access = access;
            this.buf = buf;
            this.held = held;
            this.address = address;
        }
    }

    /** {@code MPI_File_open} with no hints: collective over {@code comm}. */
    public File(Comm comm, String filename, int amode) throws MPIException {
        this(comm, filename, amode, MPI.INFO_NULL);
    }

    /** {@code MPI_File_open}: collective over {@code comm}; {@code amode} ORs MPI.MODE_* flags. */
    public File(Comm comm, String filename, int amode, Info info) throws MPIException {
        long h;
        try {
            String call = "File.File";
            MPI.requireActive(call);
            if (comm == null) throw new NullPointerException(call + ": comm is null");
            comm.requireLive(call, "comm");
            if (filename == null) throw new NullPointerException(call + ": filename is null");
            long infoHandle = info(call, info);
            checkAmode(call, amode);
            long[] created = new long[1];
            MPIException.check(NativeMPI.file_open(comm.handle, filename, amode, infoHandle, created), call);
            h = created[0];
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
        handle = h;
    }

    private static long info(String call, Info info) {
        if (info == null) throw new NullPointerException(call + ": info is null");
        return info.handle;
    }

    /** Exactly one access mode, only MPI's file flags, none of the combinations MPI-3.1 13.2.1 forbids. */
    private static void checkAmode(String call, int amode) {
        int rdonly = MPI.MODE_RDONLY, wronly = MPI.MODE_WRONLY, rdwr = MPI.MODE_RDWR;
        int known = MPI.MODE_CREATE | rdonly | wronly | rdwr | MPI.MODE_DELETE_ON_CLOSE | MPI.MODE_UNIQUE_OPEN
                | MPI.MODE_EXCL | MPI.MODE_APPEND | MPI.MODE_SEQUENTIAL;
        int access = amode & (rdonly | wronly | rdwr);
        String problem = null;
        if ((amode & ~known) != 0) {
            problem = "bits 0x" + Integer.toHexString(amode & ~known) + " are no MPI.MODE_* file flag";
        } else if (Integer.bitCount(access) != 1) {
            problem = "it must hold exactly one of MPI.MODE_RDONLY, MPI.MODE_WRONLY and MPI.MODE_RDWR";
        } else if (access == rdonly && (amode & (MPI.MODE_CREATE | MPI.MODE_EXCL)) != 0) {
            problem = "MPI.MODE_RDONLY excludes MPI.MODE_CREATE and MPI.MODE_EXCL";
        } else if (access == rdwr && (amode & MPI.MODE_SEQUENTIAL) != 0) {
            problem = "MPI.MODE_RDWR excludes MPI.MODE_SEQUENTIAL";
        }
        if (problem != null) throw new IllegalArgumentException(call + ": amode is " + amode + ": " + problem);
    }

    private void requireOpen(String call) {
        MPI.requireActive(call);
        if (closed) throw new IllegalStateException(call + ": the file has been closed, which freed it");
    }

    private static void nonNegative(String call, String name, long value) {
        if (value < 0) throw new IllegalArgumentException(call + ": " + name + " is " + value + ", must be >= 0");
    }

    /** {@code MPI_File_close}: collective. Requests on the file must have completed, a split collective ended. */
    public void close() throws MPIException {
        try {
            String call = "File.close";
            requireOpen(call);
            if (split != null) {
                throw new IllegalStateException(call + ": the split collective " + split.begin + " is still active;"
                        + " call " + split.end + " before closing the file");
            }
            MPIException.check(NativeMPI.file_close(handle), call);
            closed = true;
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** {@code MPI_File_delete}. */
    public static void delete(String filename) throws MPIException {
        delete(filename, MPI.INFO_NULL);
    }

    /** {@code MPI_File_delete}: MPIException of class MPI.ERR_NO_SUCH_FILE when there is no such file. */
    public static void delete(String filename, Info info) throws MPIException {
        try {
            String call = "File.delete";
            MPI.requireActive(call);
            if (filename == null) throw new NullPointerException(call + ": filename is null");
            MPIException.check(NativeMPI.file_delete(filename, info(call, info)), call);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** {@code MPI_File_set_size}: collective. */
    public void setSize(long size) throws MPIException {
        try {
            String call = "File.setSize";
            requireOpen(call);
            nonNegative(call, "size", size);
            MPIException.check(NativeMPI.file_set_size(handle, size), call);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** {@code MPI_File_preallocate}: collective. */
    public void preallocate(long size) throws MPIException {
        try {
            String call = "File.preallocate";
            requireOpen(call);
            nonNegative(call, "size", size);
            MPIException.check(NativeMPI.file_preallocate(handle, size), call);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** {@code MPI_File_get_size}: in bytes. */
    public long getSize() throws MPIException {
        try {
            String call = "File.getSize";
            requireOpen(call);
            long[] size = new long[1];
            MPIException.check(NativeMPI.file_get_size(handle, size), call);
            return size[0];
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** {@code MPI_File_get_group}: a new group, the program's to free. */
    public Group getGroup() throws MPIException {
        try {
            String call = "File.getGroup";
            requireOpen(call);
            long[] group = new long[1];
            MPIException.check(NativeMPI.file_get_group(handle, group), call);
            return Group.wrap(group[0]);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** {@code MPI_File_get_amode}. */
    public int getAMode() throws MPIException {
        try {
            String call = "File.getAMode";
            requireOpen(call);
            int[] amode = new int[1];
            MPIException.check(NativeMPI.file_get_amode(handle, amode), call);
            return amode[0];
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /**
     * {@code MPI_File_set_info}: collective. MPI.INFO_NULL sets no hint and is not passed on: MPICH takes it, Open
     * MPI 4.1 refuses it (MPI_ERR_INFO); natmpj does the same on both.
     */
    public void setInfo(Info info) throws MPIException {
        try {
            String call = "File.setInfo";
            requireOpen(call);
            long hints = info(call, info);
            if (hints == MPI.INFO_NULL.handle) return;
            MPIException.check(NativeMPI.file_set_info(handle, hints), call);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** {@code MPI_File_get_info}: the hints in use, a new Info (freed for the program if dropped). */
    public Info getInfo() throws MPIException {
        try {
            String call = "File.getInfo";
            requireOpen(call);
            long[] info = new long[1];
            MPIException.check(NativeMPI.file_get_info(handle, info), call);
            return Info.created(info[0], call);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** {@code MPI_File_set_view} with no hints. */
    public void setView(long disp, Datatype etype, Datatype filetype, String datarep) throws MPIException {
        setView(disp, etype, filetype, datarep, MPI.INFO_NULL);
    }

    /**
     * {@code MPI_File_set_view}: collective; {@code disp} in bytes (or MPI.DISPLACEMENT_CURRENT), {@code filetype}
     * made of whole {@code etype}s; resets the file pointers to 0.
     */
    public void setView(long disp, Datatype etype, Datatype filetype, String datarep, Info info) throws MPIException {
        try {
            String call = "File.setView";
            requireOpen(call);
            if (disp < 0 && disp != MPI.DISPLACEMENT_CURRENT) {
                throw new IllegalArgumentException(call + ": disp is " + disp + ", must be >= 0 or"
                        + " MPI.DISPLACEMENT_CURRENT");
            }
            fileType(call, "etype", etype);
            fileType(call, "filetype", filetype);
            if (datarep == null) throw new NullPointerException(call + ": datarep is null");
            MPIException.check(NativeMPI.file_set_view(handle, disp, etype.layout.handle(), filetype.layout.handle(),
                    datarep, info(call, info)), call);
            view = new FileView(disp, etype, filetype, datarep);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** A datatype MPI-IO can take without a buffer: set, not freed, describing data, not MPI.OBJECT. */
    private static BufferType fileType(String call, String name, Datatype type) {
        BufferType t = Datatype.layout(type);
        Buffers.requireData(call, name, t);
        if (ObjectMessages.isObject(type)) {
            throw new IllegalArgumentException(call + ": " + name + " is MPI.OBJECT, which holds Java objects;"
                    + " MPI-IO moves primitive data only");
        }
        return t;
    }

    /**
     * {@code MPI_File_get_view}: the displacement and data representation as MPI reports them, with the etype and
     * filetype objects given to setView (MPI.BYTE before any).
     */
    public FileView getView() {
        try {
            String call = "File.getView";
            requireOpen(call);
            long[] disp = new long[1];
            MPIException.check(NativeMPI.file_get_view(handle, disp), call);
            return new FileView(disp[0], view.getEType(), view.getFileType(), NativeMPI.text());
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    // ---------------------------------------------------------------- blocking data access

    /** {@code MPI_File_read_at}. */
    public Status readAt(long offset, Object buf, int count, Datatype type) throws MPIException {
        return blocking("File.readAt", false, AT, offset, buf, count, type);
    }

    /** {@code MPI_File_read_at_all}: collective. */
    public Status readAtAll(long offset, Object buf, int count, Datatype type) throws MPIException {
        return blocking("File.readAtAll", false, AT_ALL, offset, buf, count, type);
    }

    /** {@code MPI_File_write_at}. */
    public Status writeAt(long offset, Object buf, int count, Datatype type) throws MPIException {
        return blocking("File.writeAt", true, AT, offset, buf, count, type);
    }

    /** {@code MPI_File_write_at_all}: collective. */
    public Status writeAtAll(long offset, Object buf, int count, Datatype type) throws MPIException {
        return blocking("File.writeAtAll", true, AT_ALL, offset, buf, count, type);
    }

    /** {@code MPI_File_read}: at the individual file pointer. */
    public Status read(Object buf, int count, Datatype type) throws MPIException {
        return blocking("File.read", false, INDIVIDUAL, 0, buf, count, type);
    }

    /** {@code MPI_File_read_all}: collective. */
    public Status readAll(Object buf, int count, Datatype type) throws MPIException {
        return blocking("File.readAll", false, ALL, 0, buf, count, type);
    }

    /** {@code MPI_File_write}: at the individual file pointer. */
    public Status write(Object buf, int count, Datatype type) throws MPIException {
        return blocking("File.write", true, INDIVIDUAL, 0, buf, count, type);
    }

    /** {@code MPI_File_write_all}: collective. */
    public Status writeAll(Object buf, int count, Datatype type) throws MPIException {
        return blocking("File.writeAll", true, ALL, 0, buf, count, type);
    }

    /** {@code MPI_File_read_shared}: at the shared file pointer. */
    public Status readShared(Object buf, int count, Datatype type) throws MPIException {
        return blocking("File.readShared", false, SHARED, 0, buf, count, type);
    }

    /** {@code MPI_File_write_shared}: at the shared file pointer. */
    public Status writeShared(Object buf, int count, Datatype type) throws MPIException {
        return blocking("File.writeShared", true, SHARED, 0, buf, count, type);
    }

    /** {@code MPI_File_read_ordered}: collective, at the shared file pointer in rank order. */
    public Status readOrdered(Object buf, int count, Datatype type) throws MPIException {
        return blocking("File.readOrdered", false, ORDERED, 0, buf, count, type);
    }

    /** {@code MPI_File_write_ordered}: collective, at the shared file pointer in rank order. */
    public Status writeOrdered(Object buf, int count, Datatype type) throws MPIException {
        return blocking("File.writeOrdered", true, ORDERED, 0, buf, count, type);
    }

    /** The checks every data access makes: open file, offset, buffer; the datatype to hand MPI. */
    private BufferType checked(String call, int access, long offset, Object base, long[] off, Object buf, int count,
                               Datatype type) {
        requireOpen(call);
        if (access == AT || access == AT_ALL) nonNegative(call, "offset", offset);
        if (ObjectMessages.isObject(type)) {
            throw new IllegalArgumentException(call + ": datatype of buf is MPI.OBJECT, which holds Java objects;"
                    + " MPI-IO moves primitive data only");
        }
        BufferType t = Datatype.layout(type);
        off[0] = Buffers.offset(call, "buf", base, OmpiArgs.offset(buf), count, t);
        return t;
    }

    private Status blocking(String call, boolean write, int access, long offset, Object buf, int count,
                            Datatype datatype) {
        try {
            Datatype dt = OmpiArgs.type(datatype, buf);
            Object base = OmpiArgs.base(call, "buf", buf);
            long[] at = new long[1];
            BufferType type = checked(call, access, offset, base, at, buf, count, dt);
            StatusBuffer status = StatusBuffer.current();
            Message m = Message.blocking(call, base, at[0], count, type, Message.stageBlockingArrays,
                    write ? Message.READ : Message.WRITE);
            int rc = write
                    ? NativeMPI.file_write(access, handle, offset, m.array, m.address, m.off, count, type.handle(),
                            status.address)
                    : NativeMPI.file_read(access, handle, offset, m.array, m.address, m.off, count, type.handle(),
                            status.address);
            m.finish(call, rc, !write && m.staged() && rc == 0 ? Status.bytes(status) : -1);
            MPIException.check(rc, call);
            return new Status(status);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    // ---------------------------------------------------------------- non-blocking data access

    /** {@code MPI_File_iread_at}. */
    public Request iReadAt(long offset, Buffer buf, int count, Datatype type) throws MPIException {
        return started("File.iReadAt", false, AT, offset, buf, count, type);
    }

    /** {@code MPI_File_iread_at_all}: collective. */
    public Request iReadAtAll(long offset, Buffer buf, int count, Datatype type) throws MPIException {
        return started("File.iReadAtAll", false, AT_ALL, offset, buf, count, type);
    }

    /** {@code MPI_File_iwrite_at}. */
    public Request iWriteAt(long offset, Buffer buf, int count, Datatype type) throws MPIException {
        return started("File.iWriteAt", true, AT, offset, buf, count, type);
    }

    /** {@code MPI_File_iwrite_at_all}: collective. */
    public Request iWriteAtAll(long offset, Buffer buf, int count, Datatype type) throws MPIException {
        return started("File.iWriteAtAll", true, AT_ALL, offset, buf, count, type);
    }

    /** {@code MPI_File_iread}. */
    public Request iRead(Buffer buf, int count, Datatype type) throws MPIException {
        return started("File.iRead", false, INDIVIDUAL, 0, buf, count, type);
    }

    /** {@code MPI_File_iread_all}: collective. */
    public Request iReadAll(Buffer buf, int count, Datatype type) throws MPIException {
        return started("File.iReadAll", false, ALL, 0, buf, count, type);
    }

    /** {@code MPI_File_iwrite}. */
    public Request iWrite(Buffer buf, int count, Datatype type) throws MPIException {
        return started("File.iWrite", true, INDIVIDUAL, 0, buf, count, type);
    }

    /** {@code MPI_File_iwrite_all}: collective. */
    public Request iWriteAll(Buffer buf, int count, Datatype type) throws MPIException {
        return started("File.iWriteAll", true, ALL, 0, buf, count, type);
    }

    /** {@code MPI_File_iread_shared}. */
    public Request iReadShared(Buffer buf, int count, Datatype type) throws MPIException {
        return started("File.iReadShared", false, SHARED, 0, buf, count, type);
    }

    /** {@code MPI_File_iwrite_shared}. */
    public Request iWriteShared(Buffer buf, int count, Datatype type) throws MPIException {
        return started("File.iWriteShared", true, SHARED, 0, buf, count, type);
    }

    /** The buffer resolved for an operation MPI keeps using after the call returns (a request, a split collective). */
    private static Message held(String call, Held held, boolean write, Object base, long off, int count,
                                BufferType type) {
        // A read into a staged array copies the array in first (gaps): the whole range goes back at completion,
        // and a read that stops at the end of the file must leave the rest as it was.
        return held.buffer(call, base, off, count, type, write ? Message.READ : Message.WRITE, !write);
    }

    private Request started(String call, boolean write, int access, long offset, Buffer buf, int count,
                            Datatype datatype) {
        try {
            Datatype dt = OmpiArgs.type(datatype, buf);
            Object base = OmpiArgs.base(call, "buf", buf);
            long[] at = new long[1];
            BufferType type = checked(call, access, offset, base, at, buf, count, dt);
            Held held = new Held();
            StatusBuffer out = StatusBuffer.current();
            int rc;
            try {
                Message m = held(call, held, write, base, at[0], count, type);
                rc = write
                        ? NativeMPI.file_iwrite(access, handle, offset, m.address, count, type.handle(),
                                out.handleAddress)
                        : NativeMPI.file_iread(access, handle, offset, m.address, count, type.handle(),
                                out.handleAddress);
            } catch (RuntimeException e) {
                held.release();
                throw e;
            }
            if (rc != 0) {
                held.release();
                throw MPIException.fromCode(rc, call);
            }
            return new Request(out.handle(), held);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    // ---------------------------------------------------------------- split collectives

    /** {@code MPI_File_read_at_all_begin}: the buffer is held until {@link #readAtAllEnd}. */
    public void readAtAllBegin(long offset, Object buf, int count, Datatype type) throws MPIException {
        begin("File.readAtAllBegin", "File.readAtAllEnd", false, AT_ALL, offset, buf, count, type);
    }

    /** {@code MPI_File_read_at_all_end}: {@code buf} is the one given to readAtAllBegin. */
    public Status readAtAllEnd(Object buf) throws MPIException {
        return end("File.readAtAllEnd", false, AT_ALL, buf);
    }

    /** {@code MPI_File_write_at_all_begin}: the buffer is held until {@link #writeAtAllEnd}. */
    public void writeAtAllBegin(long offset, Object buf, int count, Datatype type) throws MPIException {
        begin("File.writeAtAllBegin", "File.writeAtAllEnd", true, AT_ALL, offset, buf, count, type);
    }

    /** {@code MPI_File_write_at_all_end}. */
    public Status writeAtAllEnd(Object buf) throws MPIException {
        return end("File.writeAtAllEnd", true, AT_ALL, buf);
    }

    /** {@code MPI_File_read_all_begin}. */
    public void readAllBegin(Object buf, int count, Datatype type) throws MPIException {
        begin("File.readAllBegin", "File.readAllEnd", false, ALL, 0, buf, count, type);
    }

    /** {@code MPI_File_read_all_end}. */
    public Status readAllEnd(Object buf) throws MPIException {
        return end("File.readAllEnd", false, ALL, buf);
    }

    /** {@code MPI_File_write_all_begin}. */
    public void writeAllBegin(Object buf, int count, Datatype type) throws MPIException {
        begin("File.writeAllBegin", "File.writeAllEnd", true, ALL, 0, buf, count, type);
    }

    /** {@code MPI_File_write_all_end}. */
    public Status writeAllEnd(Object buf) throws MPIException {
        return end("File.writeAllEnd", true, ALL, buf);
    }

    /** {@code MPI_File_read_ordered_begin}. */
    public void readOrderedBegin(Object buf, int count, Datatype type) throws MPIException {
        begin("File.readOrderedBegin", "File.readOrderedEnd", false, ORDERED, 0, buf, count, type);
    }

    /** {@code MPI_File_read_ordered_end}. */
    public Status readOrderedEnd(Object buf) throws MPIException {
        return end("File.readOrderedEnd", false, ORDERED, buf);
    }

    /** {@code MPI_File_write_ordered_begin}. */
    public void writeOrderedBegin(Object buf, int count, Datatype type) throws MPIException {
        begin("File.writeOrderedBegin", "File.writeOrderedEnd", true, ORDERED, 0, buf, count, type);
    }

    /** {@code MPI_File_write_ordered_end}. */
    public Status writeOrderedEnd(Object buf) throws MPIException {
        return end("File.writeOrderedEnd", true, ORDERED, buf);
    }

    private void begin(String call, String endCall, boolean write, int access, long offset, Object buf, int count,
                       Datatype datatype) {
        try {
            requireOpen(call);
            if (split != null) {
                throw new IllegalStateException(call + ": the split collective " + split.begin + " is still active"
                        + " on this file; MPI allows one per file at a time: call " + split.end + " first");
            }
            Datatype dt = OmpiArgs.type(datatype, buf);
            Object base = OmpiArgs.base(call, "buf", buf);
            long[] at = new long[1];
            BufferType type = checked(call, access, offset, base, at, buf, count, dt);
            Held held = new Held();
            int rc;
            Message m;
            try {
                m = held(call, held, write, base, at[0], count, type);
                rc = write ? NativeMPI.file_write_begin(access, handle, offset, m.address, count, type.handle())
                        : NativeMPI.file_read_begin(access, handle, offset, m.address, count, type.handle());
            } catch (RuntimeException e) {
                held.release();
                throw e;
            }
            if (rc != 0) {
                held.release();
                throw MPIException.fromCode(rc, call);
            }
            split = new Split(call, endCall, write, access, buf, held, m.address);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    private Status end(String call, boolean write, int access, Object buf) {
        try {
            requireOpen(call);
            Split s = split;
            if (buf == null && (s == null || s.buf != null)) throw new NullPointerException(call + ": buf is null");
            if (s == null) {
                throw new IllegalStateException(call + ": no split collective is active on this file");
            }
            if (s.write != write || s.access != access) {
                throw new IllegalStateException(call + ": the active split collective is " + s.begin + ", ended by "
                        + s.end);
            }
            if (buf != s.buf) {
                throw new IllegalArgumentException(call + ": buf is not the buffer given to " + s.begin);
            }
            StatusBuffer status = StatusBuffer.current();
            int rc = write ? NativeMPI.file_write_end(access, handle, s.address, status.address)
                    : NativeMPI.file_read_end(access, handle, s.address, status.address);
            split = null;
            s.held.completed(call, rc == 0);
            MPIException.check(rc, call);
            return new Status(status);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    // ---------------------------------------------------------------- file pointers

    /** {@code MPI_File_seek}: whence is MPI.SEEK_SET, MPI.SEEK_CUR or MPI.SEEK_END. */
    public void seek(long offset, int whence) throws MPIException {
        seek("File.seek", 0, offset, whence);
    }

    /** {@code MPI_File_seek_shared}: collective. */
    public void seekShared(long offset, int whence) throws MPIException {
        seek("File.seekShared", 1, offset, whence);
    }

    private void seek(String call, int shared, long offset, int whence) {
        try {
            requireOpen(call);
            if (whence != MPI.SEEK_SET && whence != MPI.SEEK_CUR && whence != MPI.SEEK_END) {
                throw new IllegalArgumentException(call + ": whence is " + whence + ", must be MPI.SEEK_SET,"
                        + " MPI.SEEK_CUR or MPI.SEEK_END");
            }
            if (whence == MPI.SEEK_SET) nonNegative(call, "offset", offset);
            MPIException.check(NativeMPI.file_seek(shared, handle, offset, whence), call);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** {@code MPI_File_get_position}: in etypes of the view. */
    public long getPosition() throws MPIException {
        return position("File.getPosition", 0);
    }

    /** {@code MPI_File_get_position_shared}. */
    public long getPositionShared() throws MPIException {
        return position("File.getPositionShared", 1);
    }

    private long position(String call, int shared) {
        try {
            requireOpen(call);
            long[] at = new long[1];
            MPIException.check(NativeMPI.file_get_position(shared, handle, at), call);
            return at[0];
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** {@code MPI_File_get_byte_offset}: where {@code offset} (in etypes of the view) is, in bytes. */
    public long getByteOffset(long offset) throws MPIException {
        try {
            String call = "File.getByteOffset";
            requireOpen(call);
            nonNegative(call, "offset", offset);
            long[] at = new long[1];
            MPIException.check(NativeMPI.file_get_byte_offset(handle, offset, at), call);
            return at[0];
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /**
     * {@code MPI_File_get_type_extent}: the extent of {@code type} in the file's data representation, in elements of
     * its base type (bytes divided by the base type's size), as Open MPI's bindings return it.
     */
    public int getTypeExtent(Datatype type) throws MPIException {
        try {
            String call = "File.getTypeExtent";
            requireOpen(call);
            BufferType t = fileType(call, "type", type);
            long[] extent = new long[1];
            MPIException.check(NativeMPI.file_get_type_extent(handle, t.handle(), extent), call);
            return (int) (extent[0] / Math.max(1, t.element.bytes));
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** {@code MPI_File_set_atomicity}: collective. */
    public void setAtomicity(boolean atomicity) throws MPIException {
        try {
            String call = "File.setAtomicity";
            requireOpen(call);
            MPIException.check(NativeMPI.file_set_atomicity(handle, atomicity ? 1 : 0), call);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** {@code MPI_File_get_atomicity}. */
    public boolean getAtomicity() throws MPIException {
        try {
            String call = "File.getAtomicity";
            requireOpen(call);
            int[] flag = new int[1];
            MPIException.check(NativeMPI.file_get_atomicity(handle, flag), call);
            return flag[0] != 0;
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** {@code MPI_File_sync}: collective. */
    public void sync() throws MPIException {
        try {
            String call = "File.sync";
            requireOpen(call);
            MPIException.check(NativeMPI.file_sync(handle), call);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** {@code MPI_File_set_errhandler}. */
    public void setErrhandler(Errhandler errhandler) throws MPIException {
        try {
            String call = "File.setErrhandler";
            requireOpen(call);
            if (errhandler == null) throw new NullPointerException(call + ": errhandler is null");
            MPIException.check(NativeMPI.file_set_errhandler(handle, errhandler.handle), call);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /** {@code MPI_File_get_errhandler}: MPI.ERRORS_RETURN unless the program set another. */
    public Errhandler getErrhandler() throws MPIException {
        try {
            String call = "File.getErrhandler";
            requireOpen(call);
            long[] value = new long[1];
            MPIException.check(NativeMPI.file_get_errhandler(handle, value), call);
            return Errhandler.of(value[0]);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }

    /**
     * {@code MPI_File_call_errhandler}: runs the file's error handler on {@code errorCode}; with MPI.ERRORS_RETURN it
     * returns (as Comm.callErrhandler), with MPI.ERRORS_ARE_FATAL the job ends.
     */
    public void callErrhandler(int errorCode) throws MPIException {
        try {
            String call = "File.callErrhandler";
            requireOpen(call);
            NativeMPI.file_call_errhandler(handle, errorCode);
        } catch (RuntimeException e) {
            throw OmpiArgs.asMpiException(e);
        }
    }
}

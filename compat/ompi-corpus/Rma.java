// compat: np=2,4
// One-sided communication in Open MPI's Java API (mpi.Win), on direct buffers and windows of COMM_WORLD: windows
// made by MPI_Win_create (one of them empty on odd ranks), MPI_Win_allocate and MPI_Win_allocate_shared (the
// memory's address written to base), MPI_Win_create_dynamic with attach/detach; put, get, accumulate,
// getAccumulate, fetchAndOp, compareAndSwap and the r-forms; fence, post/start/complete/waitFor/test, lock/unlock,
// lockAll/unlockAll, flush, flushAll, flushLocal, flushLocalAll, sync; getGroup, getInfo/setInfo, names,
// attributes and keyvals, errhandlers. Every printed value is deterministic whatever the order of the ranks' RMA.
import java.nio.*;

import mpi.*;

public class Rma {
    static int rank;

    static void p(String s) {
        byte[] b = (rank + ": " + s + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8);
        System.out.write(b, 0, b.length); // one write(2) per line: lines of different ranks never mix
        System.out.flush();
    }

    static String ints(IntBuffer b) {
        StringBuilder s = new StringBuilder("[");
        for (int i = 0; i < b.capacity(); i++) s.append(i > 0 ? ", " : "").append(b.get(i));
        return s.append("]").toString();
    }

    static IntBuffer buf(int... v) {
        IntBuffer b = MPI.newIntBuffer(v.length);
        for (int i = 0; i < v.length; i++) b.put(i, v[i]);
        return b;
    }

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm w = MPI.COMM_WORLD;
        rank = w.getRank();
        int size = w.getSize(), right = (rank + 1) % size, left = (rank + size - 1) % size;

        // fence epochs: put to every rank, get from the left neighbour
        IntBuffer mem = MPI.newIntBuffer(2 * size);
        Win win = new Win(mem, 2 * size, 1, MPI.INFO_NULL, w);
        win.fence(0);
        for (int t = 0; t < size; t++) win.put(buf(10 * rank, 10 * rank + t), 2, MPI.INT, t, 2 * rank, 2, MPI.INT);
        win.fence(0);
        p("after put: " + ints(mem));
        IntBuffer got = MPI.newIntBuffer(2);
        win.get(got, 2, MPI.INT, left, 2 * right, 2, MPI.INT);
        win.fence(0);
        p("get from left: " + ints(got));
        win.accumulate(buf(rank + 1), 1, MPI.INT, 0, 0, 1, MPI.INT, MPI.SUM);
        win.fence(MPI.MODE_NOSUCCEED);
        if (rank == 0) p("accumulated: " + mem.get(0));
        Group g = win.getGroup();
        p("group: size " + g.getSize() + " rank " + g.getRank());
        g.free();

        // passive target: locks, flushes, fetch-and-op, compare-and-swap, get-accumulate
        w.barrier();
        IntBuffer old = MPI.newIntBuffer(1);
        win.lock(MPI.LOCK_SHARED, 0, 0);
        win.fetchAndOp(buf(1), old, MPI.INT, 0, 1, MPI.SUM);
        win.unlock(0);
        int[] olds = new int[size];
        w.allGather(new int[] {old.get(0)}, 1, MPI.INT, olds, 1, MPI.INT);
        java.util.Arrays.sort(olds);
        p("fetchAndOp old values: " + java.util.Arrays.toString(olds));
        w.barrier();
        IntBuffer result = MPI.newIntBuffer(1);
        win.lock(MPI.LOCK_EXCLUSIVE, 0, 0);
        win.compareAndSwap(buf(-5), buf(10), result, MPI.INT, 0, 2); // slot 2 of rank 0 holds 10 (rank 1's put)
        win.unlock(0);
        int[] won = new int[1];
        w.allReduce(new int[] {result.get(0) == 10 ? 1 : 0}, won, 1, MPI.INT, MPI.SUM);
        p("compareAndSwap winners: " + won[0]);
        w.barrier();
        win.lockAll(0);
        IntBuffer before = MPI.newIntBuffer(1);
        win.getAccumulate(buf(100), 1, MPI.INT, before, 1, MPI.INT, right, 2 * size - 1, 1, MPI.INT, MPI.SUM);
        win.flush(right);
        p("getAccumulate old: " + before.get(0));
        win.put(buf(rank), 1, MPI.INT, right, 2 * size - 2, 1, MPI.INT);
        win.flushLocal(right);
        win.flushLocalAll();
        win.flushAll();
        win.sync();
        win.unlockAll();
        w.barrier();
        p("after passive epochs: " + ints(mem));

        // r-forms, in a lockAll epoch
        w.barrier();
        win.lockAll(0);
        IntBuffer rg = MPI.newIntBuffer(2 * size);
        Request q = win.rGet(rg, 2 * size, MPI.INT, right, 0, 2 * size, MPI.INT);
        q.waitFor();
        p("rGet: " + ints(rg) + " null " + q.isNull());
        win.unlockAll();
        w.barrier();
        win.lockAll(0);
        win.rPut(buf(-rank), 1, MPI.INT, right, 0, 1, MPI.INT).waitFor();
        win.flushAll();
        win.rAccumulate(buf(3), 1, MPI.INT, right, 1, 1, MPI.INT, MPI.SUM).waitFor();
        win.flushAll();
        IntBuffer ra = MPI.newIntBuffer(1);
        win.rGetAccumulate(buf(1), 1, MPI.INT, ra, 1, MPI.INT, right, 1, 1, MPI.INT, MPI.SUM).waitFor();
        p("rGetAccumulate old: " + ra.get(0));
        win.unlockAll();
        w.barrier();
        p("after r-forms: " + mem.get(0) + " " + mem.get(1));

        // generalized active target: expose to the left neighbour, access the right one
        Group all = w.getGroup();
        Group from = all.incl(new int[] {left}), to = all.incl(new int[] {right});
        win.post(from, 0);
        win.start(to, 0);
        win.put(buf(7 * rank), 1, MPI.INT, right, 0, 1, MPI.INT);
        win.complete();
        if (rank % 2 == 0) {
            while (!win.test()) Thread.yield();
            p("test: true");
        } else {
            win.waitFor();
            p("waitFor: done");
        }
        p("after post/start: " + mem.get(0));
        from.free();
        to.free();
        all.free();

        // names, info, attributes, error handlers
        win.setName("rma window");
        p("name: " + win.getName());
        Info info = win.getInfo();
        p("info: " + (info != null));
        Info hints = new Info();
        hints.set("no_locks", "false");
        win.setInfo(hints);
        hints.free();
        int key = Win.createKeyval();
        win.setAttr(key, "value " + rank);
        p("attr: " + win.getAttr(key));
        win.deleteAttr(key);
        p("deleted attr: " + win.getAttr(key));
        Win.freeKeyval(key);
        p("WIN_SIZE: " + win.getAttr(MPI.WIN_SIZE) + " WIN_DISP_UNIT: " + win.getAttr(MPI.WIN_DISP_UNIT));
        win.setErrhandler(MPI.ERRORS_RETURN);
        p("errhandler: " + (win.getErrhandler() != null));
        win.callErrhandler(MPI.ERR_OTHER);
        p("callErrhandler: returned");
        win.free();

        // an empty window on odd ranks
        IntBuffer some = MPI.newIntBuffer(2);
        Win part = new Win(some, rank % 2 == 0 ? 2 : 0, 1, MPI.INFO_NULL, w);
        part.fence(0);
        int even = rank % 2 == 0 ? rank : rank - 1;
        part.put(buf(rank + 50), 1, MPI.INT, even, rank % 2, 1, MPI.INT);
        part.fence(0);
        if (rank % 2 == 0) p("empty windows elsewhere: " + ints(some));
        part.free();

        // MPI_Win_allocate and MPI_Win_allocate_shared: the memory's address lands in base
        for (int flavor : new int[] {Win.FLAVOR_PRIVATE, Win.FLAVOR_SHARED}) {
            ByteBuffer base = MPI.newByteBuffer(8);
            Win a = new Win(4 * size, 4, MPI.INFO_NULL, w, base, flavor);
            p("flavor " + flavor + ": address set " + (base.getLong(0) != 0) + ", WIN_SIZE " + a.getAttr(MPI.WIN_SIZE)
                    + ", WIN_DISP_UNIT " + a.getAttr(MPI.WIN_DISP_UNIT));
            a.fence(0);
            a.put(buf(rank * 3), 1, MPI.INT, right, rank, 1, MPI.INT);
            a.fence(0);
            IntBuffer back = MPI.newIntBuffer(1);
            a.get(back, 1, MPI.INT, right, rank, 1, MPI.INT);
            a.fence(0);
            p("flavor " + flavor + ": read back " + back.get(0));
            a.free();
        }

        // MPI_Win_create_dynamic: attach and detach (RMA on it needs addresses, which Java's int targetDisp lacks)
        Win d = new Win(MPI.INFO_NULL, w);
        ByteBuffer region = MPI.newByteBuffer(64);
        d.attach(region, 64);
        d.detach(region);
        d.free();
        p("dynamic: attached and detached");

        w.barrier();
        MPI.Finalize();
    }
}

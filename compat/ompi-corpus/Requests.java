// compat: np=2,4
// Non-blocking point-to-point in Open MPI's Java API, on direct buffers: iSend/iRecv (and ibSend, isSend, irSend)
// with waitFor/waitStatus/test/testStatus/getStatus; Request.waitAll/waitAny/waitSome/testAll/testAny/testSome and
// their Status variants; cancel; isNull; free; persistent sendInit/recvInit/bSendInit/sSendInit with start/startAll.
// Ranks work in pairs (rank ^ 1); in the one-sided parts the even rank receives and the odd one sends, told when
// by a go message, so what has completed at each test is known.
import java.nio.*;
import java.util.*;

import mpi.*;

public class Requests {
    static int rank;

    static void p(String s) {
        byte[] b = (rank + ": " + s + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8);
        System.out.write(b, 0, b.length); // one write(2) per line: lines of different ranks never mix
        System.out.flush();
    }

    static String st(Status s) throws MPIException {
        return s == null ? "null" : "source=" + s.getSource() + " tag=" + s.getTag() + " count=" + s.getCount(MPI.INT);
    }

    static String empty(Status s) throws MPIException {
        return s == null ? "null" : "empty " + (s.getSource() == MPI.ANY_SOURCE && s.getTag() == MPI.ANY_TAG
                && s.getCount(MPI.INT) == 0 && !s.isCancelled());
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

    static String nulls(Request[] rs) {
        StringBuilder s = new StringBuilder();
        for (Request q : rs) s.append(q.isNull() ? 'N' : 'A');
        return s.toString();
    }

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm w = MPI.COMM_WORLD;
        rank = w.getRank();
        int peer = rank ^ 1;
        boolean receiver = rank % 2 == 0;
        int r = rank;

        // waitFor / waitStatus
        IntBuffer in = MPI.newIntBuffer(3);
        Request rr = w.iRecv(in, 3, MPI.INT, peer, 1);
        Request sr = w.iSend(buf(r, r * 2, -r), 3, MPI.INT, peer, 1);
        p("before wait: isNull " + rr.isNull() + " " + sr.isNull());
        rr.waitFor();
        sr.waitFor();
        p("waitFor: " + ints(in) + " isNull " + rr.isNull() + " " + sr.isNull());

        rr = w.iRecv(in, 3, MPI.INT, peer, 2);
        sr = w.iSend(buf(r + 10, r + 11), 2, MPI.INT, peer, 2);
        Status s = rr.waitStatus();
        sr.waitFor();
        p("waitStatus: " + ints(in) + " " + st(s) + " isNull " + rr.isNull());

        // test / testStatus / getStatus, polled until complete
        rr = w.iRecv(in, 3, MPI.INT, peer, 3);
        sr = w.iSend(buf(r + 20, r + 21, r + 22), 3, MPI.INT, peer, 3);
        while (!rr.test()) Thread.yield();
        sr.waitFor();
        p("test: " + ints(in) + " isNull " + rr.isNull());

        rr = w.iRecv(in, 3, MPI.INT, peer, 4);
        sr = w.iSend(buf(r + 30), 1, MPI.INT, peer, 4);
        Status ts;
        while ((ts = rr.testStatus()) == null) Thread.yield();
        sr.waitFor();
        p("testStatus: " + ints(in) + " " + st(ts) + " isNull " + rr.isNull());

        rr = w.iRecv(in, 3, MPI.INT, peer, 5);
        sr = w.iSend(buf(r + 40, r + 41), 2, MPI.INT, peer, 5);
        Status gs;
        while ((gs = rr.getStatus()) == null) Thread.yield();
        p("getStatus: " + st(gs) + " isNull " + rr.isNull() + " (getStatus does not free)");
        s = rr.waitStatus();
        sr.waitFor();
        p("waitStatus after getStatus: " + ints(in) + " " + st(s) + " isNull " + rr.isNull());

        // waitAll / waitAllStatus / testAll / testAllStatus on a receive and a send
        IntBuffer in2 = MPI.newIntBuffer(2);
        Request[] both = {w.iRecv(in2, 2, MPI.INT, peer, 6), w.iSend(buf(r, 100 + r), 2, MPI.INT, peer, 6)};
        Request.waitAll(both);
        p("waitAll: " + ints(in2) + " " + nulls(both));
        both = new Request[] {w.iRecv(in2, 2, MPI.INT, peer, 7), w.iSend(buf(r, 200 + r), 2, MPI.INT, peer, 7)};
        Status[] ss = Request.waitAllStatus(both);
        p("waitAllStatus: " + ints(in2) + " " + ss.length + " statuses, [0] " + st(ss[0]) + " " + nulls(both));
        both = new Request[] {w.iRecv(in2, 2, MPI.INT, peer, 8), w.iSend(buf(r, 300 + r), 2, MPI.INT, peer, 8)};
        while (!Request.testAll(both)) Thread.yield();
        p("testAll: " + ints(in2) + " " + nulls(both));
        both = new Request[] {w.iRecv(in2, 2, MPI.INT, peer, 9), w.iSend(buf(r, 400 + r), 2, MPI.INT, peer, 9)};
        while ((ss = Request.testAllStatus(both)) == null) Thread.yield();
        p("testAllStatus: " + ints(in2) + " [0] " + st(ss[0]) + " " + nulls(both));

        // The even rank posts receives on tags 10, 11, 12; the odd one sends one at a time, on a go from the even.
        IntBuffer go = MPI.newIntBuffer(1);
        if (receiver) {
            IntBuffer[] bufs = {MPI.newIntBuffer(1), MPI.newIntBuffer(1), MPI.newIntBuffer(1)};
            Request[] rs = new Request[3];
            for (int i = 0; i < 3; i++) rs[i] = w.iRecv(bufs[i], 1, MPI.INT, peer, 10 + i);
            p("testAny before any send: " + (Request.testAny(rs) == MPI.UNDEFINED ? "UNDEFINED" : "an index"));
            p("testAnyStatus before any send: " + (Request.testAnyStatus(rs) == null ? "null" : "a status"));
            p("testAll before any send: " + Request.testAll(rs) + " " + nulls(rs));
            p("testAllStatus before any send: " + (Request.testAllStatus(rs) == null ? "null" : "statuses"));
            p("testSome before any send: " + Arrays.toString(Request.testSome(rs)));
            p("testSomeStatus before any send: " + Request.testSomeStatus(rs).length + " statuses");
            w.send(go, 1, MPI.INT, peer, 99); // the sender sends tag 11
            int i = Request.waitAny(rs);
            p("waitAny: index " + i + " value " + bufs[i].get(0) + " " + nulls(rs));
            w.send(go, 1, MPI.INT, peer, 99); // tag 12
            s = Request.waitAnyStatus(rs);
            p("waitAnyStatus: index " + s.getIndex() + " " + st(s) + " value " + bufs[2].get(0) + " " + nulls(rs));
            w.send(go, 1, MPI.INT, peer, 99); // tag 10
            while ((i = Request.testAny(rs)) == MPI.UNDEFINED) Thread.yield();
            p("testAny: index " + i + " value " + bufs[0].get(0) + " " + nulls(rs));
            p("waitAny on inactive requests: " + (Request.waitAny(rs) == MPI.UNDEFINED ? "UNDEFINED" : "an index"));
            p("testAny on inactive requests: " + (Request.testAny(rs) == MPI.UNDEFINED ? "UNDEFINED" : "an index"));
            p("waitSome on inactive requests: " + Arrays.toString(Request.waitSome(rs)));

            // testAnyStatus once more, with one message on its way
            rs[1] = w.iRecv(bufs[1], 1, MPI.INT, peer, 13);
            w.send(go, 1, MPI.INT, peer, 99); // tag 13
            while ((s = Request.testAnyStatus(rs)) == null) Thread.yield();
            p("testAnyStatus: index " + s.getIndex() + " " + st(s) + " value " + bufs[1].get(0) + " " + nulls(rs));
        } else {
            for (int tag : new int[] {11, 12, 10, 13}) {
                w.recv(go, 1, MPI.INT, peer, 99);
                w.send(buf(1000 * tag + r), 1, MPI.INT, peer, tag);
            }
        }

        // waitSome / testSome / waitSomeStatus / testSomeStatus: the odd rank sends tags 20 and 22 of 20..22,
        // collected until both are in; the receive of 21 is then cancelled.
        for (String how : new String[] {"waitSome", "testSome", "waitSomeStatus", "testSomeStatus"}) {
            if (receiver) {
                IntBuffer[] bufs = {MPI.newIntBuffer(1), MPI.newIntBuffer(1), MPI.newIntBuffer(1)};
                Request[] rs = new Request[3];
                for (int i = 0; i < 3; i++) rs[i] = w.iRecv(bufs[i], 1, MPI.INT, peer, 20 + i);
                w.send(go, 1, MPI.INT, peer, 98);
                TreeSet<Integer> done = new TreeSet<>();
                TreeSet<String> tags = new TreeSet<>();
                while (done.size() < 2) {
                    switch (how) {
                        case "waitSome":
                            for (int i : Request.waitSome(rs)) done.add(i);
                            break;
                        case "testSome":
                            for (int i : Request.testSome(rs)) done.add(i);
                            break;
                        case "waitSomeStatus":
                            for (Status x : Request.waitSomeStatus(rs)) {
                                done.add(x.getIndex());
                                tags.add(st(x));
                            }
                            break;
                        default:
                            for (Status x : Request.testSomeStatus(rs)) {
                                done.add(x.getIndex());
                                tags.add(st(x));
                            }
                    }
                }
                p(how + ": completed " + done + (tags.isEmpty() ? "" : " " + tags) + " values " + bufs[0].get(0)
                        + " " + bufs[2].get(0) + " " + nulls(rs));
                rs[1].cancel();
                Status cs = rs[1].waitStatus();
                p(how + ": cancelled the receive of tag 21: isCancelled " + cs.isCancelled() + " isNull "
                        + rs[1].isNull());
            } else {
                w.recv(go, 1, MPI.INT, peer, 98);
                w.send(buf(20 + r), 1, MPI.INT, peer, 20);
                w.send(buf(22 + r), 1, MPI.INT, peer, 22);
            }
        }

        // free: a send request freed before completion still delivers its message
        {
            IntBuffer out = buf(r, 7, 7);
            Request f = w.iSend(out, 3, MPI.INT, peer, 30);
            f.free();
            p("free: isNull " + f.isNull());
            IntBuffer got = MPI.newIntBuffer(3);
            s = w.recv(got, 3, MPI.INT, peer, 30);
            p("message of the freed request: " + ints(got) + " " + st(s));
        }

        // ibSend, isSend, irSend
        {
            byte[] attached = new byte[1024 + 4 * MPI.BSEND_OVERHEAD];
            MPI.attachBuffer(attached);
            IntBuffer a = MPI.newIntBuffer(2), b = MPI.newIntBuffer(2), c = MPI.newIntBuffer(2);
            Request[] rs = {w.iRecv(a, 2, MPI.INT, peer, 31), w.iRecv(b, 2, MPI.INT, peer, 32),
                w.iRecv(c, 2, MPI.INT, peer, 33)};
            w.barrier(); // every receive is posted before the ready send
            Request[] ss2 = {w.ibSend(buf(r, 31), 2, MPI.INT, peer, 31), w.isSend(buf(r, 32), 2, MPI.INT, peer, 32),
                w.irSend(buf(r, 33), 2, MPI.INT, peer, 33)};
            Request.waitAll(ss2);
            Request.waitAll(rs);
            p("ibSend/isSend/irSend: " + ints(a) + " " + ints(b) + " " + ints(c) + " " + nulls(ss2) + nulls(rs));
            MPI.detachBuffer();
        }

        // Persistent requests: three rounds of start/waitFor, then startAll/waitAll; inactive, not null, until freed
        {
            IntBuffer out = MPI.newIntBuffer(2), got = MPI.newIntBuffer(2);
            Prequest pr = w.recvInit(got, 2, MPI.INT, peer, 40);
            Prequest ps = w.sendInit(out, 2, MPI.INT, peer, 40);
            for (int round = 0; round < 3; round++) {
                out.put(0, r).put(1, round * 10 + r);
                pr.start();
                ps.start();
                s = pr.waitStatus();
                ps.waitFor();
                p("persistent round " + round + ": " + ints(got) + " " + st(s) + " isNull " + pr.isNull() + " "
                        + ps.isNull());
            }
            Prequest[] all = {pr, ps};
            out.put(1, -1 - r);
            Prequest.startAll(all);
            Request.waitAll(all);
            p("startAll: " + ints(got) + " " + nulls(all));
            pr.free();
            ps.free();
            p("freed persistent: " + nulls(all));

            byte[] attached = new byte[1024 + 4 * MPI.BSEND_OVERHEAD];
            MPI.attachBuffer(attached);
            IntBuffer g1 = MPI.newIntBuffer(1), g2 = MPI.newIntBuffer(1);
            Prequest[] modes = {w.recvInit(g1, 1, MPI.INT, peer, 41), w.recvInit(g2, 1, MPI.INT, peer, 42),
                w.bSendInit(buf(410 + r), 1, MPI.INT, peer, 41), w.sSendInit(buf(420 + r), 1, MPI.INT, peer, 42)};
            Prequest.startAll(modes);
            Request.waitAll(modes);
            p("bSendInit/sSendInit: " + g1.get(0) + " " + g2.get(0) + " " + nulls(modes));
            for (Prequest q : modes) q.free();
            MPI.detachBuffer();
        }

        // Inactive (null) requests complete at once with an empty status: source ANY_SOURCE, tag ANY_TAG, count 0
        {
            IntBuffer one = MPI.newIntBuffer(1);
            Request done = w.iRecv(one, 1, MPI.INT, peer, 50);
            w.send(new int[] {r}, 1, MPI.INT, peer, 50);
            done.waitFor();
            Request live = w.iRecv(one, 1, MPI.INT, peer, 51);
            w.send(new int[] {r}, 1, MPI.INT, peer, 51);
            Status[] ss2 = Request.waitAllStatus(new Request[] {done, live});
            p("waitAllStatus with an inactive request: [0] " + empty(ss2[0]) + ", [1] " + st(ss2[1]));
            p("waitStatus on an inactive request: " + empty(done.waitStatus()));
            p("testStatus on an inactive request: " + empty(done.testStatus()));
            p("getStatus on an inactive request: " + empty(done.getStatus()));
            p("test on an inactive request: " + done.test());
        }

        // REQUEST_NULL
        p("REQUEST_NULL.isNull: " + MPI.REQUEST_NULL.isNull());
        Request.waitAll(new Request[0]);
        p("waitAll of no requests: returned");

        w.barrier();
        MPI.Finalize();
    }
}

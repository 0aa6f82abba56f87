// compat: np=2,4
// MPI-3 communicator calls in Open MPI's Java API: iDup with getRequest (Intracomm, CartComm), dupWithInfo,
// setInfo/getInfo, splitType (TYPE_SHARED and MPI.UNDEFINED), createGroup over the even ranks.
import mpi.*;

public class CommsMpi3 {
    static int rank;

    static void p(String s) {
        byte[] b = (rank + ": " + s + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8);
        System.out.write(b, 0, b.length); // one write(2) per line: lines of different ranks never mix
        System.out.flush();
    }

    static String cmp(int c) {
        return c == MPI.IDENT ? "IDENT" : c == MPI.CONGRUENT ? "CONGRUENT" : c == MPI.SIMILAR ? "SIMILAR" : "UNEQUAL";
    }

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm w = MPI.COMM_WORLD;
        rank = w.getRank();
        int size = w.getSize();

        p("world getRequest null: " + (w.getRequest() == null));
        Intracomm d = w.iDup();
        Request req = d.getRequest();
        p("iDup: " + d.getClass().getSimpleName() + ", request " + (req != null));
        req.waitFor();
        p("iDup done: rank " + d.getRank() + " of " + d.getSize() + ", compare " + cmp(Comm.compare(w, d)));
        int[] sum = {rank + 1};
        d.allReduce(sum, 1, MPI.INT, MPI.SUM);
        p("allReduce on the iDup: " + sum[0]);
        d.free();

        CartComm cart = w.createCart(new int[] {size}, new boolean[] {false}, false);
        CartComm cd = cart.iDup();
        cd.getRequest().waitFor();
        p("CartComm.iDup: " + cd.getClass().getSimpleName() + " dims " + cd.getTopo().getDim(0) + " coords "
                + cd.getCoords(cd.getRank())[0]);
        CartComm ci = cart.dupWithInfo(MPI.INFO_NULL);
        p("CartComm.dupWithInfo: " + ci.getClass().getSimpleName() + " compare " + cmp(Comm.compare(cart, ci)));
        cd.free();
        ci.free();
        cart.free();

        Info info = new Info();
        info.set("natmpj_corpus_hint", "yes");
        Intracomm wi = w.dupWithInfo(info);
        p("dupWithInfo: " + wi.getClass().getSimpleName() + " rank " + wi.getRank() + " of " + wi.getSize()
                + ", compare " + cmp(Comm.compare(w, wi)));
        wi.setInfo(info);
        Info got = wi.getInfo();
        p("getInfo: isNull " + got.isNull());
        got.free();
        info.free();
        wi.free();

        Intracomm node = w.splitType(Comm.TYPE_SHARED, -rank, MPI.INFO_NULL);
        p("splitType(TYPE_SHARED, -rank): rank " + node.getRank() + " of " + node.getSize());
        node.free();
        Intracomm none = w.splitType(rank == 0 ? MPI.UNDEFINED : Comm.TYPE_SHARED, rank, MPI.INFO_NULL);
        p("splitType(UNDEFINED at rank 0): isNull " + none.isNull() + (none.isNull() ? "" : " size " + none.getSize()));
        if (!none.isNull()) none.free();

        int evens = (size + 1) / 2;
        int[] ranks = new int[evens];
        for (int i = 0; i < evens; i++) ranks[i] = 2 * i;
        Group all = w.getGroup(), even = all.incl(ranks);
        if (rank % 2 == 0) {
            Intracomm g = w.createGroup(even, 4);
            int[] max = {rank};
            g.allReduce(max, 1, MPI.INT, MPI.MAX);
            p("createGroup(evens): rank " + g.getRank() + " of " + g.getSize() + ", max world rank " + max[0]);
            g.free();
        }
        even.free();
        all.free();

        w.barrier();
        MPI.Finalize();
    }
}

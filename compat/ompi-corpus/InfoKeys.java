// compat: np=2,4
// Info objects in Open MPI's Java API: new Info(), set (and set again), get (null for a missing key), delete,
// size, getKey (the keys, sorted: their numbering is the library's), dup (independent of the original), clone,
// free and isNull, MPI.INFO_NULL; and MPI.MAX_INFO_KEY/MAX_INFO_VAL at least the standard's minimum.
import java.util.*;

import mpi.*;

public class InfoKeys {
    static int rank;

    static void p(String s) {
        byte[] b = (rank + ": " + s + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8);
        System.out.write(b, 0, b.length); // one write(2) per line: lines of different ranks never mix
        System.out.flush();
    }

    static String keys(Info info) throws MPIException {
        TreeMap<String, String> m = new TreeMap<>();
        for (int i = 0; i < info.size(); i++) m.put(info.getKey(i), info.get(info.getKey(i)));
        return info.size() + " " + m;
    }

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        rank = MPI.COMM_WORLD.getRank();

        Info info = new Info();
        p("new: isNull " + info.isNull() + ", size " + info.size());
        info.set("host", "node" + rank);
        info.set("wdir", "/tmp/work dir with spaces");
        info.set("natmpj_key", "first");
        info.set("natmpj_key", "second");
        p("after set: " + keys(info));
        p("get natmpj_key: " + info.get("natmpj_key") + ", missing: " + info.get("no_such_key"));
        Info copy = info.dup();
        copy.set("only_in_copy", "yes");
        copy.delete("host");
        p("dup after changes: " + keys(copy));
        p("original after the dup's changes: " + keys(info));
        info.delete("wdir");
        p("after delete wdir: " + keys(info) + ", get wdir: " + info.get("wdir"));
        Info cl = info.clone();
        p("clone: " + keys(cl));
        String longValue = String.join("", Collections.nCopies(200, "v"));
        info.set("long", longValue);
        p("long value: length " + info.get("long").length());
        copy.free();
        cl.free();
        p("freed dup: isNull " + copy.isNull() + ", original isNull " + info.isNull());
        info.free();
        p("INFO_NULL.isNull: " + MPI.INFO_NULL.isNull());
        p("MAX_INFO_KEY >= 32: " + (MPI.MAX_INFO_KEY >= 32) + ", MAX_INFO_VAL >= 256: " + (MPI.MAX_INFO_VAL >= 256));
        MPI.COMM_WORLD.barrier();
        MPI.Finalize();
    }
}

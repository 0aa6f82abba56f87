import mpi.*;
import natmpj.internal.ObjectCodec;
/** Lab: MPI.OBJECT's encode and decode alone (no message), ns per double[] of SIZE bytes, one rank. */
public class CodecCost {
    static natmpj.internal.BufferType LAYOUT;
    public static void main(String[] a) throws Exception {
        MPI.Init(a);
        int size = Integer.parseInt(a[0]);
        java.lang.reflect.Field f = Datatype.class.getDeclaredField("layout"); f.setAccessible(true); LAYOUT = (natmpj.internal.BufferType) f.get(MPI.OBJECT);
        Object[] out = {new double[size / 8]}, in = new Object[1];
        byte[] copy = new byte[1 << 20];
        long sink = 0;
        for (int round = 0; round < 12; round++) {
            long n = 200_000, tSer = 0, tDe = 0;
            for (long i = 0; i < n; i++) {
                long t0 = System.nanoTime();
                ObjectCodec.Encoded e = ObjectCodec.serialize("Send", "buf", out, 0, 1, LAYOUT);
                int len = e.size();
                if (e.contiguous()) System.arraycopy(e.array(), 0, copy, 0, len); else len = -1;
                long t1 = System.nanoTime();
                if (len > 0) sink += ObjectCodec.deserialize("Recv", "buf", copy, len, in, 0, 1, LAYOUT);
                long t2 = System.nanoTime();
                tSer += t1 - t0; tDe += t2 - t1;
            }
            if (round >= 9) System.out.printf("size %d: serialize %.0f ns, deserialize %.0f ns%n", size, (double) tSer / n, (double) tDe / n);
        }
        System.out.println(sink > 0 ? "" : "?");
        MPI.Finalize();
    }
}

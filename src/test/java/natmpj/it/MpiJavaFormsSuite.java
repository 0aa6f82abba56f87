package natmpj.it;

import java.lang.reflect.Field;
import java.lang.reflect.Method;

import mpi.Comm;
import mpi.Intracomm;
import mpi.MPI;
import mpi.Status;
import natmpj.testkit.Cases;
import natmpj.testkit.Check;

/**
 * The twin of MpjExpressFormsProgram (which is compiled against MPJ Express): compiled against natmpj, written with
 * the mpiJava 1.2 forms of the members where MPJ Express's descriptors differ. That it compiles at all shows that
 * javac sees natmpj's source forms only, not MPJ Express's beside them (the synthetic void Buffer_detach(), the
 * Comm-typed COMM_SELF hidden in MPI's superclass), which would make {@code MPI.Buffer_detach()} ambiguous or
 * {@code MPI.COMM_SELF} a Comm; that it runs shows the two forms share their state.
 */
public final class MpiJavaFormsSuite {
    public static void main(String[] args) throws Exception {
        Cases.job(args).run(MpiJavaFormsSuite::addCases);
    }

    private static void addCases(Cases cases) {
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank(), size = world.Size();
        int right = (rank + 1) % size, left = (rank + size - 1) % size;

        cases.add("comm_self_is_an_intracomm", () -> {
            Intracomm self = MPI.COMM_SELF; // mpiJava 1.2: an Intracomm, collectives without a cast
            Check.eq(1, self.Size(), "size");
            int[] value = {rank + 7};
            self.Bcast(value, 0, 1, MPI.INT, 0);
            Check.eq(rank + 7, value[0], "Bcast over COMM_SELF");
            int[] sum = {0};
            self.Allreduce(new int[] {rank}, 0, sum, 0, 1, MPI.INT, MPI.SUM);
            Check.eq(rank, sum[0], "Allreduce over COMM_SELF");
        });
        cases.add("comm_self_forms_are_one_object", () -> {
            int forms = 0;
            for (Field f : MPI.class.getFields()) {
                if (!f.getName().equals("COMM_SELF")) continue;
                forms++;
                // Core reflection, unlike the JVM's linking, refuses a public field of a package-private class
                f.setAccessible(true);
                Check.isTrue(f.get(null) == MPI.COMM_SELF, f + " holds MPI.COMM_SELF");
                // MPJ Express's form is in MPI's package-private superclass, hidden by MPI's own
                Check.eq(f.getType() == Comm.class, f.getDeclaringClass() != MPI.class, f + ": declared where");
            }
            Check.eq(2, forms, "COMM_SELF fields (natmpj's Intracomm, MPJ Express's Comm)");
        });
        cases.add("buffer_detach_returns_the_array", () -> {
            byte[] buffer = new byte[1 << 16];
            MPI.Buffer_attach(buffer);
            int[] in = {-1};
            mpi.Request r = world.Irecv(in, 0, 1, MPI.INT, left, 4);
            world.Bsend(new int[] {rank}, 0, 1, MPI.INT, right, 4);
            r.Wait();
            Check.eq(left, in[0], "buffered message");
            byte[] back = MPI.Buffer_detach(); // mpiJava 1.2: returns the buffer
            Check.isTrue(back == buffer, "Buffer_detach returned the attached array");
        });
        cases.add("void_buffer_detach_detaches", () -> {
            // MPJ Express's form, as a class compiled against it calls it (here through reflection)
            Method form = null;
            for (Method m : MPI.class.getMethods()) {
                if (m.getName().equals("Buffer_detach") && m.getReturnType() == void.class) form = m;
            }
            Check.isTrue(form != null && form.isSynthetic(), "synthetic void Buffer_detach(): " + form);
            MPI.Buffer_attach(new byte[4096]);
            Check.eq(null, form.invoke(null), "result");
            MPI.Buffer_attach(new byte[4096]); // detached: a new buffer is accepted
            MPI.Buffer_detach();
        });
        cases.add("status_of_mpijava", () -> {
            int[] in = {-1};
            Status s = world.Sendrecv(new int[] {rank}, 0, 1, MPI.INT, right, 5, in, 0, 1, MPI.INT, left, 5);
            Check.eq(left, s.source, "source");
            Check.eq(1, s.Get_count(MPI.INT), "Get_count");
        });
    }
}

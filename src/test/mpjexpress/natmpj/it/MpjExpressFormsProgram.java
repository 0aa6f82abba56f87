package natmpj.it;

// Written as programs for MPJ Express are: these two imports are unused, and leave no trace in the class file.
import mpjbuf.*;
import mpjdev.*;

import java.nio.ByteBuffer;

import mpi.Comm;
import mpi.Datatype;
import mpi.Group;
import mpi.Intercomm;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Op;
import mpi.Prequest;
import mpi.Request;
import mpi.Status;
import mpi.User_function;
import natmpj.testkit.Cases;
import natmpj.testkit.Check;

/**
 * Compiled against MPJ Express's mpj.jar (by MultiRankIT, at test time; not by Maven), run on natmpj: every member
 * where MPJ Express's descriptor differs from natmpj's source form, or that natmpj provides for MPJ Express only,
 * used as a program written for MPJ Express uses it. Each case passes only if the class links (a missing member is
 * a NoSuchFieldError or NoSuchMethodError in that case) and behaves as in MPJ Express. Its twin compiled against
 * natmpj, with the mpiJava 1.2 forms, is MpiJavaFormsSuite.
 */
public final class MpjExpressFormsProgram {
    public static void main(String[] args) throws Exception {
        Cases.job(args).run(MpjExpressFormsProgram::addCases);
    }

    private static void addCases(Cases cases) {
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank(), size = world.Size();
        int right = (rank + 1) % size, left = (rank + size - 1) % size;

        cases.add("comm_self_is_a_comm", () -> {
            Comm self = MPI.COMM_SELF; // getstatic MPI.COMM_SELF:Lmpi/Comm;
            Check.eq(1, self.Size(), "COMM_SELF size");
            Check.eq(0, self.Rank(), "COMM_SELF rank");
            int[] out = {rank + 40}, in = {-1};
            Status s = self.Sendrecv(out, 0, 1, MPI.INT, 0, 3, in, 0, 1, MPI.INT, 0, 3);
            Check.eq(rank + 40, in[0], "message to itself");
            Check.eq(0, s.source, "source");
            ((Intracomm) self).Barrier(); // the object is natmpj's Intracomm
            Check.isTrue(self == mpiJavaCommSelf(), "the same object as the Intracomm-typed COMM_SELF");
        });
        cases.add("buffer_detach_returns_void", () -> {
            for (int round = 0; round < 2; round++) { // detached, so a buffer can be attached again
                MPI.Buffer_attach(ByteBuffer.allocateDirect(1 << 16));
                int[] in = {-1};
                Request r = world.Irecv(in, 0, 1, MPI.INT, left, 4);
                world.Bsend(new int[] {rank * 10 + round}, 0, 1, MPI.INT, right, 4);
                r.Wait();
                Check.eq(left * 10 + round, in[0], "buffered message");
                MPI.Buffer_detach(); // invokestatic MPI.Buffer_detach()V
            }
        });
        cases.add("mpi_fields", () -> {
            Check.isTrue(MPI.NUM_OF_PROCESSORS >= 1, "NUM_OF_PROCESSORS " + MPI.NUM_OF_PROCESSORS);
            Check.isTrue(!MPI.isOldSelected, "isOldSelected");
            Check.isTrue(MPI.DEBUG, "DEBUG"); // a compile-time constant: inlined, as in any class compiled against it
            Check.isTrue(MPI.SEND_OVERHEAD >= 0 && MPI.RECV_OVERHEAD >= 0, "SEND_OVERHEAD, RECV_OVERHEAD");
        });
        cases.add("status_fields_and_free", () -> {
            int[] in = {-1};
            Status s = world.Sendrecv(new int[] {rank}, 0, 1, MPI.INT, right, 5, in, 0, 1, MPI.INT, left, 5);
            // source and tag are fields of MPJ Express's mpjdev.Status; the reference names mpi.Status
            Check.eq(left, s.source, "source");
            Check.eq(5, s.tag, "tag");
            Check.eq(1, s.Get_count(MPI.INT), "Get_count");
            s.free();
            Check.eq(left, in[0], "message");
        });
        cases.add("group_code", () -> {
            Check.eq(Group.EMPTY, MPI.GROUP_EMPTY.code, "GROUP_EMPTY.code");
            Check.eq(2, MPI.GROUP_NULL.code, "GROUP_NULL.code");
            Group all = world.Group();
            Check.eq(-1, all.code, "code of another group");
            all.free(); // MPJ Express's spelling (a no-op there; natmpj frees)
        });
        cases.add("op_code", () -> {
            Op[] predefined = {MPI.MAX, MPI.MIN, MPI.SUM, MPI.PROD, MPI.LAND, MPI.BAND, MPI.LOR, MPI.BOR, MPI.LXOR,
                    MPI.BXOR, MPI.MAXLOC, MPI.MINLOC};
            for (int i = 0; i < predefined.length; i++) {
                Check.eq(i + 1, predefined[i].opCode, predefined[i] + ".opCode");
            }
            Op user = new Op(new Product(), false);
            Op coded = new Op(new Product(), true, 42);
            Check.eq(-1, user.opCode, "user op");
            Check.eq(42, coded.opCode, "the code given");
            user.free();
            coded.free();
        });
        cases.add("user_function_subclass", () -> {
            // Product extends User_function as compiled against MPJ Express; natmpj calls its Call
            Op product = new Op(new Product(), true);
            double[] result = {0};
            world.Allreduce(new double[] {rank + 1}, 0, result, 0, 1, MPI.DOUBLE, product);
            double expected = 1;
            for (int r = 1; r <= size; r++) expected *= r;
            Check.eq(expected, result[0], "product over the ranks");
            product.free();
        });
        cases.add("comm_group_field", () -> {
            Group g = world.group; // getfield Intracomm.group:Lmpi/Group; (declared in Comm)
            Check.eq(size, g.Size(), "COMM_WORLD.group size");
            Check.eq(rank, g.Rank(), "COMM_WORLD.group rank");
            Check.isTrue(g == world.group, "the same object each time");
            Check.eq(1, MPI.COMM_SELF.group.Size(), "COMM_SELF.group size");
            Intracomm half = world.Split(rank % 2, rank);
            Check.eq(half.Size(), half.group.Size(), "group of a split");
            Check.eq(MPI.IDENT, Group.Compare(half.group, half.Group()), "the communicator's group");
            Intercomm inter = world.Create_intercomm(half, 0, rank % 2 == 0 ? 1 : 0, 6);
            Check.eq(inter.Remote_size(), inter.group.Size(), "an intercommunicator's group is its remote group");
            Check.eq(MPI.UNDEFINED, inter.group.Rank(), "this rank is not in the remote group");
            inter.Free();
            half.Free();
        });
        cases.add("public_finalize_does_nothing", () -> {
            Group group = world.Group();
            Datatype type = Datatype.Contiguous(2, MPI.INT);
            Op op = new Op(new Product(), true);
            Prequest request = world.Send_init(new int[1], 0, 1, MPI.INT, right, 7);
            group.finalize(); // invokevirtual Group.finalize()V, public in MPJ Express (and empty)
            type.finalize();
            op.finalize();
            request.finalize();
            Check.eq(size, group.Size(), "group still usable");
            Check.eq(2, type.Size(), "datatype still usable");
            int[] in = {-1};
            Request r = world.Irecv(in, 0, 1, MPI.INT, left, 7);
            request.Start();
            request.Wait();
            r.Wait();
            Check.eq(0, in[0], "persistent request still usable");
            type.free(); // MPJ Express has no Request.Free: natmpj frees the inactive request once it is dropped
            op.free();
            group.free();
        });
        cases.add("datatype_base_type", () -> {
            Check.eq(5, MPI.INT.baseType, "MPI.INT.baseType");
            Datatype vector = Datatype.Vector(2, 1, 3, MPI.DOUBLE);
            Check.eq(8, vector.baseType, "a vector of doubles");
            vector.free();
        });
        cases.add("mpi_exception_is_caught", () -> {
            byte[] in = new byte[1];
            try {
                world.Sendrecv(new byte[4], 0, 4, MPI.BYTE, right, 8, in, 0, 1, MPI.BYTE, left, 8);
                throw new AssertionError("a truncated message was accepted");
            } catch (MPIException e) { // a RuntimeException in both (MPJ Express: through mpjdev, xdev)
                Check.isTrue(e.getMessage() != null && e.getMessage().length() > 0, "message");
            }
        });
    }

    /** natmpj's own, Intracomm-typed COMM_SELF, which this class cannot name (it is compiled against MPJ Express). */
    private static Object mpiJavaCommSelf() throws Exception {
        for (java.lang.reflect.Field f : MPI.class.getFields()) {
            if (f.getName().equals("COMM_SELF") && f.getType() == Intracomm.class) return f.get(null);
        }
        throw new AssertionError("no Intracomm-typed MPI.COMM_SELF");
    }

    /** A user function over doubles, compiled against MPJ Express's User_function. */
    static final class Product extends User_function {
        @Override
        public void Call(Object in, int inOffset, Object inout, int inoutOffset, int count, Datatype type)
                throws MPIException {
            double[] a = (double[]) in, b = (double[]) inout;
            for (int i = 0; i < count; i++) b[inoutOffset + i] *= a[inOffset + i];
        }
    }
}

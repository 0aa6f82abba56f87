package natmpj.it;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import mpi.Datatype;
import mpi.Intracomm;
import mpi.MPI;
import mpi.Status;
import natmpj.testkit.Cases;
import natmpj.testkit.Check;
import natmpj.testkit.Values;

/**
 * Derived datatypes under a real mpirun: every constructor (MPJ Express's static form and mpiJava's instance form)
 * over every base type, sent with Send/Recv, Sendrecv and Bcast from arrays at an offset and from direct buffers.
 * The receiver checks that exactly the elements of the type map changed, each to the sender's value there, and that
 * gaps and surroundings did not. Shapes (Extent, Lb, Ub, Size and the element map) are compared with values worked
 * out by hand, for MPI-backed types and for the same layouts over MPI.OBJECT (computed in Java only).
 */
public final class DatatypeSuite {
    static final int COUNT = 3;      // items per message
    static final int GUARD = 4;      // elements after the last item that must stay untouched
    static final String[] SOME = {"INT", "DOUBLE", "BOOLEAN", "CHAR"};

    /** A layout over base type t, with its element map and bounds worked out by hand. */
    static final class Layout {
        final String name;
        final Function<Datatype, Datatype> build;
        final int[] map;
        final int lb, extent, size;
        /** Items of this layout overlap, so it is checked for shape only (receiving into overlaps is erroneous). */
        final boolean shapeOnly;

        Layout(String name, Function<Datatype, Datatype> build, int[] map, int lb, int extent, int size,
               boolean shapeOnly) {
            this.name = name;
            this.build = build;
            this.map = map;
            this.lb = lb;
            this.extent = extent;
            this.size = size;
            this.shapeOnly = shapeOnly;
        }

        int minDisplacement() {
            return Arrays.stream(map).min().orElse(0);
        }

        int maxDisplacement() {
            return Arrays.stream(map).max().orElse(0);
        }
    }

    static Datatype markerStruct(Datatype t) {
        // data at 2, 3; LB marker at -1, UB marker at 7
        return Datatype.Struct(new int[] {1, 2, 1}, new int[] {-1, 2, 7}, new Datatype[] {MPI.LB, t, MPI.UB});
    }

    static final List<Layout> LAYOUTS = Arrays.asList(
        new Layout("contiguous", t -> Datatype.Contiguous(3, t), new int[] {0, 1, 2}, 0, 3, 3, false),
        new Layout("contiguous_instance_of_vector", t -> t.Vector(2, 1, 3).Contiguous(2),
                new int[] {0, 3, 4, 7}, 0, 8, 4, false),
        new Layout("vector_instance", t -> t.Vector(3, 2, 4), new int[] {0, 1, 4, 5, 8, 9}, 0, 10, 6, false),
        new Layout("vector_negative_stride", t -> Datatype.Vector(3, 1, -2, t), new int[] {0, -2, -4}, -4, 5, 3,
                false),
        new Layout("vector_of_contiguous", t -> Datatype.Vector(2, 2, 3, Datatype.Contiguous(2, t)),
                new int[] {0, 1, 2, 3, 6, 7, 8, 9}, 0, 10, 8, false),
        new Layout("hvector_stride_not_multiple_of_extent", t -> Datatype.Hvector(2, 1, 5, Datatype.Contiguous(3, t)),
                new int[] {0, 1, 2, 5, 6, 7}, 0, 8, 6, false),
        new Layout("hvector_instance", t -> t.Contiguous(2).Hvector(2, 2, 7),
                new int[] {0, 1, 2, 3, 7, 8, 9, 10}, 0, 11, 8, false),
        new Layout("indexed", t -> Datatype.Indexed(new int[] {2, 1, 3}, new int[] {5, 0, 9}, t),
                new int[] {5, 6, 0, 9, 10, 11}, 0, 12, 6, false),
        new Layout("indexed_instance_of_contiguous", t -> t.Contiguous(2).Indexed(new int[] {1, 2}, new int[] {3, 0}),
                new int[] {6, 7, 0, 1, 2, 3}, 0, 8, 6, false),
        new Layout("hindexed_of_contiguous",
                t -> Datatype.Hindexed(new int[] {2, 1}, new int[] {7, 1}, Datatype.Contiguous(2, t)),
                new int[] {7, 8, 9, 10, 1, 2}, 1, 10, 6, false),
        new Layout("hindexed_instance_negative", t -> t.Hindexed(new int[] {1, 0, 1}, new int[] {3, 100, -2}),
                new int[] {3, -2}, -2, 6, 2, false),
        new Layout("struct", t -> Datatype.Struct(new int[] {1, 2}, new int[] {4, 0},
                new Datatype[] {t, Datatype.Contiguous(2, t)}), new int[] {4, 0, 1, 2, 3}, 0, 5, 5, false),
        new Layout("struct_lb_ub_markers", DatatypeSuite::markerStruct, new int[] {2, 3}, -1, 8, 2, false),
        new Layout("contiguous_of_marker_struct", t -> Datatype.Contiguous(2, markerStruct(t)),
                new int[] {2, 3, 10, 11}, -1, 16, 4, false),
        // the UB marker at 2 ends the type inside its data: items overlap
        new Layout("struct_ub_inside_data", t -> Datatype.Struct(new int[] {3, 1}, new int[] {0, 2},
                new Datatype[] {t, MPI.UB}), new int[] {0, 1, 2}, 0, 2, 3, true),
        // an LB marker above the data: the marker wins (MPI-1), the data lies below the lower bound
        new Layout("struct_lb_above_data", t -> Datatype.Struct(new int[] {2, 1}, new int[] {0, 1},
                new Datatype[] {t, MPI.LB}), new int[] {0, 1}, 1, 1, 2, true),
        // markers of a component outrank the data of the others: lb -1 and ub 7 from markerStruct, not 11
        new Layout("struct_of_marked_component", t -> Datatype.Struct(new int[] {1, 1}, new int[] {0, 10},
                new Datatype[] {markerStruct(t), t}), new int[] {2, 3, 10}, -1, 8, 3, true));

    public static void main(String[] args) throws Exception {
        Cases.job(args).run(DatatypeSuite::addCases);
    }

    private static void addCases(Cases cases) {
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank(), size = world.Size();
        int partner = rank % 2 == 0 ? rank + 1 : rank - 1;
        boolean paired = partner < size;
        Map<String, Datatype> built = new HashMap<>();
        Function<String, Function<Layout, Datatype>> typeOf = type -> layout ->
                built.computeIfAbsent(layout.name + "/" + type, k -> layout.build.apply(Values.type(type)));

        for (Layout layout : LAYOUTS) {
            cases.add("shape_" + layout.name, () -> {
                for (String type : Values.NAMES) checkShape(layout, typeOf.apply(type).apply(layout), type);
                checkShape(layout, layout.build.apply(MPI.OBJECT), "OBJECT");
            });
            if (layout.shapeOnly) continue;
            for (String kind : new String[] {"array", "direct"}) {
                for (String type : Values.NAMES) {
                    cases.add("send_recv_" + layout.name + "_" + type + "_" + kind, () -> {
                        if (!paired) return;
                        sendRecv(world, rank, partner, layout, typeOf.apply(type).apply(layout), type, kind);
                    });
                }
                for (String type : kind.equals("array") ? SOME : new String[] {"LONG", "BYTE"}) {
                    cases.add("sendrecv_" + layout.name + "_" + type + "_" + kind, () ->
                            sendrecv(world, rank, size, layout, typeOf.apply(type).apply(layout), type, kind));
                    cases.add("bcast_" + layout.name + "_" + type + "_" + kind, () ->
                            bcast(world, rank, layout, typeOf.apply(type).apply(layout), type, kind));
                }
            }
            for (String type : new String[] {"INT", "BYTE", "LONG"}) {
                cases.add("layout_as_contiguous_" + layout.name + "_" + type, () -> {
                    if (paired) asContiguous(world, rank, partner, layout, typeOf.apply(type).apply(layout), type);
                });
            }
        }
        cases.add("predefined_shapes", () -> {
            for (String type : Values.NAMES) {
                Datatype t = Values.type(type);
                Check.eq(1, t.Extent(), type + " Extent");
                Check.eq(1, t.Size(), type + " Size (base elements)");
                Check.eq(0, t.Lb(), type + " Lb");
                Check.eq(1, t.Ub(), type + " Ub");
                Check.eq(Values.bytes(type), t.getByteSize(), type + " getByteSize");
                Check.eq(t.baseType, t.getType(), type + " getType");
                t.Commit();
            }
            int[] codes = {MPI.BYTE.getType(), MPI.CHAR.getType(), MPI.SHORT.getType(), MPI.BOOLEAN.getType(),
                MPI.INT.getType(), MPI.LONG.getType(), MPI.FLOAT.getType(), MPI.DOUBLE.getType(),
                MPI.PACKED.getType(), MPI.OBJECT.getType(), MPI.LB.getType(), MPI.UB.getType(), MPI.NULL.getType()};
            Check.eq(Arrays.toString(new int[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 12, -1, -1, 0}), Arrays.toString(codes),
                    "MPJ Express base type numbers");
            Check.eq(0, MPI.LB.Extent(), "LB extent");
            Check.eq(0, MPI.UB.Size(), "UB size");
            Check.eq(0, MPI.OBJECT.getByteSize(), "OBJECT getByteSize");
            Check.eq(8, Datatype.Vector(2, 1, 3, MPI.LONG).getByteSize(), "byte size of a Vector of LONG");
            Check.eq(5, Datatype.Contiguous(2, MPI.INT).getType(), "base type number of a Contiguous of INT");
            Check.eq(1, MPI.OBJECT.Size(), "OBJECT size");
        });
        cases.add("status_counts", () -> {
            if (!paired) return;
            Datatype v = Datatype.Vector(2, 2, 3, MPI.INT); // 4 elements, extent 5
            if (rank % 2 == 0) {
                world.Send(new int[3 * 5], 0, 3, v, partner, 31);
                world.Send(new int[11], 0, 11, MPI.INT, partner, 32); // 2 items and 3 elements of a third
            } else {
                Status s = world.Recv(new int[3 * 5], 0, 3, v, partner, 31);
                Check.eq(3, s.Get_count(v), "Get_count(vector)");
                Check.eq(12, s.Get_elements(v), "Get_elements(vector)");
                Check.eq(12, s.Get_count(MPI.INT), "Get_count(INT)");
                s = world.Recv(new int[3 * 5], 0, 3, v, partner, 32);
                Check.eq(MPI.UNDEFINED, s.Get_count(v), "Get_count(vector) of a partial item");
                Check.eq(11, s.Get_elements(v), "Get_elements(vector) of a partial item");
            }
            v.Free();
        });
        cases.add("commit_is_optional_and_idempotent", () -> {
            if (!paired) return;
            Datatype a = Datatype.Vector(2, 1, 2, MPI.DOUBLE);
            Datatype b = MPI.DOUBLE.Vector(2, 1, 2);
            b.Commit();
            b.Commit();
            double[] buf = {1, 2, 3, 4};
            if (rank % 2 == 0) {
                world.Send(buf, 0, 1, a, partner, 33);
                world.Send(buf, 1, 1, b, partner, 34);
            } else {
                double[] x = new double[2], y = new double[2];
                world.Recv(x, 0, 2, MPI.DOUBLE, partner, 33);
                world.Recv(y, 0, 2, MPI.DOUBLE, partner, 34);
                Check.eq("[1.0, 3.0]", Arrays.toString(x), "uncommitted Vector");
                Check.eq("[2.0, 4.0]", Arrays.toString(y), "twice committed Vector");
            }
            a.Free();
            b.Free();
        });
        cases.add("free_then_use", () -> {
            Datatype v = Datatype.Vector(2, 1, 2, MPI.INT);
            Datatype derived = Datatype.Contiguous(2, v); // built from v: must outlive v
            v.Free();
            Check.throwsWith(IllegalStateException.class, v::Extent, "Datatype.Extent", "freed");
            Check.throwsWith(IllegalStateException.class, v::Size, "Datatype.Size", "freed");
            Check.throwsWith(IllegalStateException.class, v::Commit, "Datatype.Commit", "freed");
            Check.throwsWith(IllegalStateException.class, v::Free, "Datatype.Free", "freed");
            Check.throwsWith(IllegalStateException.class, v::free, "Datatype.free", "freed");
            Check.throwsWith(IllegalStateException.class, () -> world.Send(new int[8], 0, 1, v, rank, 35),
                    "Comm.Send", "buf", "freed");
            Check.throwsWith(IllegalStateException.class, () -> Datatype.Contiguous(2, v), "Datatype.Contiguous",
                    "oldtype", "freed");
            Check.throwsWith(IllegalStateException.class, () -> v.Vector(1, 1, 1), "Datatype.Vector", "freed");
            Check.throwsWith(IllegalStateException.class, () -> Datatype.Struct(new int[] {1}, new int[] {0},
                    new Datatype[] {v}), "Datatype.Struct", "types[0]", "freed");
            int[] out = {10, 11, 12, 13, 14, 15, 16, 17}, in = new int[8];
            world.Sendrecv(out, 0, 1, derived, rank, 36, in, 0, 4, MPI.INT, rank, 36);
            Check.eq("[10, 12, 13, 15, 0, 0, 0, 0]", Arrays.toString(in), "type built from a freed type");
            derived.free();
        });
        cases.add("predefined_types_refuse_free", () -> {
            for (Datatype t : new Datatype[] {MPI.INT, MPI.DOUBLE, MPI.OBJECT, MPI.LB, MPI.UB, MPI.NULL}) {
                Check.throwsWith(IllegalArgumentException.class, t::Free, "Datatype.Free", "predefined");
                Check.throwsWith(IllegalArgumentException.class, t::free, "Datatype.free", "predefined");
            }
            Check.eq(1, MPI.INT.Extent(), "MPI.INT still usable");
        });
        cases.add("buffer_too_short_for_span", () -> {
            Datatype v = Datatype.Vector(3, 2, 4, MPI.INT); // elements 0..9 per item, extent 10
            // 2 items from offset 1 touch [1, 21): 20 elements are one short
            Check.throwsWith(IndexOutOfBoundsException.class, () -> world.Send(new int[20], 1, 2, v, rank, 37),
                    "Comm.Send", "buf", "[1, 21)", "length 20");
            Check.throwsWith(IndexOutOfBoundsException.class, () -> world.Recv(new int[20], 1, 2, v, rank, 37),
                    "Comm.Recv", "buf");
            ByteBuffer direct = Values.direct("INT", 20);
            Check.throwsWith(IndexOutOfBoundsException.class, () -> world.Send(direct, 1, 2, v, rank, 37),
                    "Comm.Send", "buf", "capacity 80");
            Check.throwsWith(IndexOutOfBoundsException.class, () -> world.Bcast(new int[20], 1, 2, v, 0),
                    "Intracomm.Bcast", "buf");
            Datatype back = Datatype.Vector(2, 1, -3, MPI.INT); // reaches 3 elements before its position
            Check.throwsWith(IndexOutOfBoundsException.class, () -> world.Send(new int[10], 2, 1, back, rank, 37),
                    "Comm.Send", "[-1, 3)");
            int[] fits = new int[21];
            fits[1] = 7;
            fits[11] = 8;
            int[] got = new int[12];
            world.Sendrecv(fits, 1, 2, v, rank, 38, got, 0, 12, MPI.INT, rank, 38); // exactly long enough
            Check.eq(7, got[0], "first element");
            Check.eq(8, got[6], "first element of the second item");
            v.Free();
            back.Free();
        });
        cases.add("struct_mixed_base_types", () -> {
            Check.throwsWith(IllegalArgumentException.class, () -> Datatype.Struct(new int[] {1, 1},
                    new int[] {0, 1}, new Datatype[] {MPI.INT, MPI.DOUBLE}), "Datatype.Struct", "types[1]",
                    "base type");
            Check.throwsWith(IllegalArgumentException.class, () -> Datatype.Struct(new int[] {1, 1, 1},
                    new int[] {0, 1, 2}, new Datatype[] {MPI.LB, Datatype.Contiguous(2, MPI.INT), MPI.FLOAT}),
                    "Datatype.Struct", "types[2]", "types[1]");
            // Markers only: no base type to agree on, a type of size 0 (MpjPatternsSuite uses it everywhere)
            Check.eq(0, Datatype.Struct(new int[] {1, 1}, new int[] {0, 4}, new Datatype[] {MPI.LB, MPI.UB}).Size(),
                    "a Struct of markers only has size 0");
            Check.throwsWith(IllegalArgumentException.class, () -> Datatype.Struct(new int[] {1}, new int[] {0},
                    new Datatype[] {MPI.NULL}), "Datatype.Struct", "types[0]", "MPI.NULL");
        });
        cases.add("bad_constructor_arguments", () -> {
            Check.throwsWith(IllegalArgumentException.class, () -> Datatype.Contiguous(-1, MPI.INT),
                    "Datatype.Contiguous", "count", "-1");
            Check.throwsWith(IllegalArgumentException.class, () -> MPI.INT.Vector(-2, 1, 1),
                    "Datatype.Vector", "count", "-2");
            Check.throwsWith(IllegalArgumentException.class, () -> Datatype.Hvector(1, -1, 1, MPI.INT),
                    "Datatype.Hvector", "blocklength", "-1");
            Check.throwsWith(NullPointerException.class, () -> Datatype.Vector(1, 1, 1, null),
                    "Datatype.Vector", "oldtype");
            Check.throwsWith(NullPointerException.class, () -> MPI.INT.Indexed(null, new int[0]),
                    "Datatype.Indexed", "blocklengths");
            Check.throwsWith(NullPointerException.class, () -> Datatype.Hindexed(new int[0], null, MPI.INT),
                    "Datatype.Hindexed", "displacements");
            Check.throwsWith(IllegalArgumentException.class, () -> Datatype.Indexed(new int[3], new int[2], MPI.INT),
                    "Datatype.Indexed", "blocklengths", "displacements has only 2");
            Check.throwsWith(IllegalArgumentException.class, () -> Datatype.Indexed(new int[] {1, -3},
                    new int[2], MPI.INT), "Datatype.Indexed", "blocklengths[1]", "-3");
            Check.throwsWith(NullPointerException.class, () -> Datatype.Struct(new int[1], new int[1], null),
                    "Datatype.Struct", "types");
            Check.throwsWith(NullPointerException.class, () -> Datatype.Struct(new int[1], new int[1],
                    new Datatype[1]), "Datatype.Struct", "types[0]");
            Check.throwsWith(IllegalArgumentException.class, () -> Datatype.Struct(new int[2], new int[2],
                    new Datatype[1]), "Datatype.Struct", "types has only 1");
            Check.throwsWith(IllegalArgumentException.class, () -> Datatype.Contiguous(2, MPI.LB),
                    "Datatype.Contiguous", "oldtype", "MPI.LB");
            Check.throwsWith(IllegalArgumentException.class, () -> Datatype.Vector(65536, 1, 65536,
                    Datatype.Contiguous(65536, MPI.BYTE)), "Datatype.Vector", "base elements");
        });
        cases.add("bad_buffers_for_derived_types", () -> {
            Datatype v = Datatype.Vector(2, 1, 2, MPI.INT);
            Check.throwsWith(IllegalArgumentException.class, () -> world.Send(new double[8], 0, 1, v, rank, 39),
                    "Comm.Send", "buf", "double[]", "int[]");
            Datatype objects = Datatype.Vector(2, 1, 2, MPI.OBJECT);
            Check.throwsWith(IllegalArgumentException.class, () -> world.Send(Values.direct("INT", 8), 0, 1,
                    objects, rank, 39), "Comm.Send", "buf", "Object[]");
            Check.throwsWith(IllegalArgumentException.class, () -> world.Send(new int[8], 0, 1, objects, rank, 39),
                    "Comm.Send", "buf", "Object[]");
            Check.throwsWith(IndexOutOfBoundsException.class, () -> world.Send(new String[2], 0, 1, objects, rank,
                    39), "Comm.Send", "buf", "length 2");
            Check.throwsWith(IllegalArgumentException.class, () -> world.Send(new int[1], 0, 1, MPI.NULL, rank,
                    39), "Comm.Send", "buf", "MPI.NULL");
            Check.throwsWith(IllegalArgumentException.class, () -> world.Send(null, 0, 0, MPI.UB, rank, 39),
                    "Comm.Send", "buf", "MPI.UB");
            Check.throwsWith(NullPointerException.class, () -> world.Send(null, 0, 1, v, rank, 39),
                    "Comm.Send", "buf");
            Check.throwsWith(IllegalArgumentException.class, () -> world.Send(new int[8], 0, -1, v, rank, 39),
                    "Comm.Send", "count");
            v.Free();
            objects.Free();
            // the process keeps working
            int[] in = new int[1];
            world.Sendrecv(new int[] {rank + 5}, 0, 1, MPI.INT, rank, 40, in, 0, 1, MPI.INT, rank, 40);
            Check.eq(rank + 5, in[0], "self Sendrecv after bad input");
        });
    }

    // ---- shape ----

    static void checkShape(Layout layout, Datatype t, String type) throws Exception {
        String what = layout.name + " over " + type;
        Check.eq(layout.extent, t.Extent(), what + ": Extent");
        Check.eq(layout.lb, t.Lb(), what + ": Lb");
        Check.eq(layout.lb + layout.extent, t.Ub(), what + ": Ub");
        Check.eq(layout.size, t.Size(), what + ": Size");
        Check.eq(Arrays.toString(layout.map), Arrays.toString(displacements(t)), what + ": element map");
    }

    /** A type's element map is natmpj-internal (the OBJECT transport uses it): its core layout, by reflection. */
    static int[] displacements(Datatype t) throws Exception {
        java.lang.reflect.Field layout = Datatype.class.getDeclaredField("layout");
        layout.setAccessible(true);
        return ((natmpj.internal.BufferType) layout.get(t)).displacements();
    }

    // ---- data ----

    /** Offset at which COUNT items of the layout stay inside the buffer even when they reach below their start. */
    static int offset(Layout layout) {
        return 3 + Math.max(0, -layout.minDisplacement());
    }

    static int length(Layout layout) {
        return offset(layout) + (COUNT - 1) * layout.extent + layout.maxDisplacement() + 1 + GUARD;
    }

    /** Positions (from the buffer start) of every element of COUNT items at offset, in type-map order. */
    static List<Integer> positions(Layout layout, int offset) {
        List<Integer> at = new ArrayList<>();
        for (int k = 0; k < COUNT; k++) {
            for (int d : layout.map) at.add(offset + k * layout.extent + d);
        }
        return at;
    }

    /** The sender's value at position i; the receiver's sentinel there is value + 1, different in every type. */
    static long value(long seed, int i) {
        return Values.pattern(seed * 1000 + i);
    }

    static void fill(String type, Object buf, int length, long seed, int plus) {
        for (int i = 0; i < length; i++) Values.set(type, buf, i, value(seed, i) + plus);
    }

    static void expectAt(String type, Object buf, int i, long v, String what) {
        Object model = Values.array(type, 1);
        Values.set(type, model, 0, v);
        boolean same = type.equals("LONG") ? Values.getLong(model, 0) == Values.getLong(buf, i)
                : Double.compare(Values.get(type, model, 0), Values.get(type, buf, i)) == 0;
        if (!same) {
            throw new AssertionError(what + ": element " + i + " is " + Values.get(type, buf, i) + ", expected "
                    + Values.get(type, model, 0));
        }
    }

    /** Exactly the type-map positions hold the sender's values; every other element still holds its sentinel. */
    static void expectLayout(Layout layout, String type, Object buf, long seed, String what) {
        int length = length(layout);
        boolean[] inMap = new boolean[length];
        for (int p : positions(layout, offset(layout))) inMap[p] = true;
        for (int i = 0; i < length; i++) {
            expectAt(type, buf, i, value(seed, i) + (inMap[i] ? 0 : 1), what + (inMap[i] ? "" : " (gap)"));
        }
    }

    static void sendRecv(Intracomm world, int rank, int partner, Layout layout, Datatype dt, String type,
                         String kind) {
        int off = offset(layout), length = length(layout);
        Object buf = Values.buffer(kind, type, length);
        if (rank % 2 == 0) {
            fill(type, buf, length, 11, 0);
            world.Send(buf, off, COUNT, dt, partner, 50);
        } else {
            fill(type, buf, length, 11, 1);
            Status s = world.Recv(buf, off, COUNT, dt, partner, 50);
            expectLayout(layout, type, buf, 11, "received");
            Check.eq(COUNT, s.Get_count(dt), "Get_count");
            Check.eq(COUNT * layout.size, s.Get_elements(dt), "Get_elements");
        }
    }

    static void sendrecv(Intracomm world, int rank, int size, Layout layout, Datatype dt, String type, String kind) {
        int right = (rank + 1) % size, left = (rank + size - 1) % size;
        int off = offset(layout), length = length(layout);
        Object out = Values.buffer(kind, type, length), in = Values.buffer(kind, type, length);
        fill(type, out, length, 20 + rank, 0);
        fill(type, in, length, 20 + left, 1);
        world.Sendrecv(out, off, COUNT, dt, right, 51, in, off, COUNT, dt, left, 51);
        expectLayout(layout, type, in, 20 + left, "received from " + left);
    }

    static void bcast(Intracomm world, int rank, Layout layout, Datatype dt, String type, String kind) {
        int off = offset(layout), length = length(layout);
        Object buf = Values.buffer(kind, type, length);
        fill(type, buf, length, 30, rank == 0 ? 0 : 1);
        world.Bcast(buf, off, COUNT, dt, 0);
        if (rank != 0) {
            expectLayout(layout, type, buf, 30, "broadcast");
        } else {
            for (int i = 0; i < length; i++) expectAt(type, buf, i, value(30, i), "root's buffer");
        }
    }

    /**
     * The sender sends COUNT items of the layout; the receiver takes them as COUNT Contiguous(size) items (the same
     * type signature), so element m of the message is the sender's element at the m-th type-map position.
     */
    static void asContiguous(Intracomm world, int rank, int partner, Layout layout, Datatype dt, String type) {
        int off = offset(layout), length = length(layout);
        if (rank % 2 == 0) {
            Object buf = Values.array(type, length);
            fill(type, buf, length, 40, 0);
            world.Send(buf, off, COUNT, dt, partner, 52);
        } else {
            int roff = 2, n = COUNT * layout.size, rlength = roff + n + GUARD;
            Datatype flat = Datatype.Contiguous(layout.size, Values.type(type));
            Object buf = Values.array(type, rlength);
            for (int i = 0; i < rlength; i++) Values.set(type, buf, i, -7 - i);
            world.Recv(buf, roff, COUNT, flat, partner, 52);
            List<Integer> at = positions(layout, off);
            for (int m = 0; m < n; m++) expectAt(type, buf, roff + m, value(40, at.get(m)), "message element " + m);
            for (int i = 0; i < rlength; i++) {
                if (i < roff || i >= roff + n) expectAt(type, buf, i, -7 - i, "outside the message");
            }
            flat.Free();
        }
    }
}

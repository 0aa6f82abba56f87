package mpi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The pure-Java part of Open MPI's Java API value classes: Struct layouts (offsets and extents, checked against what
 * Open MPI 4.1.4's own bindings report for the same structs), Struct.Data access, the pair types, the complex views
 * and the small value holders. Nothing here touches class MPI or a Datatype, so no MPI library is needed.
 */
class OmpiValueClassesTest {

    /** byte, int: Open MPI gives offsets 0 1, extent 8. */
    static final class ByteInt extends Struct {
        final int b = addByte(), i = addInt();

        @Override
        protected Data newData() {
            return new Data();
        }

        final class Data extends Struct.Data {
            int i() {
                return getInt(i);
            }

            void i(int v) {
                putInt(i, v);
            }

            byte b() {
                return getByte(b);
            }

            void b(byte v) {
                putByte(b, v);
            }

            long wrongType() {
                return getLong(i);
            }
        }
    }

    /** double, int: 0 8, extent 16. */
    static final class DoubleAndInt extends Struct {
        final int d = addDouble(), i = addInt();

        @Override
        protected Data newData() {
            return new Data();
        }

        final class Data extends Struct.Data {
            double d() {
                return getDouble(d);
            }

            void d(double v) {
                putDouble(d, v);
            }

            int i() {
                return getInt(i);
            }

            void i(int v) {
                putInt(i, v);
            }
        }
    }

    /** byte, double, byte: 0 1 9, extent 16 (no padding between fields, as Open MPI). */
    static final class ByteDoubleByte extends Struct {
        final int a = addByte(), d = addDouble(), c = addByte();

        @Override
        protected Data newData() {
            return new Data();
        }

        final class Data extends Struct.Data {
            double d() {
                return getDouble(d);
            }

            void d(double v) {
                putDouble(d, v);
            }
        }
    }

    /** short, char[3]: 0 2, extent 8. */
    static final class ShortChars extends Struct {
        final int s = addShort(), c = addChar(3);

        @Override
        protected Data newData() {
            return new Data();
        }

        final class Data extends Struct.Data {
            char c(int k) {
                return getChar(c, k);
            }

            void c(int k, char v) {
                putChar(c, k, v);
            }

            short s() {
                return getShort(s);
            }

            void s(short v) {
                putShort(s, v);
            }
        }
    }

    /** byte, setOffset(6), int: 0 6, extent 12. */
    static final class Offset extends Struct {
        final int b = addByte();
        final int i;

        Offset() {
            setOffset(6);
            i = addInt();
        }

        @Override
        protected Data newData() {
            return new Data();
        }

        final class Data extends Struct.Data {}
    }

    /** int, then setOffset(12) with no field after it: extent 4 (a trailing setOffset adds nothing, as Open MPI). */
    static final class Trailing extends Struct {
        final int i = addInt();

        Trailing() {
            setOffset(12);
        }

        @Override
        protected Data newData() {
            return new Data();
        }

        final class Data extends Struct.Data {}
    }

    /** byte, DoubleAndInt[2], float, long[2]: 0 1 33 37, extent 56. */
    static final class Nested extends Struct {
        final DoubleAndInt inner = new DoubleAndInt();
        final int b, n, f, l;

        Nested() throws MPIException {
            b = addByte();
            n = addStruct(inner, 2);
            f = addFloat();
            l = addLong(2);
        }

        @Override
        protected Data newData() {
            return new Data();
        }

        final class Data extends Struct.Data {
            DoubleAndInt.Data inner(int k) {
                return getData(inner, n, k);
            }

            float f() {
                return getFloat(f);
            }

            void f(float v) {
                putFloat(f, v);
            }

            long l(int k) {
                return getLong(l, k);
            }

            void l(int k, long v) {
                putLong(l, k, v);
            }
        }
    }

    @Test
    void offsetsAndExtentsAreOpenMpis() throws MPIException {
        ByteInt bi = new ByteInt();
        assertEquals(0, bi.b);
        assertEquals(1, bi.i);
        assertEquals(8, bi.getExtent());
        DoubleAndInt di = new DoubleAndInt();
        assertEquals(8, di.i);
        assertEquals(16, di.getExtent());
        ByteDoubleByte bdb = new ByteDoubleByte();
        assertArrayEquals(new int[] {0, 1, 9}, new int[] {bdb.a, bdb.d, bdb.c});
        assertEquals(16, bdb.getExtent());
        ShortChars sc = new ShortChars();
        assertEquals(2, sc.c);
        assertEquals(8, sc.getExtent());
        Offset off = new Offset();
        assertEquals(6, off.i);
        assertEquals(12, off.getExtent());
        assertEquals(4, new Trailing().getExtent());
        Nested ne = new Nested();
        assertArrayEquals(new int[] {0, 1, 33, 37}, new int[] {ne.b, ne.n, ne.f, ne.l});
        assertEquals(56, ne.getExtent());
        Struct empty = new Struct() {
            @Override
            protected Data newData() {
                return null;
            }
        };
        assertEquals(0, empty.getExtent());
    }

    @Test
    void layoutIsFixedOnceUsed() throws MPIException {
        ByteInt bi = new ByteInt();
        bi.getExtent();
        assertThrows(IllegalStateException.class, bi::addInt);
        assertThrows(IllegalStateException.class, () -> bi.setOffset(20));
        DoubleAndInt inner = new DoubleAndInt();
        new Struct() {
            final int x = addStruct(inner);

            @Override
            protected Data newData() {
                return null;
            }
        };
        assertThrows(IllegalStateException.class, inner::addByte, "adding a struct fixes its layout");
        ByteInt viewed = new ByteInt();
        viewed.getData(new byte[8]);
        assertThrows(IllegalStateException.class, viewed::addByte);
    }

    @Test
    void setOffsetCannotGoBack() {
        ByteInt bi = new ByteInt();
        assertThrows(IllegalArgumentException.class, () -> bi.setOffset(4));
        assertSame(bi, bi.setOffset(5));
        assertEquals(5, bi.addShort());
        assertThrows(IllegalArgumentException.class, () -> bi.addInt(-1));
    }

    @Test
    void dataReadsAndWritesInTheBuffersOrder() throws MPIException {
        ByteInt bi = new ByteInt();
        ByteBuffer big = ByteBuffer.allocate(24);
        ByteInt.Data d = bi.getData(big, 1);
        d.i(0x01020304);
        d.b((byte) 7);
        assertEquals(7, big.get(8));
        assertArrayEquals(new byte[] {1, 2, 3, 4}, new byte[] {big.get(9), big.get(10), big.get(11), big.get(12)});
        assertEquals(0x01020304, d.i());

        ByteBuffer little = ByteBuffer.allocateDirect(24).order(ByteOrder.LITTLE_ENDIAN);
        ByteInt.Data e = bi.getData(little, 2);
        e.i(0x01020304);
        assertEquals(4, little.get(17));
        assertEquals(1, little.get(20));

        byte[] array = new byte[16];
        ByteInt.Data f = bi.getData(array, 1);
        f.i(0x11223344);
        assertEquals(0x11223344, ByteBuffer.wrap(array, 9, 4).order(ByteOrder.nativeOrder()).getInt());
        ByteInt.Data g = bi.getData(array);
        g.i(-5);
        assertEquals(-5, g.i());
    }

    @Test
    void arraysAndNestedStructs() throws MPIException {
        Nested ne = new Nested();
        ByteBuffer buf = ByteBuffer.allocate(2 * 56).order(ByteOrder.nativeOrder());
        Nested.Data d = ne.getData(buf, 1);
        d.f(1.5f);
        d.l(1, 42L);
        DoubleAndInt.Data in = d.inner(1);
        in.d(2.25);
        in.i(9);
        assertEquals(1.5f, buf.getFloat(56 + 33));
        assertEquals(42L, buf.getLong(56 + 37 + 8));
        assertEquals(2.25, buf.getDouble(56 + 1 + 16));
        assertEquals(9, buf.getInt(56 + 1 + 16 + 8));
        assertEquals(42L, d.l(1));
        assertEquals(9, d.inner(1).i());

        ShortChars sc = new ShortChars();
        ShortChars.Data s = sc.getData(ByteBuffer.allocate(16));
        s.c(2, 'z');
        s.s((short) -3);
        assertEquals('z', s.c(2));
        assertEquals(-3, s.s());
    }

    @Test
    void getBufferSharesTheStructsBytesWithoutMovingTheOriginal() throws MPIException {
        DoubleAndInt di = new DoubleAndInt();
        ByteBuffer buf = ByteBuffer.allocate(48).order(ByteOrder.LITTLE_ENDIAN);
        DoubleAndInt.Data first = di.getData(buf);
        assertSame(buf, first.getBuffer());
        DoubleAndInt.Data second = di.getData(buf, 1);
        second.i(77);
        buf.position(3).limit(40);
        ByteBuffer s = second.getBuffer();
        assertEquals(0, s.position());
        assertEquals(32, s.limit());
        assertEquals(ByteOrder.LITTLE_ENDIAN, s.order());
        assertEquals(77, s.getInt(8));
        s.putDouble(0, 0.5);
        assertEquals(0.5, second.d());
        assertEquals(3, buf.position());
        assertEquals(40, buf.limit());
    }

    @Test
    void wrongFieldTypeFailsAnAssertion() throws MPIException {
        boolean enabled = false;
        assert enabled = true;
        Assumptions.assumeTrue(enabled, "assertions disabled (-ea)");
        ByteInt.Data d = new ByteInt().getData(new byte[8]);
        AssertionError e = assertThrows(AssertionError.class, d::wrongType);
        assertTrue(e.getMessage().contains("no long field at offset 1"), e.getMessage());
        ShortChars.Data s = new ShortChars().getData(new byte[8]);
        assertThrows(AssertionError.class, () -> s.c(3));
    }

    @Test
    void pairTypesHaveTheCLayout() throws MPIException {
        // The arguments MPI gives them on LP64 (x86_64, aarch64): offsetof and sizeof of the C structs.
        Int2 int2 = new Int2(4, 4);
        ShortInt shortInt = new ShortInt(2, 4, 4);
        LongInt longInt = new LongInt(8, 8, 4);
        FloatInt floatInt = new FloatInt(4, 4);
        DoubleInt doubleInt = new DoubleInt(8, 4);
        assertEquals(8, int2.getExtent());
        assertEquals(8, shortInt.getExtent());
        assertEquals(16, longInt.getExtent());
        assertEquals(8, floatInt.getExtent());
        assertEquals(16, doubleInt.getExtent());

        ByteBuffer b = ByteBuffer.allocate(64).order(ByteOrder.nativeOrder());
        Int2.Data i = int2.getData(b, 1);
        i.putValue(-7);
        i.putIndex(3);
        assertEquals(-7, b.getInt(8));
        assertEquals(3, b.getInt(12));
        assertEquals(-7, i.getValue());
        assertEquals(3, i.getIndex());

        ShortInt.Data s = shortInt.getData(b, 2);
        s.putValue((short) -2);
        s.putIndex(5);
        assertEquals(-2, b.getShort(16));
        assertEquals(5, b.getInt(20));
        assertEquals(-2, s.getValue());

        LongInt.Data l = longInt.getData(b, 1);
        l.putValue(Long.MIN_VALUE);
        l.putIndex(11);
        assertEquals(Long.MIN_VALUE, b.getLong(16));
        assertEquals(11, b.getInt(24));
        assertEquals(Long.MIN_VALUE, l.getValue());
        assertEquals(11, l.getIndex());

        FloatInt.Data f = floatInt.getData(b, 3);
        f.putValue(0.25f);
        f.putIndex(-1);
        assertEquals(0.25f, b.getFloat(24));
        assertEquals(-1, b.getInt(28));
        assertEquals(0.25f, f.getValue());

        DoubleInt.Data d = doubleInt.getData(b, 3);
        d.putValue(-8.5);
        d.putIndex(12);
        assertEquals(-8.5, b.getDouble(48));
        assertEquals(12, b.getInt(56));
        assertEquals(-8.5, d.getValue());
        assertEquals(12, d.getIndex());

        // 8-byte C ints, 4-byte C longs: the widths follow the constructor's arguments
        Int2 wide = new Int2(8, 8);
        assertEquals(16, wide.getExtent());
        Int2.Data w = wide.getData(b);
        w.putIndex(-4);
        assertEquals(-4L, b.getLong(8));
        assertEquals(-4, w.getIndex());
        LongInt narrow = new LongInt(4, 4, 4);
        assertEquals(8, narrow.getExtent());
        assertThrows(IllegalArgumentException.class, () -> new Int2(4, 2));
        assertThrows(IllegalArgumentException.class, () -> new DoubleInt(4, 4), "int offset inside the double");
    }

    @Test
    void complexViews() {
        float[] fa = {1, 2, 3, 4};
        FloatComplex c = FloatComplex.get(fa, 1);
        assertEquals(3f, c.getReal());
        assertEquals(4f, c.getImag());
        c.putReal(5);
        c.putImag(6);
        assertArrayEquals(new float[] {1, 2, 5, 6}, fa);
        FloatBuffer tail = c.getBuffer();
        assertEquals(0, tail.position());
        assertEquals(2, tail.capacity());
        assertEquals(5f, tail.get(0));
        FloatComplex first = FloatComplex.get(fa);
        assertEquals(1f, first.getReal());
        FloatBuffer fb = FloatBuffer.wrap(fa);
        assertSame(fb, FloatComplex.get(fb).getBuffer());
        assertEquals(6f, FloatComplex.get(fb, 1).getImag());

        ByteBuffer bytes = ByteBuffer.allocate(32).order(ByteOrder.LITTLE_ENDIAN);
        DoubleComplex z = DoubleComplex.get(bytes, 1);
        z.putReal(1.25);
        z.putImag(-2);
        assertEquals(1.25, bytes.getDouble(16));
        assertEquals(-2.0, bytes.getDouble(24));
        assertEquals(-2.0, DoubleComplex.get(bytes).getBuffer().get(3));
        double[] da = {0, 0, 7, 8};
        DoubleBuffer db = DoubleBuffer.wrap(da);
        db.position(1).limit(2);
        DoubleBuffer s = DoubleComplex.get(db, 1).getBuffer();
        assertEquals(7.0, s.get(0));
        assertEquals(1, db.position());
        assertEquals(2, db.limit());
        assertEquals(8.0, DoubleComplex.get(da, 1).getImag());
    }

    @Test
    void valueHolders() {
        Count a = new Count(3), b = new Count(5);
        assertTrue(a.compareTo(b) < 0);
        assertTrue(b.compareTo(a) > 0);
        assertEquals(0, a.compareTo(new Count(3)));
        assertEquals(-1, a.compareTo("3"));
        assertEquals(-1, new Count(Long.MIN_VALUE).compareTo(new Count(1)), "no overflow");
        assertEquals(a, new Count(3));
        assertEquals(a.hashCode(), new Count(3).hashCode());
        assertNotEquals(a, b);
        a.setCount(5);
        assertEquals(5, a.getCount());
        assertEquals(a, b);

        Version v = new Version(3, 1);
        assertEquals(3, v.getVersion());
        assertEquals(1, v.getSubVersion());

        FileView view = new FileView(128, null, null, "native");
        assertEquals(128, view.getDisp());
        assertEquals(null, view.getEType());
        assertEquals(null, view.getFileType());
        assertEquals("native", view.getDataRep());

        DistGraphNeighbors n = new DistGraphNeighbors(new int[] {1, 2}, new int[] {10, 20}, new int[] {3},
                new int[] {30}, true);
        assertEquals(2, n.getInDegree());
        assertEquals(1, n.getOutDegree());
        assertTrue(n.isWeighted());
        assertEquals(2, n.getSource(1));
        assertEquals(20, n.getSourceWeight(1));
        assertEquals(3, n.getDestination(0));
        assertEquals(30, n.getDestinationWeight(0));
        DistGraphNeighbors u = new DistGraphNeighbors(new int[] {4}, null, new int[0], null, false);
        assertFalse(u.isWeighted());
        assertEquals(0, u.getSourceWeight(0));
        assertThrows(ArrayIndexOutOfBoundsException.class, () -> u.getSourceWeight(1));
    }

    @Test
    void windowsAndFilesNeedMpi() {
        // without MPI.Init (no MPI in this JVM): an MPIException naming the call, before any native call
        MPIException w = assertThrows(MPIException.class, () -> new Win(null, 0, 0, null, null));
        assertTrue(w.getMessage().startsWith("Win.Win: "), w.getMessage());
        MPIException f = assertThrows(MPIException.class, () -> new File(null, "x", 0));
        assertTrue(f.getMessage().startsWith("File.File: "), f.getMessage());
        MPIException d = assertThrows(MPIException.class, () -> File.delete("x"));
        assertTrue(d.getMessage().startsWith("File.delete: "), d.getMessage());
        assertEquals(0, Win.WIN_NULL);
        assertEquals(0, Win.FLAVOR_PRIVATE);
        assertEquals(1, Win.FLAVOR_SHARED);
    }

    @Test
    void userFunctionArrayFormIsUnsupportedUnlessOverridden() {
        UserFunction f = new UserFunction() {};
        assertThrows(UnsupportedOperationException.class, () -> f.call(new int[1], new int[1], 1, null));
    }
}

// compat: np=2,4
// mpi.Struct in Open MPI's Java API: subclasses declaring fields with addByte/addChar/addShort/addInt/addLong/
// addFloat/addDouble (single and arrays), addStruct (nested) and setOffset, read and written through their
// Struct.Data views on direct ByteBuffers and byte[] arrays, sent, broadcast and reduced with a user Op on the
// native buffers; the predefined pair structs MPI.int2, shortInt, longInt, floatInt, doubleInt with MINLOC and
// MAXLOC on MPI.INT2, SHORT_INT, LONG_INT, FLOAT_INT, DOUBLE_INT; and the FloatComplex/DoubleComplex views with
// MPI.FLOAT_COMPLEX and DOUBLE_COMPLEX sums and products.
import java.nio.*;
import java.util.*;

import mpi.*;

public class Structs {
    static int rank;

    static void p(String s) {
        byte[] b = (rank + ": " + s + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8);
        System.out.write(b, 0, b.length); // one write(2) per line: lines of different ranks never mix
        System.out.flush();
    }

    /** A 2-D point: two ints. */
    static class Point extends Struct {
        final int x = addInt(), y = addInt();

        @Override
        protected Data newData() {
            return new Data();
        }

        class Data extends Struct.Data {
            int x() { return getInt(x); }
            int y() { return getInt(y); }
            void put(int vx, int vy) {
                putInt(x, vx);
                putInt(y, vy);
            }
        }
    }

    static final Point POINT = new Point();

    /** Every kind of field, an array field and a nested Point, at offsets Struct packs without padding. */
    static class Particle extends Struct {
        final int id = addInt();
        final int pos = addDouble(3);
        final int code = addChar(2);
        final int flag = addByte();
        final int mass = addFloat();
        final int big = addLong();
        final int small = addShort();
        final int at;
        final int tail;

        Particle() throws MPIException {
            at = addStruct(POINT);
            setOffset(64); // the last field at byte 64
            tail = addInt();
        }

        @Override
        protected Data newData() {
            return new Data();
        }

        class Data extends Struct.Data {
            int getId() { return getInt(id); }
            void putId(int v) { putInt(id, v); }
            double getPos(int i) { return getDouble(pos, i); }
            void putPos(int i, double v) { putDouble(pos, i, v); }
            char getCode(int i) { return getChar(code, i); }
            void putCode(int i, char c) { putChar(code, i, c); }
            byte getFlag() { return getByte(flag); }
            void putFlag(byte v) { putByte(flag, v); }
            float getMass() { return getFloat(mass); }
            void putMass(float v) { putFloat(mass, v); }
            long getBig() { return getLong(big); }
            void putBig(long v) { putLong(big, v); }
            short getSmall() { return getShort(small); }
            void putSmall(short v) { putShort(small, v); }
            Point.Data getAt() { return getData(POINT, at); }
            int getTail() { return getInt(tail); }
            void putTail(int v) { putInt(tail, v); }

            void fill(int r, int k) {
                putId(r * 10 + k);
                for (int i = 0; i < 3; i++) putPos(i, r + k * 0.5 + i * 0.25);
                putCode(0, (char) ('A' + r));
                putCode(1, (char) ('a' + k));
                putFlag((byte) (r - k));
                putMass(r * 1.5f + k);
                putBig(((long) r << 36) + k);
                putSmall((short) (-r * 100 - k));
                getAt().put(r, -k);
                putTail(1000 + r);
            }

            String show() {
                return "{id=" + getId() + " pos=" + getPos(0) + "," + getPos(1) + "," + getPos(2) + " code="
                        + getCode(0) + getCode(1) + " flag=" + getFlag() + " mass=" + getMass() + " big=" + getBig()
                        + " small=" + getSmall() + " at=(" + getAt().x() + "," + getAt().y() + ") tail=" + getTail()
                        + "}";
            }
        }
    }

    /** Particle-wise: the sum of ids and masses, the componentwise maximum of positions; the rest from inOut. */
    static class Combine extends UserFunction {
        final Particle type;

        Combine(Particle type) {
            this.type = type;
        }

        @Override
        public void call(ByteBuffer in, ByteBuffer inOut, int count, Datatype datatype) throws MPIException {
            for (int k = 0; k < count; k++) {
                Particle.Data a = type.getData(in, k), b = type.getData(inOut, k);
                b.putId(a.getId() + b.getId());
                b.putMass(a.getMass() + b.getMass());
                for (int i = 0; i < 3; i++) b.putPos(i, Math.max(a.getPos(i), b.getPos(i)));
            }
        }
    }

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm w = MPI.COMM_WORLD;
        rank = w.getRank();
        int size = w.getSize(), r = rank, last = size - 1;
        int next = (r + 1) % size, prev = (r + size - 1) % size;

        Particle part = new Particle();
        p("Particle: extent " + part.getExtent() + " fields id@" + part.id + " pos@" + part.pos + " code@" + part.code
                + " flag@" + part.flag + " mass@" + part.mass + " big@" + part.big + " small@" + part.small + " at@"
                + part.at + " tail@" + part.tail);
        Datatype pt = part.getType();
        p("Particle type: size " + pt.getSize() + " extent " + pt.getExtent() + " trueExtent " + pt.getTrueExtent());
        p("Point: extent " + POINT.getExtent());

        // two particles sent around the ring in a direct buffer
        ByteBuffer out = MPI.newByteBuffer(2 * part.getExtent()), in = MPI.newByteBuffer(2 * part.getExtent());
        for (int k = 0; k < 2; k++) ((Particle.Data) part.getData(out, k)).fill(r, k);
        Status s = w.sendRecv(out, 2, pt, next, 1, in, 2, pt, prev, 1);
        for (int k = 0; k < 2; k++) p("received particle " + k + ": " + ((Particle.Data) part.getData(in, k)).show());
        p("status: source=" + s.getSource() + " count=" + s.getCount(pt));

        // a byte[] of particles, broadcast from the last rank
        byte[] arr = new byte[3 * part.getExtent()];
        if (r == last) for (int k = 0; k < 3; k++) ((Particle.Data) part.getData(arr, k)).fill(9, k);
        w.bcast(arr, 3, pt, last);
        p("bcast byte[] particle 2: " + ((Particle.Data) part.getData(arr, 2)).show());

        // reduced with a user Op over the particles in place
        ByteBuffer red = MPI.newByteBuffer(2 * part.getExtent());
        for (int k = 0; k < 2; k++) ((Particle.Data) part.getData(red, k)).fill(r, k);
        w.allReduce(red, 2, pt, new Op(new Combine(part), true));
        for (int k = 0; k < 2; k++) {
            Particle.Data d = part.getData(red, k);
            p("allReduce particle " + k + ": id=" + d.getId() + " mass=" + d.getMass() + " pos=" + d.getPos(0) + ","
                    + d.getPos(1) + "," + d.getPos(2));
        }

        // Points sent as an array of structs with Struct.Data.getBuffer
        ByteBuffer pts = MPI.newByteBuffer(3 * POINT.getExtent());
        for (int k = 0; k < 3; k++) ((Point.Data) POINT.getData(pts, k)).put(r + k, r * k);
        ByteBuffer got = MPI.newByteBuffer(3 * POINT.getExtent());
        w.sendRecv(pts, 3, POINT.getType(), next, 2, got, 3, POINT.getType(), prev, 2);
        StringBuilder b = new StringBuilder();
        for (int k = 0; k < 3; k++) {
            Point.Data d = POINT.getData(got, k);
            b.append(" (").append(d.x()).append(",").append(d.y()).append(")");
        }
        Point.Data second = POINT.getData(got, 1);
        p("points:" + b + "; second's getBuffer().getInt(0) " + second.getBuffer().getInt(0));

        // MINLOC / MAXLOC on the predefined pairs, 2 pairs each: (value, index)
        {
            ByteBuffer a = MPI.newByteBuffer(2 * MPI.int2.getExtent()), ar = MPI.newByteBuffer(2 * MPI.int2.getExtent());
            for (int k = 0; k < 2; k++) {
                Int2.Data d = MPI.int2.getData(a, k);
                d.putValue(k == 0 ? r % 3 : -r);
                d.putIndex(r * 10);
            }
            w.allReduce(a, ar, 2, MPI.INT2, MPI.MINLOC);
            Int2.Data x = MPI.int2.getData(ar, 0), y = MPI.int2.getData(ar, 1);
            p("INT2 MINLOC: (" + x.getValue() + "," + x.getIndex() + ") (" + y.getValue() + "," + y.getIndex() + ")");

            ByteBuffer si = MPI.newByteBuffer(2 * MPI.shortInt.getExtent());
            ByteBuffer sr = MPI.newByteBuffer(2 * MPI.shortInt.getExtent());
            for (int k = 0; k < 2; k++) {
                ShortInt.Data d = MPI.shortInt.getData(si, k);
                d.putValue((short) (k == 0 ? 100 - r : -3000 * r));
                d.putIndex(r + 1);
            }
            w.allReduce(si, sr, 2, MPI.SHORT_INT, MPI.MAXLOC);
            ShortInt.Data sx = MPI.shortInt.getData(sr, 0), sy = MPI.shortInt.getData(sr, 1);
            p("SHORT_INT MAXLOC: (" + sx.getValue() + "," + sx.getIndex() + ") (" + sy.getValue() + "," + sy.getIndex()
                    + ")");

            ByteBuffer li = MPI.newByteBuffer(2 * MPI.longInt.getExtent());
            ByteBuffer lr = MPI.newByteBuffer(2 * MPI.longInt.getExtent());
            for (int k = 0; k < 2; k++) {
                LongInt.Data d = MPI.longInt.getData(li, k);
                d.putValue(k == 0 ? (1L << 40) * (r % 2) : -r);
                d.putIndex(size - r);
            }
            w.allReduce(li, lr, 2, MPI.LONG_INT, MPI.MAXLOC);
            LongInt.Data lx = MPI.longInt.getData(lr, 0), ly = MPI.longInt.getData(lr, 1);
            p("LONG_INT MAXLOC: (" + lx.getValue() + "," + lx.getIndex() + ") (" + ly.getValue() + "," + ly.getIndex()
                    + ")");

            byte[] fi = new byte[2 * MPI.floatInt.getExtent()], fr = new byte[2 * MPI.floatInt.getExtent()];
            for (int k = 0; k < 2; k++) {
                FloatInt.Data d = MPI.floatInt.getData(fi, k);
                d.putValue(k == 0 ? r * 0.5f : 1.0f);
                d.putIndex(r);
            }
            w.reduce(fi, fr, 2, MPI.FLOAT_INT, MPI.MINLOC, last);
            if (r == last) {
                FloatInt.Data fx = MPI.floatInt.getData(fr, 0), fy = MPI.floatInt.getData(fr, 1);
                p("FLOAT_INT MINLOC byte[]: (" + fx.getValue() + "," + fx.getIndex() + ") (" + fy.getValue() + ","
                        + fy.getIndex() + ")");
            } else {
                p("FLOAT_INT MINLOC byte[]: not root");
            }

            ByteBuffer di = MPI.newByteBuffer(2 * MPI.doubleInt.getExtent());
            for (int k = 0; k < 2; k++) {
                DoubleInt.Data d = MPI.doubleInt.getData(di, k);
                d.putValue(k == 0 ? -r - 0.5 : (r == 1 ? 7.25 : 0));
                d.putIndex(100 + r);
            }
            w.allReduce(di, 2, MPI.DOUBLE_INT, MPI.MAXLOC);
            DoubleInt.Data dx = MPI.doubleInt.getData(di, 0), dy = MPI.doubleInt.getData(di, 1);
            p("DOUBLE_INT MAXLOC in place: (" + dx.getValue() + "," + dx.getIndex() + ") (" + dy.getValue() + ","
                    + dy.getIndex() + ")");
        }

        // Complex numbers: views on float[]/double[] and on direct buffers
        {
            float[] fc = new float[4];
            FloatComplex.get(fc, 0).putReal(r + 1);
            FloatComplex.get(fc, 0).putImag(1);
            FloatComplex.get(fc, 1).putReal(0.5f);
            FloatComplex.get(fc, 1).putImag(-r);
            float[] fsum = new float[4];
            w.allReduce(fc, fsum, 2, MPI.FLOAT_COMPLEX, MPI.SUM);
            p("FLOAT_COMPLEX SUM: " + FloatComplex.get(fsum, 0).getReal() + "+" + FloatComplex.get(fsum, 0).getImag()
                    + "i " + FloatComplex.get(fsum, 1).getReal() + "+" + FloatComplex.get(fsum, 1).getImag() + "i");
            float[] fprod = new float[4];
            w.allReduce(fc, fprod, 2, MPI.FLOAT_COMPLEX, MPI.PROD);
            p("FLOAT_COMPLEX PROD: " + Arrays.toString(fprod));

            DoubleBuffer dc = MPI.newDoubleBuffer(2), dprod = MPI.newDoubleBuffer(2);
            DoubleComplex z = DoubleComplex.get(dc);
            z.putReal(r % 2 == 0 ? 0 : 1);
            z.putImag(r % 2 == 0 ? 1 : 1);
            w.allReduce(dc, dprod, 1, MPI.DOUBLE_COMPLEX, MPI.PROD);
            DoubleComplex zp = DoubleComplex.get(dprod);
            p("DOUBLE_COMPLEX PROD direct: " + zp.getReal() + "+" + zp.getImag() + "i");
            double[] dsend = {r, -r, 1, 2}, drecv = new double[4];
            w.sendRecv(dsend, 2, MPI.DOUBLE_COMPLEX, next, 3, drecv, 2, MPI.DOUBLE_COMPLEX, prev, 3);
            DoubleComplex second2 = DoubleComplex.get(drecv, 1);
            p("DOUBLE_COMPLEX sent: " + Arrays.toString(drecv) + " second " + second2.getReal() + "+"
                    + second2.getImag() + "i; extent " + MPI.DOUBLE_COMPLEX.getExtent());
        }

        w.barrier();
        MPI.Finalize();
    }
}

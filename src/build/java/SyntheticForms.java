import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Gives natmpj's class files MPJ Express's method descriptors where Java source cannot declare them next to the
 * mpiJava 1.2 forms: {@code static void Buffer_detach()} beside {@code static byte[] Buffer_detach()} (methods that
 * differ in return type only), and an empty {@code public void finalize()} that compilers must not see (source
 * calling finalize() must keep meaning Object's).
 *
 * <p>Source declares such a method under its name plus {@value #MARK}, e.g. {@code static void
 * Buffer_detach$$mpjexpress()}. This tool renames each such declaration to its plain name and flags it
 * ACC_SYNTHETIC, and renames every reference to it in every class file of the directory (the NameAndType entries of
 * the constant pool; the new names are added to the pool, or found there: duplicate names are legal). A class file
 * may hold two methods that differ in return type only (JVMS 4.6); the JVM links by name and descriptor, and
 * compilers ignore synthetic methods when they read class files (javac: ClassReader.enterMember; Eclipse's ecj:
 * BinaryTypeBinding.createMethods), so source compiled against natmpj sees the mpiJava 1.2 forms only while
 * classes compiled against MPJ Express link to theirs.
 *
 * <p>Fields are refused: ecj keeps synthetic fields and looks fields up by name with a binary search, so of two
 * fields of one name it picks either, depending on the others. MPJ Express's forms of fields go into a
 * package-private superclass instead (mpi.MpjExpressFields), where the subclass's field of the same name hides them
 * from every compiler (JLS 8.3) and the JVM still finds them by descriptor.
 *
 * <p>Runs on JDK 11+ without dependencies, in single-file source mode: {@code java SyntheticForms.java <classes
 * dir>} (Maven runs it at process-classes). It fails, exit status 1, writing nothing, on anything it cannot do
 * exactly: a marked field, a marked reference to a method no class here declares, a renamed method clashing with
 * another of the same name and descriptor, the mark anywhere but at the end of a name (a lambda inside a marked
 * method, say). Running it again on its own output changes nothing.
 */
public final class SyntheticForms {
    static final String MARK = "$$mpjexpress";
    static final int ACC_SYNTHETIC = 0x1000;
    static final int UTF8 = 1, CLASS = 7, FIELDREF = 9, METHODREF = 10, INTERFACE_METHODREF = 11,
            NAME_AND_TYPE = 12;

    public static void main(String[] args) throws IOException {
        if (args.length != 1 || !Files.isDirectory(Paths.get(args[0]))) {
            System.err.println("usage: java SyntheticForms.java <directory of class files>");
            System.exit(2);
        }
        try {
            System.out.println(run(Paths.get(args[0])));
        } catch (IllegalStateException e) {
            System.err.println("SyntheticForms: FAILED: " + e.getMessage());
            System.exit(1);
        }
    }

    /** Processes every class file under {@code dir} in place; returns a one-line summary. */
    static String run(Path dir) throws IOException {
        Map<String, ClassFile> classes = new TreeMap<>();
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.filter(f -> f.toString().endsWith(".class")).sorted().collect(Collectors.toList())) {
                ClassFile c = ClassFile.parse(p, Files.readAllBytes(p));
                if (classes.put(c.name(), c) != null) throw new IllegalStateException("two class files: " + c.name());
            }
        }
        List<String> problems = new ArrayList<>();
        int declarations = 0, references = 0;
        Set<ClassFile> changed = new HashSet<>();
        // 1. Declarations: rename, flag synthetic.
        for (ClassFile c : classes.values()) {
            for (Member m : c.members()) {
                String name = c.utf8(m.nameIndex);
                if (!name.contains(MARK)) continue;
                if (c.fields.contains(m)) {
                    problems.add(c.name() + ": field " + name + " is marked; MPJ Express's forms of fields belong in a"
                            + " package-private superclass, where the plain field hides them (Eclipse's compiler does"
                            + " not ignore synthetic fields)");
                    continue;
                }
                String plain = plainName(name);
                if (plain == null) {
                    problems.add(c.name() + ": member " + name + " has " + MARK + " elsewhere than at its end (a lambda"
                            + " or a local class inside a marked method?); the tool cannot rename it");
                    continue;
                }
                m.nameIndex = c.utf8Index(plain);
                m.access |= ACC_SYNTHETIC;
                declarations++;
                changed.add(c);
            }
        }
        // 2. References: every NameAndType whose name is marked, in every class.
        for (ClassFile c : classes.values()) {
            Map<Integer, Integer> renamedNat = new HashMap<>();
            for (int i = 1; i < c.pool.length; i++) {
                if (c.tag(i) != NAME_AND_TYPE) continue;
                String name = c.utf8(c.u2(i, 0));
                if (!name.contains(MARK)) continue;
                String plain = plainName(name);
                if (plain == null) {
                    problems.add(c.name() + ": reference to " + name + " has " + MARK + " elsewhere than at its end");
                    continue;
                }
                renamedNat.put(i, c.utf8Index(plain));
            }
            for (int i = 1; i < c.pool.length; i++) {
                int tag = c.tag(i);
                if (tag != FIELDREF && tag != METHODREF && tag != INTERFACE_METHODREF) continue;
                int nat = c.u2(i, 1);
                if (!renamedNat.containsKey(nat)) continue;
                String owner = c.utf8(c.u2(c.u2(i, 0), 0));
                String name = c.utf8(c.u2(nat, 0));
                String descriptor = c.utf8(c.u2(nat, 1));
                String where = placeOf(classes, owner, plainName(name), descriptor, tag == FIELDREF);
                if (where == null) {
                    problems.add(c.name() + ": refers to " + owner + "." + name + ":" + descriptor + ", which no class"
                            + " file under " + dir + " declares (as " + MARK + " or already renamed and synthetic)");
                }
                references++;
            }
            for (Map.Entry<Integer, Integer> e : renamedNat.entrySet()) {
                c.setU2(e.getKey(), 0, e.getValue());
                changed.add(c);
            }
        }
        // 3. What the renaming must not have done: two members of one class with one name and descriptor.
        for (ClassFile c : classes.values()) {
            for (boolean fields : new boolean[] {true, false}) {
                Map<String, Integer> seen = new HashMap<>();
                for (Member m : fields ? c.fields : c.methods) {
                    String key = c.utf8(m.nameIndex) + ":" + c.utf8(m.descriptorIndex);
                    if (seen.merge(key, 1, Integer::sum) > 1) {
                        problems.add(c.name() + ": two " + (fields ? "fields " : "methods ") + key + " after renaming"
                                + " (the " + MARK + " form must differ from the plain one in its descriptor)");
                    }
                }
            }
        }
        if (!problems.isEmpty()) throw new IllegalStateException(String.join("\n  ", problems));
        for (ClassFile c : changed) Files.write(c.path, c.bytes());
        return "SyntheticForms: " + declarations + " MPJ Express forms renamed and made synthetic, " + references
                + " references renamed, " + changed.size() + " of " + classes.size() + " class files rewritten";
    }

    /** "COMM_SELF$$mpjexpress" -> "COMM_SELF"; null when the mark is not exactly at the end, after a name. */
    static String plainName(String name) {
        int at = name.indexOf(MARK);
        if (at <= 0 || at != name.length() - MARK.length()) return null;
        String plain = name.substring(0, at);
        return plain.startsWith("<") ? null : plain;
    }

    /**
     * The class among {@code owner} and its superclasses (those in this directory) that declares the marked member
     * (marked, or renamed by an earlier run and synthetic), as JVM resolution would find it; null if none does.
     */
    static String placeOf(Map<String, ClassFile> classes, String owner, String plain, String descriptor,
                          boolean field) {
        for (ClassFile c = classes.get(owner); c != null; c = classes.get(c.superName())) {
            for (Member m : field ? c.fields : c.methods) {
                String name = c.utf8(m.nameIndex);
                if (!c.utf8(m.descriptorIndex).equals(descriptor)) continue;
                if (name.equals(plain + MARK) || name.equals(plain) && (m.access & ACC_SYNTHETIC) != 0) return c.name();
            }
        }
        return null;
    }

    static final class Member {
        int access, nameIndex;
        final int descriptorIndex;
        final byte[] attributes; // attributes_count and the attributes, as read

        Member(int access, int nameIndex, int descriptorIndex, byte[] attributes) {
            this.access = access;
            this.nameIndex = nameIndex;
            this.descriptorIndex = descriptorIndex;
            this.attributes = attributes;
        }
    }

    /** A class file, parsed as far as renaming needs (JVMS 4.1, 4.4); everything else is kept as bytes. */
    static final class ClassFile {
        final Path path;
        int minor, major;
        /** Constant pool entries as read, tag first; index 0 and the second slot of long/double are null. */
        byte[][] pool;
        final List<String> added = new ArrayList<>(); // Utf8 entries appended to the pool
        final Map<String, Integer> utf8Indexes = new HashMap<>();
        int access, thisClass, superClass;
        int[] interfaces;
        final List<Member> fields = new ArrayList<>(), methods = new ArrayList<>();
        byte[] classAttributes;

        private ClassFile(Path path) {
            this.path = path;
        }

        static ClassFile parse(Path path, byte[] bytes) throws IOException {
            ClassFile c = new ClassFile(path);
            DataInputStream in = new DataInputStream(new java.io.ByteArrayInputStream(bytes));
            if (in.readInt() != 0xCAFEBABE) throw new IllegalStateException(path + " is not a class file");
            c.minor = in.readUnsignedShort();
            c.major = in.readUnsignedShort();
            int count = in.readUnsignedShort();
            c.pool = new byte[count][];
            for (int i = 1; i < count; i++) {
                int tag = in.readUnsignedByte();
                int length;
                switch (tag) {
                    case UTF8: length = 2 + in.readUnsignedShort(); break;
                    // Class, String, MethodType, Module, Package
                    case CLASS: case 8: case 16: case 19: case 20: length = 2; break;
                    case 15: length = 3; break; // MethodHandle
                    case 3: case 4: case FIELDREF: case METHODREF: case INTERFACE_METHODREF: case NAME_AND_TYPE:
                    case 17: case 18: length = 4; break; // Integer Float refs NameAndType Dynamic InvokeDynamic
                    case 5: case 6: length = 8; break; // Long Double
                    default: throw new IllegalStateException(path + ": unknown constant pool tag " + tag + " at " + i);
                }
                byte[] entry = new byte[1 + length];
                entry[0] = (byte) tag;
                if (tag == UTF8) {
                    entry[1] = (byte) ((length - 2) >> 8);
                    entry[2] = (byte) (length - 2);
                    in.readFully(entry, 3, length - 2);
                } else {
                    in.readFully(entry, 1, length);
                }
                c.pool[i] = entry;
                if (tag == UTF8) c.utf8Indexes.putIfAbsent(c.utf8(i), i);
                if (tag == 5 || tag == 6) i++;
            }
            c.access = in.readUnsignedShort();
            c.thisClass = in.readUnsignedShort();
            c.superClass = in.readUnsignedShort();
            c.interfaces = new int[in.readUnsignedShort()];
            for (int i = 0; i < c.interfaces.length; i++) c.interfaces[i] = in.readUnsignedShort();
            for (List<Member> members : List.of(c.fields, c.methods)) {
                int n = in.readUnsignedShort();
                for (int i = 0; i < n; i++) {
                    int access = in.readUnsignedShort(), name = in.readUnsignedShort(), desc = in.readUnsignedShort();
                    members.add(new Member(access, name, desc, readAttributes(in)));
                }
            }
            c.classAttributes = readAttributes(in);
            if (in.read() != -1) throw new IllegalStateException(path + ": bytes after the class attributes");
            return c;
        }

        private static byte[] readAttributes(DataInputStream in) throws IOException {
            ByteArrayOutputStream raw = new ByteArrayOutputStream();
            DataOutputStream out = new DataOutputStream(raw);
            int n = in.readUnsignedShort();
            out.writeShort(n);
            for (int i = 0; i < n; i++) {
                out.writeShort(in.readUnsignedShort());
                int length = in.readInt();
                out.writeInt(length);
                byte[] body = new byte[length];
                in.readFully(body);
                out.write(body);
            }
            return raw.toByteArray();
        }

        List<Member> members() {
            List<Member> all = new ArrayList<>(fields);
            all.addAll(methods);
            return all;
        }

        int tag(int i) {
            return pool[i] == null ? 0 : pool[i][0] & 0xFF;
        }

        /** The k-th u2 after the tag of entry i. */
        int u2(int i, int k) {
            return (pool[i][1 + 2 * k] & 0xFF) << 8 | pool[i][2 + 2 * k] & 0xFF;
        }

        void setU2(int i, int k, int value) {
            pool[i][1 + 2 * k] = (byte) (value >> 8);
            pool[i][2 + 2 * k] = (byte) value;
        }

        String utf8(int i) {
            if (i >= pool.length) return added.get(i - pool.length);
            if (tag(i) != UTF8) throw new IllegalStateException(path + ": entry " + i + " is not a Utf8");
            try {
                return new DataInputStream(new java.io.ByteArrayInputStream(pool[i], 1, pool[i].length - 1)).readUTF();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        /** The index of a Utf8 entry holding {@code s}: an existing one, or one appended to the pool. */
        int utf8Index(String s) {
            Integer i = utf8Indexes.get(s);
            if (i != null) return i;
            int index = pool.length + added.size();
            if (index > 0xFFFF) throw new IllegalStateException(path + ": constant pool full");
            added.add(s);
            utf8Indexes.put(s, index);
            return index;
        }

        String name() {
            return utf8(u2(thisClass, 0));
        }

        String superName() {
            return superClass == 0 ? null : utf8(u2(superClass, 0));
        }

        byte[] bytes() throws IOException {
            ByteArrayOutputStream raw = new ByteArrayOutputStream();
            DataOutputStream out = new DataOutputStream(raw);
            out.writeInt(0xCAFEBABE);
            out.writeShort(minor);
            out.writeShort(major);
            out.writeShort(pool.length + added.size());
            for (byte[] entry : pool) if (entry != null) out.write(entry);
            for (String s : added) {
                out.writeByte(UTF8);
                out.writeUTF(s);
            }
            out.writeShort(access);
            out.writeShort(thisClass);
            out.writeShort(superClass);
            out.writeShort(interfaces.length);
            for (int i : interfaces) out.writeShort(i);
            for (List<Member> members : List.of(fields, methods)) {
                out.writeShort(members.size());
                for (Member m : members) {
                    out.writeShort(m.access);
                    out.writeShort(m.nameIndex);
                    out.writeShort(m.descriptorIndex);
                    out.write(m.attributes);
                }
            }
            out.write(classAttributes);
            return raw.toByteArray();
        }
    }
}

package natmpj.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * The wall of docs/architecture.md, checked on the compiled classes: no class of the core (natmpj.internal) refers to
 * a class of the mpiJava facade (package mpi), so a second facade in package mpi can sit on the same core. Reads
 * every text of a class file's constant pool (class names, field and method descriptors, signatures, string
 * constants): whatever names a class there, the bytecode can load it.
 */
class CoreLayeringTest {
    private static final Path CORE = Paths.get("target", "classes", "natmpj", "internal");

    @Test
    void coreNamesNoClassOfTheFacade() throws IOException {
        assertTrue(Files.isDirectory(CORE), CORE + " is missing: run after compile");
        TreeSet<String> offending = new TreeSet<>();
        int classes = 0;
        try (Stream<Path> files = Files.list(CORE)) {
            for (Path p : (Iterable<Path>) files.filter(f -> f.toString().endsWith(".class"))::iterator) {
                classes++;
                for (String name : referencedNames(p)) {
                    if (name.startsWith("mpi/") || name.contains("Lmpi/")) {
                        offending.add(p.getFileName() + " -> " + name);
                    }
                }
            }
        }
        assertTrue(classes > 10, "found only " + classes + " core classes in " + CORE);
        assertEquals(new TreeSet<String>(), offending, "core classes that name the facade");
    }

    @Test
    void theCheckSeesAFacadeReference() throws IOException {
        // The same reading on a facade class must find package mpi, or the check above could not fail.
        Path comm = Paths.get("target", "classes", "mpi", "Comm.class");
        assertTrue(referencedNames(comm).stream().anyMatch(n -> n.startsWith("mpi/") || n.contains("Lmpi/")));
    }

    /** Every CONSTANT_Utf8 text of a class file's constant pool (JVMS 4.4). */
    private static List<String> referencedNames(Path classFile) throws IOException {
        try (InputStream raw = Files.newInputStream(classFile); DataInputStream in = new DataInputStream(raw)) {
            if (in.readInt() != 0xCAFEBABE) throw new IOException(classFile + " is not a class file");
            in.readUnsignedShort();
            in.readUnsignedShort();
            int count = in.readUnsignedShort();
            List<String> texts = new ArrayList<>();
            for (int i = 1; i < count; i++) {
                int tag = in.readUnsignedByte();
                if (tag == 1) {                                              // Utf8
                    texts.add(in.readUTF());
                } else if (tag == 7 || tag == 8 || tag == 16 || tag == 19 || tag == 20) {
                    in.readUnsignedShort();                                  // Class, String, MethodType, ...
                } else if (tag == 15) {                                      // MethodHandle
                    in.readUnsignedByte();
                    in.readUnsignedShort();
                } else if (tag == 3 || tag == 4 || (tag >= 9 && tag <= 12) || tag == 17 || tag == 18) {
                    in.readInt();                                            // Integer, Float, refs, dynamics
                } else if (tag == 5 || tag == 6) {                           // Long, Double: two slots
                    in.readLong();
                    i++;
                } else {
                    throw new IOException(classFile + ": unknown constant pool tag " + tag);
                }
            }
            return texts;
        }
    }
}

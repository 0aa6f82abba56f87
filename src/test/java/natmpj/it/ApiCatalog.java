package natmpj.it;

import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import mpi.MPI;

/**
 * Every public class of package {@code mpi}, read from the directory MPI.class was loaded from (so a new class cannot
 * be forgotten), and every public method and constructor of each: statics on their declaring class, instance methods
 * (inherited ones included) on each class that has instances, in a fixed order so that every rank builds the same
 * list. Methods of java.lang.Object are not natmpj's API and are left out, and so are bridge methods (the same
 * method again). Synthetic methods are MPJ Express's forms that natmpj's source cannot declare (see
 * src/build/java/SyntheticForms.java, e.g. {@code void MPI.Buffer_detach()}): classes compiled against MPJ Express
 * call them, so they are in, except the empty public finalize() overrides, which are Object's method and check
 * nothing (MPJ Express's do nothing either).
 */
final class ApiCatalog {
    private ApiCatalog() {}

    /** One public method or constructor as called on {@code on} (the declaring class, or a subclass inheriting it). */
    static final class Entry {
        final Class<?> on;
        final Executable executable;

        Entry(Class<?> on, Executable executable) {
            this.on = on;
            this.executable = executable;
        }

        boolean isStatic() {
            return executable instanceof Constructor || Modifier.isStatic(executable.getModifiers());
        }

        String name() {
            return executable instanceof Constructor ? on.getSimpleName() : executable.getName();
        }

        /**
         * "Comm.Send(buf,offset,count,datatype,dest,tag)", on the class it is called on; a synthetic method (an MPJ
         * Express form) adds its return type: "MPI.Buffer_detach():void".
         */
        String label() {
            String label = on.getSimpleName() + "." + name() + Arrays.stream(executable.getParameters())
                    .map(java.lang.reflect.Parameter::getName).collect(Collectors.joining(",", "(", ")"));
            return executable.isSynthetic() ? label + ":" + ((Method) executable).getReturnType().getSimpleName()
                    : label;
        }

        /** The class names a message may start with: the class called on and its superclasses up to the declaring. */
        List<String> prefixes() {
            List<String> names = new ArrayList<>();
            for (Class<?> c = on; c != null && c.getPackage() == MPI.class.getPackage(); c = c.getSuperclass()) {
                names.add(c.getSimpleName() + "." + name());
                if (c == executable.getDeclaringClass()) break;
            }
            return names;
        }
    }

    /** The public top-level classes of mpi, by name. */
    static List<Class<?>> publicClasses() throws IOException, ClassNotFoundException {
        Path dir;
        try {
            dir = Paths.get(MPI.class.getProtectionDomain().getCodeSource().getLocation().toURI()).resolve("mpi");
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
        if (!Files.isDirectory(dir)) throw new IllegalStateException("mpi classes are not in a directory: " + dir);
        List<Class<?>> classes = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (String file : files.map(p -> p.getFileName().toString()).sorted().collect(Collectors.toList())) {
                if (!file.endsWith(".class") || file.contains("$")) continue;
                Class<?> c = Class.forName("mpi." + file.substring(0, file.length() - ".class".length()));
                if (Modifier.isPublic(c.getModifiers())) classes.add(c);
            }
        }
        if (classes.size() < 10) throw new IllegalStateException("too few public classes in " + dir + ": " + classes);
        return classes;
    }

    /** Every entry, class by class. */
    static List<Entry> entries(Class<?> c) {
        List<Entry> entries = new ArrayList<>();
        for (Constructor<?> k : sorted(c.getConstructors())) entries.add(new Entry(c, k));
        for (Method m : sorted(c.getMethods())) {
            if (m.getDeclaringClass().getPackage() != MPI.class.getPackage() || m.isBridge()
                    || m.isSynthetic() && overridesObject(m)) {
                continue;
            }
            if (Modifier.isStatic(m.getModifiers()) && m.getDeclaringClass() != c) continue; // once, where declared
            entries.add(new Entry(c, m));
        }
        return entries;
    }

    private static boolean overridesObject(Method m) {
        try {
            Object.class.getDeclaredMethod(m.getName(), m.getParameterTypes());
            return true;
        } catch (NoSuchMethodException e) {
            return false;
        }
    }

    private static <T extends Executable> List<T> sorted(T[] all) {
        List<T> list = new ArrayList<>(Arrays.asList(all));
        list.sort(Comparator.comparing((T e) -> e.getName())
                .thenComparing(e -> Arrays.toString(e.getParameterTypes()))
                .thenComparing(e -> e instanceof Method ? ((Method) e).getReturnType().getName() : ""));
        return list;
    }
}

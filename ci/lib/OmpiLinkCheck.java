import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.file.Files;
import java.nio.file.Paths;

/**
 * ci/test-ompi-compat's link check: resolves, against the mpi classes on the class path (natmpj's jar), each
 * reference to package mpi that the corpus's class files make, as the JVM would when it runs them, and prints
 * those that do not resolve, one a line: "<why>: <Class>.<member><descriptor>". Its argument: a file of lines
 * "<instruction> Method|Field|InterfaceMethod mpi/Owner.name:descriptor" (from javap -c). Never initializes a
 * class, so no native library is loaded.
 */
public class OmpiLinkCheck {
    public static void main(String[] args) throws Exception {
        MethodHandles.Lookup lookup = MethodHandles.publicLookup();
        ClassLoader loader = OmpiLinkCheck.class.getClassLoader();
        for (String line : Files.readAllLines(Paths.get(args[0]))) {
            String[] w = line.trim().split(" ");
            if (w.length != 3) continue;
            String insn = w[0], kind = w[1], ref = w[2];
            int dot = ref.indexOf('.'), colon = ref.indexOf(':', dot);
            String owner = ref.substring(0, dot).replace('/', '.');
            String name = ref.substring(dot + 1, colon).replace("\"", "");
            String desc = ref.substring(colon + 1);
            String why = null;
            try {
                Class<?> c = Class.forName(owner, false, loader);
                if (kind.equals("Field")) {
                    Class<?> t = MethodType.fromMethodDescriptorString("()" + desc, loader).returnType();
                    if (insn.startsWith("getstatic") || insn.startsWith("putstatic")) lookup.findStaticGetter(c, name, t);
                    else lookup.findGetter(c, name, t);
                } else {
                    MethodType mt = MethodType.fromMethodDescriptorString(desc, loader);
                    if (name.equals("<init>")) {
                        // a subclass's super() call may reach a protected constructor: then it need only exist
                        try {
                            lookup.findConstructor(c, mt);
                        } catch (IllegalAccessException e) {
                            c.getDeclaredConstructor(mt.parameterArray());
                        }
                    } else if (insn.equals("invokestatic")) {
                        lookup.findStatic(c, name, mt);
                    } else {
                        try {
                            lookup.findVirtual(c, name, mt);
                        } catch (IllegalAccessException e) {
                            if (!insn.equals("invokespecial") && !insn.equals("invokevirtual")) throw e;
                            findInHierarchy(c, name, mt); // protected, called from a subclass (Struct.addInt)
                        }
                    }
                }
            } catch (ReflectiveOperationException | TypeNotPresentException | LinkageError e) {
                why = e.getClass().getSimpleName();
            }
            if (why != null) {
                System.out.println(why + ": " + owner.substring(owner.indexOf('.') + 1) + "." + name
                        + (kind.equals("Field") ? ":" : "") + desc);
            }
        }
    }

    static void findInHierarchy(Class<?> c, String name, MethodType mt) throws NoSuchMethodException {
        for (Class<?> k = c; k != null; k = k.getSuperclass()) {
            try {
                k.getDeclaredMethod(name, mt.parameterArray());
                return;
            } catch (NoSuchMethodException e) {
                // go on with the superclass
            }
        }
        throw new NoSuchMethodException(c.getName() + "." + name + mt);
    }
}

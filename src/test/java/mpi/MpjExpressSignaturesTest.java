package mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The members natmpj implements so far must have the signatures MPJ Express 0.44 declares (Debian's libmpj-java,
 * the reference for the mpiJava 1.2 API), so programs written for it compile unchanged: same parameter types,
 * same return type, same static-ness. Read by reflection from /usr/share/mpj/lib/mpi.jar, never initialised.
 */
class MpjExpressSignaturesTest {
    private static final File MPJ_LIB = new File("/usr/share/mpj/lib");

    /** Class name, then the members implemented in this release. */
    private static final String[][] IMPLEMENTED = {
        {"MPI", "Init", "Finalize", "Initialized", "Wtime", "Wtick", "Get_processor_name", "Errorhandler_set",
            "Errorhandler_get", "COMM_WORLD", "ANY_SOURCE", "ANY_TAG", "PROC_NULL", "UNDEFINED", "BYTE", "CHAR",
            "SHORT", "BOOLEAN", "INT", "LONG", "FLOAT", "DOUBLE", "PACKED", "MAX", "MIN", "SUM", "PROD", "LAND",
            "BAND", "LOR", "BOR", "LXOR", "BXOR", "ERRORS_ARE_FATAL", "ERRORS_RETURN"},
        {"Comm", "Rank", "Size", "Send", "Ssend", "Rsend", "Recv", "Sendrecv", "Sendrecv_replace", "Probe", "Iprobe",
            "Abort"},
        {"Intracomm", "Barrier", "Bcast", "Reduce", "Allreduce"},
        {"Status", "source", "tag", "index", "Get_count", "Get_elements", "Test_cancelled"},
        {"Datatype", "Size"},
    };

    @Test
    void implementedMembersMatchMpjExpress() throws Exception {
        File[] jars = MPJ_LIB.listFiles((dir, name) -> name.endsWith(".jar"));
        Assumptions.assumeTrue(jars != null && jars.length > 0, "MPJ Express (libmpj-java) is not installed");
        List<URL> urls = new ArrayList<>();
        for (File jar : jars) urls.add(jar.toURI().toURL());
        File log4j = new File("/usr/share/java/log4j-1.2.jar"); // MPJ Express's signatures mention its types
        if (log4j.isFile()) urls.add(log4j.toURI().toURL());
        List<String> problems = new ArrayList<>();
        int checked = 0;
        try (URLClassLoader mpj = new URLClassLoader(urls.toArray(new URL[0]), null)) {
            for (String[] row : IMPLEMENTED) {
                Class<?> theirs = Class.forName("mpi." + row[0], false, mpj);
                Class<?> ours = Class.forName("mpi." + row[0], false, getClass().getClassLoader());
                for (String member : Arrays.asList(row).subList(1, row.length)) {
                    checked += compare(theirs, ours, member, problems);
                }
            }
        }
        assertEquals(List.of(), problems);
        assertTrue(checked >= 56, "only " + checked + " signatures compared");
    }

    private static int compare(Class<?> theirs, Class<?> ours, String member, List<String> problems) {
        int checked = 0;
        for (Method m : theirs.getMethods()) {
            if (!m.getName().equals(member) || m.getDeclaringClass() == Object.class) continue;
            checked++;
            String[] params = names(m.getParameterTypes());
            Method match = null;
            for (Method o : ours.getMethods()) {
                if (o.getName().equals(member) && Arrays.equals(names(o.getParameterTypes()), params)) match = o;
            }
            if (match == null) {
                problems.add(theirs.getSimpleName() + "." + member + Arrays.toString(params) + " is missing");
            } else if (!match.getReturnType().getName().equals(m.getReturnType().getName())
                    || Modifier.isStatic(match.getModifiers()) != Modifier.isStatic(m.getModifiers())) {
                problems.add(theirs.getSimpleName() + "." + member + ": " + match + " differs from " + m);
            }
        }
        for (Field f : theirs.getFields()) {
            if (!f.getName().equals(member)) continue;
            checked++;
            try {
                Field o = ours.getField(member);
                boolean typeOk = f.getType().getName().equals(o.getType().getName())
                        || f.getType().getName().equals("mpi.Comm") && o.getType().getName().equals("mpi.Intracomm");
                if (!typeOk || Modifier.isStatic(f.getModifiers()) != Modifier.isStatic(o.getModifiers())) {
                    problems.add(theirs.getSimpleName() + "." + member + ": " + o + " differs from " + f);
                }
            } catch (NoSuchFieldException e) {
                problems.add(theirs.getSimpleName() + "." + member + " (field) is missing");
            }
        }
        if (checked == 0) problems.add(theirs.getSimpleName() + "." + member + " is not in MPJ Express either");
        return checked;
    }

    private static String[] names(Class<?>[] types) {
        String[] names = new String[types.length];
        for (int i = 0; i < types.length; i++) names[i] = types[i].getName();
        return names;
    }
}

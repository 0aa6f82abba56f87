package mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.spi.ToolProvider;

import org.junit.jupiter.api.Test;

/**
 * Comm's blocking receives stay out of line (see Comm.received): the two methods that do their work must have more
 * bytecode than C2's FreqInlineSize (325 bytes, its default on every JDK natmpj supports), or C2 inlines them into
 * Recv and Sendrecv, which then compile too big to be inlined into programs, and every receive allocates its
 * Status again. AllocationSuite measures the outcome under mpirun; this test names the cause when an edit shrinks
 * them. Read with javap from the compiled class.
 */
class OutOfLineReceivesTest {
    private static final int FREQ_INLINE_SIZE = 325;

    @Test
    void receiveBodiesAreTooBigForC2ToInline() {
        Path comm = Paths.get("target", "classes", "mpi", "Comm.class");
        assertTrue(Files.isRegularFile(comm), comm + " is missing: run after compile");
        Map<String, Integer> sizes = bytecodeSizes(comm, "received", "sentAndReceived", "Recv", "Sendrecv");
        assertEquals(4, sizes.size(), "methods found in " + comm + ": " + sizes);
        for (String body : new String[] {"received", "sentAndReceived"}) {
            assertTrue(sizes.get(body) > FREQ_INLINE_SIZE, "Comm." + body + " has " + sizes.get(body)
                    + " bytes of bytecode; C2 inlines up to " + FREQ_INLINE_SIZE + " (see Comm.received)");
        }
        for (String api : new String[] {"Recv", "Sendrecv"}) {
            assertTrue(sizes.get(api) < 35, "Comm." + api + " has " + sizes.get(api)
                    + " bytes of bytecode; it should only call out and build the Status");
        }
    }

    /** Bytecode length of each named method (the first overload), from javap -c -p: the last instruction's offset
     *  plus its length, taken as the offset of the last instruction plus one (a lower bound, enough here). */
    private static Map<String, Integer> bytecodeSizes(Path classFile, String... names) {
        ToolProvider javap = ToolProvider.findFirst("javap").orElseThrow(() -> new AssertionError("no javap"));
        StringWriter out = new StringWriter();
        int rc = javap.run(new PrintWriter(out), new PrintWriter(out), "-c", "-p", classFile.toString());
        assertEquals(0, rc, "javap: " + out);
        Map<String, Integer> sizes = new LinkedHashMap<>();
        Pattern header = Pattern.compile("^  [^(]*\\b(\\w+)\\(.*;$"), instruction = Pattern.compile("^ +(\\d+): ");
        String current = null;
        int last = -1;
        for (String line : out.toString().split("\n")) {
            Matcher h = header.matcher(line), i = instruction.matcher(line);
            if (h.matches()) {
                if (current != null && last >= 0) sizes.putIfAbsent(current, last + 1);
                current = null;
                last = -1;
                for (String n : names) if (n.equals(h.group(1))) current = n;
            } else if (current != null && i.find()) {
                last = Integer.parseInt(i.group(1));
            }
        }
        if (current != null && last >= 0) sizes.putIfAbsent(current, last + 1);
        return sizes;
    }
}

package natmpj.internal;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The line a failing rank adds when the program needs MPJ Express's own packages (no MPI job needed). */
class FailingRankTest {
    @Test
    void missingMpjbufClassSaysToUseMpjExpress() {
        String hint = FailingRank.mpjExpressOnly(new NoClassDefFoundError("mpjbuf/Buffer"));
        assertTrue(hint.startsWith("natmpj: mpjbuf.Buffer is a class of MPJ Express's own mpjbuf package"), hint);
        assertTrue(hint.contains("Compile it against mpj.jar"), hint);
        assertTrue(hint.contains("bin/mpjrun --mpj-express"), hint);
    }

    @Test
    void causesAreSearched() {
        Throwable wrapped = new ExceptionInInitializerError(new RuntimeException(
                new ClassNotFoundException("mpjdev.Request")));
        assertTrue(FailingRank.mpjExpressOnly(wrapped).contains("mpjdev.Request"));
    }

    @Test
    void otherFailuresGetNoHint() {
        assertNull(FailingRank.mpjExpressOnly(new NoClassDefFoundError("mpi/Foo")));
        assertNull(FailingRank.mpjExpressOnly(new NoClassDefFoundError("mpjdevx/Foo")));
        assertNull(FailingRank.mpjExpressOnly(new IllegalStateException("mpjbuf/Buffer")));
        assertNull(FailingRank.mpjExpressOnly(new NoClassDefFoundError()));
    }
}

package natmpj.testkit;

import java.util.Objects;

/** Assertions for in-job cases (JUnit is not on the ranks' class path by design: they run plain java). */
public final class Check {
    private Check() {}

    public static void isTrue(boolean condition, String what) {
        if (!condition) throw new AssertionError(what);
    }

    public static void eq(Object expected, Object actual, String what) {
        if (!Objects.equals(expected, actual)) {
            throw new AssertionError(what + ": expected " + expected + " but was " + actual);
        }
    }

    /** Runs body and checks it throws exactly {@code type} (or a subclass) with every {@code words} in its message. */
    public static <T extends Throwable> T throwsWith(Class<T> type, Cases.Body body, String... words) {
        try {
            body.run();
        } catch (Throwable t) {
            if (!type.isInstance(t)) {
                throw new AssertionError("expected " + type.getSimpleName() + " but got " + t, t);
            }
            String message = String.valueOf(t.getMessage());
            for (String word : words) {
                if (!message.contains(word)) {
                    throw new AssertionError("message of " + t.getClass().getSimpleName() + " lacks '" + word + "': "
                            + message);
                }
            }
            return type.cast(t);
        }
        throw new AssertionError("expected " + type.getSimpleName() + ", nothing was thrown");
    }
}

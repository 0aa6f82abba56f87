package mpjdev;

/**
 * Not an API: the one class natmpj puts in package {@code mpjdev}, MPJ Express's own device layer, so that the package
 * exists for compilers. Programs written for MPJ Express often say {@code import mpjdev.*; import mpjbuf.*;} without
 * using either package (IDEs add them), and javac and Eclipse's compiler refuse an on-demand import of a package
 * that has no class at all. This class is package-private and has a name MPJ Express's jars do not use, so it can
 * sit on a class path beside {@code mpj.jar} in either order without hiding or replacing any of MPJ Express's
 * classes; nothing loads it. A program that does use a class of this package still needs MPJ Express: compile it
 * against {@code mpj.jar} and run it on MPJ Express ({@code bin/mpjrun --mpj-express}); {@code bin/mpjavac} and a
 * rank's error report say so (docs/compatibility.md, "Programs that import mpjdev or mpjbuf").
 */
final class NatmpjPlaceholder {
    private NatmpjPlaceholder() {}
}

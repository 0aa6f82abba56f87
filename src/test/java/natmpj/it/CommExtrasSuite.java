package natmpj.it;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import mpi.CartComm;
import mpi.Comm;
import mpi.Group;
import mpi.Info;
import mpi.Intercomm;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;
import mpi.Status;
import natmpj.testkit.Cases;
import natmpj.testkit.Check;
import natmpj.testkit.MultiRank;

/**
 * Open MPI's MPI-3 communicator calls on natmpj: MPI_Comm_idup (iDup and getRequest, each class returning its own),
 * MPI_Comm_dup_with_info, MPI_Comm_set_info / get_info, MPI_Comm_split_type, MPI_Comm_create_group; and dynamic
 * processes: on Open MPI, MPI_Comm_spawn[_multiple] of a Java child, ports with accept/connect, names published and
 * looked up, MPI_Comm_disconnect; on the MPICH family, the clear MPIException MPI_Open_port ends with (MPICH 4.0's
 * ucx netmod and MPICH 5.0.2's build alike) and MPICH 4.0's MPI_Comm_spawn (docs/ompi-api.md), which MPICH 5.0.2
 * runs; names published on every MPI. Bad arguments refused, naming the call; a spawn the root refuses is refused on
 * every rank.
 */
@MultiRank(jvm = {"", "-Xcheck:jni"}, extraJdks = true)
public final class CommExtrasSuite {
    public static void main(String[] args) throws Exception {
        Cases.job(args).run(CommExtrasSuite::addCases);
    }

    private static void addCases(Cases cases) {
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank(), size = world.getSize();
        boolean mpich = MPI.getLibVersion().contains("MPICH");
        // MPICH 5.0.2 hangs in most runs of MPI_Comm_spawn(_multiple) whose root is not rank 0, in C as well (a
        // parent spawning 2 children and waiting for a message from each: 5 of 6 runs at 2 ranks)
        boolean spawnRootZeroOnly = MPI.getLibVersion().matches("(?s).*MPICH Version:\\s+5\\..*");

        cases.add("idup", () -> {
            Check.isTrue(world.getRequest() == null, "COMM_WORLD has no iDup request");
            Intracomm c = world.iDup();
            Request r = c.getRequest();
            Check.isTrue(r != null, "iDup's request");
            refused(IllegalStateException.class, c::getSize, "Comm.getSize", "iDup", "not completed");
            r.waitFor();
            Check.eq(size, c.getSize(), "size");
            Check.eq(rank, c.getRank(), "rank");
            Check.eq(MPI.CONGRUENT, Comm.compare(world, c), "compare");
            int[] sum = {rank};
            c.allReduce(sum, 1, MPI.INT, MPI.SUM);
            Check.eq(size * (size - 1) / 2, sum[0], "allReduce on the duplicate");
            c.free();
            Check.isTrue(c.isNull(), "freed");
        });
        cases.add("idup_several_waited_together", () -> {
            List<Intracomm> dups = new ArrayList<>();
            for (int i = 0; i < 4; i++) dups.add(world.iDup());
            Request[] rs = new Request[dups.size()];
            for (int i = 0; i < rs.length; i++) rs[i] = dups.get(i).getRequest();
            Request.waitAll(rs);
            for (Intracomm d : dups) {
                Check.eq(size, d.getSize(), "size");
                int[] v = {1};
                d.allReduce(v, 1, MPI.INT, MPI.SUM);
                Check.eq(size, v[0], "allReduce");
                d.free();
            }
        });
        cases.add("idup_keeps_the_class", () -> {
            CartComm cart = world.createCart(new int[] {size}, new boolean[] {true}, false);
            CartComm c = cart.iDup();
            c.getRequest().waitFor();
            Check.eq(size, c.getTopo().getDim(0), "Cartesian dims of the iDup");
            CartComm d = cart.dupWithInfo(MPI.INFO_NULL);
            Check.eq(size, d.getTopo().getDim(0), "Cartesian dims of dupWithInfo");
            c.free();
            d.free();
            cart.free();
            Intracomm half = world.split(rank % 2, rank);
            Intercomm inter = world.createIntercomm(half, 0, rank % 2 == 0 ? 1 : 0, 12);
            Intercomm i2 = inter.iDup();
            while (!i2.getRequest().test()) Thread.yield();
            Check.eq(inter.getRemoteSize(), i2.getRemoteSize(), "remote size of the iDup");
            int[] v = new int[1];
            if (half.getRank() == 0) {
                i2.send(new int[] {rank}, 1, MPI.INT, 0, 3);
                i2.recv(v, 1, MPI.INT, 0, 3);
                Check.eq(rank % 2 == 0 ? 1 : 0, v[0], "message over the iDup intercommunicator");
            }
            Intercomm i3 = inter.dupWithInfo(MPI.INFO_NULL);
            Check.eq(inter.getRemoteSize(), i3.getRemoteSize(), "remote size of dupWithInfo");
            i3.free();
            i2.free();
            inter.free();
            half.free();
        });
        cases.add("dup_with_info_set_info_get_info", () -> {
            Info info = new Info();
            info.set("natmpj_hint", "1");
            Intracomm c = world.dupWithInfo(info);
            Check.eq(size, c.getSize(), "size");
            c.setInfo(info);
            Info got = c.getInfo();
            Check.isTrue(got != null && !got.isNull(), "getInfo gives an Info");
            Check.isTrue(got.size() >= 0, "its keys can be read");
            got.free();
            Check.throwsWith(MPIException.class, () -> c.setInfo(MPI.INFO_NULL), "Comm.setInfo"); // MPI refuses it
            info.free();
            c.free();
        });
        cases.add("split_type", () -> {
            Intracomm node = world.splitType(Comm.TYPE_SHARED, size - rank, MPI.INFO_NULL);
            Check.eq(size, node.getSize(), "every rank runs on this host");
            Check.eq(size - 1 - rank, node.getRank(), "ranks ordered by key");
            node.free();
            Intracomm even = world.splitType(rank % 2 == 0 ? Comm.TYPE_SHARED : MPI.UNDEFINED, rank, MPI.INFO_NULL);
            Check.eq(rank % 2 != 0, even.isNull(), "MPI.UNDEFINED gives a null communicator");
            if (!even.isNull()) {
                Check.eq((size + 1) / 2, even.getSize(), "even ranks");
                even.free();
            }
        });
        cases.add("create_group", () -> {
            int evens = (size + 1) / 2;
            int[] ranks = new int[evens];
            for (int i = 0; i < evens; i++) ranks[i] = 2 * i;
            Group all = world.getGroup(), group = all.incl(ranks);
            if (rank % 2 == 0) { // collective over the group's members only
                Intracomm c = world.createGroup(group, 21);
                Check.eq(evens, c.getSize(), "size");
                Check.eq(rank / 2, c.getRank(), "rank");
                int[] v = {rank};
                c.allReduce(v, 1, MPI.INT, MPI.MAX);
                Check.eq(2 * (evens - 1), v[0], "allReduce");
                c.free();
            }
            group.free();
            all.free();
        });
        cases.add("bad_arguments", () -> {
            refused(NullPointerException.class, () -> world.dupWithInfo(null), "Intracomm.dupWithInfo", "info");
            Info freed = new Info();
            freed.free();
            refused(IllegalStateException.class, () -> world.dupWithInfo(freed), "dupWithInfo", "freed");
            refused(NullPointerException.class, () -> world.setInfo(null), "Comm.setInfo", "info");
            refused(IllegalStateException.class, () -> world.setInfo(freed), "Comm.setInfo", "freed");
            refused(IllegalArgumentException.class, () -> world.splitType(5, 0, MPI.INFO_NULL),
                    "Intracomm.splitType", "splitType is 5");
            refused(NullPointerException.class, () -> world.createGroup(null, 0), "Intracomm.createGroup", "group");
            Group g = world.getGroup();
            refused(IllegalArgumentException.class, () -> world.createGroup(g, -1), "Intracomm.createGroup", "tag");
            g.free();
            Intracomm dead = world.dup();
            dead.free();
            refused(IllegalStateException.class, dead::iDup, "iDup", "freed");
            refused(IllegalStateException.class, dead::getInfo, "Comm.getInfo", "freed");
            refused(IllegalStateException.class, dead::disconnect, "Comm.disconnect", "freed");
            refused(IllegalArgumentException.class, world::disconnect, "Comm.disconnect", "predefined");
            refused(IllegalArgumentException.class, () -> world.accept("port", size), "Intracomm.accept", "root");
            // Arguments significant at the root only are checked there (the other ranks would enter MPI and wait): on
            // COMM_SELF, where every rank is the root.
            Intracomm self = MPI.COMM_SELF;
            refused(NullPointerException.class, () -> self.connect(null, 0), "Intracomm.connect", "port");
            refused(IllegalArgumentException.class, () -> Intracomm.closePort(""), "Intracomm.closePort", "empty");
            refused(NullPointerException.class, () -> Intracomm.lookupName(null), "Intracomm.lookupName",
                    "service");
            refused(IllegalArgumentException.class, () -> Intracomm.publishName("svc", ""), "publishName", "port");
            refused(IllegalArgumentException.class, () -> self.spawn("java", null, 0, MPI.INFO_NULL, 0, null),
                    "Intracomm.spawn", "maxprocs");
            refused(IllegalArgumentException.class, () -> self.spawn("java", null, 2, MPI.INFO_NULL, 0,
                    new int[1]), "Intracomm.spawn", "errcodes");
            refused(IllegalArgumentException.class, () -> self.spawnMultiple(new String[] {"a", "b"}, null,
                    new int[] {1}, new Info[] {MPI.INFO_NULL, MPI.INFO_NULL}, 0, null), "spawnMultiple", "maxprocs");
            refused(IllegalArgumentException.class, () -> self.spawn("ja\0va", null, 1, MPI.INFO_NULL, 0, null),
                    "Intracomm.spawn", "NUL");
            refused(IllegalArgumentException.class, () -> world.spawn("java", null, 1, MPI.INFO_NULL, -1, null),
                    "Intracomm.spawn", "root");
        });
        cases.add("spawn_refused_at_the_root_is_refused_everywhere", () -> {
            // The root tells the others that it refused its arguments (natmpj's own message before MPI_Comm_spawn):
            // an exception on every rank, not the other ranks waiting in MPI for the root.
            int root = size - 1;
            if (rank == root) {
                refused(IllegalArgumentException.class, () -> world.spawn("java", null, 0, MPI.INFO_NULL, root, null),
                        "Intracomm.spawn", "maxprocs");
            } else {
                refused(IllegalArgumentException.class, () -> world.spawn("java", null, 2, MPI.INFO_NULL, root, null),
                        "Intracomm.spawn", "root (rank " + root + ") refused");
            }
            if (rank == root) {
                refused(NullPointerException.class, () -> world.spawnMultiple(null, null, new int[1],
                        new Info[] {MPI.INFO_NULL}, root, null), "Intracomm.spawnMultiple", "commands");
            } else {
                refused(IllegalArgumentException.class, () -> world.spawnMultiple(null, null, null, null, root, null),
                        "Intracomm.spawnMultiple", "refused");
            }
        });
        cases.add("parent_of_a_started_process", () -> {
            Intercomm p = Intercomm.getParent();
            Check.isTrue(p.isNull(), "processes mpirun started have no parent");
            Check.isTrue(Intercomm.getParent() == p || Intercomm.getParent().isNull(), "still none");
        });
        cases.add("publish_lookup_unpublish", () -> {
            String service = "natmpj-extras-" + rank + "-" + ProcessHandle.current().pid();
            Intracomm.publishName(service, "natmpj-port-" + rank);
            Check.eq("natmpj-port-" + rank, Intracomm.lookupName(service), "looked up");
            Intracomm.unpublishName(service, "natmpj-port-" + rank);
            Check.throwsWith(MPIException.class, () -> Intracomm.lookupName(service), "Intracomm.lookupName");
        });
        cases.add("ports_accept_connect", () -> {
            if (mpich) {
                // MPICH 4.0's ucx netmod: "not supported with ucx"; MPICH 5.0.2 (PyPI): "no space for port_name tag"
                MPIException e = Check.throwsWith(MPIException.class, Intracomm::openPort, "Intracomm.openPort");
                Check.eq(MPI.ERR_OTHER, e.getErrorClass(), "error class");
                return;
            }
            Intracomm half = world.split(rank % 2, rank);
            String port = "";
            if (rank == 0) {
                port = Intracomm.openPort();
                char[] name = port.toCharArray();
                world.send(new int[] {name.length}, 1, MPI.INT, 1, 30);
                world.send(name, name.length, MPI.CHAR, 1, 31);
            } else if (rank == 1) {
                int[] n = new int[1];
                world.recv(n, 1, MPI.INT, 0, 30);
                char[] name = new char[n[0]];
                world.recv(name, n[0], MPI.CHAR, 0, 31);
                port = new String(name);
            }
            Intercomm inter = rank % 2 == 0 ? half.accept(port, 0) : half.connect(port, 0);
            Check.eq(rank % 2 == 0 ? size / 2 : (size + 1) / 2, inter.getRemoteSize(), "remote size");
            int[] v = new int[1];
            if (half.getRank() == 0) {
                inter.send(new int[] {100 + rank}, 1, MPI.INT, 0, 32);
                inter.recv(v, 1, MPI.INT, 0, 32);
                Check.eq(100 + (rank == 0 ? 1 : 0), v[0], "leaders exchanged over the connection");
            }
            inter.disconnect();
            Check.isTrue(inter.isNull(), "disconnected");
            if (rank == 0) Intracomm.closePort(port);
            half.free();
        });
        boolean[] spawnRefused = {false};
        cases.add("spawn_java_children", () -> {
            String java = System.getProperty("java.home") + "/bin/java";
            List<String> args = new ArrayList<>(List.of("-cp", System.getProperty("java.class.path"),
                    "-Djava.library.path=" + System.getProperty("java.library.path")));
            for (String name : System.getProperties().stringPropertyNames()) {
                if (name.equals("natmpj.mpi")) args.add("-D" + name + "=" + System.getProperty(name));
            }
            args.add(SpawnedChild.class.getName());
            args.add("an argument");
            String[] argv = args.toArray(new String[0]);
            int[] errcodes = new int[2];
            Arrays.fill(errcodes, -1);
            Intercomm children;
            try {
                children = world.spawn(java, argv, 2, MPI.INFO_NULL, 0, errcodes);
            } catch (MPIException e) {
                // MPICH 4.0's ucx netmod refuses it (on every rank: spawn is collective); MPICH 5.0.2 spawns
                Check.isTrue(mpich, "spawn refused on " + MPI.getLibVersion().lines().findFirst().orElse("")
                        + ": " + e.getMessage());
                Check.isTrue(e.getMessage().contains("Intracomm.spawn"), "the message names the call");
                Check.eq(MPI.ERR_OTHER, e.getErrorClass(), "error class");
                spawnRefused[0] = true;
                return;
            }
            Check.eq(2, children.getRemoteSize(), "children");
            Check.eq(MPI.SUCCESS, errcodes[0], "errcodes[0] on rank " + rank);
            Check.eq(MPI.SUCCESS, errcodes[1], "errcodes[1] on rank " + rank);
            if (rank == 0) {
                boolean[] seen = new boolean[2];
                for (int i = 0; i < 2; i++) {
                    int[] v = new int[3];
                    Status st = children.recv(v, 3, MPI.INT, MPI.ANY_SOURCE, 17);
                    Check.eq(42 + st.getSource(), v[0], "child's rank");
                    Check.eq(2, v[1], "child's world size");
                    Check.eq(1, v[2], "child's arguments");
                    seen[st.getSource()] = true;
                }
                Check.isTrue(seen[0] && seen[1], "both children");
            }
            children.disconnect();
            Check.isTrue(children.isNull(), "disconnected");
        });
        cases.add("spawn_multiple", () -> {
            if (spawnRefused[0]) return; // spawn_java_children checked how
            String java = System.getProperty("java.home") + "/bin/java";
            List<String> args = new ArrayList<>(List.of("-cp", System.getProperty("java.class.path"),
                    "-Djava.library.path=" + System.getProperty("java.library.path")));
            if (System.getProperty("natmpj.mpi") != null) args.add("-Dnatmpj.mpi=" + System.getProperty("natmpj.mpi"));
            args.add(SpawnedChild.class.getName());
            String[] argv = args.toArray(new String[0]);
            int[] errcodes = {-1, -1};
            int root = spawnRootZeroOnly ? 0 : size - 1;
            Intercomm children = world.spawnMultiple(new String[] {java, java}, new String[][] {argv, argv},
                    new int[] {1, 1}, new Info[] {MPI.INFO_NULL, MPI.INFO_NULL}, root, errcodes);
            Check.eq(2, children.getRemoteSize(), "children");
            if (rank == 0) {
                for (int i = 0; i < 2; i++) {
                    int[] v = new int[3];
                    Status st = children.recv(v, 3, MPI.INT, MPI.ANY_SOURCE, 17);
                    Check.eq(42 + st.getSource(), v[0], "child's rank");
                    Check.eq(2, v[1], "one world for both commands");
                }
            }
            for (int code : errcodes) Check.eq(MPI.SUCCESS, code, "errcodes on rank " + rank);
            children.disconnect();
        });
    }

    private static void refused(Class<? extends RuntimeException> cause, Cases.Body call, String... words) {
        MPIException e = Check.throwsWith(MPIException.class, call, words);
        Check.isTrue(cause.isInstance(e.getCause()), "cause " + e.getCause() + " is a " + cause.getSimpleName());
    }
}

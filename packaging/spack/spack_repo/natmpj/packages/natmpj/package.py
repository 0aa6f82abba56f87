# natmpj's Spack recipe: one installation per MPI, built with CMake against that MPI's own compiler wrapper.
# Written for Spack 1.x (package API v2, build systems in spack_repo.builtin); see docs/recipes.md for how it was
# checked without Spack.
import os

from spack_repo.builtin.build_systems.cmake import CMakePackage

from spack.package import *

#: natmpj builds its JNI layer for one of two MPI families (its "flavours"): the flavour decides how a rank finds
#: its launcher's environment (Open MPI's OMPI_COMM_WORLD_*, Hydra's PMI_*). Providers of Spack's mpi virtual
#: that derive from one of them map to it; natmpj is tested on openmpi and mpich only.
MPI_FLAVOURS = {
    "openmpi": "openmpi",
    "hpcx-mpi": "openmpi",
    "mpich": "mpich",
    "mvapich": "mpich",
    "mvapich2": "mpich",
    "cray-mpich": "mpich",
    "intel-oneapi-mpi": "mpich",
}


class Natmpj(CMakePackage):
    """The mpiJava 1.2 API (package mpi, the API of MPJ Express) over the host's native MPI, zero-copy through
    JNI. Java programs run under the MPI's own mpirun (mpirun java -cp $CLASSPATH App) or with natmpj's mpjrun."""

    homepage = "https://github.com/natmpj/natmpj"
    git = "https://github.com/natmpj/natmpj.git"

    # Release tarballs get version("x.y.z", sha256=...) lines here; until then the branch, or a local checkout
    # with `spack dev-build natmpj@main` / `spack develop natmpj@main`.
    version("main", branch="main")

    depends_on("c", type="build")
    depends_on("cmake@3.18:", type="build")
    depends_on("swig@4:", type="build")
    depends_on("java@17:", type=("build", "run"))
    depends_on("mpi")

    @property
    def mpi_flavour(self):
        """natmpj's flavour name for the MPI this spec is built against."""
        provider = self.spec["mpi"].name
        if provider not in MPI_FLAVOURS:
            raise InstallError(
                f"natmpj: the MPI provider {provider} is neither Open MPI nor MPICH nor derived from them; "
                f"use one of: {', '.join(sorted(MPI_FLAVOURS))}"
            )
        return MPI_FLAVOURS[provider]

    def cmake_args(self):
        flavour = self.mpi_flavour
        return [
            # this MPI's own wrapper, as the flavour it is: natmpj then builds that flavour only (not also the
            # other flavour's Debian-style mpicc.<flavour> it might find on PATH)
            self.define(f"NATMPJ_MPICC_{flavour}", self.spec["mpi"].mpicc),
            self.define("JAVA_HOME", self.spec["java"].home),
            self.define("SWIG_EXECUTABLE", self.spec["swig"].prefix.bin.swig),
        ]

    @property
    def jar(self):
        return join_path(self.prefix.lib.natmpj, "natmpj.jar")

    def setup_run_environment(self, env: EnvironmentModifications) -> None:
        # mpjrun finds the jar and natives relative to itself; NATMPJ_HOME is for users' own scripts
        env.set("NATMPJ_HOME", self.prefix)
        env.prepend_path("CLASSPATH", self.jar)

    def setup_dependent_build_environment(self, env: EnvironmentModifications, dependent_spec) -> None:
        # Java packages built on natmpj compile against the jar
        env.prepend_path("CLASSPATH", self.jar)

    def _hello_lines(self, output):
        """The lines of examples/Hello.java's output, one per rank, checked for both ranks."""
        for rank in range(2):
            assert f"Hello from rank {rank} of 2" in output, f"rank {rank} did not say hello:\n{output}"

    def _compile_hello(self):
        mpjavac = which(self.prefix.bin.mpjavac)
        mpjavac("-d", ".", join_path(self.prefix.share.natmpj.examples, "Hello.java"))

    def test_mpjrun(self):
        """compile examples/Hello.java with mpjavac and run it on 2 ranks with mpjrun"""
        self._compile_hello()
        mpjrun = which(self.prefix.bin.mpjrun)
        self._hello_lines(mpjrun("-np", "2", "-cp", ".", "Hello", output=str, error=str))

    def test_mpirun_java(self):
        """run examples/Hello.java on 2 ranks with the MPI's mpirun and plain java"""
        self._compile_hello()
        mpirun = which(self.spec["mpi"].prefix.bin.mpirun)
        args = ["-np", "2"]
        if self.mpi_flavour == "openmpi":
            args.append("--oversubscribe")
            if os.geteuid() == 0:
                args.append("--allow-run-as-root")
        java = self.spec["java"].prefix.bin.java
        output = mpirun(*args, java, "-cp", f"{self.jar}:.", "Hello", output=str, error=str)
        self._hello_lines(output)

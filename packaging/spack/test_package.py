"""Checks natmpj's Spack recipe without Spack (which cannot be installed here): package.py is imported against a
small stand-in for the names it takes from `spack.package` and `spack_repo.builtin.build_systems.cmake`, then its
directives, cmake_args() for Open MPI, MPICH and the other providers, and its run environment are checked with fake
specs. With NATMPJ_SPACK_PREFIX=<an installed natmpj prefix>, NATMPJ_SPACK_FLAVOUR=openmpi|mpich and
NATMPJ_SPACK_MPI_PREFIX=<that MPI's prefix, with bin/mpicc and bin/mpirun>, the recipe's stand-alone tests
(test_mpjrun, test_mpirun_java) also run for real against that installation, with that MPI and the JDK of the
javac on PATH standing in for Spack's.

Run: python3 packaging/spack/test_package.py [-v]   (ci/test-recipes runs it)

What the stand-in cannot show: that Spack's concretizer accepts the directives, that Spack's own MPI packages give
`mpicc` and Java packages `home` as assumed here (they do in Spack's builtin repository: openmpi and mpich set
spec.mpicc in setup_dependent_package, openjdk has a home property), and Spack's build phases themselves.
"""

import collections.abc
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import types
import unittest
import importlib.util

PACKAGE = pathlib.Path(__file__).resolve().parent / "spack_repo" / "natmpj" / "packages" / "natmpj" / "package.py"

#: every directive call made while package.py's class body ran: (directive name, args, kwargs)
DIRECTIVES = []


class Prefix(str):
    """Spack's Prefix: a path whose attributes are sub-paths (prefix.bin.mpirun)."""

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        return Prefix(os.path.join(self, name))


class InstallError(Exception):
    pass


class SkipTest(Exception):
    pass


class ProcessError(Exception):
    pass


class Executable:
    """Spack's Executable as package code uses it: call with output=str/error=str to get the text back; a
    non-zero exit raises ProcessError."""

    def __init__(self, path):
        self.path = path

    def __call__(self, *args, output=None, error=None):
        res = subprocess.run([self.path, *map(str, args)], capture_output=True, text=True, timeout=300)
        if res.returncode != 0:
            raise ProcessError(f"{self.path} {' '.join(map(str, args))}: exit {res.returncode}\n"
                               f"{res.stdout}{res.stderr}")
        text = ""
        if output is str:
            text += res.stdout
        if error is str:
            text += res.stderr
        return text if (output is str or error is str) else None


def which(*names):
    for name in names:
        path = name if os.path.isabs(name) else shutil.which(name)
        if path and os.access(path, os.X_OK):
            return Executable(path)
    return None


class EnvironmentModifications:
    def __init__(self):
        self.calls = []

    def set(self, name, value):
        self.calls.append(("set", name, str(value)))

    def prepend_path(self, name, value):
        self.calls.append(("prepend_path", name, str(value)))


def define(cmake_var, value):
    """Spack's define(), same rules: bool -> BOOL ON/OFF, sequences -> ;-lists, everything else -> STRING."""
    if isinstance(value, bool):
        kind, value = "BOOL", "ON" if value else "OFF"
    else:
        kind = "STRING"
        if isinstance(value, collections.abc.Sequence) and not isinstance(value, str):
            value = ";".join(str(v) for v in value)
        else:
            value = str(value)
    return f"-D{cmake_var}:{kind}={value}"


class CMakePackage:
    def __init__(self, spec):
        self.spec = spec
        self.prefix = spec.prefix

    def define(self, cmake_var, value):
        return define(cmake_var, value)


def _directive(name):
    def record(*args, **kwargs):
        DIRECTIVES.append((name, args, kwargs))
    return record


def install_stand_in():
    package = types.ModuleType("spack.package")
    for name in ("version", "variant", "depends_on", "conflicts", "requires", "maintainers", "license"):
        setattr(package, name, _directive(name))
    for obj in (InstallError, SkipTest, ProcessError, EnvironmentModifications, Executable, which, Prefix):
        setattr(package, obj.__name__, obj)
    package.join_path = os.path.join
    package.__all__ = [n for n in vars(package) if not n.startswith("_")]
    cmake = types.ModuleType("spack_repo.builtin.build_systems.cmake")
    cmake.CMakePackage = CMakePackage
    cmake.define = define
    modules = {
        "spack": types.ModuleType("spack"),
        "spack.package": package,
        "spack_repo": types.ModuleType("spack_repo"),
        "spack_repo.builtin": types.ModuleType("spack_repo.builtin"),
        "spack_repo.builtin.build_systems": types.ModuleType("spack_repo.builtin.build_systems"),
        "spack_repo.builtin.build_systems.cmake": cmake,
    }
    sys.modules.update(modules)


def load_recipe():
    install_stand_in()
    spec = importlib.util.spec_from_file_location("natmpj_spack_package", PACKAGE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


recipe = load_recipe()


class FakeDep:
    def __init__(self, name, prefix, **attrs):
        self.name = name
        self.prefix = Prefix(prefix)
        for key, value in attrs.items():
            setattr(self, key, value)


class FakeSpec:
    """The parts of a concrete Spec the recipe reads: spec["dep"], spec.prefix."""

    def __init__(self, prefix, mpi):
        self.prefix = Prefix(prefix)
        self.deps = {
            "mpi": mpi,
            "java": FakeDep("openjdk", "/opt/jdk-17", home="/opt/jdk-17"),
            "swig": FakeDep("swig", "/opt/swig-4.2"),
        }

    def __getitem__(self, name):
        return self.deps[name]


def mpi(name, prefix):
    return FakeDep(name, prefix, mpicc=os.path.join(prefix, "bin", "mpicc"))


class Directives(unittest.TestCase):
    def deps(self):
        return {args[0]: kwargs.get("type") for name, args, kwargs in DIRECTIVES if name == "depends_on"}

    def test_dependencies(self):
        self.assertEqual(self.deps(), {
            "c": "build",
            "cmake@3.18:": "build",
            "swig@4:": "build",
            "java@17:": ("build", "run"),
            "mpi": None,  # Spack's default: build and link
        })

    def test_versions(self):
        versions = [args[0] for name, args, kwargs in DIRECTIVES if name == "version"]
        self.assertEqual(versions, ["main"])

    def test_is_a_cmake_package(self):
        self.assertTrue(issubclass(recipe.Natmpj, CMakePackage))


class CMakeArgs(unittest.TestCase):
    def args(self, provider, mpi_prefix):
        return recipe.Natmpj(FakeSpec("/opt/natmpj", mpi(provider, mpi_prefix))).cmake_args()

    def test_openmpi(self):
        self.assertEqual(self.args("openmpi", "/opt/openmpi-5.0"), [
            "-DNATMPJ_MPICC_openmpi:STRING=/opt/openmpi-5.0/bin/mpicc",
            "-DJAVA_HOME:STRING=/opt/jdk-17",
            "-DSWIG_EXECUTABLE:STRING=/opt/swig-4.2/bin/swig",
        ])

    def test_mpich(self):
        self.assertEqual(self.args("mpich", "/opt/mpich-4.2")[0],
                         "-DNATMPJ_MPICC_mpich:STRING=/opt/mpich-4.2/bin/mpicc")

    def test_derived_providers_take_their_family(self):
        for provider, flavour in [("hpcx-mpi", "openmpi"), ("mvapich2", "mpich"), ("cray-mpich", "mpich"),
                                  ("intel-oneapi-mpi", "mpich")]:
            with self.subTest(provider=provider):
                self.assertEqual(self.args(provider, "/opt/m")[0], f"-DNATMPJ_MPICC_{flavour}:STRING=/opt/m/bin/mpicc")

    def test_other_provider_is_refused_by_name(self):
        with self.assertRaises(InstallError) as caught:
            self.args("msmpi", "/opt/msmpi")
        self.assertIn("msmpi", str(caught.exception))


class RunEnvironment(unittest.TestCase):
    def test_classpath_and_home(self):
        env = EnvironmentModifications()
        recipe.Natmpj(FakeSpec("/opt/natmpj", mpi("mpich", "/opt/m"))).setup_run_environment(env)
        self.assertEqual(env.calls, [
            ("set", "NATMPJ_HOME", "/opt/natmpj"),
            ("prepend_path", "CLASSPATH", "/opt/natmpj/lib/natmpj/natmpj.jar"),
        ])

    def test_dependents_compile_against_the_jar(self):
        env = EnvironmentModifications()
        recipe.Natmpj(FakeSpec("/opt/natmpj", mpi("openmpi", "/opt/m"))).setup_dependent_build_environment(env, None)
        self.assertEqual(env.calls, [("prepend_path", "CLASSPATH", "/opt/natmpj/lib/natmpj/natmpj.jar")])


@unittest.skipUnless(os.environ.get("NATMPJ_SPACK_PREFIX"), "NATMPJ_SPACK_PREFIX not set: no installed natmpj")
class StandAloneTests(unittest.TestCase):
    """The recipe's `spack test run` methods, run for real on an installation (CMake-built, same layout as
    Spack's), with the distribution's MPI and JDK as the spec's mpi and java."""

    def setUp(self):
        flavour = os.environ["NATMPJ_SPACK_FLAVOUR"]
        # the MPI's prefix, with bin/mpicc and bin/mpirun as a Spack MPI's has them (for Debian's MPIs:
        # packaging/easybuild/debian-system-modules' prefix of links)
        mpi_prefix = os.environ["NATMPJ_SPACK_MPI_PREFIX"]
        java_home = pathlib.Path(shutil.which("javac")).resolve().parent.parent
        spec = FakeSpec(os.environ["NATMPJ_SPACK_PREFIX"], mpi(flavour, mpi_prefix))
        spec.deps["java"] = FakeDep("openjdk", str(java_home), home=str(java_home))
        self.pkg = recipe.Natmpj(spec)
        self.work = tempfile.mkdtemp()
        self.cwd = os.getcwd()
        os.chdir(self.work)

    def tearDown(self):
        os.chdir(self.cwd)
        shutil.rmtree(self.work)

    def test_mpjrun(self):
        self.pkg.test_mpjrun()

    def test_mpirun_java(self):
        self.pkg.test_mpirun_java()


if __name__ == "__main__":
    unittest.main()

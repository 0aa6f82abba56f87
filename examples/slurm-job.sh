#!/bin/bash
#SBATCH --job-name=natmpj-pi
#SBATCH --ntasks=4
#SBATCH --time=00:05:00
#SBATCH --output=%x-%j.out
# A natmpj program as a Slurm batch job (docs/running.md, "Running under Slurm"): sbatch examples/slurm-job.sh
#   NATMPJ_HOME  natmpj's build tree (after mvn package)
#   CLASSES      the program's classes (here examples/Pi.java, built with bin/mpjavac -d build examples/Pi.java)
#   SRUN_MPI     Slurm's PMI for the MPI natmpj should use: pmix for Open MPI, pmi2 for MPICH
# sbatch passes the submitting shell's environment on: set them there, or edit the defaults here.
set -euo pipefail
NATMPJ_HOME=${NATMPJ_HOME:-$HOME/natmpj}
CLASSES=${CLASSES:-$NATMPJ_HOME/build}
SRUN_MPI=${SRUN_MPI:-pmix}
# --kill-on-bad-exit=1: a rank killed by a signal ends the job (under pmi2 srun would wait for the others forever)
srun --mpi="$SRUN_MPI" --kill-on-bad-exit=1 java -cp "$NATMPJ_HOME/target/natmpj-0.1.0.jar:$CLASSES" Pi

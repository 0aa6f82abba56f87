/* Reduction operations beyond MPI's predefined ones: MAXLOC/MINLOC on Java pair types and Java user functions. */
#ifndef NATMPJ_OPS_H
#define NATMPJ_OPS_H

#include "natmpj.h"

#endif

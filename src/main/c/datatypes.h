/* Datatypes: predefined sizes and derived-type construction. */
#ifndef NATMPJ_DATATYPES_H
#define NATMPJ_DATATYPES_H

#include "natmpj.h"

/* Datatypes. */
int natmpj_type_size(natmpj_handle type, int *size);

#endif

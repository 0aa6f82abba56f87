/* Groups of ranks: set operations, rank translation, comparison. */
#ifndef NATMPJ_GROUPS_H
#define NATMPJ_GROUPS_H

#include "natmpj.h"

#endif

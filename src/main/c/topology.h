/* Process topologies: Cartesian and graph communicators. */
#ifndef NATMPJ_TOPOLOGY_H
#define NATMPJ_TOPOLOGY_H

#include "natmpj.h"

#endif

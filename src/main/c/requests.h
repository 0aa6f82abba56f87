/* Non-blocking and persistent requests, completion calls, buffered-send buffers, Pack/Unpack. */
#ifndef NATMPJ_REQUESTS_H
#define NATMPJ_REQUESTS_H

#include "natmpj.h"

#endif

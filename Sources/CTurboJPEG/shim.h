#pragma once
#include <turbojpeg.h>

// TurboJPEG catches libjpeg's errors itself (its own setjmp) and returns -1;
// the message is tjGetErrorStr2(handle). Nothing longjmps into Swift.

/// A dimension scaled by num/denom, rounded up, as TurboJPEG decodes it (TJSCALED is a macro).
static inline int sweep_tj_scaled(int dimension, int num, int denom) {
    tjscalingfactor factor = { num, denom };
    return TJSCALED(dimension, factor);
}

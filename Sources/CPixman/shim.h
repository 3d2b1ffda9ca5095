#pragma once
#include <pixman.h>

// pixman's fixed-point helpers are macros; Swift sees these instead.
static inline pixman_fixed_t sweep_pixman_double_to_fixed(double d) { return pixman_double_to_fixed(d); }

#pragma once
// fcft.h includes pixman.h. Include it through CPixman first, so pixman's
// declarations belong to that module: otherwise a whole-module (release)
// build attributes them to CFcft and SweepPixman cannot see PIXMAN_* names.
#include "../CPixman/shim.h"
#include <fcft/fcft.h>

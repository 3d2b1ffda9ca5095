// CPickPrefetch is header-only (its function is `static inline`); a
// target needs one source file.
#include "CPickPrefetch.h"

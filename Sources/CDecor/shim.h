#pragma once
#include <libdecor.h>

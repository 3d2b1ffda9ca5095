#pragma once
// wayland-server, for the scripted compositor.
#include <wayland-server.h>

#pragma once
// librsvg (2.52 or newer: rsvg_handle_render_document) drawing into a cairo
// image surface over the caller's pixels, with both libraries loaded at run
// time: SweepImages dlopens them the first time an SVG is drawn, and
// sweep_svg_bind finds these functions in them. No librsvg, cairo or GLib
// header is needed to build: the few types used are declared here as the
// libraries' stable ABI has them (opaque handles, GError's leading fields,
// RsvgRectangle, RsvgLength). librsvg reports errors in a GError and never
// unwinds; the helpers turn one into a string the caller frees with free(3).
#include <stddef.h>
#include <stdint.h>

typedef struct SweepRsvgHandle SweepRsvgHandle;        // RsvgHandle (a GObject)
typedef struct SweepCairoSurface SweepCairoSurface;    // cairo_surface_t
typedef struct SweepCairo SweepCairo;                  // cairo_t
typedef int SweepGBoolean;                             // gboolean
/// GError: GQuark domain, gint code, gchar *message.
typedef struct { uint32_t domain; int code; char *message; } SweepGError;
/// RsvgRectangle.
typedef struct { double x, y, width, height; } SweepRsvgRectangle;
/// RsvgLength: a length and its RsvgUnit.
typedef struct { double length; int unit; } SweepRsvgLength;

/// The functions SVG drawing calls, found by sweep_svg_bind.
typedef struct {
    SweepRsvgHandle *(*rsvg_handle_new_from_data)(const uint8_t *data, size_t length, SweepGError **error);
    SweepGBoolean (*rsvg_handle_get_intrinsic_size_in_pixels)(SweepRsvgHandle *handle, double *width, double *height);
    void (*rsvg_handle_get_intrinsic_dimensions)(SweepRsvgHandle *handle, SweepGBoolean *has_width, SweepRsvgLength *width,
                                                 SweepGBoolean *has_height, SweepRsvgLength *height,
                                                 SweepGBoolean *has_viewbox, SweepRsvgRectangle *viewbox);
    SweepGBoolean (*rsvg_handle_render_document)(SweepRsvgHandle *handle, SweepCairo *cr, const SweepRsvgRectangle *viewport,
                                                 SweepGError **error);
    void (*g_object_unref)(void *object);
    void (*g_error_free)(SweepGError *error);
    SweepCairoSurface *(*cairo_image_surface_create_for_data)(unsigned char *data, int format, int width, int height, int stride);
    int (*cairo_surface_status)(SweepCairoSurface *surface);
    void (*cairo_surface_finish)(SweepCairoSurface *surface);
    void (*cairo_surface_destroy)(SweepCairoSurface *surface);
    SweepCairo *(*cairo_create)(SweepCairoSurface *surface);
    int (*cairo_status)(SweepCairo *cr);
    void (*cairo_destroy)(SweepCairo *cr);
    const char *(*cairo_status_to_string)(int status);
} SweepSVGFunctions;

/// Fills `functions` from librsvg's and cairo's dlopen handles (GLib's and GObject's functions are
/// found through librsvg's, which depends on them). NULL when all are found, else the first missing name.
const char *sweep_svg_bind(SweepSVGFunctions *functions, void *rsvg, void *cairo);

/// A handle for SVG data held in memory (no base file: external references are not loaded), or NULL and *message set.
SweepRsvgHandle *sweep_svg_open(const SweepSVGFunctions *f, const uint8_t *data, size_t length, char **message);

/// The document's size in pixels (at 96 dpi), else its viewBox's; 0 when it has neither.
int sweep_svg_size(const SweepSVGFunctions *f, SweepRsvgHandle *handle, double *width, double *height);

/// Draws the document fitted into width × height premultiplied ARGB32 pixels (0xAARRGGBB, rows of
/// width × 4 bytes, cleared by the caller). NULL on success, else a message.
char *sweep_svg_render(const SweepSVGFunctions *f, SweepRsvgHandle *handle, uint32_t *pixels, int width, int height);

void sweep_svg_close(const SweepSVGFunctions *f, SweepRsvgHandle *handle);

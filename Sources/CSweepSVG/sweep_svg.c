#include "sweep_svg.h"
#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

enum { CAIRO_FORMAT_ARGB32 = 0, CAIRO_STATUS_SUCCESS = 0 };

const char *sweep_svg_bind(SweepSVGFunctions *f, void *rsvg, void *cairo) {
#define BIND(library, name) \
    if ((*(void **)&f->name = dlsym(library, #name)) == NULL) return #name;
    BIND(rsvg, rsvg_handle_new_from_data)
    BIND(rsvg, rsvg_handle_get_intrinsic_size_in_pixels)
    BIND(rsvg, rsvg_handle_get_intrinsic_dimensions)
    BIND(rsvg, rsvg_handle_render_document)
    BIND(rsvg, g_object_unref)
    BIND(rsvg, g_error_free)
    BIND(cairo, cairo_image_surface_create_for_data)
    BIND(cairo, cairo_surface_status)
    BIND(cairo, cairo_surface_finish)
    BIND(cairo, cairo_surface_destroy)
    BIND(cairo, cairo_create)
    BIND(cairo, cairo_status)
    BIND(cairo, cairo_destroy)
    BIND(cairo, cairo_status_to_string)
#undef BIND
    return NULL;
}

/// The GError's message (or `fallback`) as a string for free(3); frees the GError.
static char *take_error(const SweepSVGFunctions *f, SweepGError *error, const char *fallback) {
    char *message = strdup(error != NULL && error->message != NULL ? error->message : fallback);
    if (error != NULL) f->g_error_free(error);
    return message;
}

SweepRsvgHandle *sweep_svg_open(const SweepSVGFunctions *f, const uint8_t *data, size_t length, char **message) {
    SweepGError *error = NULL;
    SweepRsvgHandle *handle = f->rsvg_handle_new_from_data(data, length, &error);
    if (handle == NULL) {
        *message = take_error(f, error, "not an SVG document");
    } else if (error != NULL) {
        f->g_error_free(error);
    }
    return handle;
}

int sweep_svg_size(const SweepSVGFunctions *f, SweepRsvgHandle *handle, double *width, double *height) {
    if (f->rsvg_handle_get_intrinsic_size_in_pixels(handle, width, height) && *width > 0 && *height > 0) return 1;
    SweepGBoolean has_width = 0, has_height = 0, has_viewbox = 0;
    SweepRsvgLength length_width, length_height;
    SweepRsvgRectangle viewbox = { 0, 0, 0, 0 };
    f->rsvg_handle_get_intrinsic_dimensions(handle, &has_width, &length_width, &has_height, &length_height,
                                            &has_viewbox, &viewbox);
    if (has_viewbox && viewbox.width > 0 && viewbox.height > 0) {
        *width = viewbox.width;
        *height = viewbox.height;
        return 1;
    }
    return 0;
}

char *sweep_svg_render(const SweepSVGFunctions *f, SweepRsvgHandle *handle, uint32_t *pixels, int width, int height) {
    SweepCairoSurface *surface = f->cairo_image_surface_create_for_data((unsigned char *)pixels, CAIRO_FORMAT_ARGB32,
                                                                        width, height, width * 4);
    int status = f->cairo_surface_status(surface);
    if (status != CAIRO_STATUS_SUCCESS) {
        char *message = strdup(f->cairo_status_to_string(status));
        f->cairo_surface_destroy(surface);
        return message;
    }
    SweepCairo *cr = f->cairo_create(surface);
    SweepRsvgRectangle viewport = { 0, 0, width, height };
    SweepGError *error = NULL;
    char *message = NULL;
    if (!f->rsvg_handle_render_document(handle, cr, &viewport, &error)) {
        message = take_error(f, error, "librsvg could not draw it");
        error = NULL;
    } else if ((status = f->cairo_status(cr)) != CAIRO_STATUS_SUCCESS) {
        message = strdup(f->cairo_status_to_string(status));
    }
    if (error != NULL) f->g_error_free(error);
    f->cairo_destroy(cr);
    f->cairo_surface_finish(surface);
    f->cairo_surface_destroy(surface);
    return message;
}

void sweep_svg_close(const SweepSVGFunctions *f, SweepRsvgHandle *handle) { f->g_object_unref(handle); }

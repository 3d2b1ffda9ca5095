#pragma once
// fribidi's types and constants are macros Swift cannot import; one helper
// runs the Unicode bidirectional algorithm (UAX #9) over a line in C.
#include <fribidi.h>
#include <stdbool.h>
#include <stdint.h>

/// Resolves the embedding level of each of `length` code points (even: left
/// to right, odd: right to left) with the paragraph direction taken from the
/// first strong character, and mirrors brackets in right-to-left runs in place
/// (rule L4). `types` and `brackets` are scratch space of `length` each.
/// Returns the highest level, or -1 when fribidi fails; `*rtl` says whether
/// the paragraph is right to left.
static inline int sweep_bidi_levels(uint32_t *text, int length, uint8_t *levels,
                                    uint32_t *types, uint32_t *brackets, bool *rtl) {
    FriBidiParType direction = FRIBIDI_PAR_ON;
    fribidi_get_bidi_types(text, length, types);
    fribidi_get_bracket_types(text, length, types, brackets);
    FriBidiLevel highest = fribidi_get_par_embedding_levels_ex(types, brackets, length, &direction,
                                                                (FriBidiLevel *)levels);
    if (highest == 0) return -1;
    fribidi_shape_mirroring((FriBidiLevel *)levels, length, text);
    *rtl = FRIBIDI_IS_RTL(direction);
    return highest - 1;
}

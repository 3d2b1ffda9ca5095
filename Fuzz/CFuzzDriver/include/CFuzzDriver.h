#pragma once
// libFuzzer's entry for programs that have their own main (compiler-rt's FuzzerInterface.h).
// The fuzz targets call it from Swift: SwiftPM links an executable target's own main in place of
// libFuzzer's whenever the package has test targets.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

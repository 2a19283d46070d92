// libFuzzer's driver, which the fuzz targets call from their own `main` (SwiftPM names an
// executable's entry point itself, so libFuzzer's `main` is never linked).
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

// Declarations only (include/CFuzzDriver.h); libFuzzer defines them.

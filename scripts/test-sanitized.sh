#!/usr/bin/env bash
# make test-asan / make test-tsan: the unit tests and the end-to-end tests of the demo and the
# picker (through the scripted compositor), everything built with -sanitize=address or
# -sanitize=thread in .build-asan / .build-tsan. The apps the tests start are the sanitized
# builds too, and a sanitizer's report ends a process with a failing status, so it fails the
# test that started it. Leaks in the system's libraries (fontconfig's caches, dbus) are
# suppressed by scripts/sanitizers/lsan.supp; every suppression says why.
set -euo pipefail
cd "$(dirname "$0")/.."
kind=${1:?usage: $0 address|thread}
swift=${SWIFT:-swift}
case "$kind" in
  address) scratch=.build-asan ;;
  thread) scratch=.build-tsan ;;
  *) echo "usage: $0 address|thread" >&2; exit 64 ;;
esac
# Unit test targets, and the end-to-end suites of the demo and the picker under the scripted compositor.
filter=${SANITIZED_TESTS:-'^(?!EndToEndTests\.)|^EndToEndTests\.(PickRunTests|HostileCompositorRunTests|TouchSweepRunTests|GridRunTests|DemoPagesRunTests|HelloSelectRunTests|ClipboardRunTests|DecorationRunTests|ContextMenuRunTests|DamageRunTests)/'}
here=$PWD
export ASAN_OPTIONS="abort_on_error=0:exitcode=86:detect_leaks=1:halt_on_error=1"
export LSAN_OPTIONS="suppressions=$here/scripts/sanitizers/lsan.supp:print_suppressions=0:exitcode=86"
export TSAN_OPTIONS="halt_on_error=1:exitcode=86:suppressions=$here/scripts/sanitizers/tsan.supp"
$swift build --build-tests --sanitize "$kind" --scratch-path "$scratch"
bin=$($swift build --sanitize "$kind" --scratch-path "$scratch" --show-bin-path)
SWEEP_BIN_DIR="$bin" $swift test --skip-build --sanitize "$kind" --scratch-path "$scratch" --filter "$filter"

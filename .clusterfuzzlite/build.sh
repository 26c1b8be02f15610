#!/bin/bash -eu
# ClusterFuzzLite / OSS-Fuzz build script (docs/oss-fuzz.md): run by the builder image with $SRC,
# $OUT, $WORK, $SANITIZER and the compiler flags set; scripts/oss-fuzz-build runs it here the same
# way. Builds the libFuzzer target once, copies it to $OUT/waterfall-fuzz-NAME per engine (a copy
# named so fuzzes NAME with no flag), with a seed corpus and an .options file per target.
. precompile_swift
cd "$SRC/WaterfallCheck"
# precompile_swift exports two flag sets: SWIFTFLAGS for packages below swift-tools-version 6.2,
# SWIFT6_2FLAGS (SwiftPM's own --sanitize=fuzzer, no -parse-as-library) from 6.2 on.
tools=$(sed -n '1s/.*swift-tools-version: *\([0-9.]*\).*/\1/p' Package.swift)
flags=$SWIFTFLAGS
if [ "$(printf '%s\n6.2\n' "$tools" | sort -V | head -1)" = "6.2" ]; then flags=${SWIFT6_2FLAGS:-$SWIFTFLAGS}; fi
# The fuzz target's library is declared only under WATERFALL_LIBFUZZ=1 (Package.swift).
# shellcheck disable=SC2086
WATERFALL_LIBFUZZ=1 swift build -c release --product WaterfallCheckLibFuzz $flags
bin=.build/release
sanitizers=-sanitize=fuzzer
[ "$SANITIZER" = "coverage" ] || sanitizers=-sanitize=fuzzer,$SANITIZER
[ "$SANITIZER" = "coverage" ] && sanitizers="$sanitizers -profile-generate -profile-coverage-mapping"
# shellcheck disable=SC2046,SC2086
swiftc -O -parse-as-library -static-stdlib $sanitizers \
  -I $bin/Modules -I Sources/CWaterfallCheckJSONC $(pkg-config --cflags-only-I json-c | sed 's/-I/-Xcc -I/g') \
  Sources/WaterfallCheckLibFuzz/Entry/main.swift $bin/libWaterfallCheckLibFuzz.a \
  $(pkg-config --libs json-c) -o "$OUT/waterfall-fuzz-reference"
# The classic engines are faithful ports with their bugs kept: they fail at once, which shows the
# target finds real bugs. classic 002's pile-up is its no-overlap failure (its other bugs fail
# other invariants first), so that target checks no-overlap only: an .options file is how
# ClusterFuzz passes a target its flags.
for engine in classic-002-waterflowlayout; do
  cp "$OUT/waterfall-fuzz-reference" "$OUT/waterfall-fuzz-$engine"
done
printf '[libfuzzer]\ninvariants = no-overlap\n' >"$OUT/waterfall-fuzz-classic-002-waterflowlayout.options"
# Seed corpora from Fixtures/ ($OUT/<target>_seed_corpus.zip).
for target in "$OUT"/waterfall-fuzz-*; do
  case "$target" in *.options|*.zip) continue ;; esac
  name=$(basename "$target")
  rm -rf "$WORK/seeds-$name"
  # (Writing the corpus exits from LLVMFuzzerInitialize; LeakSanitizer's exit check would count
  # the process's live globals as leaks, so it is off for this one step.)
  ASAN_OPTIONS=detect_leaks=0 "$target" -write_corpus="$WORK/seeds-$name" Fixtures
  (cd "$WORK/seeds-$name" && zip -q -r "$OUT/${name}_seed_corpus.zip" .)
done

#!/usr/bin/env bash
# One device call that verifies and times the decode kernels:
#   bash benchmarks/kernel_verify.sh          (results: $OUT/r.tgz, one file)
# GPU 0: the CUDA test files (test_decode_cuda.py and EXTRA_TESTS), in TEST_PROCS (12) pytest processes;
# GPU 1: the bench with every extra row (FLA in the same run), then ncu source profiles of one launch each of
#        the decode and the boundary (GDN 512, V-first).
# On a machine with one GPU (nvidia-h200) the two groups run one after the other on it (tests first), so that the
# bench never shares the GPU with the tests: budget the call for their sum.
# <what>_sass.csv.gz: ncu's per-instruction source page (summarise with benchmarks/ncu_lines.py; per line of the
# generated CUDA, from a local -lineinfo build of the same program, with benchmarks/sass_lines.py).
# TEST_TIMEOUT: seconds per test process (540; keep it ~40 s under the call's limit, or the archive is never written
# and the results are lost). EXTRA_TESTS: more test files (TESTS: the test files instead, TEST_FILTER: a pytest -k
# expression); AFTER_TESTS: a command run on GPU 0 once the tests end (its output in after_tests.txt; $R is the
# results folder); BENCH_BUDGET: the bench's seconds (300; 0: no bench); BENCH_ARGS: more kernel_device.py options
# (e.g. --graphs); PROFILE_WHAT: the launches profiled ("decode boundary"; empty: none); PROFILE_ARGS: the profiled
# configuration, kernel_device.py --profile-only options (e.g. "--profile-model kda --set decode=persistent").
set -u
export R=$OUT/r; mkdir -p $R/k
T0=$(date +%s)
NGPU=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU')
if [ "${NGPU:-0}" -ge 2 ]; then BENCH_GPU=1; else BENCH_GPU=0; fi
# the CUDA tests, collected and split in contiguous runs over TEST_PROCS pytest processes (compiling is most of their
# time, and neighbouring ids share a configuration: each compiles it once;
# the machine has 32 cores): every test node id runs exactly once
TESTS="${TESTS:-tests/kernels/test_decode_cuda.py ${EXTRA_TESTS:-}}"
( export CUDA_VISIBLE_DEVICES=0
  python -m pytest --collect-only -q $TESTS ${TEST_FILTER:+-k "$TEST_FILTER"} 2>/dev/null | grep '::' > $R/test_ids.txt
  split -n l/${TEST_PROCS:-12} $R/test_ids.txt $R/ids_
  for f in $R/ids_*; do
    [ -s $f ] || continue      # an empty chunk would run the whole file
    timeout ${TEST_TIMEOUT:-540} python -m pytest -q $(cat $f) > $R/pytest_${f##*/ids_}.txt 2>&1 &
  done
  wait; echo "tests $(( $(date +%s) - T0 )) s" >> $R/times.txt
  if [ -n "${AFTER_TESTS:-}" ]; then timeout 200 bash -c "${AFTER_TESTS}" > $R/after_tests.txt 2>&1
    echo "after_tests $(( $(date +%s) - T0 )) s" >> $R/times.txt; fi ) &
[ $BENCH_GPU -eq 0 ] && wait     # one GPU: the bench waits for the tests
( export CUDA_VISIBLE_DEVICES=$BENCH_GPU
  B=${BENCH_BUDGET:-300}
  if [ "$B" -gt 0 ]; then
    timeout $((B + 30)) python benchmarks/kernel_device.py --out $R/k --extras --no-check --batches 32,256,512 --budget-s $B ${BENCH_ARGS:-} \
        > $R/k/stdout.txt 2>&1
    echo "bench $(( $(date +%s) - T0 )) s" >> $R/times.txt
  fi
  for what in ${PROFILE_WHAT-decode boundary}; do
    timeout 90 ncu --clock-control none -k regex:${what}_kernel --launch-skip 1 -c 1 --set full \
        --import-source yes -o $R/$what python benchmarks/kernel_device.py --profile-only ${PROFILE_ARGS:-} \
        > $R/ncu_${what}_log.txt 2>&1
    [ -f $R/$what.ncu-rep ] && ncu -i $R/$what.ncu-rep --page details > $R/${what}_details.txt 2>> $R/ncu_${what}_log.txt \
      && ncu -i $R/$what.ncu-rep --page source --csv --print-source sass | gzip > $R/${what}_sass.csv.gz
    rm -f $R/$what.ncu-rep
  done
  echo "ncu $(( $(date +%s) - T0 )) s" >> $R/times.txt ) &
wait
tar czf $OUT/r.tgz -C $OUT r && rm -rf $R

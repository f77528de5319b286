#!/usr/bin/env bash
# One device call of measured 32-trial tuner studies at batch 256 that load launches built ahead on a CPU, then the
# CUDA tests of the prebuilt kernels with the time left:
#   source .devbundle/setup.sh && bash benchmarks/tune_device.sh      (results: $OUT/r.tgz)
# The stores, built here on a CPU machine for sm_90 (the H100 and H200 share it) and carried as .scratch/ks-F.tar.xz:
#   leapquant tune --model F --gpu h200 --trials 32 --speed build --kernels KS/F --study-dir KS/study-F --workers 8 \
#     --runner local --batch 256 --no-kernel-files --out KS/out-F --json -q && tar -cJf .scratch/ks-F.tar.xz -C KS F
# The GPU is read from nvidia-smi (an H200 or an H100; another exits 2 naming it): FAMILIES (gdn kda) run on an
# H200, FAMILIES_H100 (none) on an H100.
# A folder .scratch/study-F-GPU, the study dir of an earlier call, is copied in first, so the study resumes.
# STUDY_S: each study's --timeout (170); TESTS_S: seconds from the start by which the tests must end (570);
# TEST_FILTER: the pytest -k of the first test run (the store's launches), the rest of the file after it.
set -u
SECONDS=0
R=$OUT/r; mkdir -p $R
name=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)
echo "$name, $(nproc) CPUs" > $R/gpu.txt
case $name in
  *H200*) gpu=h200; families=${FAMILIES:-gdn kda} ;;
  *H100*) gpu=h100; families=${FAMILIES_H100:-none} ;;
  *) echo "tune_device.sh: GPU ${name:-none found} is neither an H200 nor an H100" | tee -a $R/gpu.txt >&2; exit 2 ;;
esac
echo "gpu=$gpu families=$families" >> $R/gpu.txt
mkdir -p /tmp/ks
for f in .scratch/ks-*.tar.xz; do [ -f "$f" ] && tar -xJf "$f" -C /tmp/ks; done
snap() { tar czf $OUT/r.tgz -C $OUT r; }
study=${STUDY_S:-170}
if [ "$families" != none ]; then
  for F in $families; do
    [ -d .scratch/study-$F-$gpu ] && cp -r .scratch/study-$F-$gpu $R/study-$F
    ( time timeout $((study + 60)) python -m leapquant.cli tune --model $F --gpu $gpu --trials 32 --timeout $study \
        --batch 256 --speed measured --kernels /tmp/ks/$F --runner local --workers 8 --no-kernel-files \
        --out $R/tune-$F --study-dir $R/study-$F --json ) > $R/tune-$F.txt 2> $R/tune-$F.err
    echo "rc=$?" >> $R/tune-$F.err
    snap
  done
fi
tests=tests/kernels/test_cubin_cuda.py
filter=${TEST_FILTER:-tuner_kernel_store}
left=$(( ${TESTS_S:-570} - SECONDS ))
echo "tests: $left s" >> $R/gpu.txt
if [ $left -gt 60 ]; then
  timeout $left python -m pytest -q -v $tests -k "$filter" > $R/tests.txt 2>&1; echo "rc=$?" >> $R/tests.txt
  snap
  left=$(( ${TESTS_S:-570} - SECONDS ))
  if [ $left -gt 60 ]; then
    timeout $left python -m pytest -q -v $tests -k "not ($filter)" > $R/tests-rest.txt 2>&1
    echo "rc=$?" >> $R/tests-rest.txt
  fi
fi
snap
cp $R/gpu.txt $OUT/gpu.txt

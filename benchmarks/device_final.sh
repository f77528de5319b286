#!/usr/bin/env bash
# Session-3 device call 3 (nvidia-h200-x2): GPU 1 finishes RWKV-7's study (leapquant, leapquant-6 at
# 32K bytes; issue 5); GPU 0 runs the kernel tests with the new default decode read (zrows, 6 programs
# per SM), times it against v4a (--extras), profiles one boundary launch per SASS line, and runs the
# graphed-evolve tests (issue 6 / issue 4). Results in $OUT/r.tgz.
set -u
R=$OUT/r; mkdir -p $R/k $R/study
cp results/accuracy/*.json $R/study/
export CUDA_DEVICE_MAX_CONNECTIONS=32
( CUDA_VISIBLE_DEVICES=1 timeout 300 python -m leapquant.models.study --models rwkv7 --tokens 32768 --tag 32k \
    --configs leapquant,leapquant-6 --device cuda --parallel 24 --resume --data .devdata --out $R/study --json \
    --progress-log $R/study/progress.txt > $R/study/stdout.txt 2>&1
  python -m leapquant.models.study --report --tag 32k --out $R/study > /dev/null 2>&1 ) &
export CUDA_VISIBLE_DEVICES=0
T0=$(date +%s)
python -m pytest -q tests/kernels/test_decode_cuda.py 2>&1 | tail -15 > $R/pytest_kernels.txt
echo "kernel tests $(( $(date +%s) - T0 )) s" >> $R/times.txt
python benchmarks/kernel_device.py --out $R/k --extras --no-check --batches 32,256,512 --budget-s 100 > $R/k/stdout.txt 2>&1
echo "bench $(( $(date +%s) - T0 )) s" >> $R/times.txt
timeout 120 ncu --clock-control none -k regex:boundary_kernel --launch-skip 1 -c 1 --set full --import-source yes \
    -o $R/bnd python benchmarks/kernel_device.py --profile-only > $R/ncu_log.txt 2>&1
ncu -i $R/bnd.ncu-rep --page source --csv --print-source sass > $R/bnd_sass.csv 2>> $R/ncu_log.txt
ncu -i $R/bnd.ncu-rep --page details > $R/bnd_details.txt 2>> $R/ncu_log.txt
rm -f $R/bnd.ncu-rep
echo "ncu $(( $(date +%s) - T0 )) s" >> $R/times.txt
python -m pytest -q tests/test_cuda_graphs.py 2>&1 | tail -8 > $R/pytest_graphs.txt
echo "graph tests $(( $(date +%s) - T0 )) s" >> $R/times.txt
wait
tar czf $OUT/r.tgz -C $OUT r && rm -rf $R

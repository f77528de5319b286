#!/usr/bin/env bash
# One device call that verifies and times what session 3 prepared without a GPU (issue 6):
#   source .devbundle/setup.sh && bash benchmarks/kernel_verify.sh          (results: $OUT/r.tgz, one file)
# 1. the CUDA kernel tests of the v5 boundary, the FP8 and INT4 residuals and the C = 1 overflow path;
# 2. the bench with the v5 and FP8 rows beside the default (--extras), FLA in the same run;
# 3. ncu source profiles of one v5 boundary launch and one default decode launch (GDN 512, V-first).
set -u
R=$OUT/r; mkdir -p $R/k
T0=$(date +%s)
# the tests of what is new (the rest of the file passed in session 3: 41 tests, 276 s)
python -m pytest -q tests/kernels/test_decode_cuda.py -k "v5 or other_residual or one_program" 2>&1 | tail -25 > $R/pytest_kernels.txt
echo "tests $(( $(date +%s) - T0 )) s" >> $R/times.txt
python benchmarks/kernel_device.py --out $R/k --extras --no-check --batches 32,256,512 --budget-s 150 > $R/k/stdout.txt 2>&1
echo "bench $(( $(date +%s) - T0 )) s" >> $R/times.txt
timeout 150 ncu --clock-control none -k regex:boundary_kernel --launch-skip 1 -c 1 --set full --import-source yes \
    -o $R/bnd5 python benchmarks/kernel_device.py --profile-only --bv5 > $R/ncu_log.txt 2>&1 \
  && ncu -i $R/bnd5.ncu-rep --page details > $R/bnd5_details.txt 2>> $R/ncu_log.txt \
  && ncu -i $R/bnd5.ncu-rep --page source --csv --print-source sass | gzip > $R/bnd5_sass.csv.gz
rm -f $R/bnd5.ncu-rep
timeout 150 ncu --clock-control none -k regex:decode_kernel --launch-skip 1 -c 1 --set full --import-source yes \
    -o $R/dec python benchmarks/kernel_device.py --profile-only > $R/ncu_dec_log.txt 2>&1 \
  && ncu -i $R/dec.ncu-rep --page details > $R/dec_details.txt 2>> $R/ncu_dec_log.txt \
  && ncu -i $R/dec.ncu-rep --page source --csv --print-source sass | gzip > $R/dec_sass.csv.gz
rm -f $R/dec.ncu-rep
echo "ncu $(( $(date +%s) - T0 )) s" >> $R/times.txt
tar czf $OUT/r.tgz -C $OUT r && rm -rf $R

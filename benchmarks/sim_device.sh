#!/usr/bin/env bash
# One device call for the simulator and the accuracy study (issues 4 and 5):
#   source .devbundle/setup.sh && bash benchmarks/sim_device.sh
# GPU tests of the graphed evolve path, the simulator benchmark (GDN, KDA, 64K tokens x 32 heads),
# then the study on the first STUDY_TOKENS bytes of Persuasion (data copied to .devdata/), time-boxed;
# everything lands in $OUT/r.tgz.
set -u
R=$OUT/r; mkdir -p $R/study
S=${STUDY_TOKENS:-200000}
nvidia-smi --query-gpu=name,memory.used --format=csv > $R/gpu.txt 2>&1
[ -n "${SKIP_TESTS:-}" ] || python -m pytest -q tests/test_cuda_graphs.py tests/test_window.py tests/test_pipeline.py tests/test_simulate.py \
    tests/models 2>&1 | tail -30 > $R/pytest.txt
for m in ${BENCH_MODELS-gdn kda}; do
  python benchmarks/bench_simulate.py --model $m --device cuda --out $R > $R/bench_$m.txt 2>&1
done
( time timeout ${GDN_KDA_S:-280} python -m leapquant.models.study --models gdn,kda --tokens $S --device cuda ${STUDY_CONFIGS:+--configs $STUDY_CONFIGS} \
    --parallel ${PARALLEL:-12} --data .devdata --out $R/study --json ) > $R/study_gdn_kda.txt 2>&1
[ "${RWKV_S:-170}" = 0 ] || ( time timeout ${RWKV_S:-170} python -m leapquant.models.study --models rwkv7 --tokens $S --device cuda --parallel 8 \
    --configs fp32,bf16,fp8-e4m3-channel,int8-channel,mxfp8,leapquant,leapquant-6,leapquant-4 \
    --data .devdata --out $R/study --json ) > $R/study_rwkv7.txt 2>&1
python -m leapquant.models.study --report --out $R/study > /dev/null 2>&1
tar czf $OUT/r.tgz -C $OUT r && rm -rf $R

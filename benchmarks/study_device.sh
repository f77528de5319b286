#!/usr/bin/env bash
# The accuracy study on a GPU machine (issue 5), one model per GPU, all of a model's configs at once:
#   source .devbundle/setup.sh && STUDY_MODELS="gdn kda" STUDY_TOKENS=200000 bash benchmarks/study_device.sh
# Model i of STUDY_MODELS runs on GPU i mod (number of GPUs), `--parallel` = number of configs; each
# process is time-boxed (STUDY_S seconds); configs finished by then are in the JSON (resumable with
# --resume). Needs .devdata/ (corpora + the RWKV-7 file, copied from ../shared/data). Results: $OUT/r.tgz.
set -u
R=$OUT/r; mkdir -p $R
export CUDA_DEVICE_MAX_CONNECTIONS=32      # more hardware queues: many streams of small kernels overlap
NGPU=$(nvidia-smi -L | wc -l)
nvidia-smi --query-gpu=name,memory.used --format=csv > $R/gpu.txt 2>&1
[ -n "${SEED_DIR:-}" ] && cp $SEED_DIR/*.json $R/ 2>/dev/null
i=0
for m in ${STUDY_MODELS:-gdn kda}; do
  ( time CUDA_VISIBLE_DEVICES=$(( i % NGPU )) timeout ${STUDY_S:-540} python -m leapquant.models.study --models $m \
      --device cuda --parallel 24 ${STUDY_TOKENS:+--tokens $STUDY_TOKENS} ${STUDY_TAG:+--tag $STUDY_TAG} \
      ${STUDY_CONFIGS:+--configs $STUDY_CONFIGS} --resume --data .devdata --out $R --json \
      --progress-log $R/progress-$m.txt ) > $R/study-$m.txt 2>&1 &
  i=$(( i + 1 ))
done
wait
python -m leapquant.models.study --report ${STUDY_TAG:+--tag $STUDY_TAG} --out $R > /dev/null 2>&1
tar czf $OUT/r.tgz -C $OUT r && rm -rf $R

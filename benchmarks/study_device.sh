#!/usr/bin/env bash
# The accuracy study on a GPU machine (issue 5): each argument is one job, "GPU:study arguments",
# and every job runs at once (a job runs all its configs at once: --parallel 24), e.g.
#   source .devbundle/setup.sh && bash benchmarks/study_device.sh \
#       "0:--models gdn --tokens 200000 --tag 200k" "1:--models kda --tokens 200000 --tag 200k"
# Each job is time-boxed (STUDY_S seconds); configs finished by then are in the JSON, and every job
# resumes (--resume) from the JSON files of results/accuracy/ copied into the output folder first.
# Jobs of the same model and tag must not share a JSON: give them SPLIT=1 (job i writes to $OUT/r/job<i>/)
# and merge afterwards (python -m leapquant.models.study --merge DIR... --out results/accuracy --tag T).
# Needs .devdata/ (the corpora and the RWKV-7 file, copied from ../shared/data). Results: $OUT/r.tgz.
set -u
R=$OUT/r; mkdir -p $R
cp results/accuracy/*.json $R/
export CUDA_DEVICE_MAX_CONNECTIONS=32      # more hardware queues: many streams of small kernels overlap
nvidia-smi --query-gpu=name,memory.used --format=csv > $R/gpu.txt 2>&1
i=0
for job in "$@"; do
  gpu=${job%%:*}; args=${job#*:}
  dst=$R; [ -n "${SPLIT:-}" ] && { dst=$R/job$i; mkdir -p $dst; }
  ( time CUDA_VISIBLE_DEVICES=$gpu timeout ${STUDY_S:-540} python -m leapquant.models.study $args --device cuda \
      --parallel 24 --resume --data .devdata --out $dst --json --progress-log $R/progress-$i.txt ) > $R/study-$i.txt 2>&1 &
  i=$(( i + 1 ))
done
wait
for t in "" long novel 200k 32k; do python -m leapquant.models.study --report ${t:+--tag $t} --out $R > /dev/null 2>&1; done
tar czf $OUT/r.tgz -C $OUT r && rm -rf $R

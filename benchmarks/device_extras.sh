#!/usr/bin/env bash
# Packs what the GPU machine lacks beyond .devbundle/ into a folder of its own, to carry beside .devbundle/:
#   bash benchmarks/device_extras.sh ray            # -> .devray/ (about 21 MB): Ray core for tuner/gpu_actors.py
#   bash benchmarks/device_extras.sh transformers   # -> .devhf/ (1.5 MB): transformers 5.23 (LinearAttentionLayer), 4 models
# then carry [".devbundle", ".devray"] and start the command with
#   source .devbundle/setup.sh && source .devray/setup.sh && ...
# Ray's wheel is 79 MB; without its Java jars (cross-language workers), dashboard source maps and the rllib, data,
# serve, train, tune and llm libraries (the tuner uses Ray core: tasks, actors, GPU resources) it packs to 21 MB,
# which travels beside the slimmed 37.6 MB .devbundle/ within a call's 64 MiB.
set -euo pipefail
what=${1:?ray or transformers}
root=$(git rev-parse --show-toplevel)
case $what in
  ray) dir=.devray; pkgs=(ray==2.58.0 jsonschema==4.25.1 jsonschema-specifications==2025.9.1 referencing==0.37.0
                             rpds-py==0.30.0) ;;
  transformers) dir=.devhf; pkgs=(transformers==5.23.0) ;;
  *) echo "device_extras.sh: expected ray or transformers, got $what" >&2; exit 2 ;;
esac
grep -qxF "/$dir/" "$root/.git/info/exclude" 2>/dev/null || echo "/$dir/" >>"$root/.git/info/exclude"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python3 -m pip download -q --no-deps --only-binary=:all: --python-version 3.12 --implementation cp \
  --platform manylinux_2_17_x86_64 --platform manylinux2014_x86_64 -d "$tmp/whl" "${pkgs[@]}"
mkdir "$tmp/site"
for w in "$tmp"/whl/*.whl; do    # keeps each file's mode (Ray's gcs_server and raylet are executables)
  python3 - "$w" "$tmp/site" <<'PY'
import os, sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as z:
    for info in z.infolist():
        path = z.extract(info, sys.argv[2])
        mode = info.external_attr >> 16
        if mode and not info.is_dir():
            os.chmod(path, mode & 0o777)
PY
done
if [[ $what == ray ]]; then
  (cd "$tmp/site/ray" && rm -rf jars rllib data serve train tune llm && find dashboard -name '*.map' -delete)
else    # the models the serving tests and benchmarks run: Qwen3-Next, Kimi-Linear (and Llama, a non-hybrid check)
  (cd "$tmp/site/transformers/models" && for d in */; do
     case ${d%/} in auto|qwen3_next|kimi_linear|llama) ;; *) rm -rf "$d" ;; esac; done)
fi
mkdir -p "$root/$dir"
(cd "$tmp/site" && tar -cf - . | xz -T0 -9e >"$tmp/site.tar.xz")
mv "$tmp/site.tar.xz" "$root/$dir/site.tar.xz"
cat >"$root/$dir/setup.sh" <<SH
# source $dir/setup.sh : unpacks $what once per machine and puts it first on PYTHONPATH
_x=/tmp/lq-$what
if [[ ! -f \$_x/.done ]]; then
  mkdir -p \$_x && tar -xJf "\$(cd "\$(dirname "\${BASH_SOURCE[0]}")" && pwd)/site.tar.xz" -C \$_x && touch \$_x/.done
fi
export PYTHONPATH=\$_x\${PYTHONPATH:+:\$PYTHONPATH}
SH
du -sh "$root/$dir/site.tar.xz"

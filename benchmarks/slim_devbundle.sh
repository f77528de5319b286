#!/usr/bin/env bash
# Slims .devbundle/ (made by ../shared/device/bundle.sh) to travel beside the tracked tree within a device call's
# 64 MiB, and adds pydantic (the recipes need it; the GPU image lacks it):
#   bash ../shared/device/bundle.sh && bash benchmarks/slim_devbundle.sh
# Dropped: sqlalchemy, alembic and Mako (Optuna's RDB storage only; the tuner keeps its studies in journal files),
# TileLang's C++ sources (*.cc) and its non-CUDA templates and backends (ascend, hip, rocm, metal). About 37.6 MB.
set -euo pipefail
root=$(git rev-parse --show-toplevel)
tar_file=$root/.devbundle/site.tar.xz
[[ -f $tar_file ]] || { echo "no $tar_file: run ../shared/device/bundle.sh first" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/site" && tar -xJf "$tar_file" -C "$tmp/site"
cd "$tmp/site"
rm -rf sqlalchemy* alembic* mako* tilelang/3rdparty/tvm/src tilelang/3rdparty/cutlass/tools
find tilelang/src -name '*.cc' -delete
rm -rf tilelang/src/tl_templates/{hip,ascend} tilelang/src/{ascend,rocm,metal}
find tilelang/src -type d -empty -delete
python3 -m pip download -q --no-deps --only-binary=:all: --python-version 3.12 --implementation cp \
  --platform manylinux_2_17_x86_64 --platform manylinux2014_x86_64 -d "$tmp/whl" \
  pydantic==2.14.4 pydantic_core==2.50.5 annotated-types==0.8.0 typing-inspection==0.4.5
for w in "$tmp"/whl/*.whl; do python3 -c "import sys, zipfile; zipfile.ZipFile(sys.argv[1]).extractall(sys.argv[2])" "$w" .; done
tar -cf - . | xz -T0 -9e >"$tmp/site.tar.xz"
mv "$tmp/site.tar.xz" "$tar_file"
du -sh "$tar_file"

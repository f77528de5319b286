"""Train the byte-level GDN and KDA hybrid LMs (see `hybrid.py`), one after the other, in one process.

    python -m leapquant.models.train --model both --data .devdata --out $OUT            # GPU, FLA kernels
    python -m leapquant.models.train --model gdn --tiny --device cpu --steps 3 --out /tmp/t   # CPU smoke test

Training data: every `*.txt` in --data except the held-out novels (persuasion and northanger abbey),
concatenated as bytes; batches are random windows drawn from a generator seeded by --seed. The run
stops after --steps optimizer steps or --time-budget seconds of training (whichever comes first; the
learning-rate schedule follows whichever fraction is larger), so a run is reproducible from the seed
up to that cap and GPU nondeterminism. The first step (FLA autotunes and compiles: ~90 s for GDN,
~140 s for KDA) is timed separately and is not counted in the budget. Writes, under --out:
`{model}.safetensors` (bf16 weights, config in the metadata) and `{model}-log.json` (loss curve,
held-out bits per byte, timings).
"""
from __future__ import annotations

import argparse
import json
import math
import time
from pathlib import Path

import torch
import torch.nn.functional as F

from leapquant.files import write_text_atomic
from leapquant.models.hybrid import HybridConfig, HybridLM, save

HELD_OUT = ("austen-persuasion.txt", "austen-northangerabbey.txt")


def read_corpus(data: Path, held_out: bool) -> tuple[torch.Tensor, list[str]]:
    files = sorted(p for p in Path(data).glob("*.txt") if (p.name in HELD_OUT) == held_out)
    if not files:
        raise SystemExit(f"no {'held-out' if held_out else 'training'} .txt files in {data}")
    raw = b"".join(p.read_bytes() for p in files)
    return torch.frombuffer(bytearray(raw), dtype=torch.uint8).long(), [p.name for p in files]


def tiny_config(kind: str) -> HybridConfig:
    return HybridConfig(kind=kind, d_model=32, n_layers=2, n_heads=1, head_dim=16, d_ff=48,
                        attn_layers=[1], gate_rank=4, attn_window=64)


@torch.no_grad()
def held_out_bpb(model: HybridLM, data: torch.Tensor, seq: int, batch: int, n_seq: int, device, backend) -> float:
    """Bits per byte over the first n_seq windows of `seq` bytes (each window from a zero state)."""
    n_seq = min(n_seq, (len(data) - 1) // seq)
    total, count = 0.0, 0
    for s in range(0, n_seq, batch):
        idx = torch.arange(s, min(s + batch, n_seq))
        x = torch.stack([data[i * seq:(i + 1) * seq + 1] for i in idx]).to(device)
        with torch.autocast("cuda", torch.bfloat16, enabled=device.type == "cuda"):
            logits = model(x[:, :-1], backend=backend)
        total += F.cross_entropy(logits.float().reshape(-1, 256), x[:, 1:].reshape(-1), reduction="sum").item()
        count += x[:, 1:].numel()
    return total / count / math.log(2)


def train_one(kind: str, args, device: torch.device) -> dict:
    torch.manual_seed(args.seed)
    gen = torch.Generator().manual_seed(args.seed)
    train, train_files = read_corpus(args.data, held_out=False)
    held, held_files = read_corpus(args.data, held_out=True)
    cfg = tiny_config(kind) if args.tiny else HybridConfig(kind=kind, attn_window=args.seq)
    model = HybridLM(cfg).to(device)
    backend = args.backend or ("fla" if device.type == "cuda" else "naive")
    decay, no_decay = [], []
    for n, p in model.named_parameters():
        (decay if p.dim() >= 2 and "conv" not in n else no_decay).append(p)
    opt = torch.optim.AdamW([{"params": decay, "weight_decay": 0.1}, {"params": no_decay, "weight_decay": 0.0}],
                            lr=args.lr, betas=(0.9, 0.95), fused=device.type == "cuda")
    log = {"model": kind, "config": cfg.__dict__, "params": model.num_params(), "seed": args.seed,
           "batch": args.batch, "seq": args.seq, "lr": args.lr, "train_files": train_files,
           "held_out_files": held_files, "train_bytes": len(train), "backend": backend, "loss": []}
    print(f"[{kind}] {model.num_params():,} params, {len(train):,} training bytes, backend {backend}", flush=True)

    def batch():
        i = torch.randint(0, len(train) - args.seq - 1, (args.batch,), generator=gen)
        x = torch.stack([train[j:j + args.seq + 1] for j in i.tolist()])
        return x.to(device, non_blocking=True)

    def loss_of(x):
        with torch.autocast("cuda", torch.bfloat16, enabled=device.type == "cuda"):
            logits = model(x[:, :-1], backend=backend)
        return F.cross_entropy(logits.float().reshape(-1, 256), x[:, 1:].reshape(-1))

    t0 = time.perf_counter()
    step, t_train, progress = 0, None, 0.0
    while progress < 1.0:
        frac = max(step / args.steps, 0.0 if t_train is None else (time.perf_counter() - t_train) / args.time_budget)
        lr = args.lr * min(1.0, (step + 1) / args.warmup) * (0.1 + 0.9 * 0.5 * (1 + math.cos(math.pi * min(frac, 1.0))))
        for g in opt.param_groups:
            g["lr"] = lr
        loss = loss_of(batch())
        opt.zero_grad(set_to_none=True)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        opt.step()
        step += 1
        if t_train is None:  # the first step compiles FLA's kernels
            if device.type == "cuda":
                torch.cuda.synchronize()
            log["first_step_s"] = round(time.perf_counter() - t0, 1)
            print(f"[{kind}] first step (compile) {log['first_step_s']} s", flush=True)
            t_train = time.perf_counter()
        if step % args.log_every == 0 or step == 1:
            lv = loss.item()
            el = time.perf_counter() - t_train
            log["loss"].append([step, round(el, 2), lv / math.log(2)])
            if step % (args.log_every * 10) == 0:
                print(f"[{kind}] step {step} {el:.0f}s loss {lv / math.log(2):.3f} bits/byte lr {lr:.2e}", flush=True)
        progress = max(step / args.steps, (time.perf_counter() - t_train) / args.time_budget)
    log["steps"] = step
    log["train_s"] = round(time.perf_counter() - t_train, 1)
    log["stopped_by"] = "steps" if step >= args.steps else "time budget"
    model.eval()
    log["held_out_bpb_2k"] = held_out_bpb(model, held, args.seq, args.batch, args.eval_seqs, device, backend)
    log["held_out_bytes_eval"] = min(args.eval_seqs, (len(held) - 1) // args.seq) * args.seq
    print(f"[{kind}] {step} steps in {log['train_s']} s; held-out {log['held_out_bpb_2k']:.3f} bits/byte", flush=True)
    out = Path(args.out)
    save(model, out / f"{kind}.safetensors", extra={"steps": step, "seed": args.seed})
    write_text_atomic(out / f"{kind}-log.json", json.dumps(log, indent=1))
    return log


def _check_args(ap: argparse.ArgumentParser, args) -> None:
    """Every number, the device and the output folder, before any work (argparse's usage error, exit 2)."""
    from leapquant.errors import InputError
    from leapquant.files import check_output_dir
    from leapquant.options import parse_device

    for name in ("steps", "batch", "seq", "warmup", "log_every", "eval_seqs"):
        if getattr(args, name) < 1:
            ap.error(f"--{name.replace('_', '-')} must be an integer >= 1, got {getattr(args, name)}")
    for name in ("time_budget", "lr"):
        if not 0 < getattr(args, name) < math.inf:
            ap.error(f"--{name.replace('_', '-')} must be a positive number, got {getattr(args, name)}")
    if not args.data.is_dir():
        ap.error(f"--data: {str(args.data)!r} is not a folder")
    try:
        parse_device(args.device)
        check_output_dir(args.out, "--out")
    except InputError as e:
        ap.error(str(e))


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--model", choices=["gdn", "kda", "both"], default="both")
    ap.add_argument("--data", type=Path, default=Path("../shared/data/corpora"))
    ap.add_argument("--out", type=Path, default=Path("models"))
    ap.add_argument("--steps", type=int, default=3000)
    ap.add_argument("--time-budget", type=float, default=100.0, help="seconds of training per model (after compile)")
    ap.add_argument("--batch", type=int, default=16)
    ap.add_argument("--seq", type=int, default=2048)
    ap.add_argument("--lr", type=float, default=2e-3)
    ap.add_argument("--warmup", type=int, default=100)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--log-every", type=int, default=10)
    ap.add_argument("--eval-seqs", type=int, default=64)
    ap.add_argument("--device", default="cuda" if torch.cuda.is_available() else "cpu")
    ap.add_argument("--backend", choices=["fla", "naive"], default=None)
    ap.add_argument("--tiny", action="store_true", help="a tiny config (CPU smoke test)")
    args = ap.parse_args(argv)
    _check_args(ap, args)
    device = torch.device(args.device)
    if device.type == "cuda":
        torch.backends.cuda.matmul.allow_tf32 = True
    args.out.mkdir(parents=True, exist_ok=True)
    kinds = ["gdn", "kda"] if args.model == "both" else [args.model]
    failed = []
    for kind in kinds:
        try:
            train_one(kind, args, device)
        except Exception as e:  # keep the other model's run (one device call trains both)
            import traceback
            traceback.print_exc()
            failed.append(kind)
            print(f"[{kind}] FAILED: {e!r}", flush=True)
    if failed:
        raise SystemExit(f"training failed for {failed}")


if __name__ == "__main__":
    main()


def plot_loss_curves(model_dir: Path = Path("models"), out: Path | None = None) -> Path:
    """models/loss.png from the `{model}-log.json` files: training loss (bits per byte) against step."""
    from leapquant.plots import plt, save_figure  # the Agg backend, atomic PNG writes

    fig, ax = plt.subplots(figsize=(6, 4))
    for kind in ("gdn", "kda"):
        p = Path(model_dir) / f"{kind}-log.json"
        if not p.is_file():
            continue
        log = json.loads(p.read_text())
        steps, _, bits = zip(*log["loss"])
        k = 20  # moving average over 20 logged points
        smooth = [sum(bits[max(0, i - k + 1):i + 1]) / len(bits[max(0, i - k + 1):i + 1]) for i in range(len(bits))]
        ax.plot(steps, bits, alpha=0.25)
        ax.plot(steps, smooth, label=f"{kind} (held-out {log['held_out_bpb_2k']:.3f} bits/byte)",
                color=ax.lines[-1].get_color())
    ax.set_xlabel("step (16 x 2048 bytes)")
    ax.set_ylabel("training loss, bits per byte")
    ax.set_ylim(0.8, 4)
    ax.grid(alpha=0.3)
    ax.legend()
    fig.tight_layout()
    return save_figure(fig, out or Path(model_dir) / "loss.png", dpi=110)

"""The kernels' calling protocol (decoder.py) on the CPU, through `LeapDecoder.step` with the two launches replaced by
PyTorch models that follow the programs' index arithmetic: the decode walks the requests as its program does (the
tile decode one program per request; the persistent decode's program b the requests b, b + GP, ...; the warp decode's
warp wi of program b the requests b · NW + wi, then every GP · NW-th one) and appends each request at its window's end
to the list of its parity (an atomic counter; the other parity's counter zeroed); the boundary grid (HV, C) takes list
entries b, b + C, ... and advances every request's window position. Every request at its window's end is refit once
per step, for any C (C = 1 too, where one program takes several requests), and window positions follow the reference
(m + 1 mod window)."""
import pytest
import torch

from leapquant.kernels.config import KernelConfig
from leapquant.kernels.decoder import LeapDecoder, StepKernels


class _FakeDecode:
    def __init__(self, cfg):
        self.cfg = cfg

    def _order(self, N, grp):
        if self.cfg.decode == "tile":
            assert grp is None
            return list(range(N))
        GP = grp.shape[0]
        if self.cfg.decode == "persistent":
            return [n for b in range(GP) for n in range(b, N, GP)]
        NW = self.cfg.threads // 32
        return [n for b in range(GP) for wi in range(NW) for n in range(b * NW + wi, N, GP * NW)]

    def __call__(self, q, k, v, g, beta, scale, idx, wpos, Z, c, Bs, Kc, Uc, rk, ru, rg, o, wnext, cnt, par, lst,
                 grp=None):
        N = q.shape[0]
        assert lst.shape == (N,) and cnt.shape == (2,)
        order = self._order(N, grp)
        assert sorted(order) == list(range(N))          # every request once
        for n in order:
            m = int(wpos[idx[n]])
            wnext[n] = m + 1
            if m + 1 == self.cfg.window:
                pos = int(cnt[par])
                cnt[par] += 1
                lst[pos] = idx[n]   # its slot, as the programs list it
        cnt[1 - par] = 0


class _FakeBoundary:
    def __init__(self, cfg):
        self.cfg, self.refit = cfg, []

    def __call__(self, idx, wnext, wpos, cnt, par, lst, gsz, Z, c, Bs, Kc, Uc, rk, ru, rg):
        P, N, C, BT = self.cfg.window, idx.shape[0], gsz.shape[0], self.cfg.boundary_threads
        done = []
        for b in range(C):
            for t0 in range(-(-N // (C * BT))):          # hv == 0: window positions
                for i in range(BT):
                    nn = (t0 * C + b) * BT + i
                    if nn < N:
                        wpos[idx[nn]] = 0 if wnext[nn] == P else wnext[nn]
            for t in range(-(-N // C)):                  # list entries b, b + C, ...
                e = t * C + b
                s = int(lst[min(e, N - 1)]) if e < cnt[par] else -1
                if s >= 0:
                    done.append(s)
        self.refit.append(sorted(done))


class _Pool:
    """What step reads of a pool: the window positions, the buffers (unused by the fakes), and the arithmetic
    check_pool compares with the decoder's."""

    def __init__(self, cfg, slots, gen):
        self.window_pos = torch.randint(0, cfg.window, (slots,), generator=gen, dtype=torch.int32)
        self.Z = self.c = self.B = self.Kc = self.Uc = self.rk = self.ru = self.rg = torch.zeros(1)
        for name, value in cfg.reference_options.items():
            setattr(self, name, value)


def _decoder(cfg, cap=None, groups=10):
    dec, bnd = _FakeDecode(None), _FakeBoundary(None)
    d = LeapDecoder(cfg, kernels=StepKernels(dec, bnd, small_boundary=bnd))   # the small-batch boundary: the same list
    dec.cfg = bnd.cfg = d.cfg
    d.cap, d.groups = cap, groups
    d._sms[torch.device("cpu")] = 132
    return d


@pytest.mark.parametrize("programs", [dict(decode="warp", boundary="walk"), dict(decode="persistent", boundary="regs"),
                                      dict(decode="tile", boundary="smem"), dict(decode="tile", boundary="simple")],
                         ids=lambda p: f"{p['decode']}-{p['boundary']}")
def test_boundary_list_protocol(programs):
    gen = torch.Generator().manual_seed(0)
    for window, N, slots, cap, groups in ((4, 37, 40, None, 10), (4, 37, 40, 1, 3), (16, 512, 520, None, 10),
                                          (16, 5, 9, 2, 1), (4, 1, 3, None, 10)):
        dec = _decoder(KernelConfig(window=window, rank=1, H=2, HV=4, **programs), cap, groups)
        st = _Pool(dec.cfg, slots, gen)
        for _ in range(3 * window):
            idx = torch.randperm(slots, generator=gen)[:N].to(torch.int32)
            due = sorted(int(s) for s in idx if int(st.window_pos[s]) == window - 1)
            want = st.window_pos.clone()
            want[idx.long()] = (want[idx.long()] + 1) % window
            x = (torch.zeros(N, 2, 128), torch.zeros(N, 2, 128), torch.zeros(N, 4, 128), torch.zeros(N, 4),
                 torch.zeros(N, 4))
            dec.step(st, *x, idx, out=torch.empty(N, 4, 128))
            assert dec.kernels.boundary.refit[-1] == due
            assert torch.equal(st.window_pos, want)
        C = dec.boundary_programs(N, 132)
        assert 1 <= C <= N and (cap is None or C == min(cap, N))
        if cap is None and N >= window and dec.cfg.boundary != "walk":
            assert C >= -(-N // window)


def test_walk_boundary_grid_is_sized_by_the_gpu():
    """The walk boundary's programs walk the list: about two per SM over the heads, never more than the list needs;
    the other boundaries launch a program per expected entry (and slack)."""
    walk = _decoder(KernelConfig(H=2, HV=4, decode="warp", boundary="walk"))
    assert walk.boundary_programs(512, sms=132) == 44            # 512 / 16 + 2 sqrt(32), below 2 x 132 / 4 heads
    assert walk.boundary_programs(512, sms=8) == 4               # 2 x 8 / 4 heads
    assert walk.boundary_programs(16, sms=132) == 3              # one expected entry + slack 2
    with pytest.raises(ValueError, match="needs sms"):
        walk.boundary_programs(512)
    regs = _decoder(KernelConfig(H=2, HV=4, decode="warp", boundary="regs"))
    assert regs.boundary_programs(512, sms=1) == 32 + 12          # 512 / 16 + 2 sqrt(32), rounded up


def test_step_refuses_a_pool_of_another_arithmetic():
    dec = _decoder(KernelConfig(H=2, HV=4, window=4, rank=1))
    st = _Pool(dec.cfg, 8, torch.Generator().manual_seed(1))
    st.tf32_refit = not st.tf32_refit
    with pytest.raises(ValueError, match="st.tf32_refit must be"):
        dec.step(st, torch.zeros(2, 2, 128), torch.zeros(2, 2, 128), torch.zeros(2, 4, 128), torch.zeros(2, 4),
                 torch.zeros(2, 4), torch.arange(2, dtype=torch.int32))


def test_word_decode_grids_fill_the_gpu_and_bound_each_walk():
    """GP, the request groups of the warp and persistent decodes (a program per head and group): the persistent decode
    launches PIPE_FILL programs per resident one from small_batch requests up and one wave below, never more groups
    than requests and never more than PIPE_MAXIT requests per program; the warp decode one wave of programs whose
    warps walk the requests, never more warps than requests."""
    from leapquant.errors import InputError
    from leapquant.kernels import registry
    from leapquant.kernels.decode.persistent import PIPE_MAXIT, persistent_groups
    from leapquant.kernels.decode.warp import warp_groups
    pers = registry.resolve(KernelConfig(decode="persistent", programs_per_sm=4))
    assert persistent_groups(pers, 512, 132) == 50                # round(132 SMs x 4 x 3 / 32 heads)
    assert persistent_groups(pers, 32, 132) == 16                 # below small_batch: one wave, round(132 x 4 / 32)
    assert persistent_groups(registry.resolve(KernelConfig(decode="persistent", programs_per_sm=4,
                                                           small_batch=0)), 32, 132) == 32   # (fill 3, at most N)
    assert persistent_groups(pers, 4, 132) == 4
    assert persistent_groups(pers, 512, 1) == 512 // PIPE_MAXIT   # one SM: the walks' bound decides
    warp = registry.resolve(KernelConfig(decode="warp"))
    assert warp_groups(warp, 512, 132) == 132 * 3 // 32 and warp_groups(warp, 32, 132) == 32 // 4
    assert warp_groups(warp, 512, 1) == 1
    dec = _decoder(pers, groups=1)
    with pytest.raises(InputError, match=f"more than {PIPE_MAXIT} requests per program"):
        dec.decode_groups(100, 132)
    assert _decoder(pers, groups=None).decode_groups(100, 132) == persistent_groups(pers, 100, 132)

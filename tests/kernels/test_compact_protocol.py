"""CPU model of the v3 boundary-list protocol (decode appends with an atomic counter, boundary grid (HV, C)
loops over the list, window positions advanced for every request), driven through `LeapDecoder.step`
with the two launches replaced by PyTorch emulations that follow the TIR's index arithmetic. Checks that
every request at its window's end is refit exactly once per step, for any C (including C = 1, where one
program takes several requests), and that window positions follow the reference (m + 1 mod p)."""
import pytest
import torch

from leapquant.kernels import decode as dk


class _FakeDecode:
    def __init__(self, cfg):
        self.cfg = cfg

    def __call__(self, q, k, v, g, beta, scale, idx, wpos, Z, c, Bs, Kc, Uc, rk, ru, rg, o, wnext, cnt, par, lst,
                 grp=None):
        N = q.shape[0]
        assert lst.shape == (N,)
        assert (grp is not None) == self.cfg.pipe
        # v4b: program n per request; v6 (pipe): program b walks requests b, b + GP, ... (GP = grp's length)
        order = range(N) if grp is None else [n for b in range(grp.shape[0]) for n in range(b, N, grp.shape[0])]
        assert sorted(order) == list(range(N))
        for n in order:  # the (vt == 0, hv == 0, tx == 0) program of request n, in some order
            m = int(wpos[idx[n]])
            wnext[n] = m + 1
            if m + 1 == self.cfg.p:
                pos = int(cnt[par])
                cnt[par] += 1
                lst[pos] = idx[n]   # its slot, as the kernels list it
        cnt[1 - par] = 0


class _FakeBoundary:
    def __init__(self, cfg):
        self.cfg, self.refit = cfg, []

    def __call__(self, idx, wnext, wpos, cnt, par, lst, gsz, Z, c, Bs, Kc, Uc, rk, ru, rg):
        P, N, C, BT = self.cfg.p, idx.shape[0], gsz.shape[0], self.cfg.bthreads
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


def _decoder(cfg, cap=None):
    d = dk.LeapDecoder.__new__(dk.LeapDecoder)
    d.cfg, d._dummy, d._lists, d._par, d.cap, d.groups, d._sms = cfg, {}, {}, 0, cap, 10, {torch.device("cpu"): 132}
    dec, bnd = _FakeDecode(cfg), _FakeBoundary(cfg)
    # the small-batch boundary and GDN's decode below z1_below keep the same list protocol
    d.kernels = dk.StepKernels(dec, bnd, small_boundary=bnd, small_decode=dec)
    d._target, d._pending = None, None
    return d


class _St:
    def __init__(self, slots, p, gen):
        self.window_pos = torch.randint(0, p, (slots,), generator=gen, dtype=torch.int32)
        self.r = 1
        self.Z = self.c = self.B = self.Kc = self.Uc = self.rk = self.ru = self.rg = torch.zeros(1)


@pytest.mark.parametrize("pipe", [False, True])
def test_boundary_list_protocol(pipe):
    gen = torch.Generator().manual_seed(0)
    for p, N, slots, cap in ((4, 37, 40, None), (4, 37, 40, 1), (16, 512, 520, None), (16, 5, 9, 2), (4, 1, 3, None)):
        cfg = dk.DecodeConfig(p=p, r=1, H=2, HV=4, pipe=pipe)
        dec = _decoder(cfg, cap)
        st = _St(slots, p, gen)
        for _ in range(3 * p):
            idx = torch.randperm(slots, generator=gen)[:N].to(torch.int32)
            due = sorted(int(s) for s in idx if int(st.window_pos[s]) == p - 1)
            want = st.window_pos.clone()
            want[idx.long()] = (want[idx.long()] + 1) % p
            x = (torch.zeros(N, 2, 128), torch.zeros(N, 2, 128), torch.zeros(N, 4, 128), torch.zeros(N, 4),
                 torch.zeros(N, 4))
            dec.step(st, *x, idx, out=torch.empty(N, 4, 128))
            assert dec.kernels.boundary.refit[-1] == due
            assert torch.equal(st.window_pos, want)
        C = dec.boundary_programs(N, 132)
        assert 1 <= C <= N and (cap is None or C == min(cap, N))
        if cap is None and N >= p:
            assert C >= -(-N // p)

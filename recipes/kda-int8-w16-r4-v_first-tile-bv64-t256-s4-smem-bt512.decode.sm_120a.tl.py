# from tvm.script import tirx as T

@T.prim_func
def decode(q_handle: T.handle, k_handle: T.handle, v_handle: T.handle, g_handle: T.handle, beta_handle: T.handle, scale: T.float32, idx_handle: T.handle, wpos_handle: T.handle, Z_handle: T.handle, c_handle: T.handle, Bs_handle: T.handle, Kc_handle: T.handle, Uc_handle: T.handle, rk_handle: T.handle, ru_handle: T.handle, rg_handle: T.handle, o_handle: T.handle, wnext_handle: T.handle, cnt_handle: T.handle, par: T.int32, lst_handle: T.handle):
    N = T.int32()
    q = T.match_buffer(q_handle, (N, 32, 128), "bfloat16", strides=(4096, 128, 1))
    k = T.match_buffer(k_handle, (N, 32, 128), "bfloat16", strides=(4096, 128, 1))
    v = T.match_buffer(v_handle, (N, 32, 128), "bfloat16", strides=(4096, 128, 1))
    g = T.match_buffer(g_handle, (N, 32, 128), strides=(4096, 128, 1))
    beta = T.match_buffer(beta_handle, (N, 32), strides=(32, 1))
    idx = T.match_buffer(idx_handle, (N,), "int32", strides=(1,))
    NS = T.int32()
    wpos = T.match_buffer(wpos_handle, (NS,), "int32", strides=(1,))
    Z = T.match_buffer(Z_handle, (NS, 32, 128, 128), "int8", strides=(524288, 16384, 128, 1))
    c = T.match_buffer(c_handle, (NS, 32, 128), strides=(4096, 128, 1))
    Bs = T.match_buffer(Bs_handle, (NS, 32, 128), strides=(4096, 128, 1))
    Kc = T.match_buffer(Kc_handle, (NS, 32, 4, 128), "float16", strides=(16384, 512, 128, 1))
    Uc = T.match_buffer(Uc_handle, (NS, 32, 4, 128), "float16", strides=(16384, 512, 128, 1))
    rk = T.match_buffer(rk_handle, (NS, 32, 16, 128), "float16", strides=(65536, 2048, 128, 1))
    ru = T.match_buffer(ru_handle, (NS, 32, 16, 128), "float16", strides=(65536, 2048, 128, 1))
    rg = T.match_buffer(rg_handle, (NS, 32, 16, 128), strides=(65536, 2048, 128, 1))
    o = T.match_buffer(o_handle, (N, 32, 128), "bfloat16", strides=(4096, 128, 1))
    wnext = T.match_buffer(wnext_handle, (N,), "int32", strides=(1,))
    cnt = T.match_buffer(cnt_handle, (2,), "int32", strides=(1,))
    lst = T.match_buffer(lst_handle, (N,), "int32", strides=(1,))
    # with T.sblock("root"):
    for bx in T.thread_binding(2, thread="blockIdx.x"):
        for h in T.thread_binding(32, thread="blockIdx.y"):
            for bz in T.thread_binding(N, thread="blockIdx.z"):
                tx: T.int32 = T.launch_thread_idx(0)
                ty: T.int32 = T.launch_thread_idx(1)
                tz: T.int32 = T.launch_thread_idx(2)
                with T.sblock("tilelang_root"):
                    T.reads()
                    T.writes()
                    T.sblock_attr({"tl.launch_threads": [256, 1, 1]})
                    zl = T.sblock_alloc_buffer((32,), "int8", scope="local")
                    yl = T.sblock_alloc_buffer((2, 16), scope="local")
                    acc = T.sblock_alloc_buffer((2,), scope="local")
                    G = T.sblock_alloc_buffer((17, 128), scope="shared.dyn")
                    rks = T.sblock_alloc_buffer((16, 128), "float16", scope="shared.dyn")
                    rus = T.sblock_alloc_buffer((16, 64), "float16", scope="shared.dyn")
                    Kcs = T.sblock_alloc_buffer((4, 128), "float16", scope="shared.dyn")
                    Ucs = T.sblock_alloc_buffer((4, 64), "float16", scope="shared.dyn")
                    cs = T.sblock_alloc_buffer((128,), scope="shared.dyn")
                    vb = T.sblock_alloc_buffer((2, 64), scope="shared.dyn")
                    bt = T.sblock_alloc_buffer((1,), scope="shared.dyn")
                    k16 = T.sblock_alloc_buffer((128,), "float16", scope="shared.dyn")
                    xs = T.sblock_alloc_buffer((3, 128), scope="shared.dyn")
                    ys = T.sblock_alloc_buffer((2, 128), scope="shared.dyn")
                    ws = T.sblock_alloc_buffer((2, 16), scope="shared.dyn")
                    wc = T.sblock_alloc_buffer((2, 4), scope="shared.dyn")
                    kqs = T.sblock_alloc_buffer((1,), scope="shared.dyn")
                    zr = T.sblock_alloc_buffer((2, 64), scope="shared.dyn")
                    E1 = T.sblock_alloc_buffer((16, 128), scope="local.fragment")
                    E2 = T.sblock_alloc_buffer((16, 128), scope="local.fragment")
                    w1 = T.sblock_alloc_buffer((16,), scope="local.fragment")
                    w2 = T.sblock_alloc_buffer((16,), scope="local.fragment")
                    kqf = T.sblock_alloc_buffer((1, 128), scope="local.fragment")
                    kqr = T.sblock_alloc_buffer((1,), scope="local.fragment")
                    C1 = T.sblock_alloc_buffer((4, 128), scope="local.fragment")
                    C2 = T.sblock_alloc_buffer((4, 128), scope="local.fragment")
                    c1 = T.sblock_alloc_buffer((4,), scope="local.fragment")
                    c2 = T.sblock_alloc_buffer((4,), scope="local.fragment")
                    A1 = T.sblock_alloc_buffer((64,), scope="local.fragment")
                    A2 = T.sblock_alloc_buffer((64,), scope="local.fragment")
                    T.attr(None, "tl.min_blocks_per_sm", 4)
                    lt: T.int32 = tx % 8
                    r0: T.int32 = tx // 8
                    s: T.int32 = idx[bz]
                    m: T.int32 = wpos[s]
                    v0: T.int32 = bx * 64
                    for ps in T.unroll(2):
                        for e in T.vectorized(16):
                            zl[ps * 16 + e] = Z[s, h, v0 + ps * 32 + r0, lt * 16 + e]
                    for j in T.parallel(16):
                        for d in T.parallel(128):
                            G[j + 1, d] = T.if_then_else(j < m, rg[s, h, j, d], T.float32(0.0))
                    for j in T.parallel(16):
                        for d in T.parallel(128):
                            rks[j, d] = T.if_then_else(j < m, rk[s, h, j, d], T.float16(0.0))
                    for j in T.parallel(16):
                        for i in T.parallel(64):
                            rus[j, i] = T.if_then_else(j < m, ru[s, h, j, v0 + i], T.float16(0.0))
                    for j in T.parallel(4):
                        for d in T.parallel(128):
                            Kcs[j, d] = Kc[s, h, j, d]
                    for j in T.parallel(4):
                        for i in T.parallel(64):
                            Ucs[j, i] = Uc[s, h, j, v0 + i]
                    for d in T.parallel(128):
                        cs[d] = c[s, h, d]
                        k16[d] = T.Cast("float16", k[bz, h, d])
                    for i in T.parallel(64):
                        vb[0, i] = Bs[s, h, v0 + i]
                        vb[1, i] = T.Cast("float32", v[bz, h, v0 + i])
                    bt[0] = beta[bz, h]
                    for d in T.parallel(128):
                        a: T.float32 = T.exp(g[bz, h, d])
                        xs[0, d] = a * T.Cast("float32", k[bz, h, d])
                        xs[1, d] = a * T.Cast("float32", q[bz, h, d]) * scale
                        xs[2, d] = T.Cast("float32", T.Cast("float16", k[bz, h, d])) * T.Cast("float32", q[bz, h, d]) * scale
                    for d in T.parallel(128):
                        G[0, d] = T.float32(0.0)
                        for j in range(16):
                            G[j + 1, d] = G[j + 1, d] + G[j, d]
                    for d in T.parallel(128):
                        gm: T.float32 = T.exp(G[m, d])
                        ys[0, d] = cs[d] * gm * xs[0, d]
                        ys[1, d] = cs[d] * gm * xs[1, d]
                    for j in T.parallel(16):
                        for d in T.parallel(128):
                            dec: T.float32 = T.if_then_else(j < m, T.exp(G[m, d] - G[j + 1, d]) * T.Cast("float32", rks[j, d]), T.float32(0.0))
                            E1[j, d] = dec * xs[0, d]
                            E2[j, d] = dec * xs[1, d]
                    T.reduce(T.region(E1[0, 0], 1, 16, 128), T.region(w1[0], 2, 16), "sum", 1, T.bool(True))
                    T.reduce(T.region(E2[0, 0], 1, 16, 128), T.region(w2[0], 2, 16), "sum", 1, T.bool(True))
                    for j in T.parallel(16):
                        ws[0, j] = w1[j]
                        ws[1, j] = w2[j]
                    for i in T.parallel(1):
                        for d in T.parallel(128):
                            kqf[i, d] = xs[2, d]
                    T.reduce(T.region(kqf[0, 0], 1, 1, 128), T.region(kqr[0], 2, 1), "sum", 1, T.bool(True))
                    kqs[0] = kqr[0]
                    for i in T.parallel(4):
                        for d in T.parallel(128):
                            kk: T.float32 = T.Cast("float32", Kcs[i, d]) * T.exp(G[m, d])
                            C1[i, d] = kk * xs[0, d]
                            C2[i, d] = kk * xs[1, d]
                    T.reduce(T.region(C1[0, 0], 1, 4, 128), T.region(c1[0], 2, 4), "sum", 1, T.bool(True))
                    T.reduce(T.region(C2[0, 0], 1, 4, 128), T.region(c2[0], 2, 4), "sum", 1, T.bool(True))
                    for i in T.parallel(4):
                        wc[0, i] = c1[i]
                        wc[1, i] = c2[i]
                    for e in T.unroll(16):
                        yl[0, e] = ys[0, lt * 16 + e]
                        yl[1, e] = ys[1, lt * 16 + e]
                    for ps in T.unroll(2):
                        acc[0] = T.float32(0.0)
                        acc[1] = T.float32(0.0)
                        for e in T.unroll(16):
                            zz: T.float32 = T.Cast("float32", zl[ps * 16 + e])
                            acc[0] = acc[0] + zz * yl[0, e]
                            acc[1] = acc[1] + zz * yl[1, e]
                        for st in T.unroll(3):
                            acc[0] = acc[0] + T.shfl_xor_sync(T.uint32(4294967295), acc[0], T.shift_right(8, st + 1), 32)
                            acc[1] = acc[1] + T.shfl_xor_sync(T.uint32(4294967295), acc[1], T.shift_right(8, st + 1), 32)
                        if lt == 0:
                            zr[0, ps * 32 + r0] = acc[0]
                            zr[1, ps * 32 + r0] = acc[1]
                    for i in T.parallel(64):
                        A1[i] = vb[0, i] * zr[0, i] * T.float32(0.007874015748031496)
                        A2[i] = vb[0, i] * zr[1, i] * T.float32(0.007874015748031496)
                    for j in range(16):
                        for i in T.parallel(64):
                            uj: T.float32 = T.if_then_else(j < m, T.Cast("float32", rus[j, i]), T.float32(0.0))
                            A1[i] = A1[i] + ws[0, j] * uj
                            A2[i] = A2[i] + ws[1, j] * uj
                    for j in range(4):
                        for i in T.parallel(64):
                            A1[i] = A1[i] + wc[0, j] * T.Cast("float32", Ucs[j, i])
                            A2[i] = A2[i] + wc[1, j] * T.Cast("float32", Ucs[j, i])
                    for i in T.parallel(64):
                        u16: T.float16 = T.Cast("float16", bt[0] * (vb[1, i] - A1[i]))
                        ru[s, h, m, v0 + i] = u16
                        o[bz, h, v0 + i] = T.Cast("bfloat16", A2[i] + T.Cast("float32", u16) * kqs[0])
                    if bx == 0:
                        for d in T.parallel(128):
                            rk[s, h, m, d] = k16[d]
                        for d in T.parallel(128):
                            rg[s, h, m, d] = g[bz, h, d]
                        if h == 0:
                            wnext[bz] = m + 1
                            if tx == 0:
                                if m + 1 == 16:
                                    pos: T.int32 = T.atomic_add_ret_elem_op(T.access_ptr(cnt[par], 1, 3), 1)
                                    lst[pos] = s
                                if bz == 0:
                                    cnt[1 - par] = 0
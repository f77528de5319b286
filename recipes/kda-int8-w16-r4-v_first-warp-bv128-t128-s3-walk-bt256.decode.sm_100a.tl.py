# from tvm.script import tirx as T

@T.prim_func
def decode(q_handle: T.handle, k_handle: T.handle, v_handle: T.handle, g_handle: T.handle, beta_handle: T.handle, scale: T.float32, idx_handle: T.handle, wpos_handle: T.handle, Z_handle: T.handle, c_handle: T.handle, Bs_handle: T.handle, Kc_handle: T.handle, Uc_handle: T.handle, rk_handle: T.handle, ru_handle: T.handle, rg_handle: T.handle, o_handle: T.handle, wnext_handle: T.handle, cnt_handle: T.handle, par: T.int32, lst_handle: T.handle, grp_handle: T.handle):
    T.func_attr({"leapquant.warp_synchronous": True})
    N = T.int32()
    q = T.match_buffer(q_handle, (N, 32, 128), "bfloat16", strides=(4096, 128, 1))
    k = T.match_buffer(k_handle, (N, 32, 128), "bfloat16", strides=(4096, 128, 1))
    v = T.match_buffer(v_handle, (N, 32, 128), "bfloat16", strides=(4096, 128, 1))
    g = T.match_buffer(g_handle, (N, 32, 128), strides=(4096, 128, 1))
    beta = T.match_buffer(beta_handle, (N, 32), strides=(32, 1))
    idx = T.match_buffer(idx_handle, (N,), "int32", strides=(1,))
    NS = T.int32()
    wpos = T.match_buffer(wpos_handle, (NS,), "int32", strides=(1,))
    Z = T.match_buffer(Z_handle, (NS, 32, 128, 32), "int32", strides=(131072, 4096, 32, 1))
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
    GP = T.int32()
    grp = T.match_buffer(grp_handle, (GP,), "int32", strides=(1,))
    # with T.sblock("root"):
    for bx in T.thread_binding(1, thread="blockIdx.x"):
        for hv in T.thread_binding(32, thread="blockIdx.y"):
            for bz in T.thread_binding(GP, thread="blockIdx.z"):
                tx: T.int32 = T.launch_thread_idx(0)
                ty: T.int32 = T.launch_thread_idx(1)
                tz: T.int32 = T.launch_thread_idx(2)
                with T.sblock("tilelang_root"):
                    T.reads()
                    T.writes()
                    T.sblock_attr({"pragma_import_c": metadata["ffi.String"][0], "tl.launch_threads": [128, 1, 1]})
                    ysm = T.sblock_alloc_buffer((4, 2, 144), scope="shared.dyn")
                    zrs = T.sblock_alloc_buffer((4, 2, 128), scope="shared.dyn")
                    rws = T.sblock_alloc_buffer((4, 42), scope="shared.dyn")
                    rks = T.sblock_alloc_buffer((4, 16, 128), "float16", scope="shared.dyn")
                    rus = T.sblock_alloc_buffer((4, 16, 128), "float16", scope="shared.dyn")
                    kcs = T.sblock_alloc_buffer((4, 4, 128), "float16", scope="shared.dyn")
                    ucs = T.sblock_alloc_buffer((4, 4, 128), "float16", scope="shared.dyn")
                    cur = T.sblock_alloc_buffer((2,), "int32", scope="local")
                    nxt = T.sblock_alloc_buffer((2,), "int32", scope="local")
                    zq = T.sblock_alloc_buffer((48,), "int32", scope="local")
                    kb = T.sblock_alloc_buffer((4,), "bfloat16", scope="local")
                    hb = T.sblock_alloc_buffer((4,), "float16", scope="local")
                    xs = T.sblock_alloc_buffer((3, 4), scope="local")
                    cv = T.sblock_alloc_buffer((4,), scope="local")
                    gl = T.sblock_alloc_buffer((4,), scope="local")
                    rgl = T.sblock_alloc_buffer((4,), scope="local")
                    gm = T.sblock_alloc_buffer((4,), scope="local")
                    eg = T.sblock_alloc_buffer((4,), scope="local")
                    mx = T.sblock_alloc_buffer((4,), scope="local")
                    pv = T.sblock_alloc_buffer((32,), scope="local")
                    qb = T.sblock_alloc_buffer((4,), "bfloat16", scope="local")
                    yl = T.sblock_alloc_buffer((2, 4), scope="local")
                    yv = T.sblock_alloc_buffer((32,), scope="local")
                    bw = T.sblock_alloc_buffer((8,), "int32", scope="local")
                    af = T.sblock_alloc_buffer((16,), "int32", scope="local")
                    cf = T.sblock_alloc_buffer((4,), "int32", scope="local")
                    zf = T.sblock_alloc_buffer((2,), scope="local")
                    zi = T.sblock_alloc_buffer((2,), "int32", scope="local")
                    bv = T.sblock_alloc_buffer((4,), scope="local")
                    a1 = T.sblock_alloc_buffer((4,), scope="local")
                    a2 = T.sblock_alloc_buffer((4,), scope="local")
                    wp = T.sblock_alloc_buffer((2,), scope="local")
                    ub = T.sblock_alloc_buffer((4,), "float16", scope="local")
                    vb = T.sblock_alloc_buffer((4,), "bfloat16", scope="local")
                    u16 = T.sblock_alloc_buffer((4,), "float16", scope="local")
                    T.attr(None, "tl.min_blocks_per_sm", 3)
                    wi: T.int32 = tx // 32
                    ln: T.int32 = tx % 32
                    gq: T.int32 = ln // 4
                    tq: T.int32 = ln % 4
                    wg: T.int32 = bz * 4 + wi
                    nit: T.int32 = T.if_then_else(wg < N, (N - wg + GP * 4 - 1) // (GP * 4), 0)
                    if nit > 0:
                        cur[0] = idx[wg]
                        cur[1] = wpos[cur[0]]
                        s: T.int32 = cur[0]
                        m: T.int32 = cur[1]
                        for cc in T.unroll(8):
                            ch: T.int32 = cc * 32 + ln
                            if ch < 256:
                                T.ptx_cp_async(T.access_ptr(rks[wi, ch // 16, ch % 16 * 8], 8, 2), T.access_ptr(rk[s, hv, ch // 16, ch % 16 * 8], 8, 1), 8, ch // 16 < m)
                        for cc in T.unroll(2):
                            ch: T.int32 = cc * 32 + ln
                            if ch < 64:
                                T.ptx_cp_async(T.access_ptr(kcs[wi, ch // 16, ch % 16 * 8], 8, 2), T.access_ptr(Kc[s, hv, ch // 16, ch % 16 * 8], 8, 1), 8)
                        T.ptx_commit_group()
                        s_1: T.int32 = cur[0]
                        m_1: T.int32 = cur[1]
                        for cc in T.unroll(8):
                            ch: T.int32 = cc * 32 + ln
                            if ch < 256:
                                T.ptx_cp_async(T.access_ptr(rus[wi, ch // 16, ch % 16 * 8], 8, 2), T.access_ptr(ru[s_1, hv, ch // 16, ch % 16 * 8], 8, 1), 8, ch // 16 < m_1)
                        for cc in T.unroll(2):
                            ch: T.int32 = cc * 32 + ln
                            if ch < 64:
                                T.ptx_cp_async(T.access_ptr(ucs[wi, ch // 16, ch % 16 * 8], 8, 2), T.access_ptr(Uc[s_1, hv, ch // 16, ch % 16 * 8], 8, 1), 8)
                        T.ptx_commit_group()
                    for it in range(nit):
                        n: T.int32 = wg + it * GP * 4
                        s: T.int32 = cur[0]
                        m: T.int32 = cur[1]
                        nn: T.int32 = T.min(n + GP * 4, N - 1)
                        nxt[0] = idx[nn]
                        for hr in T.unroll(2):
                            for e in T.vectorized(8):
                                zq[8 * hr + e] = Z[s, hv, gq + 8 * hr, tq * 8 + e]
                        for hr in T.unroll(2):
                            for e in T.vectorized(8):
                                zq[16 + 8 * hr + e] = Z[s, hv, 16 + gq + 8 * hr, tq * 8 + e]
                        for e in T.vectorized(4):
                            qb[e] = q[n, hv, 4 * ln + e]
                        for e in T.vectorized(4):
                            kb[e] = k[n, hv, 4 * ln + e]
                        for e in T.vectorized(4):
                            cv[e] = c[s, hv, 4 * ln + e]
                        for e in T.vectorized(4):
                            gl[e] = g[n, hv, 4 * ln + e]
                        T.ptx_wait_group(1)
                        T.sync_warp()
                        for e in T.unroll(4):
                            a: T.float32 = T.exp(gl[e])
                            kf: T.float32 = T.Cast("float32", kb[e])
                            qf: T.float32 = T.Cast("float32", qb[e])
                            xs[0, e] = a * kf
                            xs[1, e] = a * qf * scale
                            xs[2, e] = T.Cast("float32", T.Cast("float16", kb[e])) * qf * scale
                        for e in T.unroll(4):
                            gm[e] = T.float32(0.0)
                        for e in T.vectorized(4):
                            rgl[e] = rg[s, hv, T.min(15, T.max(m - 1, 0)), 4 * ln + e]
                        for e in T.vectorized(4):
                            hb[e] = rks[wi, 15, 4 * ln + e]
                        pv[30] = T.float32(0.0)
                        pv[31] = T.float32(0.0)
                        for e in T.unroll(4):
                            dec: T.float32 = T.call_extern("float32", "lq_exp", gm[e]) * T.Cast("float32", hb[e])
                            pv[30] = pv[30] + dec * xs[0, e]
                            pv[31] = pv[31] + dec * xs[1, e]
                        for e in T.unroll(4):
                            gm[e] = gm[e] + T.if_then_else(m > 15, rgl[e], T.float32(0.0))
                        for e in T.vectorized(4):
                            rgl[e] = rg[s, hv, T.min(14, T.max(m - 1, 0)), 4 * ln + e]
                        for e in T.vectorized(4):
                            hb[e] = rks[wi, 14, 4 * ln + e]
                        pv[28] = T.float32(0.0)
                        pv[29] = T.float32(0.0)
                        for e in T.unroll(4):
                            dec: T.float32 = T.call_extern("float32", "lq_exp", gm[e]) * T.Cast("float32", hb[e])
                            pv[28] = pv[28] + dec * xs[0, e]
                            pv[29] = pv[29] + dec * xs[1, e]
                        for e in T.unroll(4):
                            gm[e] = gm[e] + T.if_then_else(m > 14, rgl[e], T.float32(0.0))
                        for e in T.vectorized(4):
                            rgl[e] = rg[s, hv, T.min(13, T.max(m - 1, 0)), 4 * ln + e]
                        for e in T.vectorized(4):
                            hb[e] = rks[wi, 13, 4 * ln + e]
                        pv[26] = T.float32(0.0)
                        pv[27] = T.float32(0.0)
                        for e in T.unroll(4):
                            dec: T.float32 = T.call_extern("float32", "lq_exp", gm[e]) * T.Cast("float32", hb[e])
                            pv[26] = pv[26] + dec * xs[0, e]
                            pv[27] = pv[27] + dec * xs[1, e]
                        for e in T.unroll(4):
                            gm[e] = gm[e] + T.if_then_else(m > 13, rgl[e], T.float32(0.0))
                        for e in T.vectorized(4):
                            rgl[e] = rg[s, hv, T.min(12, T.max(m - 1, 0)), 4 * ln + e]
                        for e in T.vectorized(4):
                            hb[e] = rks[wi, 12, 4 * ln + e]
                        pv[24] = T.float32(0.0)
                        pv[25] = T.float32(0.0)
                        for e in T.unroll(4):
                            dec: T.float32 = T.call_extern("float32", "lq_exp", gm[e]) * T.Cast("float32", hb[e])
                            pv[24] = pv[24] + dec * xs[0, e]
                            pv[25] = pv[25] + dec * xs[1, e]
                        for e in T.unroll(4):
                            gm[e] = gm[e] + T.if_then_else(m > 12, rgl[e], T.float32(0.0))
                        for e in T.vectorized(4):
                            rgl[e] = rg[s, hv, T.min(11, T.max(m - 1, 0)), 4 * ln + e]
                        for e in T.vectorized(4):
                            hb[e] = rks[wi, 11, 4 * ln + e]
                        pv[22] = T.float32(0.0)
                        pv[23] = T.float32(0.0)
                        for e in T.unroll(4):
                            dec: T.float32 = T.call_extern("float32", "lq_exp", gm[e]) * T.Cast("float32", hb[e])
                            pv[22] = pv[22] + dec * xs[0, e]
                            pv[23] = pv[23] + dec * xs[1, e]
                        for e in T.unroll(4):
                            gm[e] = gm[e] + T.if_then_else(m > 11, rgl[e], T.float32(0.0))
                        for e in T.vectorized(4):
                            rgl[e] = rg[s, hv, T.min(10, T.max(m - 1, 0)), 4 * ln + e]
                        for e in T.vectorized(4):
                            hb[e] = rks[wi, 10, 4 * ln + e]
                        pv[20] = T.float32(0.0)
                        pv[21] = T.float32(0.0)
                        for e in T.unroll(4):
                            dec: T.float32 = T.call_extern("float32", "lq_exp", gm[e]) * T.Cast("float32", hb[e])
                            pv[20] = pv[20] + dec * xs[0, e]
                            pv[21] = pv[21] + dec * xs[1, e]
                        for e in T.unroll(4):
                            gm[e] = gm[e] + T.if_then_else(m > 10, rgl[e], T.float32(0.0))
                        for e in T.vectorized(4):
                            rgl[e] = rg[s, hv, T.min(9, T.max(m - 1, 0)), 4 * ln + e]
                        for e in T.vectorized(4):
                            hb[e] = rks[wi, 9, 4 * ln + e]
                        pv[18] = T.float32(0.0)
                        pv[19] = T.float32(0.0)
                        for e in T.unroll(4):
                            dec: T.float32 = T.call_extern("float32", "lq_exp", gm[e]) * T.Cast("float32", hb[e])
                            pv[18] = pv[18] + dec * xs[0, e]
                            pv[19] = pv[19] + dec * xs[1, e]
                        for e in T.unroll(4):
                            gm[e] = gm[e] + T.if_then_else(m > 9, rgl[e], T.float32(0.0))
                        for e in T.vectorized(4):
                            rgl[e] = rg[s, hv, T.min(8, T.max(m - 1, 0)), 4 * ln + e]
                        for e in T.vectorized(4):
                            hb[e] = rks[wi, 8, 4 * ln + e]
                        pv[16] = T.float32(0.0)
                        pv[17] = T.float32(0.0)
                        for e in T.unroll(4):
                            dec: T.float32 = T.call_extern("float32", "lq_exp", gm[e]) * T.Cast("float32", hb[e])
                            pv[16] = pv[16] + dec * xs[0, e]
                            pv[17] = pv[17] + dec * xs[1, e]
                        for e in T.unroll(4):
                            gm[e] = gm[e] + T.if_then_else(m > 8, rgl[e], T.float32(0.0))
                        for e in T.vectorized(4):
                            rgl[e] = rg[s, hv, T.min(7, T.max(m - 1, 0)), 4 * ln + e]
                        for e in T.vectorized(4):
                            hb[e] = rks[wi, 7, 4 * ln + e]
                        pv[14] = T.float32(0.0)
                        pv[15] = T.float32(0.0)
                        for e in T.unroll(4):
                            dec: T.float32 = T.call_extern("float32", "lq_exp", gm[e]) * T.Cast("float32", hb[e])
                            pv[14] = pv[14] + dec * xs[0, e]
                            pv[15] = pv[15] + dec * xs[1, e]
                        for e in T.unroll(4):
                            gm[e] = gm[e] + T.if_then_else(m > 7, rgl[e], T.float32(0.0))
                        for e in T.vectorized(4):
                            rgl[e] = rg[s, hv, T.min(6, T.max(m - 1, 0)), 4 * ln + e]
                        for e in T.vectorized(4):
                            hb[e] = rks[wi, 6, 4 * ln + e]
                        pv[12] = T.float32(0.0)
                        pv[13] = T.float32(0.0)
                        for e in T.unroll(4):
                            dec: T.float32 = T.call_extern("float32", "lq_exp", gm[e]) * T.Cast("float32", hb[e])
                            pv[12] = pv[12] + dec * xs[0, e]
                            pv[13] = pv[13] + dec * xs[1, e]
                        for e in T.unroll(4):
                            gm[e] = gm[e] + T.if_then_else(m > 6, rgl[e], T.float32(0.0))
                        for e in T.vectorized(4):
                            rgl[e] = rg[s, hv, T.min(5, T.max(m - 1, 0)), 4 * ln + e]
                        for e in T.vectorized(4):
                            hb[e] = rks[wi, 5, 4 * ln + e]
                        pv[10] = T.float32(0.0)
                        pv[11] = T.float32(0.0)
                        for e in T.unroll(4):
                            dec: T.float32 = T.call_extern("float32", "lq_exp", gm[e]) * T.Cast("float32", hb[e])
                            pv[10] = pv[10] + dec * xs[0, e]
                            pv[11] = pv[11] + dec * xs[1, e]
                        for e in T.unroll(4):
                            gm[e] = gm[e] + T.if_then_else(m > 5, rgl[e], T.float32(0.0))
                        for e in T.vectorized(4):
                            rgl[e] = rg[s, hv, T.min(4, T.max(m - 1, 0)), 4 * ln + e]
                        for e in T.vectorized(4):
                            hb[e] = rks[wi, 4, 4 * ln + e]
                        pv[8] = T.float32(0.0)
                        pv[9] = T.float32(0.0)
                        for e in T.unroll(4):
                            dec: T.float32 = T.call_extern("float32", "lq_exp", gm[e]) * T.Cast("float32", hb[e])
                            pv[8] = pv[8] + dec * xs[0, e]
                            pv[9] = pv[9] + dec * xs[1, e]
                        for e in T.unroll(4):
                            gm[e] = gm[e] + T.if_then_else(m > 4, rgl[e], T.float32(0.0))
                        for e in T.vectorized(4):
                            rgl[e] = rg[s, hv, T.min(3, T.max(m - 1, 0)), 4 * ln + e]
                        for e in T.vectorized(4):
                            hb[e] = rks[wi, 3, 4 * ln + e]
                        pv[6] = T.float32(0.0)
                        pv[7] = T.float32(0.0)
                        for e in T.unroll(4):
                            dec: T.float32 = T.call_extern("float32", "lq_exp", gm[e]) * T.Cast("float32", hb[e])
                            pv[6] = pv[6] + dec * xs[0, e]
                            pv[7] = pv[7] + dec * xs[1, e]
                        for e in T.unroll(4):
                            gm[e] = gm[e] + T.if_then_else(m > 3, rgl[e], T.float32(0.0))
                        for e in T.vectorized(4):
                            rgl[e] = rg[s, hv, T.min(2, T.max(m - 1, 0)), 4 * ln + e]
                        for e in T.vectorized(4):
                            hb[e] = rks[wi, 2, 4 * ln + e]
                        pv[4] = T.float32(0.0)
                        pv[5] = T.float32(0.0)
                        for e in T.unroll(4):
                            dec: T.float32 = T.call_extern("float32", "lq_exp", gm[e]) * T.Cast("float32", hb[e])
                            pv[4] = pv[4] + dec * xs[0, e]
                            pv[5] = pv[5] + dec * xs[1, e]
                        for e in T.unroll(4):
                            gm[e] = gm[e] + T.if_then_else(m > 2, rgl[e], T.float32(0.0))
                        for e in T.vectorized(4):
                            rgl[e] = rg[s, hv, T.min(1, T.max(m - 1, 0)), 4 * ln + e]
                        for e in T.vectorized(4):
                            hb[e] = rks[wi, 1, 4 * ln + e]
                        pv[2] = T.float32(0.0)
                        pv[3] = T.float32(0.0)
                        for e in T.unroll(4):
                            dec: T.float32 = T.call_extern("float32", "lq_exp", gm[e]) * T.Cast("float32", hb[e])
                            pv[2] = pv[2] + dec * xs[0, e]
                            pv[3] = pv[3] + dec * xs[1, e]
                        for e in T.unroll(4):
                            gm[e] = gm[e] + T.if_then_else(m > 1, rgl[e], T.float32(0.0))
                        for e in T.vectorized(4):
                            rgl[e] = rg[s, hv, T.min(0, T.max(m - 1, 0)), 4 * ln + e]
                        for e in T.vectorized(4):
                            hb[e] = rks[wi, 0, 4 * ln + e]
                        pv[0] = T.float32(0.0)
                        pv[1] = T.float32(0.0)
                        for e in T.unroll(4):
                            dec: T.float32 = T.call_extern("float32", "lq_exp", gm[e]) * T.Cast("float32", hb[e])
                            pv[0] = pv[0] + dec * xs[0, e]
                            pv[1] = pv[1] + dec * xs[1, e]
                        for e in T.unroll(4):
                            gm[e] = gm[e] + T.if_then_else(m > 0, rgl[e], T.float32(0.0))
                        for e in T.unroll(4):
                            eg[e] = T.exp(gm[e])
                        for x in T.unroll(2):
                            mx[x] = T.float32(0.0)
                            for e in T.unroll(4):
                                yl[x, e] = cv[e] * eg[e] * xs[x, e]
                                mx[x] = T.max(mx[x], T.fabs(yl[x, e]))
                            for e in T.vectorized(4):
                                ysm[wi, x, 4 * ln + 4 * (ln // 8) + e] = yl[x, e]
                        for st in T.unroll(5):
                            for x in T.unroll(2):
                                mx[x] = T.max(mx[x], T.shfl_xor_sync(T.uint32(4294967295), mx[x], T.shift_right(16, st), 32))
                        for x in T.unroll(2):
                            mx[x] = T.max(mx[x], T.float32(1.0000000000000001e-30))
                            mx[x] = T.call_extern("float32", "__fmaf_rn", T.call_extern("float32", "__frcp_rn", mx[x]), T.call_extern("float32", "__fmaf_rn", mx[x] * T.float32(-1.0), T.call_extern("float32", "__fmul_rn", T.float32(4190000.0), T.call_extern("float32", "__frcp_rn", mx[x])), T.float32(4190000.0)), T.call_extern("float32", "__fmul_rn", T.float32(4190000.0), T.call_extern("float32", "__frcp_rn", mx[x])))
                            mx[2 + x] = T.call_extern("float32", "__frcp_rn", mx[x])
                        up: T.bool = T.bitwise_and(T.shift_right(ln, 4), 1) == 1
                        pv[0] = T.if_then_else(up, pv[16], pv[0]) + T.shfl_xor_sync(T.uint32(4294967295), T.if_then_else(up, pv[0], pv[16]), 16, 32)
                        pv[1] = T.if_then_else(up, pv[17], pv[1]) + T.shfl_xor_sync(T.uint32(4294967295), T.if_then_else(up, pv[1], pv[17]), 16, 32)
                        pv[2] = T.if_then_else(up, pv[18], pv[2]) + T.shfl_xor_sync(T.uint32(4294967295), T.if_then_else(up, pv[2], pv[18]), 16, 32)
                        pv[3] = T.if_then_else(up, pv[19], pv[3]) + T.shfl_xor_sync(T.uint32(4294967295), T.if_then_else(up, pv[3], pv[19]), 16, 32)
                        pv[4] = T.if_then_else(up, pv[20], pv[4]) + T.shfl_xor_sync(T.uint32(4294967295), T.if_then_else(up, pv[4], pv[20]), 16, 32)
                        pv[5] = T.if_then_else(up, pv[21], pv[5]) + T.shfl_xor_sync(T.uint32(4294967295), T.if_then_else(up, pv[5], pv[21]), 16, 32)
                        pv[6] = T.if_then_else(up, pv[22], pv[6]) + T.shfl_xor_sync(T.uint32(4294967295), T.if_then_else(up, pv[6], pv[22]), 16, 32)
                        pv[7] = T.if_then_else(up, pv[23], pv[7]) + T.shfl_xor_sync(T.uint32(4294967295), T.if_then_else(up, pv[7], pv[23]), 16, 32)
                        pv[8] = T.if_then_else(up, pv[24], pv[8]) + T.shfl_xor_sync(T.uint32(4294967295), T.if_then_else(up, pv[8], pv[24]), 16, 32)
                        pv[9] = T.if_then_else(up, pv[25], pv[9]) + T.shfl_xor_sync(T.uint32(4294967295), T.if_then_else(up, pv[9], pv[25]), 16, 32)
                        pv[10] = T.if_then_else(up, pv[26], pv[10]) + T.shfl_xor_sync(T.uint32(4294967295), T.if_then_else(up, pv[10], pv[26]), 16, 32)
                        pv[11] = T.if_then_else(up, pv[27], pv[11]) + T.shfl_xor_sync(T.uint32(4294967295), T.if_then_else(up, pv[11], pv[27]), 16, 32)
                        pv[12] = T.if_then_else(up, pv[28], pv[12]) + T.shfl_xor_sync(T.uint32(4294967295), T.if_then_else(up, pv[12], pv[28]), 16, 32)
                        pv[13] = T.if_then_else(up, pv[29], pv[13]) + T.shfl_xor_sync(T.uint32(4294967295), T.if_then_else(up, pv[13], pv[29]), 16, 32)
                        pv[14] = T.if_then_else(up, pv[30], pv[14]) + T.shfl_xor_sync(T.uint32(4294967295), T.if_then_else(up, pv[14], pv[30]), 16, 32)
                        pv[15] = T.if_then_else(up, pv[31], pv[15]) + T.shfl_xor_sync(T.uint32(4294967295), T.if_then_else(up, pv[15], pv[31]), 16, 32)
                        up_1: T.bool = T.bitwise_and(T.shift_right(ln, 3), 1) == 1
                        pv[0] = T.if_then_else(up_1, pv[8], pv[0]) + T.shfl_xor_sync(T.uint32(4294967295), T.if_then_else(up_1, pv[0], pv[8]), 8, 32)
                        pv[1] = T.if_then_else(up_1, pv[9], pv[1]) + T.shfl_xor_sync(T.uint32(4294967295), T.if_then_else(up_1, pv[1], pv[9]), 8, 32)
                        pv[2] = T.if_then_else(up_1, pv[10], pv[2]) + T.shfl_xor_sync(T.uint32(4294967295), T.if_then_else(up_1, pv[2], pv[10]), 8, 32)
                        pv[3] = T.if_then_else(up_1, pv[11], pv[3]) + T.shfl_xor_sync(T.uint32(4294967295), T.if_then_else(up_1, pv[3], pv[11]), 8, 32)
                        pv[4] = T.if_then_else(up_1, pv[12], pv[4]) + T.shfl_xor_sync(T.uint32(4294967295), T.if_then_else(up_1, pv[4], pv[12]), 8, 32)
                        pv[5] = T.if_then_else(up_1, pv[13], pv[5]) + T.shfl_xor_sync(T.uint32(4294967295), T.if_then_else(up_1, pv[5], pv[13]), 8, 32)
                        pv[6] = T.if_then_else(up_1, pv[14], pv[6]) + T.shfl_xor_sync(T.uint32(4294967295), T.if_then_else(up_1, pv[6], pv[14]), 8, 32)
                        pv[7] = T.if_then_else(up_1, pv[15], pv[7]) + T.shfl_xor_sync(T.uint32(4294967295), T.if_then_else(up_1, pv[7], pv[15]), 8, 32)
                        up_2: T.bool = T.bitwise_and(T.shift_right(ln, 2), 1) == 1
                        pv[0] = T.if_then_else(up_2, pv[4], pv[0]) + T.shfl_xor_sync(T.uint32(4294967295), T.if_then_else(up_2, pv[0], pv[4]), 4, 32)
                        pv[1] = T.if_then_else(up_2, pv[5], pv[1]) + T.shfl_xor_sync(T.uint32(4294967295), T.if_then_else(up_2, pv[1], pv[5]), 4, 32)
                        pv[2] = T.if_then_else(up_2, pv[6], pv[2]) + T.shfl_xor_sync(T.uint32(4294967295), T.if_then_else(up_2, pv[2], pv[6]), 4, 32)
                        pv[3] = T.if_then_else(up_2, pv[7], pv[3]) + T.shfl_xor_sync(T.uint32(4294967295), T.if_then_else(up_2, pv[3], pv[7]), 4, 32)
                        up_3: T.bool = T.bitwise_and(T.shift_right(ln, 1), 1) == 1
                        pv[0] = T.if_then_else(up_3, pv[2], pv[0]) + T.shfl_xor_sync(T.uint32(4294967295), T.if_then_else(up_3, pv[0], pv[2]), 2, 32)
                        pv[1] = T.if_then_else(up_3, pv[3], pv[1]) + T.shfl_xor_sync(T.uint32(4294967295), T.if_then_else(up_3, pv[1], pv[3]), 2, 32)
                        up_4: T.bool = T.bitwise_and(ln, 1) == 1
                        pv[0] = T.if_then_else(up_4, pv[1], pv[0]) + T.shfl_xor_sync(T.uint32(4294967295), T.if_then_else(up_4, pv[0], pv[1]), 1, 32)
                        if T.bitwise_and(ln, 0) == 0 and ln < 32:
                            rws[wi, ln] = pv[0]
                        for i in T.unroll(4):
                            for e in T.vectorized(4):
                                hb[e] = kcs[wi, i, 4 * ln + e]
                            pv[2 * i] = T.float32(0.0)
                            pv[2 * i + 1] = T.float32(0.0)
                            for e in T.unroll(4):
                                kk: T.float32 = T.Cast("float32", hb[e]) * eg[e]
                                pv[2 * i] = pv[2 * i] + kk * xs[0, e]
                                pv[2 * i + 1] = pv[2 * i + 1] + kk * xs[1, e]
                        pv[8] = xs[2, 0]
                        for e in T.unroll(1, 4):
                            pv[8] = pv[8] + xs[2, e]
                        pv[9] = T.float32(0.0)
                        pv[10] = T.float32(0.0)
                        pv[11] = T.float32(0.0)
                        pv[12] = T.float32(0.0)
                        pv[13] = T.float32(0.0)
                        pv[14] = T.float32(0.0)
                        pv[15] = T.float32(0.0)
                        up_5: T.bool = T.bitwise_and(T.shift_right(ln, 4), 1) == 1
                        pv[0] = T.if_then_else(up_5, pv[8], pv[0]) + T.shfl_xor_sync(T.uint32(4294967295), T.if_then_else(up_5, pv[0], pv[8]), 16, 32)
                        pv[1] = T.if_then_else(up_5, pv[9], pv[1]) + T.shfl_xor_sync(T.uint32(4294967295), T.if_then_else(up_5, pv[1], pv[9]), 16, 32)
                        pv[2] = T.if_then_else(up_5, pv[10], pv[2]) + T.shfl_xor_sync(T.uint32(4294967295), T.if_then_else(up_5, pv[2], pv[10]), 16, 32)
                        pv[3] = T.if_then_else(up_5, pv[11], pv[3]) + T.shfl_xor_sync(T.uint32(4294967295), T.if_then_else(up_5, pv[3], pv[11]), 16, 32)
                        pv[4] = T.if_then_else(up_5, pv[12], pv[4]) + T.shfl_xor_sync(T.uint32(4294967295), T.if_then_else(up_5, pv[4], pv[12]), 16, 32)
                        pv[5] = T.if_then_else(up_5, pv[13], pv[5]) + T.shfl_xor_sync(T.uint32(4294967295), T.if_then_else(up_5, pv[5], pv[13]), 16, 32)
                        pv[6] = T.if_then_else(up_5, pv[14], pv[6]) + T.shfl_xor_sync(T.uint32(4294967295), T.if_then_else(up_5, pv[6], pv[14]), 16, 32)
                        pv[7] = T.if_then_else(up_5, pv[15], pv[7]) + T.shfl_xor_sync(T.uint32(4294967295), T.if_then_else(up_5, pv[7], pv[15]), 16, 32)
                        up_6: T.bool = T.bitwise_and(T.shift_right(ln, 3), 1) == 1
                        pv[0] = T.if_then_else(up_6, pv[4], pv[0]) + T.shfl_xor_sync(T.uint32(4294967295), T.if_then_else(up_6, pv[0], pv[4]), 8, 32)
                        pv[1] = T.if_then_else(up_6, pv[5], pv[1]) + T.shfl_xor_sync(T.uint32(4294967295), T.if_then_else(up_6, pv[1], pv[5]), 8, 32)
                        pv[2] = T.if_then_else(up_6, pv[6], pv[2]) + T.shfl_xor_sync(T.uint32(4294967295), T.if_then_else(up_6, pv[2], pv[6]), 8, 32)
                        pv[3] = T.if_then_else(up_6, pv[7], pv[3]) + T.shfl_xor_sync(T.uint32(4294967295), T.if_then_else(up_6, pv[3], pv[7]), 8, 32)
                        up_7: T.bool = T.bitwise_and(T.shift_right(ln, 2), 1) == 1
                        pv[0] = T.if_then_else(up_7, pv[2], pv[0]) + T.shfl_xor_sync(T.uint32(4294967295), T.if_then_else(up_7, pv[0], pv[2]), 4, 32)
                        pv[1] = T.if_then_else(up_7, pv[3], pv[1]) + T.shfl_xor_sync(T.uint32(4294967295), T.if_then_else(up_7, pv[1], pv[3]), 4, 32)
                        up_8: T.bool = T.bitwise_and(T.shift_right(ln, 1), 1) == 1
                        pv[0] = T.if_then_else(up_8, pv[1], pv[0]) + T.shfl_xor_sync(T.uint32(4294967295), T.if_then_else(up_8, pv[0], pv[1]), 2, 32)
                        pv[0] = pv[0] + T.shfl_xor_sync(T.uint32(4294967295), pv[0], 1, 32)
                        vi2: T.int32 = T.shift_right(ln, 1)
                        if T.bitwise_and(ln, 1) == 0 and vi2 < 9:
                            rws[wi, 32 + vi2] = pv[0]
                        T.sync_warp()
                        nxt[1] = T.if_then_else(it + 1 < nit, wpos[nxt[0]], 0)
                        s_1: T.int32 = nxt[0]
                        m_1: T.int32 = nxt[1]
                        for cc in T.unroll(8):
                            ch: T.int32 = cc * 32 + ln
                            if ch < 256:
                                T.ptx_cp_async(T.access_ptr(rks[wi, ch // 16, ch % 16 * 8], 8, 2), T.access_ptr(rk[s_1, hv, ch // 16, ch % 16 * 8], 8, 1), 8, ch // 16 < m_1)
                        for cc in T.unroll(2):
                            ch: T.int32 = cc * 32 + ln
                            if ch < 64:
                                T.ptx_cp_async(T.access_ptr(kcs[wi, ch // 16, ch % 16 * 8], 8, 2), T.access_ptr(Kc[s_1, hv, ch // 16, ch % 16 * 8], 8, 1), 8)
                        T.ptx_commit_group()
                        dj: T.int32 = gq % 4
                        for w4 in T.unroll(8):
                            for e in T.vectorized(4):
                                yv[4 * w4 + e] = ysm[wi, gq // 4, 36 * tq + 4 * w4 + e]
                        zf[0] = T.if_then_else(gq // 4 == 0, mx[0], mx[1])
                        for w in T.unroll(8):
                            sel: T.uint32 = T.Cast("uint32", dj) + T.shift_left(T.Cast("uint32", dj) + T.uint32(4), T.uint32(4))
                            lo: T.uint32 = T.call_extern("uint32", "__byte_perm", T.reinterpret("uint32", yv[4 * w] * zf[0] + T.float32(12582912.0)), T.reinterpret("uint32", yv[4 * w + 1] * zf[0] + T.float32(12582912.0)), sel)
                            hi: T.uint32 = T.call_extern("uint32", "__byte_perm", T.reinterpret("uint32", yv[4 * w + 2] * zf[0] + T.float32(12582912.0)), T.reinterpret("uint32", yv[4 * w + 3] * zf[0] + T.float32(12582912.0)), sel)
                            dw: T.uint32 = T.bitwise_xor(T.call_extern("uint32", "__byte_perm", lo, hi, T.uint32(21520)), T.uint32(2155905152))
                            bw[w] = T.reinterpret("int32", T.if_then_else(dj == 3, T.uint32(16843009), dw))
                        for hr in T.unroll(2):
                            for e in T.vectorized(8):
                                zq[32 + 8 * hr + e] = Z[s, hv, 32 + gq + 8 * hr, tq * 8 + e]
                        af[0] = zq[0]
                        af[1] = zq[8]
                        af[2] = zq[1]
                        af[3] = zq[9]
                        af[4] = zq[2]
                        af[5] = zq[10]
                        af[6] = zq[3]
                        af[7] = zq[11]
                        af[8] = zq[4]
                        af[9] = zq[12]
                        af[10] = zq[5]
                        af[11] = zq[13]
                        af[12] = zq[6]
                        af[13] = zq[14]
                        af[14] = zq[7]
                        af[15] = zq[15]
                        for e in T.unroll(4):
                            cf[e] = 0
                        for j in T.unroll(4):
                            T.ptx_mma("int32", "m16n8k32", "row", "col", "int8", "int8", "int32", af.data, 4 * j, bw.data, 2 * j, cf.data, 0, T.bool(False))
                        for hr in T.unroll(2):
                            zi[1] = T.shfl_xor_sync(T.uint32(4294967295), cf[2 * hr + 1], 1, 32)
                            zi[0] = T.if_then_else(tq % 2 == 1, cf[2 * hr + 1], zi[1])
                            zf[1] = T.if_then_else(tq % 2 == 0, T.Cast("float32", cf[2 * hr] + 128 * zi[0]) + T.float32(256.0) * T.Cast("float32", cf[2 * hr + 1] + 128 * zi[0]), T.float32(65536.0) * T.Cast("float32", cf[2 * hr] + 64 * zi[0]))
                            zf[1] = zf[1] + T.shfl_xor_sync(T.uint32(4294967295), zf[1], 1, 32)
                            if tq % 2 == 0:
                                zrs[wi, tq // 2, gq + 8 * hr] = zf[1] * T.if_then_else(tq // 2 == 0, mx[2], mx[3])
                        for hr in T.unroll(2):
                            for e in T.vectorized(8):
                                zq[8 * hr + e] = Z[s, hv, 48 + gq + 8 * hr, tq * 8 + e]
                        af[0] = zq[16]
                        af[1] = zq[24]
                        af[2] = zq[17]
                        af[3] = zq[25]
                        af[4] = zq[18]
                        af[5] = zq[26]
                        af[6] = zq[19]
                        af[7] = zq[27]
                        af[8] = zq[20]
                        af[9] = zq[28]
                        af[10] = zq[21]
                        af[11] = zq[29]
                        af[12] = zq[22]
                        af[13] = zq[30]
                        af[14] = zq[23]
                        af[15] = zq[31]
                        for e in T.unroll(4):
                            cf[e] = 0
                        for j in T.unroll(4):
                            T.ptx_mma("int32", "m16n8k32", "row", "col", "int8", "int8", "int32", af.data, 4 * j, bw.data, 2 * j, cf.data, 0, T.bool(False))
                        for hr in T.unroll(2):
                            zi[1] = T.shfl_xor_sync(T.uint32(4294967295), cf[2 * hr + 1], 1, 32)
                            zi[0] = T.if_then_else(tq % 2 == 1, cf[2 * hr + 1], zi[1])
                            zf[1] = T.if_then_else(tq % 2 == 0, T.Cast("float32", cf[2 * hr] + 128 * zi[0]) + T.float32(256.0) * T.Cast("float32", cf[2 * hr + 1] + 128 * zi[0]), T.float32(65536.0) * T.Cast("float32", cf[2 * hr] + 64 * zi[0]))
                            zf[1] = zf[1] + T.shfl_xor_sync(T.uint32(4294967295), zf[1], 1, 32)
                            if tq % 2 == 0:
                                zrs[wi, tq // 2, 16 + gq + 8 * hr] = zf[1] * T.if_then_else(tq // 2 == 0, mx[2], mx[3])
                        for hr in T.unroll(2):
                            for e in T.vectorized(8):
                                zq[16 + 8 * hr + e] = Z[s, hv, 64 + gq + 8 * hr, tq * 8 + e]
                        af[0] = zq[32]
                        af[1] = zq[40]
                        af[2] = zq[33]
                        af[3] = zq[41]
                        af[4] = zq[34]
                        af[5] = zq[42]
                        af[6] = zq[35]
                        af[7] = zq[43]
                        af[8] = zq[36]
                        af[9] = zq[44]
                        af[10] = zq[37]
                        af[11] = zq[45]
                        af[12] = zq[38]
                        af[13] = zq[46]
                        af[14] = zq[39]
                        af[15] = zq[47]
                        for e in T.unroll(4):
                            cf[e] = 0
                        for j in T.unroll(4):
                            T.ptx_mma("int32", "m16n8k32", "row", "col", "int8", "int8", "int32", af.data, 4 * j, bw.data, 2 * j, cf.data, 0, T.bool(False))
                        for hr in T.unroll(2):
                            zi[1] = T.shfl_xor_sync(T.uint32(4294967295), cf[2 * hr + 1], 1, 32)
                            zi[0] = T.if_then_else(tq % 2 == 1, cf[2 * hr + 1], zi[1])
                            zf[1] = T.if_then_else(tq % 2 == 0, T.Cast("float32", cf[2 * hr] + 128 * zi[0]) + T.float32(256.0) * T.Cast("float32", cf[2 * hr + 1] + 128 * zi[0]), T.float32(65536.0) * T.Cast("float32", cf[2 * hr] + 64 * zi[0]))
                            zf[1] = zf[1] + T.shfl_xor_sync(T.uint32(4294967295), zf[1], 1, 32)
                            if tq % 2 == 0:
                                zrs[wi, tq // 2, 32 + gq + 8 * hr] = zf[1] * T.if_then_else(tq // 2 == 0, mx[2], mx[3])
                        for hr in T.unroll(2):
                            for e in T.vectorized(8):
                                zq[32 + 8 * hr + e] = Z[s, hv, 80 + gq + 8 * hr, tq * 8 + e]
                        af[0] = zq[0]
                        af[1] = zq[8]
                        af[2] = zq[1]
                        af[3] = zq[9]
                        af[4] = zq[2]
                        af[5] = zq[10]
                        af[6] = zq[3]
                        af[7] = zq[11]
                        af[8] = zq[4]
                        af[9] = zq[12]
                        af[10] = zq[5]
                        af[11] = zq[13]
                        af[12] = zq[6]
                        af[13] = zq[14]
                        af[14] = zq[7]
                        af[15] = zq[15]
                        for e in T.unroll(4):
                            cf[e] = 0
                        for j in T.unroll(4):
                            T.ptx_mma("int32", "m16n8k32", "row", "col", "int8", "int8", "int32", af.data, 4 * j, bw.data, 2 * j, cf.data, 0, T.bool(False))
                        for hr in T.unroll(2):
                            zi[1] = T.shfl_xor_sync(T.uint32(4294967295), cf[2 * hr + 1], 1, 32)
                            zi[0] = T.if_then_else(tq % 2 == 1, cf[2 * hr + 1], zi[1])
                            zf[1] = T.if_then_else(tq % 2 == 0, T.Cast("float32", cf[2 * hr] + 128 * zi[0]) + T.float32(256.0) * T.Cast("float32", cf[2 * hr + 1] + 128 * zi[0]), T.float32(65536.0) * T.Cast("float32", cf[2 * hr] + 64 * zi[0]))
                            zf[1] = zf[1] + T.shfl_xor_sync(T.uint32(4294967295), zf[1], 1, 32)
                            if tq % 2 == 0:
                                zrs[wi, tq // 2, 48 + gq + 8 * hr] = zf[1] * T.if_then_else(tq // 2 == 0, mx[2], mx[3])
                        for hr in T.unroll(2):
                            for e in T.vectorized(8):
                                zq[8 * hr + e] = Z[s, hv, 96 + gq + 8 * hr, tq * 8 + e]
                        af[0] = zq[16]
                        af[1] = zq[24]
                        af[2] = zq[17]
                        af[3] = zq[25]
                        af[4] = zq[18]
                        af[5] = zq[26]
                        af[6] = zq[19]
                        af[7] = zq[27]
                        af[8] = zq[20]
                        af[9] = zq[28]
                        af[10] = zq[21]
                        af[11] = zq[29]
                        af[12] = zq[22]
                        af[13] = zq[30]
                        af[14] = zq[23]
                        af[15] = zq[31]
                        for e in T.unroll(4):
                            cf[e] = 0
                        for j in T.unroll(4):
                            T.ptx_mma("int32", "m16n8k32", "row", "col", "int8", "int8", "int32", af.data, 4 * j, bw.data, 2 * j, cf.data, 0, T.bool(False))
                        for hr in T.unroll(2):
                            zi[1] = T.shfl_xor_sync(T.uint32(4294967295), cf[2 * hr + 1], 1, 32)
                            zi[0] = T.if_then_else(tq % 2 == 1, cf[2 * hr + 1], zi[1])
                            zf[1] = T.if_then_else(tq % 2 == 0, T.Cast("float32", cf[2 * hr] + 128 * zi[0]) + T.float32(256.0) * T.Cast("float32", cf[2 * hr + 1] + 128 * zi[0]), T.float32(65536.0) * T.Cast("float32", cf[2 * hr] + 64 * zi[0]))
                            zf[1] = zf[1] + T.shfl_xor_sync(T.uint32(4294967295), zf[1], 1, 32)
                            if tq % 2 == 0:
                                zrs[wi, tq // 2, 64 + gq + 8 * hr] = zf[1] * T.if_then_else(tq // 2 == 0, mx[2], mx[3])
                        for hr in T.unroll(2):
                            for e in T.vectorized(8):
                                zq[16 + 8 * hr + e] = Z[s, hv, 112 + gq + 8 * hr, tq * 8 + e]
                        af[0] = zq[32]
                        af[1] = zq[40]
                        af[2] = zq[33]
                        af[3] = zq[41]
                        af[4] = zq[34]
                        af[5] = zq[42]
                        af[6] = zq[35]
                        af[7] = zq[43]
                        af[8] = zq[36]
                        af[9] = zq[44]
                        af[10] = zq[37]
                        af[11] = zq[45]
                        af[12] = zq[38]
                        af[13] = zq[46]
                        af[14] = zq[39]
                        af[15] = zq[47]
                        for e in T.unroll(4):
                            cf[e] = 0
                        for j in T.unroll(4):
                            T.ptx_mma("int32", "m16n8k32", "row", "col", "int8", "int8", "int32", af.data, 4 * j, bw.data, 2 * j, cf.data, 0, T.bool(False))
                        for hr in T.unroll(2):
                            zi[1] = T.shfl_xor_sync(T.uint32(4294967295), cf[2 * hr + 1], 1, 32)
                            zi[0] = T.if_then_else(tq % 2 == 1, cf[2 * hr + 1], zi[1])
                            zf[1] = T.if_then_else(tq % 2 == 0, T.Cast("float32", cf[2 * hr] + 128 * zi[0]) + T.float32(256.0) * T.Cast("float32", cf[2 * hr + 1] + 128 * zi[0]), T.float32(65536.0) * T.Cast("float32", cf[2 * hr] + 64 * zi[0]))
                            zf[1] = zf[1] + T.shfl_xor_sync(T.uint32(4294967295), zf[1], 1, 32)
                            if tq % 2 == 0:
                                zrs[wi, tq // 2, 80 + gq + 8 * hr] = zf[1] * T.if_then_else(tq // 2 == 0, mx[2], mx[3])
                        af[0] = zq[0]
                        af[1] = zq[8]
                        af[2] = zq[1]
                        af[3] = zq[9]
                        af[4] = zq[2]
                        af[5] = zq[10]
                        af[6] = zq[3]
                        af[7] = zq[11]
                        af[8] = zq[4]
                        af[9] = zq[12]
                        af[10] = zq[5]
                        af[11] = zq[13]
                        af[12] = zq[6]
                        af[13] = zq[14]
                        af[14] = zq[7]
                        af[15] = zq[15]
                        for e in T.unroll(4):
                            cf[e] = 0
                        for j in T.unroll(4):
                            T.ptx_mma("int32", "m16n8k32", "row", "col", "int8", "int8", "int32", af.data, 4 * j, bw.data, 2 * j, cf.data, 0, T.bool(False))
                        for hr in T.unroll(2):
                            zi[1] = T.shfl_xor_sync(T.uint32(4294967295), cf[2 * hr + 1], 1, 32)
                            zi[0] = T.if_then_else(tq % 2 == 1, cf[2 * hr + 1], zi[1])
                            zf[1] = T.if_then_else(tq % 2 == 0, T.Cast("float32", cf[2 * hr] + 128 * zi[0]) + T.float32(256.0) * T.Cast("float32", cf[2 * hr + 1] + 128 * zi[0]), T.float32(65536.0) * T.Cast("float32", cf[2 * hr] + 64 * zi[0]))
                            zf[1] = zf[1] + T.shfl_xor_sync(T.uint32(4294967295), zf[1], 1, 32)
                            if tq % 2 == 0:
                                zrs[wi, tq // 2, 96 + gq + 8 * hr] = zf[1] * T.if_then_else(tq // 2 == 0, mx[2], mx[3])
                        af[0] = zq[16]
                        af[1] = zq[24]
                        af[2] = zq[17]
                        af[3] = zq[25]
                        af[4] = zq[18]
                        af[5] = zq[26]
                        af[6] = zq[19]
                        af[7] = zq[27]
                        af[8] = zq[20]
                        af[9] = zq[28]
                        af[10] = zq[21]
                        af[11] = zq[29]
                        af[12] = zq[22]
                        af[13] = zq[30]
                        af[14] = zq[23]
                        af[15] = zq[31]
                        for e in T.unroll(4):
                            cf[e] = 0
                        for j in T.unroll(4):
                            T.ptx_mma("int32", "m16n8k32", "row", "col", "int8", "int8", "int32", af.data, 4 * j, bw.data, 2 * j, cf.data, 0, T.bool(False))
                        for hr in T.unroll(2):
                            zi[1] = T.shfl_xor_sync(T.uint32(4294967295), cf[2 * hr + 1], 1, 32)
                            zi[0] = T.if_then_else(tq % 2 == 1, cf[2 * hr + 1], zi[1])
                            zf[1] = T.if_then_else(tq % 2 == 0, T.Cast("float32", cf[2 * hr] + 128 * zi[0]) + T.float32(256.0) * T.Cast("float32", cf[2 * hr + 1] + 128 * zi[0]), T.float32(65536.0) * T.Cast("float32", cf[2 * hr] + 64 * zi[0]))
                            zf[1] = zf[1] + T.shfl_xor_sync(T.uint32(4294967295), zf[1], 1, 32)
                            if tq % 2 == 0:
                                zrs[wi, tq // 2, 112 + gq + 8 * hr] = zf[1] * T.if_then_else(tq // 2 == 0, mx[2], mx[3])
                        T.ptx_wait_group(1)
                        T.sync_warp()
                        for e in T.vectorized(4):
                            bv[e] = Bs[s, hv, 4 * ln + e]
                        for e in T.vectorized(4):
                            a1[e] = zrs[wi, 0, 4 * ln + e]
                        for e in T.vectorized(4):
                            a2[e] = zrs[wi, 1, 4 * ln + e]
                        for e in T.unroll(4):
                            a1[e] = bv[e] * a1[e] * T.float32(0.007874015748031496)
                            a2[e] = bv[e] * a2[e] * T.float32(0.007874015748031496)
                        for j in T.unroll(16):
                            for e in T.vectorized(2):
                                wp[e] = rws[wi, 2 * j + e]
                            for e in T.vectorized(4):
                                ub[e] = rus[wi, j, 4 * ln + e]
                            for e in T.unroll(4):
                                a1[e] = a1[e] + wp[0] * T.Cast("float32", ub[e])
                                a2[e] = a2[e] + wp[1] * T.Cast("float32", ub[e])
                        for i in T.unroll(4):
                            for e in T.vectorized(2):
                                wp[e] = rws[wi, 32 + 2 * i + e]
                            for e in T.vectorized(4):
                                ub[e] = ucs[wi, i, 4 * ln + e]
                            for e in T.unroll(4):
                                a1[e] = a1[e] + wp[0] * T.Cast("float32", ub[e])
                                a2[e] = a2[e] + wp[1] * T.Cast("float32", ub[e])
                        for e in T.vectorized(4):
                            vb[e] = v[n, hv, 4 * ln + e]
                        wp[0] = rws[wi, 40]
                        wp[1] = beta[n, hv]
                        for e in T.unroll(4):
                            u16[e] = T.Cast("float16", wp[1] * (T.Cast("float32", vb[e]) - a1[e]))
                        for e in T.vectorized(4):
                            ru[s, hv, m, 4 * ln + e] = u16[e]
                        for e in T.unroll(4):
                            o[n, hv, 4 * ln + e] = T.Cast("bfloat16", a2[e] + T.Cast("float32", u16[e]) * wp[0])
                        for e in T.unroll(4):
                            hb[e] = T.Cast("float16", kb[e])
                        for e in T.vectorized(4):
                            rk[s, hv, m, 4 * ln + e] = hb[e]
                        for e in T.vectorized(4):
                            rg[s, hv, m, 4 * ln + e] = gl[e]
                        if hv == 0 and ln == 0:
                            wnext[n] = m + 1
                            if m + 1 == 16:
                                pos: T.int32 = T.atomic_add_ret_elem_op(T.access_ptr(cnt[par], 1, 3), 1)
                                lst[pos] = s
                            if n == 0:
                                cnt[1 - par] = 0
                        T.sync_warp()
                        s_2: T.int32 = nxt[0]
                        m_2: T.int32 = nxt[1]
                        for cc in T.unroll(8):
                            ch: T.int32 = cc * 32 + ln
                            if ch < 256:
                                T.ptx_cp_async(T.access_ptr(rus[wi, ch // 16, ch % 16 * 8], 8, 2), T.access_ptr(ru[s_2, hv, ch // 16, ch % 16 * 8], 8, 1), 8, ch // 16 < m_2)
                        for cc in T.unroll(2):
                            ch: T.int32 = cc * 32 + ln
                            if ch < 64:
                                T.ptx_cp_async(T.access_ptr(ucs[wi, ch // 16, ch % 16 * 8], 8, 2), T.access_ptr(Uc[s_2, hv, ch // 16, ch % 16 * 8], 8, 1), 8)
                        T.ptx_commit_group()
                        cur[0] = nxt[0]
                        cur[1] = nxt[1]
                    T.ptx_wait_group(0)

# Metadata omitted. Use show_meta=True in script() method to show it.
# from tvm.script import tirx as T

@T.prim_func
def decode(q_handle: T.handle, k_handle: T.handle, v_handle: T.handle, g_handle: T.handle, beta_handle: T.handle, scale: T.float32, idx_handle: T.handle, wpos_handle: T.handle, Z_handle: T.handle, c_handle: T.handle, Bs_handle: T.handle, Kc_handle: T.handle, Uc_handle: T.handle, rk_handle: T.handle, ru_handle: T.handle, rg_handle: T.handle, o_handle: T.handle, wnext_handle: T.handle, cnt_handle: T.handle, par: T.int32, lst_handle: T.handle, grp_handle: T.handle):
    N = T.int32()
    q = T.match_buffer(q_handle, (N, 16, 128), "bfloat16", strides=(2048, 128, 1))
    k = T.match_buffer(k_handle, (N, 16, 128), "bfloat16", strides=(2048, 128, 1))
    v = T.match_buffer(v_handle, (N, 32, 128), "bfloat16", strides=(4096, 128, 1))
    g = T.match_buffer(g_handle, (N, 32), strides=(32, 1))
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
    rg = T.match_buffer(rg_handle, (NS, 32, 16), strides=(512, 16, 1))
    o = T.match_buffer(o_handle, (N, 32, 128), "bfloat16", strides=(4096, 128, 1))
    wnext = T.match_buffer(wnext_handle, (N,), "int32", strides=(1,))
    cnt = T.match_buffer(cnt_handle, (2,), "int32", strides=(1,))
    lst = T.match_buffer(lst_handle, (N,), "int32", strides=(1,))
    GP = T.int32()
    grp = T.match_buffer(grp_handle, (GP,), "int32", strides=(1,))
    # with T.sblock("root"):
    for bx in T.thread_binding(1, thread="blockIdx.x"):
        for hv in T.thread_binding(32, thread="blockIdx.y"):
            for b in T.thread_binding(GP, thread="blockIdx.z"):
                tx: T.int32 = T.launch_thread_idx(0)
                ty: T.int32 = T.launch_thread_idx(1)
                tz: T.int32 = T.launch_thread_idx(2)
                with T.sblock("tilelang_root"):
                    T.reads()
                    T.writes()
                    T.sblock_attr({"tl.launch_threads": [128, 1, 1]})
                    sl = T.sblock_alloc_buffer((64,), "int32", scope="shared.dyn")
                    ml = T.sblock_alloc_buffer((64,), "int32", scope="shared.dyn")
                    rks = T.sblock_alloc_buffer((2, 16, 128), "float16", scope="shared.dyn")
                    rus = T.sblock_alloc_buffer((2, 16, 128), "float16", scope="shared.dyn")
                    rgs = T.sblock_alloc_buffer((2, 16, 1), scope="shared.dyn")
                    Kcs = T.sblock_alloc_buffer((2, 4, 128), "float16", scope="shared.dyn")
                    Ucs = T.sblock_alloc_buffer((2, 4, 128), "float16", scope="shared.dyn")
                    css = T.sblock_alloc_buffer((2, 128), scope="shared.dyn")
                    Bss = T.sblock_alloc_buffer((2, 128), scope="shared.dyn")
                    qks = T.sblock_alloc_buffer((2, 2, 128), "bfloat16", scope="shared.dyn")
                    vss = T.sblock_alloc_buffer((2, 128), "bfloat16", scope="shared.dyn")
                    gss = T.sblock_alloc_buffer((2, 1), scope="shared.dyn")
                    bts = T.sblock_alloc_buffer((2, 1), scope="shared.dyn")
                    G = T.sblock_alloc_buffer((17, 1), scope="shared.dyn")
                    xs = T.sblock_alloc_buffer((3, 128), scope="shared.dyn")
                    ys = T.sblock_alloc_buffer((2, 160), scope="shared.dyn")
                    rw = T.sblock_alloc_buffer((4, 12), scope="shared.dyn")
                    pv = T.sblock_alloc_buffer((16,), scope="local")
                    wp = T.sblock_alloc_buffer((2,), scope="local")
                    gacc = T.sblock_alloc_buffer((1,), scope="local")
                    zr = T.sblock_alloc_buffer((2, 128), scope="shared.dyn")
                    A1 = T.sblock_alloc_buffer((128,), scope="local.fragment")
                    A2 = T.sblock_alloc_buffer((128,), scope="local.fragment")
                    Zs = T.sblock_alloc_buffer((1, 128, 36), "int32", scope="shared.dyn")
                    zc = T.sblock_alloc_buffer((4,), "int32", scope="local")
                    yv = T.sblock_alloc_buffer((32,), scope="local")
                    bw = T.sblock_alloc_buffer((8,), "int32", scope="local")
                    za = T.sblock_alloc_buffer((8,), "int32", scope="local")
                    zb = T.sblock_alloc_buffer((8,), "int32", scope="local")
                    af = T.sblock_alloc_buffer((16,), "int32", scope="local")
                    cf = T.sblock_alloc_buffer((4,), "int32", scope="local")
                    zf = T.sblock_alloc_buffer((4,), scope="local")
                    zi = T.sblock_alloc_buffer((2,), "int32", scope="local")
                    T.attr(None, "tl.min_blocks_per_sm", 2)
                    wi: T.int32 = tx // 32
                    ln: T.int32 = tx % 32
                    lt: T.int32 = tx % 8
                    r0: T.int32 = tx // 8
                    h: T.int32 = hv // 2
                    for e in T.unroll(4):
                        zc[e] = 0
                    nit: T.int32 = (N - b + GP - 1) // GP
                    for e in T.parallel(64):
                        nn: T.int32 = b + e * GP
                        if nn < N:
                            sl[e] = idx[nn]
                            ml[e] = wpos[idx[nn]]
                    for it in range(nit + 1):
                        T.tvm_storage_sync("shared")
                        if it < nit:
                            s: T.int32 = sl[it]
                            m: T.int32 = ml[it]
                            n: T.int32 = b + it * GP
                            bi: T.int32 = it % 2
                            for cc in T.unroll(2):
                                ch: T.int32 = cc * 128 + tx
                                if ch < 256:
                                    T.ptx_cp_async(T.access_ptr(rks[bi, ch // 16, ch % 16 * 8], 8, 2), T.access_ptr(rk[s, hv, ch // 16, ch % 16 * 8], 8, 1), 8, ch // 16 < m)
                            for cc in T.unroll(2):
                                ch: T.int32 = cc * 128 + tx
                                if ch < 256:
                                    T.ptx_cp_async(T.access_ptr(rus[bi, ch // 16, ch % 16 * 8], 8, 2), T.access_ptr(ru[s, hv, ch // 16, ch % 16 * 8], 8, 1), 8, ch // 16 < m)
                            if tx < 16:
                                T.ptx_cp_async(T.access_ptr(rgs[bi, tx, 0], 1, 2), T.access_ptr(rg[s, hv, tx], 1, 1), 1, tx < m)
                            if tx == 16:
                                T.ptx_cp_async(T.access_ptr(gss[bi, 0], 1, 2), T.access_ptr(g[n, hv], 1, 1), 1)
                            for cc in T.unroll(1):
                                ch: T.int32 = cc * 128 + tx
                                if ch < 64:
                                    T.ptx_cp_async(T.access_ptr(Kcs[bi, ch // 16, ch % 16 * 8], 8, 2), T.access_ptr(Kc[s, hv, ch // 16, ch % 16 * 8], 8, 1), 8)
                            for cc in T.unroll(1):
                                ch: T.int32 = cc * 128 + tx
                                if ch < 64:
                                    T.ptx_cp_async(T.access_ptr(Ucs[bi, ch // 16, ch % 16 * 8], 8, 2), T.access_ptr(Uc[s, hv, ch // 16, ch % 16 * 8], 8, 1), 8)
                            if tx < 32:
                                T.ptx_cp_async(T.access_ptr(css[bi, tx * 4], 4, 2), T.access_ptr(c[s, hv, tx * 4], 4, 1), 4)
                            if tx < 32:
                                T.ptx_cp_async(T.access_ptr(Bss[bi, tx * 4], 4, 2), T.access_ptr(Bs[s, hv, tx * 4], 4, 1), 4)
                            if tx < 16:
                                T.ptx_cp_async(T.access_ptr(qks[bi, 0, tx * 8], 8, 2), T.access_ptr(q[n, h, tx * 8], 8, 1), 8)
                                T.ptx_cp_async(T.access_ptr(qks[bi, 1, tx * 8], 8, 2), T.access_ptr(k[n, h, tx * 8], 8, 1), 8)
                            if tx < 16:
                                T.ptx_cp_async(T.access_ptr(vss[bi, tx * 8], 8, 2), T.access_ptr(v[n, hv, tx * 8], 8, 1), 8)
                            if tx == 0:
                                T.ptx_cp_async(T.access_ptr(bts[bi, 0], 1, 2), T.access_ptr(beta[n, hv], 1, 1), 1)
                            T.ptx_commit_group()
                            if it == 0:
                                for cc in T.unroll(8):
                                    ch: T.int32 = cc * 32 + ln
                                    T.ptx_cp_async(T.access_ptr(Zs[0, wi * 32 + ch // 8, ch % 8 * 4], 4, 2), T.access_ptr(Z[s, hv, wi * 32 + ch // 8, ch % 8 * 4], 4, 1), 4)
                                T.ptx_commit_group()
                            if it > 0:
                                T.ptx_wait_group(2)
                        else:
                            T.ptx_wait_group(1)
                        T.tvm_storage_sync("shared")
                        if it > 0:
                            s: T.int32 = sl[it - 1]
                            m: T.int32 = ml[it - 1]
                            n: T.int32 = b + (it - 1) * GP
                            cb: T.int32 = (it - 1) % 2
                            for d in T.parallel(128):
                                a: T.float32 = T.exp(gss[cb, 0])
                                kf: T.float32 = T.Cast("float32", qks[cb, 1, d])
                                qf: T.float32 = T.Cast("float32", qks[cb, 0, d])
                                xs[0, d] = a * kf
                                xs[1, d] = a * qf * scale
                                xs[2, d] = T.Cast("float32", T.Cast("float16", qks[cb, 1, d])) * qf * scale
                            for j in T.parallel(16):
                                gacc[0] = T.float32(0.0)
                                for i in T.unroll(16):
                                    gacc[0] = gacc[0] + T.if_then_else(i <= j, rgs[cb, i, 0], T.float32(0.0))
                                G[j + 1, 0] = gacc[0]
                            G[0, 0] = T.float32(0.0)
                            for d in T.parallel(128):
                                gm: T.float32 = T.exp(G[m, 0])
                                ys[0, d + d // 16 * 4] = css[cb, d] * gm * xs[0, d]
                                ys[1, d + d // 16 * 4] = css[cb, d] * gm * xs[1, d]
                            for t in T.unroll(6):
                                rr: T.int32 = wi + 4 * t
                                pv[2 * t] = T.float32(0.0)
                                pv[2 * t + 1] = T.float32(0.0)
                                if rr < 16:
                                    for e in T.unroll(4):
                                        d: T.int32 = ln + 32 * e
                                        dec: T.float32 = T.Cast("float32", rks[cb, rr, d])
                                        pv[2 * t] = pv[2 * t] + dec * xs[0, d]
                                        pv[2 * t + 1] = pv[2 * t + 1] + dec * xs[1, d]
                                else:
                                    if rr < 20:
                                        for e in T.unroll(4):
                                            d: T.int32 = ln + 32 * e
                                            kk: T.float32 = T.Cast("float32", Kcs[cb, rr - 16, d]) * T.exp(G[m, 0])
                                            pv[2 * t] = pv[2 * t] + kk * xs[0, d]
                                            pv[2 * t + 1] = pv[2 * t + 1] + kk * xs[1, d]
                                    else:
                                        if rr == 20:
                                            for e in T.unroll(4):
                                                pv[2 * t] = pv[2 * t] + xs[2, ln + 32 * e]
                            pv[12] = T.float32(0.0)
                            pv[13] = T.float32(0.0)
                            pv[14] = T.float32(0.0)
                            pv[15] = T.float32(0.0)
                            up: T.bool = T.bitwise_and(T.shift_right(ln, 4), 1) == 1
                            pv[0] = T.if_then_else(up, pv[8], pv[0]) + T.shfl_xor_sync(T.uint32(4294967295), T.if_then_else(up, pv[0], pv[8]), 16, 32)
                            pv[1] = T.if_then_else(up, pv[9], pv[1]) + T.shfl_xor_sync(T.uint32(4294967295), T.if_then_else(up, pv[1], pv[9]), 16, 32)
                            pv[2] = T.if_then_else(up, pv[10], pv[2]) + T.shfl_xor_sync(T.uint32(4294967295), T.if_then_else(up, pv[2], pv[10]), 16, 32)
                            pv[3] = T.if_then_else(up, pv[11], pv[3]) + T.shfl_xor_sync(T.uint32(4294967295), T.if_then_else(up, pv[3], pv[11]), 16, 32)
                            pv[4] = T.if_then_else(up, pv[12], pv[4]) + T.shfl_xor_sync(T.uint32(4294967295), T.if_then_else(up, pv[4], pv[12]), 16, 32)
                            pv[5] = T.if_then_else(up, pv[13], pv[5]) + T.shfl_xor_sync(T.uint32(4294967295), T.if_then_else(up, pv[5], pv[13]), 16, 32)
                            pv[6] = T.if_then_else(up, pv[14], pv[6]) + T.shfl_xor_sync(T.uint32(4294967295), T.if_then_else(up, pv[6], pv[14]), 16, 32)
                            pv[7] = T.if_then_else(up, pv[15], pv[7]) + T.shfl_xor_sync(T.uint32(4294967295), T.if_then_else(up, pv[7], pv[15]), 16, 32)
                            up_1: T.bool = T.bitwise_and(T.shift_right(ln, 3), 1) == 1
                            pv[0] = T.if_then_else(up_1, pv[4], pv[0]) + T.shfl_xor_sync(T.uint32(4294967295), T.if_then_else(up_1, pv[0], pv[4]), 8, 32)
                            pv[1] = T.if_then_else(up_1, pv[5], pv[1]) + T.shfl_xor_sync(T.uint32(4294967295), T.if_then_else(up_1, pv[1], pv[5]), 8, 32)
                            pv[2] = T.if_then_else(up_1, pv[6], pv[2]) + T.shfl_xor_sync(T.uint32(4294967295), T.if_then_else(up_1, pv[2], pv[6]), 8, 32)
                            pv[3] = T.if_then_else(up_1, pv[7], pv[3]) + T.shfl_xor_sync(T.uint32(4294967295), T.if_then_else(up_1, pv[3], pv[7]), 8, 32)
                            up_2: T.bool = T.bitwise_and(T.shift_right(ln, 2), 1) == 1
                            pv[0] = T.if_then_else(up_2, pv[2], pv[0]) + T.shfl_xor_sync(T.uint32(4294967295), T.if_then_else(up_2, pv[0], pv[2]), 4, 32)
                            pv[1] = T.if_then_else(up_2, pv[3], pv[1]) + T.shfl_xor_sync(T.uint32(4294967295), T.if_then_else(up_2, pv[1], pv[3]), 4, 32)
                            up_3: T.bool = T.bitwise_and(T.shift_right(ln, 1), 1) == 1
                            pv[0] = T.if_then_else(up_3, pv[1], pv[0]) + T.shfl_xor_sync(T.uint32(4294967295), T.if_then_else(up_3, pv[0], pv[1]), 2, 32)
                            pv[0] = pv[0] + T.shfl_xor_sync(T.uint32(4294967295), pv[0], 1, 32)
                            vi: T.int32 = T.shift_right(ln, 1)
                            rr: T.int32 = wi + 4 * (vi // 2)
                            pv[0] = pv[0] * T.if_then_else(rr < 16, T.if_then_else(rr < m, T.exp(G[m, 0] - G[T.min(rr, 15) + 1, 0]), T.float32(0.0)), T.float32(1.0))
                            if T.bitwise_and(ln, 1) == 0 and vi < 12:
                                rw[wi, vi] = pv[0]
                            gq: T.int32 = ln // 4
                            tq: T.int32 = ln % 4
                            dj: T.int32 = gq % 4
                            for e4 in T.unroll(8):
                                for e in T.vectorized(4):
                                    yv[4 * e4 + e] = ys[gq // 4, tq * 40 + e4 // 4 * 20 + e4 % 4 * 4 + e]
                            zf[0] = T.float32(0.0)
                            for e in T.unroll(32):
                                zf[0] = T.max(zf[0], T.fabs(yv[e]))
                            zf[0] = T.max(zf[0], T.shfl_xor_sync(T.uint32(4294967295), zf[0], 1, 32))
                            zf[0] = T.max(zf[0], T.shfl_xor_sync(T.uint32(4294967295), zf[0], 2, 32))
                            zf[0] = T.max(zf[0], T.float32(1.0000000000000001e-30))
                            zf[0] = T.call_extern("float32", "__fmaf_rn", T.call_extern("float32", "__frcp_rn", zf[0]), T.call_extern("float32", "__fmaf_rn", zf[0] * T.float32(-1.0), T.call_extern("float32", "__fmul_rn", T.float32(4190000.0), T.call_extern("float32", "__frcp_rn", zf[0])), T.float32(4190000.0)), T.call_extern("float32", "__fmul_rn", T.float32(4190000.0), T.call_extern("float32", "__frcp_rn", zf[0])))
                            zf[1] = T.call_extern("float32", "__frcp_rn", zf[0])
                            zf[2] = T.shfl_xor_sync(T.uint32(4294967295), zf[1], 16, 32)
                            for w in T.unroll(8):
                                sel: T.uint32 = T.Cast("uint32", dj) + T.shift_left(T.Cast("uint32", dj) + T.uint32(4), T.uint32(4))
                                lo: T.uint32 = T.call_extern("uint32", "__byte_perm", T.reinterpret("uint32", yv[4 * w] * zf[0] + T.float32(12582912.0)), T.reinterpret("uint32", yv[4 * w + 1] * zf[0] + T.float32(12582912.0)), sel)
                                hi: T.uint32 = T.call_extern("uint32", "__byte_perm", T.reinterpret("uint32", yv[4 * w + 2] * zf[0] + T.float32(12582912.0)), T.reinterpret("uint32", yv[4 * w + 3] * zf[0] + T.float32(12582912.0)), sel)
                                dw: T.uint32 = T.bitwise_xor(T.call_extern("uint32", "__byte_perm", lo, hi, T.uint32(21520)), T.uint32(2155905152))
                                bw[w] = T.reinterpret("int32", T.if_then_else(dj == 3, T.uint32(16843009), dw))
                            gq_1: T.int32 = ln // 4
                            tq_1: T.int32 = ln % 4
                            if it < nit:
                                T.ptx_wait_group(1)
                            else:
                                T.ptx_wait_group(0)
                            T.sync_warp()
                            for rb in T.unroll(2):
                                rowg: T.int32 = wi * 32 + rb * 16 + gq_1
                                for e in T.vectorized(4):
                                    za[e] = Zs[0, rowg, tq_1 * 8 + e]
                                for e in T.vectorized(4):
                                    za[4 + e] = Zs[0, rowg, tq_1 * 8 + 4 + e]
                                for e in T.vectorized(4):
                                    zb[e] = Zs[0, rowg + 8, tq_1 * 8 + e]
                                for e in T.vectorized(4):
                                    zb[4 + e] = Zs[0, rowg + 8, tq_1 * 8 + 4 + e]
                                for j in T.unroll(4):
                                    af[4 * j] = za[2 * j]
                                    af[4 * j + 1] = zb[2 * j]
                                    af[4 * j + 2] = za[2 * j + 1]
                                    af[4 * j + 3] = zb[2 * j + 1]
                                for e in T.unroll(4):
                                    cf[e] = 0
                                for j in T.unroll(4):
                                    T.ptx_mma("int32", "m16n8k32", "row", "col", "int8", "int8", "int32", af.data, 4 * j, bw.data, 2 * j, cf.data, 0, T.bool(False))
                                for hr in T.unroll(2):
                                    zi[1] = T.shfl_xor_sync(T.uint32(4294967295), cf[2 * hr + 1], 1, 32)
                                    zi[0] = T.if_then_else(tq_1 % 2 == 1, cf[2 * hr + 1], zi[1])
                                    zf[3] = T.if_then_else(tq_1 % 2 == 0, T.Cast("float32", cf[2 * hr] + 128 * zi[0]) + T.float32(256.0) * T.Cast("float32", cf[2 * hr + 1] + 128 * zi[0]), T.float32(65536.0) * T.Cast("float32", cf[2 * hr] + 64 * zi[0]))
                                    zf[3] = zf[3] + T.shfl_xor_sync(T.uint32(4294967295), zf[3], 1, 32)
                                    if tq_1 % 2 == 0:
                                        zr[tq_1 // 2, rowg + 8 * hr] = zf[3] * T.if_then_else(gq_1 // 4 == tq_1 // 2, zf[1], zf[2])
                            T.sync_warp()
                            if it < nit:
                                s_1: T.int32 = sl[it]
                                for cc in T.unroll(8):
                                    ch: T.int32 = cc * 32 + ln
                                    T.ptx_cp_async(T.access_ptr(Zs[0, wi * 32 + ch // 8, ch % 8 * 4], 4, 1), T.access_ptr(Z[s_1, hv, wi * 32 + ch // 8, ch % 8 * 4], 4, 1), 4)
                                T.ptx_commit_group()
                            for i in T.parallel(128):
                                A1[i] = Bss[cb, i] * zr[0, i] * T.float32(0.007874015748031496)
                                A2[i] = Bss[cb, i] * zr[1, i] * T.float32(0.007874015748031496)
                            for j in range(16):
                                for e in T.vectorized(2):
                                    wp[e] = rw[j % 4, 2 * (j // 4) + e]
                                for i in T.parallel(128):
                                    uj: T.float32 = T.Cast("float32", rus[cb, j, i])
                                    A1[i] = A1[i] + wp[0] * uj
                                    A2[i] = A2[i] + wp[1] * uj
                            for j in range(4):
                                for e in T.vectorized(2):
                                    wp[e] = rw[(16 + j) % 4, 2 * ((16 + j) // 4) + e]
                                for i in T.parallel(128):
                                    A1[i] = A1[i] + wp[0] * T.Cast("float32", Ucs[cb, j, i])
                                    A2[i] = A2[i] + wp[1] * T.Cast("float32", Ucs[cb, j, i])
                            for i in T.parallel(128):
                                u16: T.float16 = T.Cast("float16", bts[cb, 0] * (T.Cast("float32", vss[cb, i]) - A1[i]))
                                ru[s, hv, m, i] = u16
                                o[n, hv, i] = T.Cast("bfloat16", A2[i] + T.Cast("float32", u16) * rw[0, 10])
                            for d in T.parallel(128):
                                rk[s, hv, m, d] = T.Cast("float16", qks[cb, 1, d])
                            for d in T.parallel(1):
                                rg[s, hv, m] = gss[cb, 0]
                            if hv == 0:
                                wnext[n] = m + 1
                                if tx == 0:
                                    if m + 1 == 16:
                                        pos: T.int32 = T.atomic_add_ret_elem_op(T.access_ptr(cnt[par], 1, 3), 1)
                                        lst[pos] = s
                                    if n == 0:
                                        cnt[1 - par] = 0
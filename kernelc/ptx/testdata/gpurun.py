#!/usr/bin/env python3
"""Runs a GPU bundle written by TestGPUBundle (GOKKOS_PTX_BUNDLE=dir go test -run TestGPUBundle)
on a CUDA device through the driver API (ctypes, no compiler) and compares the device memory
after each case's launches with the simulator's. Usage: gpurun.py BUNDLE_DIR REPORT.json [--dry]
(--dry runs nothing and compares the simulator's images with themselves, to test the script)."""
import ctypes, gzip, json, math, os, struct, sys, time

def main():
    bdir, report_path = sys.argv[1], sys.argv[2]
    dry = "--dry" in sys.argv
    bundle = json.load(open(os.path.join(bdir, "bundle.json")))
    report = {"cases": [], "device": None}
    t0 = time.time()
    cu = None if dry else Cuda()
    if cu:
        report["device"] = cu.device_info()
    for case in bundle["cases"]:
        if time.time() - t0 > 140:
            report["cases"].append({"name": case["name"], "skipped": "time budget"})
            continue
        rec = {"name": case["name"]}
        try:
            before = gzip.open(os.path.join(bdir, case["before"])).read()
            after = gzip.open(os.path.join(bdir, case["after"])).read()
            ptx = open(os.path.join(bdir, case["ptx"]), "rb").read()
            c0 = time.time()
            if cu:
                got = cu.run_case(ptx, before, len(after), case["base"], case["launches"])
            else:
                got = after
            rec["seconds"] = round(time.time() - c0, 3)
            rec.update(compare(got, after, case.get("floats") or []))
        except Exception as e:  # report and go on
            rec["error"] = str(e)
        report["cases"].append(rec)
        json.dump(report, open(report_path, "w"), indent=1)
    report["total_seconds"] = round(time.time() - t0, 2)
    bad = [c["name"] for c in report["cases"] if c.get("error") or c.get("mismatches")]
    report["failed"] = bad
    json.dump(report, open(report_path, "w"), indent=1)
    print("cases %d, failed %d: %s" % (len(report["cases"]), len(bad), " ".join(bad)))

def compare(got, want, floats):
    n = min(len(got), len(want))
    got, want = bytearray(got[:n]), bytearray(want[:n])
    mism = []
    for r in floats:
        size = 4 if r["elem"] == "f32" else 8
        fmt = "<f" if size == 4 else "<d"
        lo, hi = r["off"], min(n, r["off"] + r["n"] * size)
        if got[lo:hi] != want[lo:hi]:
            for o in range(lo, hi - size + 1, size):
                if got[o:o + size] == want[o:o + size]:
                    continue
                a = struct.unpack_from(fmt, got, o)[0]
                b = struct.unpack_from(fmt, want, o)[0]
                if not (math.isnan(a) and math.isnan(b)):
                    mism.append({"off": o, "elem": r["elem"], "got": repr(a), "want": repr(b)})
        got[lo:hi] = want[lo:hi]  # compared; exclude from the exact comparison
    bad = 0
    if got != want:
        step = 4096
        for c in range(0, n, step):
            if got[c:c + step] == want[c:c + step]:
                continue
            for o in range(c, min(n, c + step)):
                if got[o] != want[o]:
                    bad += 1
                    if len(mism) < 40:
                        w = o & ~7
                        mism.append({"off": o, "got8": bytes(got[w:w + 8]).hex(), "want8": bytes(want[w:w + 8]).hex()})
    return {"mismatches": len([m for m in mism if "elem" in m]) + bad, "first": mism[:20]}

CU_JIT_ERROR_LOG_BUFFER = 5
CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES = 6

class Cuda:
    def __init__(self):
        self.lib = ctypes.CDLL("libcuda.so.1")
        self.ck(self.lib.cuInit(0), "cuInit")
        self.dev = ctypes.c_int()
        self.ck(self.lib.cuDeviceGet(ctypes.byref(self.dev), 0), "cuDeviceGet")
        self.ctx = ctypes.c_void_p()
        self.ck(self.lib.cuDevicePrimaryCtxRetain(ctypes.byref(self.ctx), self.dev), "cuDevicePrimaryCtxRetain")
        self.ck(self.lib.cuCtxSetCurrent(self.ctx), "cuCtxSetCurrent")

    def ck(self, r, what):
        if r != 0:
            s = ctypes.c_char_p()
            self.lib.cuGetErrorString(r, ctypes.byref(s))
            raise RuntimeError("%s: error %d (%s)" % (what, r, s.value.decode() if s.value else "?"))

    def device_info(self):
        name = ctypes.create_string_buffer(256)
        self.lib.cuDeviceGetName(name, 256, self.dev)
        ver = ctypes.c_int()
        self.lib.cuDriverGetVersion(ctypes.byref(ver))
        return {"name": name.value.decode(), "driver": ver.value}

    def run_case(self, ptx, before, size, base, launches):
        lib = self.lib
        mod = ctypes.c_void_p()
        log = ctypes.create_string_buffer(16384)
        opts = (ctypes.c_int * 2)(CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES)
        vals = (ctypes.c_void_p * 2)(ctypes.cast(log, ctypes.c_void_p), ctypes.c_void_p(16384))
        r = lib.cuModuleLoadDataEx(ctypes.byref(mod), ctypes.c_char_p(ptx + b"\0"), 2, opts, vals)
        if r != 0:
            raise RuntimeError("cuModuleLoadDataEx error %d: %s" % (r, log.value.decode(errors="replace")))
        dptr = ctypes.c_uint64()
        alloc = max(size, len(before)) + 4096
        self.ck(lib.cuMemAlloc_v2(ctypes.byref(dptr), ctypes.c_size_t(alloc)), "cuMemAlloc")
        try:
            self.ck(lib.cuMemsetD8_v2(dptr, 0, ctypes.c_size_t(alloc)), "cuMemsetD8")
            self.ck(lib.cuMemcpyHtoD_v2(dptr, before, ctypes.c_size_t(len(before))), "cuMemcpyHtoD")
            delta = dptr.value - base
            for l in launches:
                f = ctypes.c_void_p()
                self.ck(lib.cuModuleGetFunction(ctypes.byref(f), mod, l["entry"].encode()), "cuModuleGetFunction " + l["entry"])
                slots = []
                for p in l["params"]:
                    if base <= p < base + size:
                        p += delta
                    slots.append(ctypes.c_uint64(p & 0xFFFFFFFFFFFFFFFF))
                ptrs = (ctypes.c_void_p * max(1, len(slots)))(*[ctypes.cast(ctypes.byref(s), ctypes.c_void_p) for s in slots])
                bx, by = l["block"]
                self.ck(lib.cuLaunchKernel(f, l["grid"], 1, 1, bx, by, 1, l["shared"], None, ptrs, None), "cuLaunchKernel " + l["entry"])
                self.ck(lib.cuCtxSynchronize(), "kernel " + l["entry"])
            out = ctypes.create_string_buffer(size)
            self.ck(lib.cuMemcpyDtoH_v2(out, dptr, ctypes.c_size_t(size)), "cuMemcpyDtoH")
            return out.raw
        finally:
            lib.cuMemFree_v2(dptr)
            lib.cuModuleUnload(mod)

if __name__ == "__main__":
    main()

//! What the runtime benchmarks share: the process's memory as Linux reports it.

/// A size from `/proc/self/status`, in KiB (0 where it is not available): `VmRSS:` the resident
/// set, `VmHWM:` its peak.
pub fn vm_kib(field: &str) -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines().find_map(|l| {
                l.strip_prefix(field).map(|v| v.trim().trim_end_matches(" kB").trim().parse().unwrap_or(0))
            })
        })
        .unwrap_or(0)
}

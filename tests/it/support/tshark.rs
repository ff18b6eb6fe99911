//! Running tshark (installed by `scripts/install-deps`) on the pcap files the tests write.

use std::path::Path;
use std::process::Command;

/// tshark's reading of `path`, with these `-o` preferences: the listed fields of each packet,
/// `|`-separated, one packet a line; or, with no field, the full decode (`-V`).
pub fn tshark(path: &Path, options: &[&str], fields: &[&str]) -> String {
    let mut command = Command::new("tshark");
    command.arg("-n");
    for option in options {
        command.args(["-o", option]);
    }
    command.arg("-r").arg(path);
    if fields.is_empty() {
        command.arg("-V");
    } else {
        command.args(["-T", "fields", "-E", "separator=|"]);
        for f in fields {
            command.args(["-e", f]);
        }
    }
    let output =
        command.output().unwrap_or_else(|e| panic!("tshark cannot run ({e}); scripts/install-deps installs it"));
    assert!(output.status.success(), "tshark failed: {}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// Fails, showing where, if tshark's full decode finds anything malformed, unknown,
/// unreassembled, or worth a warning or an error.
pub fn assert_clean(decode: &str) {
    for bad in ["Malformed", "Unknown", "Expert Info (Warning", "Expert Info (Error", "[Unreassembled"] {
        if let Some(at) = decode.lines().position(|l| l.contains(bad)) {
            let lines: Vec<&str> = decode.lines().collect();
            let context = lines[at.saturating_sub(30)..(at + 5).min(lines.len())].join("\n");
            panic!("tshark says `{bad}`:\n{context}");
        }
    }
}

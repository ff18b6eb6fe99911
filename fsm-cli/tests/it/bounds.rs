//! The tool's side of hostile texts: a file that is not UTF-8 is not summed up as "0 errors".

use clap::Parser as _;
use fsm_cli::cli::{self, Cli};

#[test]
fn a_file_that_is_not_utf8_is_not_summed_up_as_checked() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.fsm");
    std::fs::write(&bad, b"machine M { initial state A; \xff }").unwrap();
    let cli = Cli::try_parse_from(["fsm", "check", bad.to_str().unwrap()]).unwrap();
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let mut input: &[u8] = b"";
    let code = cli::run(cli, &mut cli::Io { out: &mut out, err: &mut err, input: &mut input, color: false });
    let err = String::from_utf8(err).unwrap();
    assert_eq!(code, 2);
    assert!(err.contains("is not UTF-8 text: invalid byte at offset 29 (line 1)"), "{err}");
    assert!(err.contains("checked 0 specs: 0 errors, 0 warnings; 1 file could not be read"), "{err}");
}

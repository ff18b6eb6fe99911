//! The `fsm` command: check specs, draw them, simulate them, regenerate `generated/`.
//! Run `fsm --help` for the subcommands.

use clap::Parser as _;
use fsm_dsl::cli::{self, Cli, Color};
use std::io::IsTerminal as _;

fn main() {
    let cli = Cli::parse();
    let color = match cli.color {
        Color::Always => true,
        Color::Never => false,
        Color::Auto => std::io::stderr().is_terminal(),
    };
    let stdout = std::io::stdout();
    let stderr = std::io::stderr();
    let stdin = std::io::stdin();
    let mut io = cli::Io { out: &mut stdout.lock(), err: &mut stderr.lock(), input: &mut stdin.lock(), color };
    let code = cli::run(cli, &mut io);
    std::process::exit(code);
}

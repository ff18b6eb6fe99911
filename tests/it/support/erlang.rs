//! An independent Diameter peer for interop tests: Erlang/OTP's `diameter` application, run by
//! `tests/erlang/diameter_node.escript` (whose header documents its options and its output).
//!
//! [`ErlangNode`] runs one such node, listening or connecting over TCP, and reads its event
//! lines (`peer_up peer=...`, `watchdog from=okay to=suspect`, `recv msg=DWR`, ...) on a
//! background thread. Tests wait for lines in order with [`ErlangNode::wait_for`] or
//! [`ErlangNode::expect_line`], freeze the node with [`ErlangNode::suspend`] (SIGSTOP: it stops
//! answering, its TCP connections stay open, as with a hung peer), and stop it cleanly with
//! [`ErlangNode::stop`] (which sends DPR to a peer that is up). Dropping a node kills its
//! process group, and if the test is panicking prints what the node said. Should the test
//! process itself be killed, the node sees its stdin close and stops on its own (unless it is
//! suspended then).
//!
//! ```ignore
//! if !erlang_available() { return; }
//! let mut erl = ErlangNode::listen(Duration::from_secs(1))?;
//! // ... connect our peer to erl.addr() ...
//! erl.expect_line("watchdog from=initial to=okay", Duration::from_secs(10));
//! ```

use rustix::process::{Pid, Signal, kill_process_group};
use std::fmt::Write as _;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::net::{Ipv4Addr, SocketAddr};
use std::os::unix::process::CommandExt;
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex, Once, OnceLock};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

/// The Erlang script, run with `escript`.
pub const SCRIPT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/erlang/diameter_node.escript");

/// How long a node may take to start (boot the VM, start the service and its transport) before
/// [`ErlangNode::spawn`] gives up. The VM boots in well under a second on an idle machine.
pub const START_TIMEOUT: Duration = Duration::from_secs(30);

/// Whether Erlang/OTP with the diameter application is installed (`scripts/install-deps`
/// installs it). Tests that need it return early when it is not:
/// `if !erlang_available() { return; }`.
///
/// A missing Erlang must not pass silently in CI: when the `CI` environment variable is set
/// this panics instead. Locally it prints a note on stderr and returns false.
pub fn erlang_available() -> bool {
    static PROBE: OnceLock<Result<(), String>> = OnceLock::new();
    match PROBE.get_or_init(probe) {
        Ok(()) => true,
        Err(why) if std::env::var_os("CI").is_some() => {
            panic!("Erlang/OTP with the diameter application is required under CI: {why}; run scripts/install-deps")
        }
        Err(why) => {
            // Once per test binary, and past the test harness's capture of `eprintln!` (which
            // shows only the output of failed tests): straight to stderr.
            static NOTE: Once = Once::new();
            NOTE.call_once(|| {
                let note = format!(
                    "\n*** NOTE: SKIPPING the Erlang interop tests: {why}.\n*** Run scripts/install-deps (Debian: erlang-base, erlang-diameter) to run them.\n\n"
                );
                let _ = io::stderr().write_all(note.as_bytes());
            });
            false
        }
    }
}

fn probe() -> Result<(), String> {
    // Without a file, escript only complains; what matters is that it runs.
    let escript = Command::new("escript").stdout(Stdio::null()).stderr(Stdio::null()).status();
    if escript.is_err() {
        return Err("`escript` is not on the PATH".into());
    }
    let diameter = Command::new("erl")
        // No busy waiting: see the flags in the script's header.
        .args(["+sbwt", "none", "+sbwtdcpu", "none", "+sbwtdio", "none", "-noshell", "-eval"])
        .arg("case code:lib_dir(diameter) of {error,_} -> halt(1); _ -> halt(0) end.")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status();
    match diameter {
        Ok(status) if status.success() => Ok(()),
        Ok(_) => Err("Erlang's diameter application is not installed".into()),
        Err(e) => Err(format!("`erl` does not run ({e})")),
    }
}

/// What the node's one transport does.
#[derive(Clone, Copy, Debug)]
pub enum Mode {
    /// Listen on 127.0.0.1 and this port; 0 picks a free one ([`ErlangNode::port`] tells which).
    Listen(u16),
    /// Connect to this address, and connect again after the connection dies.
    Connect(SocketAddr),
}

/// The node's options (the script's command line). [`NodeConfig::new`] gives the defaults; the
/// setters chain: `NodeConfig::new(tw).label("listener").origin_host("listener.example.org")`.
#[derive(Clone, Debug)]
pub struct NodeConfig {
    /// The node's name in traces.
    pub label: String,
    /// The watchdog timer Tw, used exactly (no jitter unless [`NodeConfig::jitter`]); OTP's own
    /// rules (at least 6 s, +/- 2 s jitter) do not apply. Millisecond resolution.
    pub tw: Duration,
    /// A uniform jitter in [-jitter, +jitter] added to each Tw.
    pub jitter: Duration,
    /// OTP's connect_timer: when connecting, the wait before retrying a failed connection (the
    /// script defaults it to 1 s); when listening, how long the watchdog of a dead connection
    /// waits for the peer to come back (OTP's default, 60 s).
    pub tc: Option<Duration>,
    /// How long to wait for CEA (or for CER, listening); OTP's default is 10 s.
    pub capx_timeout: Option<Duration>,
    /// How long to wait for DPA after sending DPR; OTP's default is 1 s.
    pub dpa_timeout: Option<Duration>,
    /// The node's Origin-Host (default `erlang.example.org`).
    pub origin_host: String,
    /// The node's Origin-Realm (default `example.org`).
    pub origin_realm: String,
    /// Whether the node reports each CER/CEA/DWR/DWA/DPR/DPA it sends or receives.
    pub messages: bool,
    /// More arguments for the script.
    pub extra_args: Vec<String>,
}

impl NodeConfig {
    /// The defaults, with watchdog timer `tw`.
    pub fn new(tw: Duration) -> NodeConfig {
        NodeConfig {
            label: "erlang".into(),
            tw,
            jitter: Duration::ZERO,
            tc: None,
            capx_timeout: None,
            dpa_timeout: None,
            origin_host: "erlang.example.org".into(),
            origin_realm: "example.org".into(),
            messages: true,
            extra_args: Vec::new(),
        }
    }

    /// Sets [`NodeConfig::label`].
    pub fn label(mut self, label: &str) -> NodeConfig {
        self.label = label.into();
        self
    }

    /// Sets [`NodeConfig::origin_host`].
    pub fn origin_host(mut self, host: &str) -> NodeConfig {
        self.origin_host = host.into();
        self
    }

    /// Sets [`NodeConfig::tc`].
    pub fn tc(mut self, tc: Duration) -> NodeConfig {
        self.tc = Some(tc);
        self
    }

    fn args(&self, mode: Mode) -> Vec<String> {
        let ms = |d: Duration| d.as_millis().to_string();
        let mut args = match mode {
            Mode::Listen(port) => vec!["--listen".into(), port.to_string()],
            Mode::Connect(addr) => vec!["--connect".into(), addr.to_string()],
        };
        args.extend(["--tw".into(), ms(self.tw), "--jitter".into(), ms(self.jitter)]);
        let optional = [("--tc", self.tc), ("--capx-timeout", self.capx_timeout), ("--dpa-timeout", self.dpa_timeout)];
        for (option, value) in optional {
            if let Some(value) = value {
                args.extend([option.into(), ms(value)]);
            }
        }
        args.extend(["--origin-host".into(), self.origin_host.clone()]);
        args.extend(["--origin-realm".into(), self.origin_realm.clone()]);
        if !self.messages {
            args.push("--no-messages".into());
        }
        args.extend(self.extra_args.iter().cloned());
        args
    }
}

/// A line the node wrote, and when it was read.
#[derive(Clone, Debug)]
pub struct Line {
    /// When the line was read (promptly: a thread waits on the node's stdout).
    pub at: Instant,
    /// The line, without its line break.
    pub text: String,
}

/// Where a logged line came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stream {
    Stdout,
    Stderr,
}

type Log = Arc<Mutex<Vec<(Stream, Line)>>>;

/// A running Erlang Diameter node; see the module documentation.
pub struct ErlangNode {
    label: String,
    child: Child,
    /// The node's process group: the script runs in a group of its own, so that signals reach
    /// the Erlang VM (`beam.smp`) whatever `escript` execs or spawns to start it.
    group: Pid,
    stdin: Option<ChildStdin>,
    events: Receiver<Line>,
    log: Log,
    readers: Vec<JoinHandle<()>>,
    port: Option<u16>,
    exit: Option<ExitStatus>,
    suspended: bool,
}

/// All times in traces count from the first node started, so that traces of several nodes line
/// up.
pub fn epoch() -> Instant {
    static EPOCH: OnceLock<Instant> = OnceLock::new();
    *EPOCH.get_or_init(Instant::now)
}

impl ErlangNode {
    /// A node listening on a free port of 127.0.0.1 with watchdog timer `tw` and the other
    /// defaults of [`NodeConfig::new`].
    pub fn listen(tw: Duration) -> io::Result<ErlangNode> {
        ErlangNode::spawn(Mode::Listen(0), &NodeConfig::new(tw))
    }

    /// Starts a node and waits (up to [`START_TIMEOUT`]) for its `ready` line: a listening node
    /// listens then, a connecting node has started its first connection attempt.
    pub fn spawn(mode: Mode, config: &NodeConfig) -> io::Result<ErlangNode> {
        epoch();
        let mut child = Command::new("escript")
            .arg(SCRIPT)
            .args(config.args(mode))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .process_group(0)
            .spawn()?;
        let group =
            i32::try_from(child.id()).ok().and_then(Pid::from_raw).ok_or_else(|| io::Error::other("bad pid"))?;
        let log = Log::default();
        let (sender, events) = mpsc::channel();
        let stdout = child.stdout.take().ok_or_else(|| io::Error::other("no stdout"))?;
        let stderr = child.stderr.take().ok_or_else(|| io::Error::other("no stderr"))?;
        let readers = vec![
            read_lines(stdout, Stream::Stdout, log.clone(), Some(sender)),
            read_lines(stderr, Stream::Stderr, log.clone(), None),
        ];
        let mut node = ErlangNode {
            label: config.label.clone(),
            stdin: child.stdin.take(),
            child,
            group,
            events,
            log,
            readers,
            port: None,
            exit: None,
            suspended: false,
        };
        let Some(ready) = node.wait_for(|line| line.starts_with("ready"), START_TIMEOUT) else {
            node.kill();
            node.join_readers(Duration::from_secs(2));
            return Err(io::Error::other(format!(
                "the Erlang node `{}` did not start ({}):\n{}",
                node.label,
                match node.exit {
                    Some(status) => format!("it exited, {status}"),
                    None => format!("no `ready` line within {START_TIMEOUT:?}"),
                },
                node.trace()
            )));
        };
        if let Mode::Listen(_) = mode {
            let port = field(&ready, "port").and_then(|port| port.parse().ok());
            node.port = Some(port.ok_or_else(|| io::Error::other(format!("bad ready line: {ready}")))?);
        }
        Ok(node)
    }

    /// The port a listening node listens on. Panics for a connecting node.
    pub fn port(&self) -> u16 {
        self.port.unwrap_or_else(|| panic!("the Erlang node `{}` does not listen", self.label))
    }

    /// The address a listening node listens on (127.0.0.1). Panics for a connecting node.
    pub fn addr(&self) -> SocketAddr {
        SocketAddr::from((Ipv4Addr::LOCALHOST, self.port()))
    }

    /// The process id of the script (the Erlang VM runs in its process group).
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// The next line after those already waited for that `matches`, waiting up to `timeout`;
    /// the lines before it are passed over (they stay in [`ErlangNode::lines`]). `None` after
    /// the timeout, or when the node has exited and said everything.
    pub fn wait_for(&mut self, matches: impl FnMut(&str) -> bool, timeout: Duration) -> Option<String> {
        self.wait_for_line(matches, timeout).map(|line| line.text)
    }

    /// [`ErlangNode::wait_for`] with the time the line was read.
    pub fn wait_for_line(&mut self, mut matches: impl FnMut(&str) -> bool, timeout: Duration) -> Option<Line> {
        let deadline = Instant::now() + timeout;
        loop {
            match self.events.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
                Ok(line) if matches(&line.text) => return Some(line),
                Ok(_) => {}
                Err(RecvTimeoutError::Timeout) => return None,
                Err(RecvTimeoutError::Disconnected) => {
                    self.reap();
                    return None;
                }
            }
        }
    }

    /// Waits for the line `line` exactly, like [`ErlangNode::wait_for_line`], and panics with
    /// the node's trace if it does not come within `timeout`.
    pub fn expect_line(&mut self, line: &str, timeout: Duration) -> Line {
        self.expect(line, |text| text == line, timeout)
    }

    /// Waits for a line that `matches`, like [`ErlangNode::wait_for_line`], and panics with the
    /// node's trace if none comes within `timeout`; `what` describes it in the panic message.
    pub fn expect(&mut self, what: &str, matches: impl FnMut(&str) -> bool, timeout: Duration) -> Line {
        match self.wait_for_line(matches, timeout) {
            Some(line) => line,
            None => panic!(
                "the Erlang node `{}` did not say `{what}` within {timeout:?}{}; it said:\n{}",
                self.label,
                if self.exit.is_some() { " (it has exited)" } else { "" },
                self.trace()
            ),
        }
    }

    /// Every line the node wrote on stdout so far, with the time since the first node started.
    pub fn lines(&self) -> Vec<(Duration, String)> {
        self.logged(Stream::Stdout)
    }

    /// Every line the node wrote on stderr so far (errors, OTP's log), timed like
    /// [`ErlangNode::lines`].
    pub fn stderr_lines(&self) -> Vec<(Duration, String)> {
        self.logged(Stream::Stderr)
    }

    fn logged(&self, stream: Stream) -> Vec<(Duration, String)> {
        let log = self.log.lock().unwrap_or_else(|e| e.into_inner());
        log.iter().filter(|(s, _)| *s == stream).map(|(_, line)| (line.at - epoch(), line.text.clone())).collect()
    }

    /// Everything the node wrote, one line each, timed: `  1.234 s listener: peer_up ...`
    /// (stderr lines marked `stderr:`).
    pub fn trace(&self) -> String {
        trace(&[self])
    }

    /// Freezes the node (SIGSTOP to its process group): it stops reading, answering and
    /// timing, while the kernel keeps its TCP connections open and even completes new
    /// connections to its listening socket. Like a hung peer.
    pub fn suspend(&mut self) -> io::Result<()> {
        self.signal(Signal::STOP)?;
        self.suspended = true;
        Ok(())
    }

    /// Lets a suspended node run again (SIGCONT); its timers that expired meanwhile fire now.
    pub fn resume(&mut self) -> io::Result<()> {
        self.signal(Signal::CONT)?;
        self.suspended = false;
        Ok(())
    }

    fn signal(&mut self, signal: Signal) -> io::Result<()> {
        if self.reap().is_some() {
            return Err(io::Error::other(format!("the Erlang node `{}` has exited", self.label)));
        }
        kill_process_group(self.group, signal).map_err(io::Error::from)
    }

    /// Stops the node cleanly: closes its stdin, on which it stops its service (sending DPR to
    /// a peer that is up, waiting for DPA up to its dpa_timeout) and exits. Waits up to
    /// `timeout` for it to exit; after that kills it and returns an error. A suspended node is
    /// resumed first. The lines it wrote until it exited can still be waited for.
    pub fn stop(&mut self, timeout: Duration) -> io::Result<ExitStatus> {
        if self.suspended {
            self.resume()?;
        }
        drop(self.stdin.take());
        let deadline = Instant::now() + timeout;
        loop {
            if let Some(status) = self.reap() {
                self.join_readers(Duration::from_secs(5));
                return Ok(status);
            }
            if Instant::now() >= deadline {
                self.kill();
                return Err(io::Error::new(
                    io::ErrorKind::TimedOut,
                    format!("the Erlang node `{}` did not stop within {timeout:?}; killed it", self.label),
                ));
            }
            thread::sleep(Duration::from_millis(20));
        }
    }

    /// Kills the node's process group (SIGKILL) and waits for the script to exit.
    pub fn kill(&mut self) {
        if self.reap().is_none() {
            // Still our child (not reaped), so the group is still ours.
            let _ = kill_process_group(self.group, Signal::KILL);
            if let Ok(status) = self.child.wait() {
                self.exit = Some(status);
            }
        }
    }

    /// The exit status, if the script has exited (reaping it).
    fn reap(&mut self) -> Option<ExitStatus> {
        if self.exit.is_none() {
            self.exit = self.child.try_wait().ok().flatten();
        }
        self.exit
    }

    /// Waits (bounded: a grandchild could hold the pipes open) for the reader threads to have
    /// read everything.
    fn join_readers(&mut self, timeout: Duration) {
        let deadline = Instant::now() + timeout;
        while self.readers.iter().any(|reader| !reader.is_finished()) && Instant::now() < deadline {
            thread::sleep(Duration::from_millis(10));
        }
        for reader in std::mem::take(&mut self.readers) {
            if reader.is_finished() {
                let _ = reader.join();
            }
        }
    }
}

impl Drop for ErlangNode {
    fn drop(&mut self) {
        self.kill();
        if thread::panicking() {
            self.join_readers(Duration::from_secs(1));
            eprintln!("--- the Erlang node `{}` said:\n{}", self.label, self.trace());
        }
    }
}

/// The lines of several nodes merged in time order, one per line: `  1.234 s label: line`.
pub fn trace(nodes: &[&ErlangNode]) -> String {
    let mut lines = Vec::new();
    for node in nodes {
        let log = node.log.lock().unwrap_or_else(|e| e.into_inner());
        lines.extend(log.iter().map(|(stream, line)| (line.at, &node.label, *stream, line.text.clone())));
    }
    lines.sort_by_key(|(at, ..)| *at);
    let mut text = String::new();
    for (at, label, stream, line) in lines {
        let marker = if stream == Stream::Stderr { "stderr: " } else { "" };
        let _ = writeln!(text, "{:8.3} s {label}: {marker}{line}", (at - epoch()).as_secs_f64());
    }
    text
}

/// The value of `key=value` in an event line: `field("peer_up peer=a.example", "peer")` is
/// `Some("a.example")`.
pub fn field<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    line.split(' ').find_map(|word| word.strip_prefix(key)?.strip_prefix('='))
}

/// A thread that logs each line of `from`, and sends it on `events` if given.
fn read_lines(
    from: impl Read + Send + 'static,
    stream: Stream,
    log: Log,
    events: Option<mpsc::Sender<Line>>,
) -> JoinHandle<()> {
    thread::spawn(move || {
        for text in BufReader::new(from).lines() {
            let Ok(text) = text else { break };
            let line = Line { at: Instant::now(), text };
            log.lock().unwrap_or_else(|e| e.into_inner()).push((stream, line.clone()));
            if let Some(events) = &events {
                let _ = events.send(line);
            }
        }
    })
}

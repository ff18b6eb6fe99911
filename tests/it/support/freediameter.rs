//! A second independent Diameter node for interop tests: freeDiameter's daemon
//! (`freeDiameterd`, Debian's `freediameterd`, installed by `scripts/install-deps`), run on
//! loopback TCP without SCTP, without TLS or with TLS from the first octet (RFC 6733 §13.1,
//! [`FreeDiameter::spawn_tls`]), from a configuration written for each test.
//!
//! [`FreeDiameter`] starts one daemon that knows our node as its one peer (`ConnectPeer`, which
//! it connects to and accepts connections from), reads its log lines on background threads,
//! freezes it with [`FreeDiameter::suspend`] (SIGSTOP: its TCP connections stay open, as with a
//! hung peer) and lets it go with [`FreeDiameter::resume`]. Dropping it kills its process group
//! and, if the test is panicking, prints its log.
//!
//! freeDiameter has no application of its own here: it announces the relay application
//! (0xffffffff), so our node announces it too, or freeDiameter answers its CER with
//! DIAMETER_NO_COMMON_APPLICATION.

use rustix::process::{Pid, Signal, kill_process, kill_process_group};
use std::io::{BufRead, BufReader, Read};
use std::net::{SocketAddr, TcpListener};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex, OnceLock};
use std::thread;
use std::time::{Duration, Instant};

/// The daemon's Diameter identity and realm.
pub const IDENTITY: &str = "fd.example.org";
pub const REALM: &str = "example.org";

/// Whether `freeDiameterd` is installed. Under CI (`CI` set) a missing daemon fails the test;
/// elsewhere it prints a note and the test returns early.
pub fn freediameter_available() -> bool {
    static PROBE: OnceLock<bool> = OnceLock::new();
    let found = *PROBE.get_or_init(|| {
        Command::new("freeDiameterd").arg("--version").stdout(Stdio::null()).stderr(Stdio::null()).status().is_ok()
    });
    if !found {
        assert!(std::env::var_os("CI").is_none(), "freeDiameterd is required under CI; run scripts/install-deps");
        eprintln!(
            "\n*** NOTE: SKIPPING the freeDiameter interop tests: run scripts/install-deps (Debian: freediameterd).\n"
        );
    }
    found
}

/// A free TCP port on loopback (bound, then released for the daemon to take).
pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).map(|a| a.port()).expect("a free port")
}

/// One freeDiameter daemon.
pub struct FreeDiameter {
    child: Child,
    port: u16,
    lines: Arc<Mutex<Vec<(Instant, String)>>>,
    /// Its configuration, certificates and keys: removed when the daemon is dropped.
    _dir: tempfile::TempDir,
}

impl FreeDiameter {
    /// Starts a daemon listening on a free loopback port, whose one peer is `peer_host` at
    /// `peer_addr` (which it connects to, and whose connections it accepts), with Tw `tw`
    /// (whole seconds, at least 6: freeDiameter refuses less) and Tc `tc` (its reconnection
    /// timer). Waits until the daemon says it is initialized.
    pub fn spawn(name: &str, peer_host: &str, peer_addr: SocketAddr, tw: u64, tc: u64) -> FreeDiameter {
        Self::start(name, peer_host, peer_addr, tw, tc, |_| None)
    }

    /// As [`spawn`](Self::spawn), over TLS from the first octet both ways (its secure port, and
    /// its connections to our node), the certificate naming `certified` (its Identity is
    /// [`IDENTITY`] whatever it is), from the test CA ([`super::tls`]), which it trusts.
    pub fn spawn_tls(
        name: &str,
        peer_host: &str,
        peer_addr: SocketAddr,
        tw: u64,
        tc: u64,
        certified: &str,
    ) -> FreeDiameter {
        Self::start(name, peer_host, peer_addr, tw, tc, |dir| Some(super::tls::files(dir, certified)))
    }

    fn start(
        name: &str,
        peer_host: &str,
        peer_addr: SocketAddr,
        tw: u64,
        tc: u64,
        tls: impl FnOnce(&Path) -> Option<(PathBuf, PathBuf, PathBuf)>,
    ) -> FreeDiameter {
        let scratch = tempfile::Builder::new()
            .prefix(&format!("rfc-fsm-freediameter-{name}-"))
            .tempdir()
            .expect("a temporary directory");
        let dir = scratch.path();
        let port = free_port();
        // Over TLS, `port` is the secure port, and its connections to us do TLS at once (no
        // No_TLS, no TLS_old_method).
        let (ports, no_tls) = match tls(dir) {
            None => (format!("Port = {port};\nSecPort = 0;\n"), " No_TLS;"),
            Some((cert, key, ca)) => (
                format!(
                    "Port = {};\nSecPort = {port};\nTLS_Cred = \"{}\", \"{}\";\nTLS_CA = \"{}\";\n",
                    free_port(),
                    cert.display(),
                    key.display(),
                    ca.display()
                ),
                "",
            ),
        };
        let config = format!(
            "Identity = \"{IDENTITY}\";\nRealm = \"{REALM}\";\n{ports}No_SCTP;\nNo_IPv6;\n\
             ListenOn = \"127.0.0.1\";\nTwTimer = {tw};\nTcTimer = {tc};\nAppServThreads = 1;\n\
             ConnectPeer = \"{peer_host}\" {{ ConnectTo = \"{}\"; Port = {};{no_tls} }};\n",
            peer_addr.ip(),
            peer_addr.port(),
        );
        let path = dir.join("freeDiameter.conf");
        std::fs::write(&path, config).expect("the configuration written");
        let mut child = Command::new("freeDiameterd")
            .arg("-c")
            .arg(&path)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .process_group(0)
            .spawn()
            .expect("freeDiameterd starts");
        let lines = Arc::new(Mutex::new(Vec::new()));
        for stream in [
            child.stdout.take().map(|s| Box::new(s) as Box<dyn Read + Send>),
            child.stderr.take().map(|s| Box::new(s) as Box<dyn Read + Send>),
        ]
        .into_iter()
        .flatten()
        {
            let sink = lines.clone();
            thread::spawn(move || {
                for line in BufReader::new(stream).split(b'\n').map_while(Result::ok) {
                    let line = String::from_utf8_lossy(&line).trim_end().to_owned();
                    sink.lock().expect("the log").push((Instant::now(), line));
                }
            });
        }
        let fd = FreeDiameter { child, port, lines, _dir: scratch };
        fd.wait_for("initialized", Duration::from_secs(20), |l| l.contains("freeDiameterd daemon initialized"));
        fd
    }

    /// Where it listens.
    pub fn addr(&self) -> SocketAddr {
        SocketAddr::from(([127, 0, 0, 1], self.port))
    }

    /// Its log so far.
    pub fn lines(&self) -> Vec<(Instant, String)> {
        self.lines.lock().expect("the log").clone()
    }

    /// Waits until a log line satisfies `found`, at most `within`; panics with the log if not.
    pub fn wait_for(&self, what: &str, within: Duration, found: impl Fn(&str) -> bool) -> String {
        let deadline = Instant::now() + within;
        loop {
            if let Some((_, line)) = self.lines().into_iter().find(|(_, l)| found(l)) {
                return line;
            }
            assert!(Instant::now() < deadline, "freeDiameter: no `{what}` within {within:?}:\n{}", self.log());
            thread::sleep(Duration::from_millis(50));
        }
    }

    fn pid(&self) -> Pid {
        Pid::from_raw(self.child.id() as i32).expect("a child's pid")
    }

    /// SIGSTOP: the daemon stops answering; its connections stay open.
    pub fn suspend(&self) {
        kill_process(self.pid(), Signal::STOP).expect("SIGSTOP");
    }

    /// SIGCONT.
    pub fn resume(&self) {
        kill_process(self.pid(), Signal::CONT).expect("SIGCONT");
    }

    /// SIGTERM, then waits for the daemon to exit (it closes its connections on the way,
    /// with DPR to a peer that is open), at most `within`.
    pub fn terminate(&mut self, within: Duration) {
        kill_process(self.pid(), Signal::TERM).expect("SIGTERM");
        let deadline = Instant::now() + within;
        while Instant::now() < deadline {
            if matches!(self.child.try_wait(), Ok(Some(_))) {
                return;
            }
            thread::sleep(Duration::from_millis(50));
        }
        panic!("freeDiameter did not exit within {within:?}:\n{}", self.log());
    }

    /// The log as text.
    pub fn log(&self) -> String {
        self.lines().into_iter().map(|(_, l)| l).collect::<Vec<_>>().join("\n")
    }
}

impl Drop for FreeDiameter {
    fn drop(&mut self) {
        if let Some(pid) = Pid::from_raw(self.child.id() as i32) {
            let _ = kill_process_group(pid, Signal::CONT);
            let _ = kill_process_group(pid, Signal::KILL);
        }
        let _ = self.child.wait();
        if thread::panicking() {
            eprintln!("--- freeDiameter's log:\n{}", self.log());
        }
    }
}

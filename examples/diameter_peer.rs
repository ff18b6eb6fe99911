//! A Diameter peer over TCP (RFC 6733 §5.6 with the RFC 3539 watchdog), printing one line per
//! state change of the peer state machine and of the watchdog, per failover and failback, per
//! connection event and per message sent or received.
//!
//! ```text
//! cargo run --example diameter_peer -- --listen 127.0.0.1:3868 --origin-host server.example.net
//! cargo run --example diameter_peer -- --connect 127.0.0.1:3868 --origin-host client.example.net
//! ```
//!
//! It runs until Ctrl-C (or `--duration SECONDS`), then disconnects with DPR/DPA and prints the
//! watchdog's counters. `--peer-host HOST` names the peer: a CER from another Origin-Host is then
//! refused with DIAMETER_UNKNOWN_PEER instead of taken as the peer's (RFC 6733 §5.6.1).
//! `--tw SECONDS` sets Twinit (30 by default, at most 24 hours); under 6 s, the minimum of RFC
//! 3539 §3.4.1, it is refused unless `--testing-tw` says it is for a test (Twinit must still be
//! at least 3 s, so that Tw, with its 2 s of jitter, is at least 1 s). `--timeout SECONDS` sets
//! the Timeout of RFC 6733 §5.6 (10 by default, at most 24 hours). `--pcap FILE` writes the
//! exchange to a pcap file that `tshark -r FILE` decodes as Diameter. `--cert FILE --key FILE
//! --ca FILE` (PEM; feature `tls`, which the examples build with) run every connection over TLS
//! with mutual authentication, the peer's Origin-Host checked against its certificate (RFC 6733
//! §13.1; see `rfc_fsm::diameter::driver::tls`).

use clap::{Arg, ArgAction, Command, value_parser};
use rfc_fsm::diameter::codec::DisconnectCause;
use rfc_fsm::diameter::driver::{self, DriverConfig, Event, Mode, TransportEvent};
use rfc_fsm::diameter::peer::{DiscardReason, MAX_TIMEOUT, PeerConfig, PeerEvent};
use rfc_fsm::watchdog;
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;
use tokio::net::TcpListener;

fn cli() -> Command {
    Command::new("diameter_peer")
        .about("A Diameter peer (RFC 6733) with the RFC 3539 watchdog, over TCP")
        .arg(Arg::new("connect").long("connect").value_name("ADDR").value_parser(value_parser!(SocketAddr)))
        .arg(Arg::new("listen").long("listen").value_name("ADDR").value_parser(value_parser!(SocketAddr)))
        .group(clap::ArgGroup::new("mode").args(["connect", "listen"]).required(true))
        .arg(
            Arg::new("tw")
                .long("tw")
                .value_name("SECONDS")
                .default_value("30")
                .value_parser(value_parser!(f64))
                .help("Twinit, in seconds (RFC 3539 §3.4.1: at least 6), at most 86400"),
        )
        .arg(
            Arg::new("testing-tw")
                .long("testing-tw")
                .action(ArgAction::SetTrue)
                .help("Allow a Twinit under the RFC minimum of 6 s, for tests (at least 3 s)"),
        )
        .arg(
            Arg::new("timeout")
                .long("timeout")
                .value_name("SECONDS")
                .default_value("10")
                .value_parser(value_parser!(f64))
                .help("The Timeout of RFC 6733 §5.6 (connection, CEA, DPA), in seconds, at most 86400"),
        )
        .arg(Arg::new("origin-host").long("origin-host").default_value("peer.example.net"))
        .arg(Arg::new("origin-realm").long("origin-realm").default_value("example.net"))
        .arg(Arg::new("peer-host").long("peer-host").value_name("HOST").help(
            "The peer's Origin-Host: a CER from another node is refused with DIAMETER_UNKNOWN_PEER \
             (RFC 6733 §5.6.1); any node by default",
        ))
        .arg(
            Arg::new("auth-application-id")
                .long("auth-application-id")
                .value_name("ID")
                .action(ArgAction::Append)
                .value_parser(value_parser!(u32))
                .help("An application to announce in the CER/CEA (repeatable); none: base protocol only"),
        )
        .arg(Arg::new("pcap").long("pcap").value_name("FILE").value_parser(value_parser!(PathBuf)))
        .arg(
            Arg::new("cert")
                .long("cert")
                .value_name("FILE")
                .value_parser(value_parser!(PathBuf))
                .requires_all(["key", "ca"])
                .help("TLS: this node's certificate chain (PEM); with --key and --ca"),
        )
        .arg(Arg::new("key").long("key").value_name("FILE").value_parser(value_parser!(PathBuf)).requires("cert"))
        .arg(
            Arg::new("ca")
                .long("ca")
                .value_name("FILE")
                .value_parser(value_parser!(PathBuf))
                .requires("cert")
                .help("TLS: the roots the peer's certificate must chain to (PEM)"),
        )
        .arg(
            Arg::new("duration")
                .long("duration")
                .value_name("SECONDS")
                .value_parser(value_parser!(f64))
                .help("Stop after this long instead of waiting for Ctrl-C"),
        )
}

/// `value` seconds as a duration, at most `max` when there is one.
fn seconds(value: f64, what: &str, max: Option<Duration>) -> Result<Duration, String> {
    if let Some(max) = max
        && value > max.as_secs_f64()
    {
        return Err(format!("{what}: above the maximum of {} s", max.as_secs()));
    }
    Duration::try_from_secs_f64(value).map_err(|e| format!("{what}: {value} s: {e}"))
}

fn print(event: &Event) {
    let line = |at: Duration, text: String| println!("{:>9.3}s  {text}", at.as_secs_f64());
    match event {
        Event::Message(entry) => println!("{entry}"),
        Event::Refused { at, remote, reason } => line(*at, format!("refused {remote}: {reason}")),
        Event::Transport { at, conn, event } => {
            let text = match event {
                TransportEvent::Connected { local, remote } => format!("connected {local} -> {remote}"),
                TransportEvent::Accepted { local, remote } => format!("accepted {remote} -> {local}"),
                TransportEvent::ConnectFailed(error) => format!("connection failed: {error}"),
                TransportEvent::Lost(None) => "closed by the peer".to_owned(),
                TransportEvent::Lost(Some(error)) => format!("lost: {error}"),
                TransportEvent::Closed => "closed".to_owned(),
            };
            line(*at, format!("{conn} {text}"));
        }
        Event::Peer { at, event } => {
            let text = match event {
                PeerEvent::State { from, to, event } => format!("peer     {from} -> {to}  ({event})"),
                PeerEvent::Watchdog { from, to } => {
                    let name = |s: &Option<watchdog::State>| s.map_or("stopped".to_owned(), |s| s.to_string());
                    format!("watchdog {} -> {}", name(from), name(to))
                }
                PeerEvent::Failover => "FAILOVER".to_owned(),
                PeerEvent::Failback => "FAILBACK".to_owned(),
                PeerEvent::Open { conn, role, peer } => {
                    format!(
                        "open on {conn} ({role:?}) with {} of {}",
                        peer.capabilities.origin_host, peer.capabilities.origin_realm
                    )
                }
                PeerEvent::CapabilitiesRefused { conn, role, result_code } => {
                    format!("capabilities refused on {conn} ({role:?}): Result-Code {result_code}")
                }
                PeerEvent::IdentityMismatch { conn, role, origin_host, certificate } => {
                    format!("identity refused on {conn} ({role:?}): {origin_host}, the certificate names {certificate}")
                }
                PeerEvent::Election { won } => format!("election {}", if *won { "won" } else { "lost" }),
                PeerEvent::DisconnectRequested { cause, reconnect } => {
                    format!("DPR received ({cause:?}){}", if *reconnect { "" } else { ": no reconnection" })
                }
                PeerEvent::Received { conn, message } => {
                    format!("for the application on {conn}: command {}", message.header.command_code)
                }
                PeerEvent::Discarded { conn, command_code, hop_by_hop, reason } => {
                    let why = match reason {
                        DiscardReason::NotInService => "the connection is not in service",
                        DiscardReason::Unsolicited => "an answer to no request of ours",
                    };
                    format!("discarded on {conn}: command {command_code} hbh={hop_by_hop:#010x} ({why})")
                }
                PeerEvent::Error(error) => format!("error: {error}"),
            };
            line(*at, text);
        }
    }
}

#[tokio::main]
async fn main() -> ExitCode {
    match run().await {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("diameter_peer: {error}");
            ExitCode::FAILURE
        }
    }
}

async fn run() -> Result<(), Box<dyn std::error::Error>> {
    let args = cli().get_matches();
    let get_f64 = |name: &str| args.get_one::<f64>(name).copied().unwrap_or_default();
    let twinit = seconds(get_f64("tw"), "--tw", Some(watchdog::TWINIT_MAX))?;
    let watchdog = if args.get_flag("testing-tw") {
        watchdog::Config::for_testing_below_rfc_minimum(twinit).map_err(|e| format!("--tw: {e}"))?
    } else {
        watchdog::Config::new(twinit).map_err(|e| match e {
            watchdog::ConfigError::TwinitTooSmall(_) => format!("--tw: {e}; --testing-tw allows it for a test"),
            _ => format!("--tw: {e}"),
        })?
    };
    let origin_host = args.get_one::<String>("origin-host").cloned().unwrap_or_default();
    let origin_realm = args.get_one::<String>("origin-realm").cloned().unwrap_or_default();
    let (connect, listen) = (args.get_one::<SocketAddr>("connect"), args.get_one::<SocketAddr>("listen"));
    let Some(&address) = connect.or(listen) else { return Err("--connect or --listen".into()) };
    let host_ip: IpAddr = if address.ip().is_unspecified() { "127.0.0.1".parse()? } else { address.ip() };
    let mut peer = PeerConfig::new(origin_host, origin_realm, vec![host_ip]);
    peer.watchdog = watchdog;
    peer.timeout = seconds(get_f64("timeout"), "--timeout", Some(MAX_TIMEOUT))?;
    peer.capabilities.auth_application_ids =
        args.get_many::<u32>("auth-application-id").into_iter().flatten().copied().collect();
    peer.capabilities.product_name = "rfc-fsm diameter_peer example".to_owned();
    peer.peer_host = args.get_one::<String>("peer-host").cloned();
    let mut config = DriverConfig::new(peer);
    config.pcap = args.get_one::<PathBuf>("pcap").cloned();
    if let (Some(cert), Some(key), Some(ca)) =
        (args.get_one::<PathBuf>("cert"), args.get_one::<PathBuf>("key"), args.get_one::<PathBuf>("ca"))
    {
        config.tls = Some(driver::TlsConfig::from_pem_files(cert, key, ca)?);
    }
    let duration = match args.get_one::<f64>("duration") {
        Some(&d) => Some(seconds(d, "--duration", None)?),
        None => None,
    };
    // Refused before anything runs, so that nothing is started nor stopped.
    config.validate()?;
    let mode = match connect {
        Some(&address) => Mode::Connect(address),
        None => {
            let listener = TcpListener::bind(address).await.map_err(|e| format!("cannot listen on {address}: {e}"))?;
            println!("listening on {}", listener.local_addr()?);
            Mode::Listen(listener)
        }
    };

    let mut handle = driver::spawn(config, mode);
    let stop = async {
        match duration {
            Some(d) => tokio::time::sleep(d).await,
            None => {
                let _ = tokio::signal::ctrl_c().await;
            }
        }
    };
    tokio::pin!(stop);
    let stopping = loop {
        tokio::select! {
            event = handle.next_event() => match event {
                Some(event) => print(&event),
                // The driver ended by itself: `join` says why.
                None => break false,
            },
            () = &mut stop => break true,
        }
    };
    if stopping {
        println!("stopping: DPR/DPA");
        let control = handle.control();
        let _ = control.send(driver::Control::Stop(DisconnectCause::Rebooting)).await;
        while let Some(event) = handle.next_event().await {
            print(&event);
        }
    }
    let report = handle.join().await?;
    let c = report.counters;
    println!(
        "{} messages; DWR sent {}, DWA received {}, DWR received {}, DWA sent {}, failovers {}, failbacks {}",
        report.trace.len(),
        c.dwr_sent,
        c.dwa_received,
        c.dwr_received,
        c.dwa_sent,
        c.failovers,
        c.failbacks
    );
    if let Some(error) = report.pcap_error {
        println!("pcap: {error}");
    }
    Ok(())
}

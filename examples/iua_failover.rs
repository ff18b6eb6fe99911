//! An IUA signalling gateway and two ASPs on loopback TCP (there is no SCTP here: messages are
//! framed by the IUA header's length). Both ASPs come up; the first goes active in Over-ride
//! mode and receives the ISDN side's traffic; it fails; the AS goes pending and queues the
//! traffic; the second ASP takes over and receives the queue, in order. Every state change and
//! message is printed.
//!
//! `cargo run --example iua_failover` (add `-- --pcap FILE` to write the exchange to a pcap
//! file that tshark decodes with the options of `rfc_fsm::iua::pcap::TSHARK_OPTIONS`:
//! `tshark -o 'uat:user_dlts:"User 0 (DLT=147)","iua","0","","0",""' -o iua.support_ig:TRUE
//! -o iua.use_gsm_sapi_values:FALSE -r FILE`).

use rfc_fsm::iua::asp::{self, Asp, AspConfig, AspEvent};
use rfc_fsm::iua::codec::{self, Dlci, InterfaceIds, Message, TrafficMode};
use rfc_fsm::iua::pcap::IuaPcap;
use rfc_fsm::iua::sg::{self, AsConfig, AssocId, Sg, SgConfig, SgEvent};
use rfc_fsm::iua::transport::{FramedReader, Tcp, Transport};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc;
use tokio::time::Instant;

const IID: u32 = 1;

/// The start of the run, for printing and for the pcap timestamps.
static START: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();

fn elapsed() -> Duration {
    START.get_or_init(std::time::Instant::now).elapsed()
}

type Capture = Arc<Mutex<Option<IuaPcap<std::fs::File>>>>;

fn log(who: &str, what: &str) {
    println!("{:>8.3}s  {who:<6} {what}", elapsed().as_secs_f64());
}

fn capture(pcap: &Capture, bytes: &[u8]) {
    if let Ok(mut guard) = pcap.lock()
        && let Some(file) = guard.as_mut()
    {
        let _ = file.write(elapsed(), bytes);
    }
}

/// What the SG's connection tasks tell the SG.
enum ToSg {
    Connected(AssocId, tokio::net::tcp::OwnedWriteHalf),
    Message(AssocId, Vec<u8>),
    Closed(AssocId),
    Traffic(u8),
    Done,
}

async fn run_sg(listener: TcpListener, mut inbox: mpsc::Receiver<ToSg>, inbox_tx: mpsc::Sender<ToSg>, pcap: Capture) {
    let config = SgConfig {
        recovery_timer: Duration::from_secs(2),
        queue_limit: 64,
        application_servers: vec![AsConfig {
            name: "PRI".into(),
            interface_ids: vec![IID],
            traffic_mode: TrafficMode::Override,
        }],
    };
    let mut sg: Sg<Instant> = Sg::new(config);
    let mut writers = std::collections::BTreeMap::new();
    // Accept connections in the background; each gets an association number.
    tokio::spawn(async move {
        let mut next = 1;
        while let Ok((stream, _)) = listener.accept().await {
            let assoc = AssocId(next);
            next += 1;
            let (read, write) = stream.into_split();
            if inbox_tx.send(ToSg::Connected(assoc, write)).await.is_err() {
                return;
            }
            let tx = inbox_tx.clone();
            tokio::spawn(async move {
                let mut reader = FramedReader::new(read);
                while let Ok(Some(bytes)) = reader.recv().await {
                    if tx.send(ToSg::Message(assoc, bytes)).await.is_err() {
                        return;
                    }
                }
                let _ = tx.send(ToSg::Closed(assoc)).await;
            });
        }
    });
    loop {
        let deadline = sg.poll_timeout();
        let input = match deadline {
            Some(at) => tokio::select! {
                input = inbox.recv() => input,
                () = tokio::time::sleep_until(at) => {
                    let out = sg.handle_timeout(Instant::now());
                    log("SG", "T(r) expired");
                    act(&out, &mut writers, &pcap).await;
                    continue;
                }
            },
            None => inbox.recv().await,
        };
        let now = Instant::now();
        let out = match input {
            None | Some(ToSg::Done) => return,
            Some(ToSg::Connected(assoc, writer)) => {
                log("SG", &format!("association {} up", assoc.0));
                writers.insert(assoc, writer);
                sg.transport_up(now, assoc);
                Vec::new()
            }
            Some(ToSg::Message(assoc, bytes)) => {
                if let Ok(m) = codec::decode(&bytes) {
                    log("SG", &format!("<- ASP{} {}", assoc.0, describe(&m)));
                }
                sg.receive(now, assoc, &bytes)
            }
            Some(ToSg::Closed(assoc)) => {
                log("SG", &format!("association {} lost", assoc.0));
                writers.remove(&assoc);
                sg.transport_down(now, assoc)
            }
            Some(ToSg::Traffic(n)) => {
                log("SG", &format!("traffic #{n} from the ISDN side"));
                // A Q.931 STATUS ENQUIRY, call reference n.
                sg.deliver(now, IID, Dlci { sapi: 0, tei: 64 }, vec![0x08, 0x01, n, 0x75]).into()
            }
        };
        act(&out, &mut writers, &pcap).await;
    }
}

async fn act(
    out: &[sg::Output],
    writers: &mut std::collections::BTreeMap<AssocId, tokio::net::tcp::OwnedWriteHalf>,
    pcap: &Capture,
) {
    use tokio::io::AsyncWriteExt;
    for o in out {
        match o {
            sg::Output::Send { assoc, message, .. } => {
                log("SG", &format!("-> ASP{} {}", assoc.0, describe(message)));
                let Ok(bytes) = codec::encode(message) else { continue };
                capture(pcap, &bytes);
                if let Some(w) = writers.get_mut(assoc) {
                    let _ = w.write_all(&bytes).await;
                }
            }
            sg::Output::Event(SgEvent::AsState { state, .. }) => log("SG", &format!("AS is now {state}")),
            sg::Output::Event(SgEvent::AspState { assoc, state }) => {
                log("SG", &format!("ASP{} is now {state}", assoc.0))
            }
            sg::Output::Event(e) => log("SG", &format!("{e:?}")),
        }
    }
}

/// Runs one ASP: connects, comes up (and active if asked), prints what it receives; returns
/// when `stop` fires (dropping the connection, as a crash would).
async fn run_asp(
    name: &'static str,
    addr: std::net::SocketAddr,
    mut commands: mpsc::Receiver<&'static str>,
    pcap: Capture,
) {
    let Ok(stream) = TcpStream::connect(addr).await else { return };
    let mut transport = Tcp::new(stream);
    let config = AspConfig {
        traffic_mode: Some(TrafficMode::Override),
        interface_ids: Some(InterfaceIds::Integers(vec![IID])),
        ..AspConfig::default()
    };
    let mut asp: Asp<Instant> = Asp::new(config);
    let mut out = asp.transport_up(Instant::now());
    loop {
        for o in out.drain(..) {
            match o {
                asp::Output::Send { stream, message } => {
                    let Ok(bytes) = codec::encode(&message) else { continue };
                    capture(&pcap, &bytes);
                    if transport.send(stream, &bytes).await.is_err() {
                        return;
                    }
                }
                asp::Output::Event(AspEvent::State(state)) => log(name, &format!("now {state}")),
                asp::Output::Event(AspEvent::Data { data, .. }) => {
                    log(name, &format!("received traffic #{}", data.get(2).copied().unwrap_or(0)));
                }
                asp::Output::Event(AspEvent::Notify { status, .. }) => {
                    log(name, &format!("told: Notify ({})", status.name().unwrap_or("?")));
                }
                asp::Output::Event(e) => log(name, &format!("{e:?}")),
            }
        }
        let deadline = asp.poll_timeout();
        tokio::select! {
            command = commands.recv() => match command {
                Some("up") => out = asp.request_up(Instant::now()),
                Some("active") => out = asp.request_active(Instant::now()),
                Some("fail") => {
                    log(name, "fails: its connection drops");
                    return;
                }
                _ => return,
            },
            received = transport.recv() => match received {
                Ok(Some((_, bytes))) => out = asp.receive(Instant::now(), &bytes),
                _ => return,
            },
            () = async {
                match deadline {
                    Some(at) => tokio::time::sleep_until(at).await,
                    None => std::future::pending().await,
                }
            } => out = asp.handle_timeout(Instant::now()),
        }
    }
}

fn describe(m: &Message) -> String {
    match m {
        Message::Notify { status, .. } => format!("Notify ({})", status.name().unwrap_or("?")),
        Message::Error { code, .. } => format!("Error ({code})"),
        Message::DataIndication { data, .. } => format!("Data Indication #{}", data.get(2).copied().unwrap_or(0)),
        other => other.name().to_owned(),
    }
}

#[tokio::main(flavor = "current_thread")]
async fn main() -> std::io::Result<()> {
    let _ = elapsed();
    let pcap_path = std::env::args().skip_while(|a| a != "--pcap").nth(1);
    let pcap: Capture = Arc::new(Mutex::new(match &pcap_path {
        Some(path) => Some(IuaPcap::new(std::fs::File::create(path)?).map_err(std::io::Error::other)?),
        None => None,
    }));
    let listener = TcpListener::bind("127.0.0.1:0").await?;
    let addr = listener.local_addr()?;
    println!("IUA SG on {addr}, T(r) 2 s, one AS in Over-ride mode (Interface Identifier {IID})\n");
    let (sg_tx, sg_rx) = mpsc::channel(64);
    let sg_task = tokio::spawn(run_sg(listener, sg_rx, sg_tx.clone(), pcap.clone()));
    let pause = |ms| tokio::time::sleep(Duration::from_millis(ms));

    let (asp1_tx, asp1_rx) = mpsc::channel(4);
    let (asp2_tx, asp2_rx) = mpsc::channel(4);
    let asp1 = tokio::spawn(run_asp("ASP1", addr, asp1_rx, pcap.clone()));
    pause(100).await;
    let asp2 = tokio::spawn(run_asp("ASP2", addr, asp2_rx, pcap.clone()));
    pause(100).await;
    let _ = asp1_tx.send("active").await;
    let _ = asp2_tx.send("up").await;
    pause(200).await;
    for n in 1..=3 {
        let _ = sg_tx.send(ToSg::Traffic(n)).await;
        pause(50).await;
    }
    let _ = asp1_tx.send("fail").await;
    let _ = asp1.await;
    pause(100).await;
    for n in 4..=6 {
        let _ = sg_tx.send(ToSg::Traffic(n)).await;
        pause(50).await;
    }
    let _ = asp2_tx.send("active").await;
    pause(300).await;
    for n in 7..=8 {
        let _ = sg_tx.send(ToSg::Traffic(n)).await;
        pause(50).await;
    }
    pause(100).await;
    let _ = sg_tx.send(ToSg::Done).await;
    let _ = sg_task.await;
    drop(asp2_tx);
    let _ = asp2.await;
    if let (Some(path), Ok(mut guard)) = (&pcap_path, pcap.lock())
        && let Some(file) = guard.take()
    {
        drop(file.into_inner());
        println!("\nwrote {path}");
    }
    Ok(())
}

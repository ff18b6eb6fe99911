//! The RFC 3539 watchdog against a scripted peer, on a virtual clock: the peer answers, goes
//! silent, drops the connection and comes back. Prints a timeline: time, event, state, outputs.
//!
//! Run with `cargo run --example failover`.

use rand::SeedableRng;
use rand::rngs::StdRng;
use rfc_fsm::watchdog::{Config, MessageKind, Output, Outputs, Watchdog};
use std::collections::BTreeMap;
use std::time::Duration;

/// What the scripted peer does with a DWR and with attempts to open a connection.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Peer {
    /// Answers each DWR after 40 ms and accepts connections.
    Answering,
    /// Reads nothing and answers nothing, but its transport stays up.
    Silent,
    /// Unreachable: connections fail.
    Gone,
}

/// Inputs for the watchdog, scheduled at virtual times.
#[derive(Clone, Copy, Debug)]
enum Input {
    ConnectionUp,
    ConnectionDown,
    Message(MessageKind),
    Peer(Peer),
}

fn secs(s: u64) -> Duration {
    Duration::from_secs(s)
}

fn main() {
    // The jitter's generator, lent to each input that may set Tw: seeded, so the run repeats.
    let mut rng = StdRng::seed_from_u64(3539);
    let mut wd = Watchdog::new(Config::default());
    let mut peer = Peer::Answering;
    let mut connected = false;
    // The script: what the world does, and when (Twinit is 30 s, so Tw is 28 to 32 s).
    let mut agenda: BTreeMap<(Duration, u32), Input> = BTreeMap::new();
    let mut seq = 0;
    let mut at = |agenda: &mut BTreeMap<(Duration, u32), Input>, t: Duration, input: Input| {
        seq += 1;
        agenda.insert((t, seq), input);
    };
    at(&mut agenda, secs(0), Input::ConnectionUp);
    at(&mut agenda, secs(45), Input::Message(MessageKind::Other)); // some traffic
    at(&mut agenda, secs(100), Input::Message(MessageKind::Dwr)); // the peer checks on us
    at(&mut agenda, secs(150), Input::Peer(Peer::Silent));
    at(&mut agenda, secs(260), Input::Peer(Peer::Gone));
    at(&mut agenda, secs(330), Input::Peer(Peer::Answering));
    at(&mut agenda, secs(500), Input::Peer(Peer::Gone));
    at(&mut agenda, secs(500), Input::ConnectionDown); // the transport drops
    at(&mut agenda, secs(560), Input::Peer(Peer::Answering));

    println!(
        "RFC 3539 watchdog, Twinit 30 s; * marks a pending DWR; the last column is the time to the next expiry.\n"
    );
    println!("{:>9}  {:<24} {:<8} outputs", "time", "event", "state");
    let now = Duration::ZERO;
    let outputs = wd.start(now, &mut rng);
    print_line(now, "start", &wd, &outputs);
    let end = secs(720);
    loop {
        // The next thing to happen: the watchdog's timer or the script's next entry.
        let next_input = agenda.first_key_value().map(|(&(t, _), _)| t);
        let next_timer = wd.poll_timeout();
        let (now, label, outputs) = match (next_input, next_timer) {
            (Some(t), Some(d)) if d < t => (d, "Tw expires".to_owned(), wd.handle_timeout(d, &mut rng)),
            (Some(t), _) => {
                let Some(((_, _), input)) = agenda.pop_first() else { break };
                let (label, outputs) = match input {
                    Input::ConnectionUp => {
                        connected = true;
                        ("connection up".to_owned(), wd.transport_up(t, &mut rng))
                    }
                    Input::ConnectionDown => {
                        connected = false;
                        ("connection down".to_owned(), wd.transport_down(t, &mut rng))
                    }
                    Input::Message(kind) if connected => (format!("{kind:?} received"), wd.receive(t, kind, &mut rng)),
                    Input::Message(_) => continue,
                    Input::Peer(p) => {
                        peer = p;
                        (format!("(peer now {p:?})"), Outputs::new())
                    }
                };
                (t, label, outputs)
            }
            (None, Some(d)) => (d, "Tw expires".to_owned(), wd.handle_timeout(d, &mut rng)),
            (None, None) => break,
        };
        if now > end {
            break;
        }
        print_line(now, &label, &wd, &outputs);
        // The world's answer to the outputs.
        for output in &outputs {
            match output {
                Output::SendDwr if peer == Peer::Answering => {
                    at(&mut agenda, now + Duration::from_millis(40), Input::Message(MessageKind::Dwa));
                }
                Output::AttemptOpen if peer == Peer::Answering => {
                    at(&mut agenda, now + Duration::from_millis(120), Input::ConnectionUp);
                }
                Output::CloseConnection => connected = false,
                _ => {}
            }
        }
    }
    let c = wd.counters();
    println!(
        "\nDWR sent {}, DWA received {}, DWR received {}, DWA sent {}, failovers {}, failbacks {}",
        c.dwr_sent, c.dwa_received, c.dwr_received, c.dwa_sent, c.failovers, c.failbacks
    );
}

fn print_line(now: Duration, event: &str, wd: &Watchdog<Duration>, outputs: &[Output]) {
    let state = wd.state().map_or("stopped".to_owned(), |s| s.to_string());
    let pending = if wd.pending() { "*" } else { " " };
    let outputs: Vec<String> = outputs.iter().map(|c| format!("{c:?}")).collect();
    let next = wd.poll_timeout().map_or(String::new(), |d| format!("  [{:.1} s]", (d - now).as_secs_f64()));
    println!("{:>8.3}s  {:<24} {:<7}{pending} {}{next}", now.as_secs_f64(), event, state, outputs.join(", "));
}

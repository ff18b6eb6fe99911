//! `fsm!(..., tracing)`: the events `Machine::start` and `Machine::step` emit, with their fields
//! and the span they are in, recorded by a layer on tracing-subscriber's registry; and, with the
//! crate's feature `tracing`, a Diameter connection's peer and watchdog machines under the
//! connection's span (under the application's when the tokio driver runs it), and an IUA
//! association's ASP and AS machines under its span (`cargo test --features tracing --test it
//! tracing_events::`, which `scripts/test` runs).

use std::fmt::Write as _;
use std::sync::{Arc, Mutex};
use tracing::field::{Field, Visit};
use tracing::span::{Attributes, Id};
use tracing::{Event, Subscriber};
use tracing_subscriber::layer::{Context, Layer, SubscriberExt};
use tracing_subscriber::registry::LookupSpan;

/// The fields of an event or a span as `name=value`, in the order they were recorded: a
/// string as it is, anything else as its `Debug`.
#[derive(Default)]
struct Fields(String);

impl Visit for Fields {
    fn record_str(&mut self, field: &Field, value: &str) {
        self.push(field, value);
    }

    fn record_debug(&mut self, field: &Field, value: &dyn std::fmt::Debug) {
        self.push(field, &format!("{value:?}"));
    }
}

impl Fields {
    fn push(&mut self, field: &Field, value: &str) {
        if !self.0.is_empty() {
            self.0.push(' ');
        }
        if field.name() == "message" {
            self.0.push_str(value);
        } else {
            let _ = write!(self.0, "{}={value}", field.name());
        }
    }
}

/// Records each event as one line: `LEVEL target span{fields}:span{fields}: message fields`.
#[derive(Clone, Default)]
struct Recorder(Arc<Mutex<Vec<String>>>);

impl<S: Subscriber + for<'a> LookupSpan<'a>> Layer<S> for Recorder {
    fn on_new_span(&self, attrs: &Attributes<'_>, id: &Id, ctx: Context<'_, S>) {
        let mut fields = Fields::default();
        attrs.record(&mut fields);
        if let Some(span) = ctx.span(id) {
            span.extensions_mut().insert(fields);
        }
    }

    fn on_event(&self, event: &Event<'_>, ctx: Context<'_, S>) {
        let meta = event.metadata();
        let mut line = format!("{} {} ", meta.level(), meta.target());
        for span in ctx.event_scope(event).into_iter().flat_map(|scope| scope.from_root()) {
            let extensions = span.extensions();
            let fields = extensions.get::<Fields>().map_or("", |f| f.0.as_str());
            let _ = write!(line, "{}{{{fields}}}:", span.name());
        }
        let mut fields = Fields::default();
        event.record(&mut fields);
        line.push(' ');
        line.push_str(&fields.0);
        self.0.lock().unwrap().push(line);
    }
}

/// Runs `f` with the recorder as this thread's subscriber, and returns the lines it recorded.
fn recorded(f: impl FnOnce()) -> Vec<String> {
    let recorder = Recorder::default();
    let subscriber = tracing_subscriber::registry().with(recorder.clone());
    tracing::subscriber::with_default(subscriber, f);
    recorder.0.lock().unwrap().clone()
}

mod door {
    fsm_macros::fsm!(
        source = r#"
            machine Door {
                unhandled = ignore;
                initial state Shut { entry Latch; }
                state Open;
                event Push;
                event Kick;
                action Latch;
                Shut -> Open on Push ref "door.md §1";
                Open -> Shut on Push ref "door.md §2" ref "door.md §3";
                ignore Kick in Open;
            }
        "#,
        tracing
    );
}

/// The door's hooks: the id its events carry, and the actions it ran.
struct DoorHooks {
    id: u64,
    actions: Vec<door::door::Action>,
}

impl door::door::Hooks for DoorHooks {
    fn action(&mut self, action: door::door::Action) {
        self.actions.push(action);
    }

    fn instance(&self) -> u64 {
        self.id
    }
}

#[test]
fn a_machine_emits_one_event_per_step_with_its_fields_in_the_callers_span() {
    use door::door::{Event, Machine};
    let mut hooks = DoorHooks { id: 7, actions: Vec::new() };
    let lines = recorded(|| {
        let span = tracing::info_span!("door", id = 7);
        let _in = span.enter();
        let mut door = Machine::start(&mut hooks);
        for event in [Event::Push, Event::Kick, Event::Push, Event::Kick] {
            door.step(event, &mut hooks);
        }
    });
    let step = "DEBUG fsm::door door{id=7}: step machine=Door instance=7";
    assert_eq!(
        lines,
        [
            "DEBUG fsm::door door{id=7}: start machine=Door instance=7 to=Shut".to_owned(),
            format!(r#"{step} from=Shut event=Push to=Open kind=Transition transition=0 refs=["door.md §1"]"#),
            format!("{step} from=Open event=Kick to=Open kind=Ignored refs=[]"),
            format!(
                r#"{step} from=Open event=Push to=Shut kind=Transition transition=1 refs=["door.md §2", "door.md §3"]"#
            ),
            format!("{step} from=Shut event=Kick to=Shut kind=Ignored refs=[]"),
        ]
    );
    // The actions ran as without tracing: the entry on start and on coming back.
    assert_eq!(hooks.actions, [door::door::Action::Latch; 2]);
}

#[test]
fn two_instances_step_under_the_spans_the_module_makes_for_them() {
    use door::door::{Event, Machine, span};
    let (mut first, mut second) = (DoorHooks { id: 1, actions: Vec::new() }, DoorHooks { id: 2, actions: Vec::new() });
    let lines = recorded(|| {
        let (first_span, second_span) = (span(first.id), span(second.id));
        let mut a = first_span.in_scope(|| Machine::start(&mut first));
        let mut b = second_span.in_scope(|| Machine::start(&mut second));
        second_span.in_scope(|| b.step(Event::Push, &mut second));
        first_span.in_scope(|| a.step(Event::Kick, &mut first));
    });
    let (a, b) =
        ("DEBUG fsm::door machine{machine=Door instance=1}:", "DEBUG fsm::door machine{machine=Door instance=2}:");
    assert_eq!(
        lines,
        [
            format!("{a} start machine=Door instance=1 to=Shut"),
            format!("{b} start machine=Door instance=2 to=Shut"),
            format!(
                r#"{b} step machine=Door instance=2 from=Shut event=Push to=Open kind=Transition transition=0 refs=["door.md §1"]"#
            ),
            format!("{a} step machine=Door instance=1 from=Shut event=Kick to=Shut kind=Ignored refs=[]"),
        ]
    );
}

#[test]
fn the_free_step_function_and_a_machine_without_subscriber_emit_nothing() {
    use door::door::{Event, INITIAL, Machine, Vars, step};
    let lines = recorded(|| {
        let mut vars = Vars::INITIAL;
        let probe = step(INITIAL, &mut vars, Event::Push);
        assert_eq!(probe.target, door::door::State::Open);
    });
    assert_eq!(lines, Vec::<String>::new(), "the free `step` is a probe: it emits nothing");
    // No subscriber: the machine steps as it would without the option.
    let mut hooks = DoorHooks { id: 1, actions: Vec::new() };
    let mut door = Machine::start(&mut hooks);
    assert_eq!(door.step(Event::Push, &mut hooks).target, door::door::State::Open);
}

/// With the feature `tracing`: a Diameter connection's RFC 6733 peer machine and its RFC 3539
/// watchdog, both under the connection's span, as the initiator connects and the CEA comes.
#[cfg(feature = "tracing")]
#[test]
fn a_diameter_connection_puts_its_peer_and_watchdog_machines_under_one_span() {
    use crate::support::fixtures::{THEIR_HOST, bytes, peer_config, serving, their_cea};
    use crate::support::peer_sim::peer;
    use rfc_fsm::diameter::codec::Message;
    use rfc_fsm::diameter::codec::result_code::DIAMETER_SUCCESS;
    use rfc_fsm::diameter::peer::{ConnId, Output, State};
    use std::time::Duration;

    let config =
        serving(peer_config("client.example.net", Duration::from_secs(30), Duration::from_secs(10)), THEIR_HOST);
    let lines = recorded(|| {
        let mut p = peer(config, 1);
        let connect = p.start(Duration::ZERO);
        let conn: ConnId =
            connect.iter().find_map(|o| if let Output::Connect(c) = o { Some(*c) } else { None }).unwrap();
        let sent = p.transport_up(Duration::from_millis(5), conn);
        let cer = sent
            .iter()
            .find_map(|o| match o {
                Output::Send(_, Message::Cer(cer)) => Some(cer.clone()),
                _ => None,
            })
            .unwrap();
        p.receive(Duration::from_millis(9), conn, &bytes(&their_cea(&cer, DIAMETER_SUCCESS, &[4])));
        assert_eq!(p.state(), State::I_Open);
    });
    let span = "diameter_peer{origin_host=client.example.net peer_host=server.example.org}:";
    let peer = format!("DEBUG fsm::diameter_peer {span} step machine=DiameterPeer instance=0");
    let watchdog = format!("DEBUG fsm::rfc3539_watchdog {span}");
    assert_eq!(
        lines,
        [
            format!("{watchdog} start machine=Rfc3539Watchdog instance=0 to=INITIAL"),
            format!(
                r#"{peer} from=Closed event=Start to=Wait_Conn_Ack kind=Transition transition=0 refs=["RFC 6733 §5.6.1 Closed/Start"]"#
            ),
            format!(
                r#"{peer} from=Wait_Conn_Ack event=I_Rcv_Conn_Ack to=Wait_I_CEA kind=Transition transition=3 refs=["RFC 6733 §5.6.1 Wait-Conn-Ack"]"#
            ),
            format!(
                r#"{peer} from=Wait_I_CEA event=I_Rcv_CEA to=I_Open kind=Transition transition=8 refs=["RFC 6733 §5.6.1 Wait-I-CEA"]"#
            ),
            format!(
                r#"{watchdog} step machine=Rfc3539Watchdog instance=0 from=INITIAL event=ConnectionUp to=OKAY kind=Transition transition=19 refs=["RFC 3539 App. A row 20"]"#
            ),
        ]
    );
}

/// With the feature `tracing`: at an IUA SG, an ASP's machine and the AS machines its change
/// steps, under the association's span, each with its instance (the association, the AS).
#[cfg(feature = "tracing")]
#[test]
fn an_iua_association_puts_its_asp_and_the_as_it_moves_under_one_span() {
    use rfc_fsm::iua::codec::{self, Message, TrafficMode};
    use rfc_fsm::iua::sg::{AsConfig, AssocId, Sg, SgConfig};
    use std::time::Duration;

    let config = SgConfig {
        recovery_timer: Duration::from_secs(2),
        queue_limit: 4,
        application_servers: vec![AsConfig {
            name: "PRI 1".into(),
            interface_ids: vec![7],
            traffic_mode: TrafficMode::Override,
        }],
    };
    let lines = recorded(|| {
        let mut sg = Sg::new(config);
        sg.transport_up(Duration::ZERO, AssocId(5));
        let up = codec::encode(&Message::AspUp { asp_id: None, info: None }).unwrap();
        sg.receive(Duration::ZERO, AssocId(5), &up);
    });
    let span = "iua_association{assoc=5}:";
    assert_eq!(
        lines,
        [
            format!(
                r#"DEBUG fsm::iua_asp {span} step machine=IuaAsp instance=5 from=ASP_DOWN event=AspUp to=ASP_INACTIVE kind=Transition transition=0 refs=["RFC 4233 Figure 6", "RFC 4233 §4.3.3.1"]"#
            ),
            format!(
                r#"DEBUG fsm::iua_as {span} step machine=IuaAs instance=0 from=AS_DOWN event=AspInactive to=AS_INACTIVE kind=Transition transition=0 refs=["RFC 4233 Figure 7", "RFC 4233 §4.3.3.6"]"#
            ),
        ]
    );
}

/// With the feature `tracing`: the driver's task keeps the span it was spawned in, so that the
/// connection's span, and its machines' events, are under the application's.
#[cfg(feature = "tracing")]
#[test]
fn the_diameter_driver_makes_the_connection_span_under_its_callers() {
    use crate::support::driver::driver_config;
    use crate::support::fixtures::peer_config;
    use rfc_fsm::diameter::codec::DisconnectCause;
    use rfc_fsm::diameter::driver::{self, Mode};
    use std::time::Duration;
    use tracing::Instrument;

    let config =
        driver_config(peer_config("server.example.net", Duration::from_secs(30), Duration::from_secs(10)), 1, None);
    let lines = recorded(|| {
        let runtime = tokio::runtime::Builder::new_current_thread().enable_all().start_paused(true).build().unwrap();
        runtime.block_on(
            async {
                let handle = driver::spawn(config, Mode::Custom { connector: None, incoming: None });
                handle.stop(DisconnectCause::Rebooting).await.unwrap();
            }
            .instrument(tracing::info_span!("node", name = "a")),
        );
    });
    let span = "node{name=a}:diameter_peer{origin_host=server.example.net peer_host=}:";
    assert!(!lines.is_empty());
    for line in &lines {
        assert!(line.contains(&format!(" {span} ")), "{line}");
    }
    assert_eq!(
        lines[0],
        format!("DEBUG fsm::rfc3539_watchdog {span} start machine=Rfc3539Watchdog instance=0 to=INITIAL")
    );
}

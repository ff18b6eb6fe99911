//! The watchdog allocates nothing on any input: a counting global allocator (`stats_alloc`, this test
//! binary's own) watches every path of RFC 3539 Appendix A, with the random source lent to each input.

use crate::GLOBAL;
use rand::SeedableRng;
use rand::rngs::SmallRng;
use rfc_fsm::watchdog::{Config, MessageKind, State, Watchdog};
use stats_alloc::Region;
use std::time::{Duration, Instant};

pub fn no_input_allocates() {
    let mut rng = SmallRng::seed_from_u64(3539);
    let mut wds: Vec<Watchdog<Instant>> = (0..64).map(|_| Watchdog::new(Config::default())).collect();
    let mut now = Instant::now();
    // A fixed array, so that the test itself allocates nothing in the measured region.
    let mut states = [false; 8];
    let region = Region::new(GLOBAL);
    let mut events = 0u64;
    for round in 0..200u32 {
        for (i, wd) in wds.iter_mut().enumerate() {
            let outputs = match (round as usize + i) % 9 {
                0 => wd.start(now, &mut rng),
                1 => wd.transport_up(now, &mut rng),
                2 => wd.receive(now, MessageKind::Dwa, &mut rng),
                3 => wd.receive(now, MessageKind::Dwr, &mut rng),
                4 => wd.receive(now, MessageKind::Other, &mut rng),
                5 | 6 => {
                    let at = wd.poll_timeout().unwrap_or(now);
                    wd.handle_timeout(at, &mut rng)
                }
                7 => wd.transport_down(now, &mut rng),
                _ => {
                    if round % 7 == 0 {
                        wd.stop(now);
                    }
                    wd.handle_timeout(now, &mut rng)
                }
            };
            events += 1;
            assert!(outputs.len() <= rfc_fsm::watchdog::MAX_OUTPUTS);
            if let Some(state) = wd.state() {
                states[state as usize] = true;
            }
        }
        now += Duration::from_secs(7);
    }
    let change = region.change();
    let allocations = change.allocations + change.reallocations;
    // Every state was visited, so every row's actions ran.
    assert_eq!(states.iter().filter(|&&s| s).count(), State::ALL.len(), "states visited: {states:?}");
    assert_eq!(allocations, 0, "{allocations} allocations over {events} events");
}

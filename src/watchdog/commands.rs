//! The commands one input of the watchdog returns, as an inline list of at most
//! [`MAX_COMMANDS`]: no input allocates.

use super::Command;

/// The most commands one input produces: two actions of one row of Appendix A, a
/// [`Command::Failback`] after a restart and the [`Command::SendDwa`] of a DWR
/// (`tests/it/watchdog.rs` checks the bound against the spec).
pub const MAX_COMMANDS: usize = 4;

/// The commands one input produces, in order: a list of at most [`MAX_COMMANDS`], held inline
/// (5 octets, no allocation). It dereferences to `[Command]`, iterates, and compares with
/// arrays, slices and vectors of commands.
#[derive(Clone, Copy)]
pub struct Commands {
    len: u8,
    /// The first `len` are the commands; the rest are filler.
    items: [Command; MAX_COMMANDS],
}

impl Commands {
    /// No command.
    pub const fn new() -> Self {
        Commands { len: 0, items: [Command::SendDwr; MAX_COMMANDS] }
    }

    /// Appends a command. The list never holds more than [`MAX_COMMANDS`] (no input of the
    /// watchdog produces more); a command past that would be dropped rather than panic.
    pub(super) fn push(&mut self, command: Command) {
        if let Some(slot) = self.items.get_mut(usize::from(self.len)) {
            *slot = command;
            self.len += 1;
        }
    }

    /// The commands as a slice.
    pub fn as_slice(&self) -> &[Command] {
        self.items.get(..usize::from(self.len)).unwrap_or_default()
    }
}

impl Default for Commands {
    fn default() -> Self {
        Commands::new()
    }
}

impl std::ops::Deref for Commands {
    type Target = [Command];
    fn deref(&self) -> &[Command] {
        self.as_slice()
    }
}

impl std::fmt::Debug for Commands {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl PartialEq for Commands {
    fn eq(&self, other: &Commands) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Eq for Commands {}

impl<const N: usize> PartialEq<[Command; N]> for Commands {
    fn eq(&self, other: &[Command; N]) -> bool {
        self.as_slice() == other
    }
}

impl PartialEq<[Command]> for Commands {
    fn eq(&self, other: &[Command]) -> bool {
        self.as_slice() == other
    }
}

impl PartialEq<&[Command]> for Commands {
    fn eq(&self, other: &&[Command]) -> bool {
        self.as_slice() == *other
    }
}

impl PartialEq<Vec<Command>> for Commands {
    fn eq(&self, other: &Vec<Command>) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl IntoIterator for Commands {
    type Item = Command;
    type IntoIter = std::iter::Take<std::array::IntoIter<Command, MAX_COMMANDS>>;
    fn into_iter(self) -> Self::IntoIter {
        self.items.into_iter().take(usize::from(self.len))
    }
}

impl<'a> IntoIterator for &'a Commands {
    type Item = &'a Command;
    type IntoIter = std::slice::Iter<'a, Command>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

impl From<Commands> for Vec<Command> {
    fn from(commands: Commands) -> Vec<Command> {
        commands.as_slice().to_vec()
    }
}

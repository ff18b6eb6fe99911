//! The outputs one input of the watchdog returns, as an inline list of at most
//! [`MAX_OUTPUTS`]: no input allocates.

use super::Output;

/// The most outputs one input produces: two actions of one row of Appendix A, a
/// [`Output::Failback`] after a restart and the [`Output::SendDwa`] of a DWR
/// (`tests/it/watchdog.rs` checks the bound against the spec).
pub const MAX_OUTPUTS: usize = 4;

/// The outputs one input produces, in order: a list of at most [`MAX_OUTPUTS`], held inline
/// (5 octets, no allocation). It dereferences to `[Output]`, iterates, and compares with
/// arrays, slices and vectors of outputs.
#[derive(Clone, Copy)]
pub struct Outputs {
    len: u8,
    /// The first `len` are the outputs; the rest are filler.
    items: [Output; MAX_OUTPUTS],
}

impl Outputs {
    /// No output.
    pub const fn new() -> Self {
        Outputs { len: 0, items: [Output::SendDwr; MAX_OUTPUTS] }
    }

    /// Appends an output. The list never holds more than [`MAX_OUTPUTS`] (no input of the
    /// watchdog produces more); an output past that would be dropped rather than panic.
    pub(super) fn push(&mut self, output: Output) {
        if let Some(slot) = self.items.get_mut(usize::from(self.len)) {
            *slot = output;
            self.len += 1;
        }
    }

    /// The outputs as a slice.
    pub fn as_slice(&self) -> &[Output] {
        self.items.get(..usize::from(self.len)).unwrap_or_default()
    }
}

impl Default for Outputs {
    fn default() -> Self {
        Outputs::new()
    }
}

impl std::ops::Deref for Outputs {
    type Target = [Output];
    fn deref(&self) -> &[Output] {
        self.as_slice()
    }
}

impl std::fmt::Debug for Outputs {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl PartialEq for Outputs {
    fn eq(&self, other: &Outputs) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Eq for Outputs {}

impl<const N: usize> PartialEq<[Output; N]> for Outputs {
    fn eq(&self, other: &[Output; N]) -> bool {
        self.as_slice() == other
    }
}

impl PartialEq<[Output]> for Outputs {
    fn eq(&self, other: &[Output]) -> bool {
        self.as_slice() == other
    }
}

impl PartialEq<&[Output]> for Outputs {
    fn eq(&self, other: &&[Output]) -> bool {
        self.as_slice() == *other
    }
}

impl PartialEq<Vec<Output>> for Outputs {
    fn eq(&self, other: &Vec<Output>) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl IntoIterator for Outputs {
    type Item = Output;
    type IntoIter = std::iter::Take<std::array::IntoIter<Output, MAX_OUTPUTS>>;
    fn into_iter(self) -> Self::IntoIter {
        self.items.into_iter().take(usize::from(self.len))
    }
}

impl<'a> IntoIterator for &'a Outputs {
    type Item = &'a Output;
    type IntoIter = std::slice::Iter<'a, Output>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

impl From<Outputs> for Vec<Output> {
    fn from(outputs: Outputs) -> Vec<Output> {
        outputs.as_slice().to_vec()
    }
}

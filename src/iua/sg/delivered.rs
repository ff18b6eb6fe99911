//! The inline list of outputs [`Sg::deliver`](super::Sg::deliver) returns, and where an AS event's outputs go.

use smallvec::SmallVec;

use super::Output;

/// The outputs of one [`Sg::deliver`](super::Sg::deliver), in order, held inline: one delivery gives at most a
/// Data Indication or one event (a queue overflow, a discard), so building the list allocates
/// nothing. It reads as a slice of [`Output`]s (`&delivered[..]`, `delivered.len()`,
/// `delivered.iter()`), iterates by value, and converts into a `Vec<Output>`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Delivered(pub(super) SmallVec<[Output; 2]>);

impl std::ops::Deref for Delivered {
    type Target = [Output];

    fn deref(&self) -> &[Output] {
        &self.0
    }
}

impl IntoIterator for Delivered {
    type Item = Output;
    type IntoIter = DeliveredIter;

    fn into_iter(self) -> DeliveredIter {
        DeliveredIter(self.0.into_iter())
    }
}

impl<'a> IntoIterator for &'a Delivered {
    type Item = &'a Output;
    type IntoIter = std::slice::Iter<'a, Output>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

impl From<Delivered> for Vec<Output> {
    fn from(delivered: Delivered) -> Vec<Output> {
        delivered.0.into_vec()
    }
}

impl<const N: usize> PartialEq<[Output; N]> for Delivered {
    fn eq(&self, other: &[Output; N]) -> bool {
        self.0[..] == other[..]
    }
}

impl PartialEq<[Output]> for Delivered {
    fn eq(&self, other: &[Output]) -> bool {
        self.0[..] == *other
    }
}

impl PartialEq<Vec<Output>> for Delivered {
    fn eq(&self, other: &Vec<Output>) -> bool {
        self.0[..] == other[..]
    }
}

/// The outputs of a [`Delivered`], by value, in order.
#[derive(Debug)]
pub struct DeliveredIter(smallvec::IntoIter<[Output; 2]>);

impl Iterator for DeliveredIter {
    type Item = Output;

    fn next(&mut self) -> Option<Output> {
        self.0.next()
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.0.size_hint()
    }
}

impl DoubleEndedIterator for DeliveredIter {
    fn next_back(&mut self) -> Option<Output> {
        self.0.next_back()
    }
}

impl ExactSizeIterator for DeliveredIter {}

/// Where an AS event's outputs go: the caller's `Vec`, or the inline list of [`Delivered`].
pub(super) trait Sink: Extend<Output> {
    fn push(&mut self, output: Output);
    fn reserve(&mut self, additional: usize);
}

impl Sink for Vec<Output> {
    fn push(&mut self, output: Output) {
        Vec::push(self, output);
    }

    fn reserve(&mut self, additional: usize) {
        Vec::reserve(self, additional);
    }
}

impl Sink for SmallVec<[Output; 2]> {
    fn push(&mut self, output: Output) {
        SmallVec::push(self, output);
    }

    fn reserve(&mut self, additional: usize) {
        SmallVec::reserve(self, additional);
    }
}

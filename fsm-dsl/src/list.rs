//! [`List`]: the short lists of the syntax tree and of the model (a transition's sources, events
//! and effects, a cell's rules), held in place when they have one item. Both layers re-export it
//! (`ast::List`, `ir::List`).
//!
//! Nearly every transition of a large machine has one source, one event and one effect, and
//! nearly every cell one rule: as `Vec`s they were four allocations a transition to make and
//! four to free in the model, the largest single cost of checking such a machine and of
//! dropping its model, and three a transition item in the syntax tree, most of what was left of
//! building and dropping the tree once its names were inline.
//! The storage is `smallvec`'s (Servo's small vector, the crate of its field, no dependencies)
//! with room for one item in place; `List` wraps it so that the model's public types name no
//! other crate's type.

use smallvec::SmallVec;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::{Deref, DerefMut};

/// A list that holds one item in place and more on the heap. It reads as a slice
/// (`Deref<Target = [T]>`): `len`, `iter`, indexing, `contains`, `first`; it is built from a
/// `Vec`, an array, an iterator or with [`List::push`]. Equality, hashing and `Debug` are the
/// slice's, so a `List` compares, hashes and prints as the `Vec` of the same items.
#[derive(Clone)]
pub struct List<T>(SmallVec<[T; 1]>);

impl<T> List<T> {
    /// The empty list (no allocation).
    pub fn new() -> Self {
        List(SmallVec::new())
    }

    /// The list of one item (no allocation).
    pub fn one(item: T) -> Self {
        List(SmallVec::from_buf([item]))
    }

    /// The items as a slice.
    pub fn as_slice(&self) -> &[T] {
        &self.0
    }

    /// The items as a mutable slice.
    pub fn as_mut_slice(&mut self) -> &mut [T] {
        &mut self.0
    }

    /// Appends an item (the second one moves the list to the heap).
    pub fn push(&mut self, item: T) {
        self.0.push(item);
    }

    /// The items as a `Vec` (an allocation for one item).
    pub fn into_vec(self) -> Vec<T> {
        self.0.into_vec()
    }
}

impl<T> Default for List<T> {
    fn default() -> Self {
        List::new()
    }
}

impl<T> Deref for List<T> {
    type Target = [T];

    fn deref(&self) -> &[T] {
        self.as_slice()
    }
}

impl<T> DerefMut for List<T> {
    fn deref_mut(&mut self) -> &mut [T] {
        self.as_mut_slice()
    }
}

impl<T> AsRef<[T]> for List<T> {
    fn as_ref(&self) -> &[T] {
        self.as_slice()
    }
}

impl<T> From<Vec<T>> for List<T> {
    /// The items of `items`: a `Vec` of two items or more is kept as it is; one of one item or
    /// none is freed, the item held in place. (`SmallVec::from_vec` goes by the `Vec`'s
    /// capacity, not its length, and would keep a pushed-to `Vec` of one item on the heap.)
    fn from(items: Vec<T>) -> Self {
        if items.len() <= 1 { items.into_iter().collect() } else { List(SmallVec::from_vec(items)) }
    }
}

impl<T, const N: usize> From<[T; N]> for List<T> {
    fn from(items: [T; N]) -> Self {
        items.into_iter().collect()
    }
}

impl<T> FromIterator<T> for List<T> {
    fn from_iter<I: IntoIterator<Item = T>>(items: I) -> Self {
        List(items.into_iter().collect())
    }
}

impl<T> Extend<T> for List<T> {
    fn extend<I: IntoIterator<Item = T>>(&mut self, items: I) {
        self.0.extend(items);
    }
}

impl<'a, T> IntoIterator for &'a List<T> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;

    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

impl<'a, T> IntoIterator for &'a mut List<T> {
    type Item = &'a mut T;
    type IntoIter = std::slice::IterMut<'a, T>;

    fn into_iter(self) -> Self::IntoIter {
        self.as_mut_slice().iter_mut()
    }
}

impl<T> IntoIterator for List<T> {
    type Item = T;
    type IntoIter = std::vec::IntoIter<T>;

    fn into_iter(self) -> Self::IntoIter {
        self.into_vec().into_iter()
    }
}

impl<T: PartialEq> PartialEq for List<T> {
    fn eq(&self, other: &Self) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl<T: Eq> Eq for List<T> {}

impl<T: PartialEq> PartialEq<Vec<T>> for List<T> {
    fn eq(&self, other: &Vec<T>) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl<T: PartialEq> PartialEq<[T]> for List<T> {
    fn eq(&self, other: &[T]) -> bool {
        self.as_slice() == other
    }
}

impl<T: Hash> Hash for List<T> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_slice().hash(state);
    }
}

impl<T: fmt::Debug> fmt::Debug for List<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.as_slice().fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_as_the_vec_of_its_items() {
        for items in [vec![], vec![7], vec![7, 8], vec![7, 8, 9]] {
            let from_vec = List::from(items.clone());
            let collected: List<i32> = items.iter().copied().collect();
            let mut pushed = List::new();
            for &item in &items {
                pushed.push(item);
            }
            for list in [&from_vec, &collected, &pushed] {
                assert_eq!(list.as_slice(), items.as_slice());
                assert_eq!(format!("{list:?}"), format!("{items:?}"));
                assert_eq!(list.clone().into_vec(), items);
            }
            assert_eq!(from_vec, collected);
            assert_eq!(collected, pushed);
        }
    }

    #[test]
    fn one_item_is_held_in_place() {
        assert!(!List::from(vec![1]).0.spilled());
        // A `Vec` with room to spare, as one built by pushing has.
        let mut spare = Vec::with_capacity(4);
        spare.push(1);
        assert!(!List::from(spare).0.spilled());
        assert!(!List::<i32>::from(Vec::with_capacity(4)).0.spilled());
        assert!(!std::iter::once(1).collect::<List<_>>().0.spilled());
        assert!(!List::one(1).0.spilled());
        let mut list = List::new();
        list.push(1);
        assert!(!list.0.spilled());
        list.push(2);
        assert!(list.0.spilled());
    }
}

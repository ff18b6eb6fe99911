//! [`List`]: the short lists of the syntax tree and of the model (a transition's sources, events
//! and effects, a cell's rules), held in place when they have one item. Both layers re-export it
//! (`ast::List`, `ir::List`).
//!
//! Nearly every transition of a large machine has one source, one event and one effect, and
//! nearly every cell one rule: as `Vec`s they were four allocations a transition to make and
//! four to free in the model, the largest single cost of checking such a machine and of
//! dropping its model, and three a transition item in the syntax tree, most of what was left of
//! building and dropping the tree once its names were inline.
//! The storage is an enum of one item or a `Vec` (which holds the empty list without an
//! allocation too): all that is wanted of a small vector here, in fewer lines than a small-vector
//! crate, which every user's build of the `fsm!` macro would compile.

use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::{Deref, DerefMut};

/// A list that holds one item in place and more on the heap. It reads as a slice
/// (`Deref<Target = [T]>`): `len`, `iter`, indexing, `contains`, `first`; it is built from a
/// `Vec`, an array, an iterator or with [`List::push`]. Equality, hashing and `Debug` are the
/// slice's, so a `List` compares, hashes and prints as the `Vec` of the same items.
#[derive(Clone)]
pub struct List<T>(Items<T>);

/// One item in place, or any number on the heap (none: an empty `Vec`, which allocates nothing).
#[derive(Clone)]
enum Items<T> {
    One(T),
    Heap(Vec<T>),
}

impl<T> List<T> {
    /// The empty list (no allocation).
    pub fn new() -> Self {
        List(Items::Heap(Vec::new()))
    }

    /// The list of one item (no allocation).
    pub fn one(item: T) -> Self {
        List(Items::One(item))
    }

    /// The items as a slice.
    pub fn as_slice(&self) -> &[T] {
        match &self.0 {
            Items::One(item) => std::slice::from_ref(item),
            Items::Heap(items) => items,
        }
    }

    /// The items as a mutable slice.
    pub fn as_mut_slice(&mut self) -> &mut [T] {
        match &mut self.0 {
            Items::One(item) => std::slice::from_mut(item),
            Items::Heap(items) => items,
        }
    }

    /// Appends an item (the second one moves the list to the heap; the first of an empty list
    /// is held in place).
    pub fn push(&mut self, item: T) {
        match &mut self.0 {
            Items::Heap(items) if !items.is_empty() => items.push(item),
            Items::Heap(_) => self.0 = Items::One(item),
            Items::One(_) => {
                let Items::One(first) = std::mem::replace(&mut self.0, Items::Heap(Vec::new())) else {
                    unreachable!("matched as one item")
                };
                self.0 = Items::Heap(vec![first, item]);
            }
        }
    }

    /// The items as a `Vec` (an allocation for one item).
    pub fn into_vec(self) -> Vec<T> {
        match self.0 {
            Items::One(item) => vec![item],
            Items::Heap(items) => items,
        }
    }

    /// Whether the items are on the heap.
    #[cfg(test)]
    fn spilled(&self) -> bool {
        matches!(&self.0, Items::Heap(items) if items.capacity() > 0)
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
    /// none is freed, the item held in place.
    fn from(mut items: Vec<T>) -> Self {
        match items.len() {
            0 => List::new(),
            1 => items.pop().map_or_else(List::new, List::one),
            _ => List(Items::Heap(items)),
        }
    }
}

impl<T, const N: usize> From<[T; N]> for List<T> {
    fn from(items: [T; N]) -> Self {
        items.into_iter().collect()
    }
}

impl<T> FromIterator<T> for List<T> {
    fn from_iter<I: IntoIterator<Item = T>>(items: I) -> Self {
        let mut items = items.into_iter();
        let Some(first) = items.next() else { return List::new() };
        let Some(second) = items.next() else { return List::one(first) };
        let mut heap = Vec::with_capacity(items.size_hint().0.saturating_add(2));
        heap.extend([first, second]);
        heap.extend(items);
        List(Items::Heap(heap))
    }
}

impl<T> Extend<T> for List<T> {
    fn extend<I: IntoIterator<Item = T>>(&mut self, items: I) {
        for item in items {
            self.push(item);
        }
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
        assert!(!List::from(vec![1]).spilled());
        // A `Vec` with room to spare, as one built by pushing has.
        let mut spare = Vec::with_capacity(4);
        spare.push(1);
        assert!(!List::from(spare).spilled());
        assert!(!List::<i32>::from(Vec::with_capacity(4)).spilled());
        assert!(!std::iter::once(1).collect::<List<_>>().spilled());
        assert!(!List::one(1).spilled());
        let mut list = List::new();
        list.push(1);
        assert!(!list.spilled());
        list.push(2);
        assert!(list.spilled());
    }
}

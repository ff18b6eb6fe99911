//! [`List`]: the short lists of the syntax tree and of the model (a transition's sources, events
//! and effects, a cell's rules), held in place when they have one item. Both layers re-export it
//! (`ast::List`, `ir::List`).
//!
//! Nearly every transition of a large machine has one source, one event and one effect, and
//! nearly every cell one rule: as `Vec`s they were four allocations a transition to make and
//! four to free in the model, the largest single cost of checking such a machine and of
//! dropping its model, and three a transition item in the syntax tree, most of what was left of
//! building and dropping the tree once its names were inline.

use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::{Deref, DerefMut};

/// A list that holds one item in place and more (or none) on the heap. It reads as a slice
/// (`Deref<Target = [T]>`): `len`, `iter`, indexing, `contains`, `first`; it is built from a
/// `Vec`, an iterator or with [`List::push`]. Equality, hashing and `Debug` are the slice's, so
/// a `List` compares, hashes and prints as the `Vec` of the same items.
#[derive(Clone)]
pub struct List<T>(Repr<T>);

#[derive(Clone)]
enum Repr<T> {
    /// Exactly one item.
    One(T),
    /// None, or two and more.
    Many(Vec<T>),
}

impl<T> List<T> {
    /// The empty list (no allocation).
    pub const fn new() -> Self {
        List(Repr::Many(Vec::new()))
    }

    /// The list of one item (no allocation).
    pub const fn one(item: T) -> Self {
        List(Repr::One(item))
    }

    /// The items as a slice.
    pub fn as_slice(&self) -> &[T] {
        match &self.0 {
            Repr::One(item) => std::slice::from_ref(item),
            Repr::Many(items) => items,
        }
    }

    /// The items as a mutable slice.
    pub fn as_mut_slice(&mut self) -> &mut [T] {
        match &mut self.0 {
            Repr::One(item) => std::slice::from_mut(item),
            Repr::Many(items) => items,
        }
    }

    /// Appends an item.
    pub fn push(&mut self, item: T) {
        match &mut self.0 {
            Repr::Many(items) if !items.is_empty() => items.push(item),
            Repr::Many(_) => self.0 = Repr::One(item),
            Repr::One(_) => {
                if let Repr::One(first) = std::mem::replace(&mut self.0, Repr::Many(Vec::new())) {
                    self.0 = Repr::Many(vec![first, item]);
                }
            }
        }
    }

    /// The items as a `Vec` (an allocation for one item).
    pub fn into_vec(self) -> Vec<T> {
        match self.0 {
            Repr::One(item) => vec![item],
            Repr::Many(items) => items,
        }
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
    /// The items of `items`; a one-item `Vec` is freed and its item held in place.
    fn from(mut items: Vec<T>) -> Self {
        match items.pop() {
            Some(item) if items.is_empty() => List::one(item),
            Some(item) => {
                items.push(item);
                List(Repr::Many(items))
            }
            None => List(Repr::Many(items)),
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
        match items.next() {
            None => List::one(first),
            Some(second) => {
                let mut all = Vec::with_capacity(2 + items.size_hint().0);
                all.push(first);
                all.push(second);
                all.extend(items);
                List(Repr::Many(all))
            }
        }
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
        assert!(matches!(List::from(vec![1]).0, Repr::One(1)));
        assert!(matches!(std::iter::once(1).collect::<List<_>>().0, Repr::One(1)));
        let mut list = List::new();
        list.push(1);
        assert!(matches!(list.0, Repr::One(1)));
    }
}

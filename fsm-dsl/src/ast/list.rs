//! [`List`]: the lists of a transition (its sources, events and effects), which nearly always
//! hold one element, kept without a heap allocation when they do.

use std::fmt;
use std::ops::{Deref, DerefMut};

/// A list of syntax-tree parts in the order written: a transition's source states, its events,
/// its effects. Nearly every such list has one element, which is kept in place rather than in a
/// vector of its own, so that building the tree of a large spec allocates nothing per list (three
/// per transition) and dropping it frees nothing.
///
/// It reads as a slice (`Deref<Target = [T]>`: `len`, `iter`, indexing, `for x in &list`),
/// compares as one (a list of one equals a vector of that one), and prints (`Debug`) as a `Vec`
/// does. Build it from a `Vec` (`From`), by `collect`, or with [`List::push`].
#[derive(Clone)]
pub struct List<T>(Repr<T>);

#[derive(Clone)]
enum Repr<T> {
    /// Exactly one element.
    One(T),
    /// Any number, possibly one (a list built from a vector keeps it as it is).
    Many(Vec<T>),
}

impl<T> Default for Repr<T> {
    fn default() -> Self {
        Repr::Many(Vec::new())
    }
}

impl<T> List<T> {
    /// The empty list (it allocates nothing).
    pub const fn new() -> Self {
        List(Repr::Many(Vec::new()))
    }

    /// Appends `item`. The first element of an empty list is kept in place; a second one moves
    /// both into a vector.
    pub fn push(&mut self, item: T) {
        self.0 = match std::mem::take(&mut self.0) {
            Repr::Many(items) if items.is_empty() => Repr::One(item),
            Repr::Many(mut items) => {
                items.push(item);
                Repr::Many(items)
            }
            Repr::One(first) => Repr::Many(vec![first, item]),
        };
    }

    /// The elements as a slice.
    pub fn as_slice(&self) -> &[T] {
        match &self.0 {
            Repr::One(item) => std::slice::from_ref(item),
            Repr::Many(items) => items,
        }
    }

    /// The elements as a mutable slice.
    pub fn as_mut_slice(&mut self) -> &mut [T] {
        match &mut self.0 {
            Repr::One(item) => std::slice::from_mut(item),
            Repr::Many(items) => items,
        }
    }

    /// The elements in a vector (which a list of one allocates).
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

impl<T: fmt::Debug> fmt::Debug for List<T> {
    /// As a `Vec` prints: `[a, b]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl<T> From<Vec<T>> for List<T> {
    fn from(items: Vec<T>) -> Self {
        List(Repr::Many(items))
    }
}

impl<T> From<List<T>> for Vec<T> {
    fn from(list: List<T>) -> Self {
        list.into_vec()
    }
}

impl<T> FromIterator<T> for List<T> {
    fn from_iter<I: IntoIterator<Item = T>>(items: I) -> Self {
        let mut list = List::new();
        list.extend(items);
        list
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
    type IntoIter = IntoIter<T>;

    fn into_iter(self) -> IntoIter<T> {
        IntoIter(match self.0 {
            Repr::One(item) => IterRepr::One(Some(item)),
            Repr::Many(items) => IterRepr::Many(items.into_iter()),
        })
    }
}

/// The elements of a [`List`], by value, in order.
pub struct IntoIter<T>(IterRepr<T>);

enum IterRepr<T> {
    One(Option<T>),
    Many(std::vec::IntoIter<T>),
}

impl<T> Iterator for IntoIter<T> {
    type Item = T;

    fn next(&mut self) -> Option<T> {
        match &mut self.0 {
            IterRepr::One(item) => item.take(),
            IterRepr::Many(items) => items.next(),
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        match &self.0 {
            IterRepr::One(item) => (usize::from(item.is_some()), Some(usize::from(item.is_some()))),
            IterRepr::Many(items) => items.size_hint(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::List;

    #[test]
    fn one_element_is_kept_in_place_and_reads_as_a_slice() {
        let mut list = List::new();
        assert!(list.is_empty());
        list.push(7);
        assert_eq!(list.as_slice(), &[7]);
        list.push(8);
        list.extend([9]);
        assert_eq!(list.as_slice(), &[7, 8, 9]);
        assert_eq!(list.iter().copied().collect::<Vec<_>>(), vec![7, 8, 9]);
        assert_eq!(list.clone().into_iter().collect::<Vec<_>>(), vec![7, 8, 9]);
    }

    #[test]
    fn compares_and_prints_as_a_vector() {
        let one: List<i32> = [5].into_iter().collect();
        assert_eq!(one, List::from(vec![5]));
        assert_eq!(one, vec![5]);
        assert_ne!(one, List::from(vec![5, 6]));
        assert_eq!(format!("{one:?}"), format!("{:?}", vec![5]));
        assert_eq!(format!("{one:#?}"), format!("{:#?}", vec![5]));
        assert_eq!(format!("{:?}", List::<i32>::new()), "[]");
    }
}

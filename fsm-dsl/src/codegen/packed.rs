//! Numbers packed in a byte string, for a large machine's tables (the dispatch's `CELLS` and
//! `EFFECTS`): each number is a fixed count of base-64 digits, least significant first, each
//! digit written as the octet `b'0'` + digit (`'0'` to `'o'`). The literal is then printable
//! text, so it costs one octet per octet to write and to lex, where arbitrary octets would
//! mostly be written as four (`\x9C`); and the table stays one token however many cells it has.

use proc_macro2::{Literal, TokenStream};
use quote::quote;

/// Digits needed to write every number below `count`.
pub(super) fn width(count: usize) -> usize {
    let mut width = 1;
    while width < 10 && count > 1usize << (6 * width) {
        width += 1;
    }
    width
}

/// Appends `value` to `digits` as `width` digits (see the module's doc).
pub(super) fn push(digits: &mut Vec<u8>, value: usize, width: usize) {
    let mut number = [0u8; 10];
    for (i, digit) in number.iter_mut().enumerate().take(width) {
        // The mask keeps the digit below 64, so the octet is at most `b'o'`.
        *digit = b'0' + ((value >> (6 * i)) & 63) as u8;
    }
    digits.extend_from_slice(&number[..width.min(10)]);
}

/// The byte string literal of `digits`.
pub(super) fn literal(digits: &[u8]) -> Literal {
    Literal::byte_string(digits)
}

/// The generated reader of a packed number: `field(DIGITS, at, width)`.
pub(super) fn reader() -> TokenStream {
    quote! {
        /// The number at `at` in `digits`: `width` base-64 digits, least significant first,
        /// each written as the octet `b'0'` + digit (so that the table is printable text).
        #[inline(always)]
        fn field(digits: &[u8], at: usize, width: usize) -> usize {
            let mut value = 0usize;
            let mut i = 0;
            while i < width {
                if let Some(&octet) = digits.get(at + i) {
                    value |= (octet.wrapping_sub(b'0') as usize) << (6 * i);
                }
                i += 1;
            }
            value
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What the generated `field` does, here to check the writer against.
    fn read(digits: &[u8], at: usize, width: usize) -> usize {
        (0..width).map(|i| usize::from(digits[at + i].wrapping_sub(b'0')) << (6 * i)).sum()
    }

    #[test]
    fn numbers_read_back_as_written() {
        for count in [1, 2, 63, 64, 65, 4096, 4097, 100_001, 1 << 30] {
            let w = width(count);
            assert!(count <= 1 << (6 * w), "{count} in {w} digits");
            let mut digits = Vec::new();
            for value in [0, 1, count / 2, count - 1] {
                push(&mut digits, value, w);
            }
            for (k, value) in [0, 1, count / 2, count - 1].into_iter().enumerate() {
                assert_eq!(read(&digits, k * w, w), value);
            }
            assert!(digits.iter().all(|d| (b'0'..=b'o').contains(d)));
        }
    }
}

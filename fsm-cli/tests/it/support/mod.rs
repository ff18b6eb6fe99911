//! What several test binaries share: generators of random specs.

pub mod random_spec;

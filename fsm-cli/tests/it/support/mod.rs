//! What several subjects share: generators of random specs.

pub mod random_spec;

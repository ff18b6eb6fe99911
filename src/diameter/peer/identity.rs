//! What the transport proved about the other end of a connection: the identity in a TLS
//! certificate, against which the peer checks the Origin-Host of its CER or CEA.

use std::fmt;
use std::sync::Arc;

/// An identity the transport authenticated (RFC 6733 §13.1: TLS with mutual authentication), as
/// [`Peer::transport_authenticated`](super::Peer::transport_authenticated) hands it to the peer.
///
/// The peer asks it whether it proves the Origin-Host of the CER or CEA that comes on the
/// connection. RFC 6733 names a Diameter node by its DiameterIdentity, an FQDN (§4.3.1); this
/// crate binds it to the certificate as RFC 6125 §6.4 binds a DNS name (a DNS-ID of the
/// certificate's subjectAltName, ASCII letters without case, a wildcard only as the whole
/// leftmost label, no fallback to the Common Name), as the TLS driver's
/// implementation does with webpki. `Display` says what the certificate names, for the event that
/// reports a mismatch ([`PeerEvent::IdentityMismatch`](super::PeerEvent::IdentityMismatch)).
pub trait TransportIdentity: fmt::Debug + fmt::Display + Send + Sync {
    /// Whether the identity is that of the node with this Origin-Host.
    fn proves(&self, origin_host: &str) -> bool;
}

/// The identities the transport proved, by connection: at most one per connection the peer
/// holds (the initiated one, the accepted one, those waiting for their CER); each is forgotten with
/// its connection.
pub(super) type Identities = Vec<(super::ConnId, Arc<dyn TransportIdentity>)>;

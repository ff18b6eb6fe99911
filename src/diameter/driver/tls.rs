//! TLS for the driver (feature `tls`): rustls through tokio-rustls, TLS 1.2 and 1.3, from the
//! first octet of every connection (RFC 6733 §2.1, §13.1), with mutual authentication, and the
//! identity the peer's certificate proves handed to the peer state machine, which checks the
//! Origin-Host of the CER or CEA against it ([`Peer::transport_authenticated`](crate::diameter::peer::Peer::transport_authenticated)).
//!
//! [`TlsConfig`] holds this node's certificate chain and key and the roots it trusts for its
//! peers; set it in [`DriverConfig::tls`](super::DriverConfig::tls) and every connection the driver
//! opens or accepts is a TLS one. What RFC 6733 §13.1 asks and what is done:
//!
//! - "mutually authenticate": the responder requires a client certificate that chains to the
//!   trust roots; the initiator requires a server certificate that does. A certificate that does
//!   not verify fails the handshake: the connection is closed before any Diameter message.
//! - The peer's identity: the Origin-Host of the CER or CEA is checked against the certificate's
//!   DNS-IDs (RFC 6125 §6.4, through webpki), on both sides; a mismatch refuses the capabilities
//!   exchange (see [`PeerEvent::IdentityMismatch`](crate::diameter::peer::PeerEvent::IdentityMismatch)).
//!   When [`PeerConfig::peer_host`](crate::diameter::peer::PeerConfig::peer_host) names the peer,
//!   the initiator also requires the server's certificate to name it (the handshake fails
//!   otherwise, before any CER), and the responder refuses a CER from another Origin-Host; without
//!   it, the initiator connects to an address and takes any name that the CEA then matches.
//! - The cipher suites RFC 6733 §13.1 lists as "MUST" (TLS_RSA_WITH_RC4_128_MD5,
//!   TLS_RSA_WITH_RC4_128_SHA, TLS_RSA_WITH_3DES_EDE_CBC_SHA) and its "SHOULD"
//!   (TLS_RSA_WITH_AES_128_CBC_SHA) are not offered: rustls implements none of them (RFC 7465
//!   prohibits RC4; RFC 7525 recommends against 3DES and RSA key exchange, which has no forward
//!   secrecy).
//!   rustls's suites are the ECDHE ones with AES-GCM and ChaCha20-Poly1305 of TLS 1.2, and those
//!   of TLS 1.3; freeDiameter (GnuTLS) agrees on them.
//! - The Inband-Security-Id negotiation of RFC 3588 (TLS started after CER/CEA on the plain
//!   port) is not done: the driver's framing and the peer machine would have to hand a connection
//!   from plain to TLS in the middle of the capabilities exchange, and RFC 6733 deprecates it
//!   (§1.1.3: the CER and CEA it leaves in the clear) for TLS on the secure port (§5.1). A node that announces only TLS in Inband-Security-Id (1) is treated as any other: its CER
//!   is answered on the plain connection without starting TLS.

use std::fmt;
use std::io;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use rustls::client::danger::{HandshakeSignatureValid, ServerCertVerified, ServerCertVerifier};
use rustls::client::{ClientConfig, WebPkiServerVerifier};
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, PrivateKeyDer, ServerName, UnixTime};
use rustls::server::{ServerConfig, WebPkiClientVerifier};
use rustls::{CertificateError, DigitallySignedStruct, RootCertStore, SignatureScheme};
use thiserror::Error;
use tokio_rustls::{TlsAcceptor, TlsConnector};

use super::Connection;
use crate::diameter::peer::TransportIdentity;

mod san;

/// This node's TLS settings: its certificate chain and private key, and the roots that the
/// peers' certificates must chain to. Cheap to clone (the rustls configurations are shared).
#[derive(Clone, Debug)]
pub struct TlsConfig {
    /// The client side when the peer's host is known ([`PeerConfig::peer_host`](crate::diameter::peer::PeerConfig::peer_host)):
    /// its certificate must name it.
    named: Arc<ClientConfig>,
    /// The client side when any node may be the peer: the chain is checked, and the CEA's
    /// Origin-Host against the certificate.
    any: Arc<ClientConfig>,
    server: Arc<ServerConfig>,
}

/// Why a [`TlsConfig`] cannot be built.
#[derive(Debug, Error)]
pub enum TlsError {
    /// A file cannot be read.
    #[error("cannot read {path}: {source}")]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// PEM text that does not parse.
    #[error("the {what} PEM does not parse: {reason}")]
    Pem {
        /// Which input: "certificate", "private key" or "trust root".
        what: &'static str,
        /// Why.
        reason: String,
    },
    /// No certificate in the certificate PEM, or no trust root in the roots PEM.
    #[error("no {0} in the PEM")]
    Missing(&'static str),
    /// rustls refuses the certificate, key or roots (a key that does not match the certificate,
    /// a root that does not parse as a certificate, ...).
    #[error("TLS configuration refused: {0}")]
    Rustls(String),
}

impl TlsConfig {
    /// The settings from PEM files: `cert` this node's certificate chain (its own first),
    /// `key` its private key (PKCS #8, PKCS #1 or SEC1), `roots` the certificates its peers'
    /// must chain to.
    ///
    /// # Errors
    ///
    /// [`TlsError`]: a file that cannot be read, or as [`from_pem`](Self::from_pem).
    pub fn from_pem_files(
        cert: impl AsRef<Path>,
        key: impl AsRef<Path>,
        roots: impl AsRef<Path>,
    ) -> Result<Self, TlsError> {
        let read = |path: &Path| std::fs::read(path).map_err(|source| TlsError::Read { path: path.to_owned(), source });
        Self::from_pem(&read(cert.as_ref())?, &read(key.as_ref())?, &read(roots.as_ref())?)
    }

    /// The settings from PEM text, as [`from_pem_files`](Self::from_pem_files) reads it.
    ///
    /// # Errors
    ///
    /// [`TlsError`]: PEM that does not parse, no certificate or no root, a key that does not
    /// match the certificate.
    pub fn from_pem(cert: &[u8], key: &[u8], roots: &[u8]) -> Result<Self, TlsError> {
        let pem = |what| move |e: rustls::pki_types::pem::Error| TlsError::Pem { what, reason: e.to_string() };
        let chain: Vec<CertificateDer<'static>> =
            CertificateDer::pem_slice_iter(cert).collect::<Result<_, _>>().map_err(pem("certificate"))?;
        if chain.is_empty() {
            return Err(TlsError::Missing("certificate"));
        }
        let key = PrivateKeyDer::from_pem_slice(key).map_err(pem("private key"))?;
        let mut store = RootCertStore::empty();
        for root in CertificateDer::pem_slice_iter(roots) {
            store.add(root.map_err(pem("trust root"))?).map_err(|e| TlsError::Rustls(e.to_string()))?;
        }
        if store.is_empty() {
            return Err(TlsError::Missing("trust root"));
        }
        Self::new(chain, key, store)
    }

    /// The settings from parsed certificates: `chain` this node's (its own first), `key` its
    /// private key, `roots` those its peers' certificates must chain to.
    ///
    /// # Errors
    ///
    /// [`TlsError::Rustls`]: a key that does not match the certificate, or roots rustls refuses.
    pub fn new(
        chain: Vec<CertificateDer<'static>>,
        key: PrivateKeyDer<'static>,
        roots: RootCertStore,
    ) -> Result<Self, TlsError> {
        let refused = |e: &dyn fmt::Display| TlsError::Rustls(e.to_string());
        // ring, not aws-lc-rs: no C toolchain or CMake in the user's build. rustls deprecates ring's
        // provider for its lack of post-quantum key exchange, which the Diameter peers this talks
        // to (freeDiameter's GnuTLS among them) do not offer either.
        #[allow(deprecated, reason = "ring's provider: see above")]
        let provider = Arc::new(rustls::crypto::ring::default_provider());
        let versions = &[&rustls::version::TLS13, &rustls::version::TLS12];
        let roots = Arc::new(roots);
        let server_certs = WebPkiServerVerifier::builder_with_provider(roots.clone(), provider.clone())
            .build()
            .map_err(|e| refused(&e))?;
        let client = |verifier: Arc<dyn ServerCertVerifier>| {
            ClientConfig::builder_with_provider(provider.clone())
                .with_protocol_versions(versions)
                .map_err(|e| refused(&e))?
                .dangerous()
                .with_custom_certificate_verifier(verifier)
                .with_client_auth_cert(chain.clone(), key.clone_key())
                .map_err(|e| refused(&e))
        };
        let named = client(server_certs.clone())?;
        let any = client(Arc::new(ChainOnly(server_certs)))?;
        let client_certs =
            WebPkiClientVerifier::builder_with_provider(roots, provider.clone()).build().map_err(|e| refused(&e))?;
        let server = ServerConfig::builder_with_provider(provider)
            .with_protocol_versions(versions)
            .map_err(|e| refused(&e))?
            .with_client_cert_verifier(client_certs)
            .with_single_cert(chain, key)
            .map_err(|e| refused(&e))?;
        Ok(TlsConfig { named: Arc::new(named), any: Arc::new(any), server: Arc::new(server) })
    }

    /// The client side of the handshake on a connection this node opened. `peer_host`, the
    /// peer's Origin-Host if configured, is sent as the server name (SNI), and the server's
    /// certificate must name it; without it, any name will do, and the CEA's Origin-Host is
    /// checked against the certificate.
    pub(super) async fn connect(
        &self,
        connection: Connection,
        peer_host: Option<&str>,
    ) -> io::Result<(Connection, Arc<dyn TransportIdentity>)> {
        let (config, name) = match peer_host.and_then(|host| ServerName::try_from(host.to_owned()).ok()) {
            Some(name) => (&self.named, name),
            None => (&self.any, ServerName::IpAddress(connection.remote.ip().into())),
        };
        let Connection { stream, local, remote } = connection;
        let stream = TlsConnector::from(config.clone()).connect(name, stream).await?;
        let identity = CertificateIdentity::of(stream.get_ref().1.peer_certificates(), remote)?;
        Ok((Connection { stream: Box::new(stream), local, remote }, identity))
    }

    /// The server side of the handshake on a connection the peer opened.
    pub(super) async fn accept(&self, connection: Connection) -> io::Result<(Connection, Arc<dyn TransportIdentity>)> {
        let Connection { stream, local, remote } = connection;
        let stream = TlsAcceptor::from(self.server.clone()).accept(stream).await?;
        let identity = CertificateIdentity::of(stream.get_ref().1.peer_certificates(), remote)?;
        Ok((Connection { stream: Box::new(stream), local, remote }, identity))
    }
}

/// The server certificate verified as webpki does, but for the name: the driver connects to an
/// address, and the peer checks the Origin-Host of the CEA against the certificate instead.
/// webpki checks the name last, after the chain, its validity and its revocation, so a
/// certificate refused only for its name chains to the roots.
#[derive(Debug)]
struct ChainOnly(Arc<WebPkiServerVerifier>);

impl ServerCertVerifier for ChainOnly {
    fn verify_server_cert(
        &self,
        end_entity: &CertificateDer<'_>,
        intermediates: &[CertificateDer<'_>],
        server_name: &ServerName<'_>,
        ocsp_response: &[u8],
        now: UnixTime,
    ) -> Result<ServerCertVerified, rustls::Error> {
        match self.0.verify_server_cert(end_entity, intermediates, server_name, ocsp_response, now) {
            Err(rustls::Error::InvalidCertificate(
                CertificateError::NotValidForName | CertificateError::NotValidForNameContext { .. },
            )) => Ok(ServerCertVerified::assertion()),
            other => other,
        }
    }

    fn verify_tls12_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        self.0.verify_tls12_signature(message, cert, dss)
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        self.0.verify_tls13_signature(message, cert, dss)
    }

    fn supported_verify_schemes(&self) -> Vec<SignatureScheme> {
        self.0.supported_verify_schemes()
    }
}

/// The end-entity certificate of a verified handshake: it proves an Origin-Host that is one of
/// its DNS-IDs (webpki's `verify_is_valid_for_subject_name`: RFC 6125 §6.4, without case, a
/// wildcard as the whole leftmost label, no Common Name).
struct CertificateIdentity {
    der: CertificateDer<'static>,
    /// Its DNS-IDs, for the reports only (the decision is webpki's).
    names: Vec<String>,
}

impl CertificateIdentity {
    fn of(certificates: Option<&[CertificateDer<'_>]>, remote: SocketAddr) -> io::Result<Arc<dyn TransportIdentity>> {
        let der = certificates
            .and_then(<[_]>::first)
            .ok_or_else(|| io::Error::other(format!("{remote} presented no certificate")))?
            .clone()
            .into_owned();
        let names = san::dns_names(&der);
        Ok(Arc::new(CertificateIdentity { der, names }))
    }
}

impl TransportIdentity for CertificateIdentity {
    fn proves(&self, origin_host: &str) -> bool {
        let Ok(name) = ServerName::try_from(origin_host) else { return false };
        webpki::EndEntityCert::try_from(&self.der)
            .is_ok_and(|cert| cert.verify_is_valid_for_subject_name(&name).is_ok())
    }
}

impl fmt::Display for CertificateIdentity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.names.is_empty() {
            return f.write_str("no DNS name");
        }
        f.write_str(&self.names.join(", "))
    }
}

impl fmt::Debug for CertificateIdentity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("CertificateIdentity").field("names", &self.names).finish_non_exhaustive()
    }
}

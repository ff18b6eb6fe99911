//! A test PKI made at test time with rcgen (no private key in the repository): one CA that every
//! node trusts, a certificate per Diameter identity, and a second CA nobody trusts.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use rcgen::{BasicConstraints, CertificateParams, CertifiedIssuer, IsCa, KeyPair};
use rfc_fsm::diameter::driver::TlsConfig;

/// A certificate authority.
pub struct Ca {
    issuer: CertifiedIssuer<'static, KeyPair>,
}

impl Ca {
    fn new(name: &str) -> Ca {
        let mut params = CertificateParams::new(Vec::<String>::new()).unwrap();
        params.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
        params.distinguished_name.push(rcgen::DnType::CommonName, name);
        Ca { issuer: CertifiedIssuer::self_signed(params, KeyPair::generate().unwrap()).unwrap() }
    }

    /// The CA's certificate, PEM.
    pub fn pem(&self) -> String {
        self.issuer.pem()
    }

    /// A certificate for `host` (its one DNS-ID) and its key, PEM.
    pub fn issue(&self, host: &str) -> (String, String) {
        let key = KeyPair::generate().unwrap();
        let mut params = CertificateParams::new(vec![host.to_owned()]).unwrap();
        params.distinguished_name.push(rcgen::DnType::CommonName, host);
        let cert = params.signed_by(&key, &self.issuer).unwrap();
        (cert.pem(), key.serialize_pem())
    }
}

/// The CA every node of the tests trusts.
pub fn ca() -> &'static Ca {
    static CA: OnceLock<Ca> = OnceLock::new();
    CA.get_or_init(|| Ca::new("rfc-fsm test CA"))
}

/// A CA no node trusts.
pub fn rogue_ca() -> &'static Ca {
    static CA: OnceLock<Ca> = OnceLock::new();
    CA.get_or_init(|| Ca::new("rfc-fsm rogue CA"))
}

/// The TLS settings of a node whose certificate, from `issuer`, names `host`, trusting [`ca`].
pub fn node_by(issuer: &Ca, host: &str) -> TlsConfig {
    let (cert, key) = issuer.issue(host);
    TlsConfig::from_pem(cert.as_bytes(), key.as_bytes(), ca().pem().as_bytes()).unwrap()
}

/// The TLS settings of a node whose certificate names `host`, trusting [`ca`].
pub fn node(host: &str) -> TlsConfig {
    node_by(ca(), host)
}

/// The PEM files of a node whose certificate names `host`, in `dir`: (certificate, key, CA).
pub fn files(dir: &Path, host: &str) -> (PathBuf, PathBuf, PathBuf) {
    let (cert, key) = ca().issue(host);
    let paths = (dir.join(format!("{host}.pem")), dir.join(format!("{host}.key")), dir.join("ca.pem"));
    std::fs::write(&paths.0, cert).unwrap();
    std::fs::write(&paths.1, key).unwrap();
    std::fs::write(&paths.2, ca().pem()).unwrap();
    paths
}

/// A TLS client of our own, outside the driver, with a certificate from `issuer` for `host`, that
/// trusts [`ca`] and speaks only `versions`: for the tests that drive the other end by hand.
pub fn raw_client(
    issuer: &Ca,
    host: &str,
    versions: &[&'static rustls::SupportedProtocolVersion],
) -> tokio_rustls::TlsConnector {
    use rustls::pki_types::pem::PemObject;
    use rustls::pki_types::{CertificateDer, PrivateKeyDer};
    let (cert, key) = issuer.issue(host);
    let chain: Vec<CertificateDer<'static>> =
        CertificateDer::pem_slice_iter(cert.as_bytes()).collect::<Result<_, _>>().unwrap();
    let key = PrivateKeyDer::from_pem_slice(key.as_bytes()).unwrap();
    let mut roots = rustls::RootCertStore::empty();
    roots.add(CertificateDer::from_pem_slice(ca().pem().as_bytes()).unwrap()).unwrap();
    #[allow(deprecated, reason = "the provider the driver uses")]
    let provider = std::sync::Arc::new(rustls::crypto::ring::default_provider());
    let config = rustls::ClientConfig::builder_with_provider(provider)
        .with_protocol_versions(versions)
        .unwrap()
        .with_root_certificates(roots)
        .with_client_auth_cert(chain, key)
        .unwrap();
    tokio_rustls::TlsConnector::from(std::sync::Arc::new(config))
}

//! The DNS names of a certificate's subjectAltName (RFC 5280 §4.2.1.6), read for the reports of a
//! mismatch only: whether a certificate proves a name is webpki's decision.

/// At most this many names are read, each at most 255 octets (a DiameterIdentity's bound).
const MAX_NAMES: usize = 16;

/// The subjectAltName extension's OID, 2.5.29.17, as DER content octets.
const SUBJECT_ALT_NAME: &[u8] = &[0x55, 0x1d, 0x11];

/// One DER element: its tag, its content and what follows it; `None` for octets that are not one.
fn element(der: &[u8]) -> Option<(u8, &[u8], &[u8])> {
    let (&tag, rest) = der.split_first()?;
    let (&first, rest) = rest.split_first()?;
    let (len, rest) = if first < 0x80 {
        (usize::from(first), rest)
    } else {
        let count = usize::from(first & 0x7f);
        if count == 0 || count > 4 {
            return None;
        }
        let octets = rest.get(..count)?;
        let len = octets.iter().fold(0usize, |len, &octet| len << 8 | usize::from(octet));
        (len, rest.get(count..)?)
    };
    Some((tag, rest.get(..len)?, rest.get(len..)?))
}

/// The elements of a SEQUENCE's content.
fn elements(mut der: &[u8]) -> impl Iterator<Item = (u8, &[u8])> {
    std::iter::from_fn(move || {
        let (tag, content, rest) = element(der)?;
        der = rest;
        Some((tag, content))
    })
}

/// The dNSName entries of the certificate's subjectAltName, in order; none when the octets are
/// not a certificate or have no such extension.
pub(super) fn dns_names(certificate: &[u8]) -> Vec<String> {
    let names = || -> Option<Vec<String>> {
        let (0x30, certificate, _) = element(certificate)? else { return None };
        let (0x30, tbs, _) = element(certificate)? else { return None };
        // extensions [3] EXPLICIT SEQUENCE OF Extension, the last field of the TBSCertificate.
        let (_, extensions) = elements(tbs).find(|(tag, _)| *tag == 0xa3)?;
        let (0x30, extensions, _) = element(extensions)? else { return None };
        for (_, extension) in elements(extensions) {
            let mut fields = elements(extension);
            if fields.next() != Some((0x06, SUBJECT_ALT_NAME)) {
                continue;
            }
            // critical BOOLEAN DEFAULT FALSE, then extnValue OCTET STRING.
            let (_, value) = fields.find(|(tag, _)| *tag == 0x04)?;
            let (0x30, general_names, _) = element(value)? else { return None };
            let dns = elements(general_names)
                .filter(|(tag, name)| *tag == 0x82 && name.len() <= 255)
                .take(MAX_NAMES)
                .map(|(_, name)| String::from_utf8_lossy(name).into_owned());
            return Some(dns.collect());
        }
        None
    };
    names().unwrap_or_default()
}

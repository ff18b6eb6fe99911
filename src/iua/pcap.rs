//! Writing IUA messages to a pcap file that Wireshark and tshark decode: each packet is one IUA
//! message on the link type USER0 (147), which the reader maps to the IUA dissector (see
//! [`TSHARK_OPTIONS`]). There is no SCTP here, so there is no SCTP header to carry the
//! payload protocol identifier.

use pcap_file::DataLink;
use pcap_file::pcap::{PcapHeader, PcapPacket, PcapWriter};
use std::io::Write;
use std::time::Duration;

/// The tshark options that decode such a file as RFC 4233 IUA, each to follow a `-o`: link
/// type USER0 is IUA; the Implementers Guide (RFC 4233's changes to RFC 3057, among them the ASP
/// Identifier) is on; the SAPI is Q.921's, not GSM Abis's, so SAPI 0 carries Q.931.
pub const TSHARK_OPTIONS: [&str; 3] =
    [r#"uat:user_dlts:"User 0 (DLT=147)","iua","0","","0","""#, "iua.support_ig:TRUE", "iua.use_gsm_sapi_values:FALSE"];

/// A pcap file of IUA messages.
pub struct IuaPcap<W: Write> {
    writer: PcapWriter<W>,
}

impl<W: Write> IuaPcap<W> {
    /// Starts a pcap file (link type USER0).
    ///
    /// # Errors
    ///
    /// The header cannot be written.
    pub fn new(out: W) -> Result<Self, pcap_file::PcapError> {
        let header = PcapHeader { datalink: DataLink::USER0, ..PcapHeader::default() };
        Ok(IuaPcap { writer: PcapWriter::with_header(out, header)? })
    }

    /// Writes one encoded message, `at` the time since the capture started.
    ///
    /// # Errors
    ///
    /// The packet cannot be written.
    pub fn write(&mut self, at: Duration, message: &[u8]) -> Result<(), pcap_file::PcapError> {
        let len = u32::try_from(message.len()).unwrap_or(u32::MAX);
        self.writer.write_packet(&PcapPacket::new(at, len, message))?;
        Ok(())
    }

    /// The underlying writer.
    pub fn into_inner(self) -> W {
        self.writer.into_writer()
    }
}
